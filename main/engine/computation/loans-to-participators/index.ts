export * from './types.js';
export { parseLoansToParticipators, type SectionReader } from './parse.js';
export { computeLoansToParticipators, type LoansToParticipatorsResult } from './compute.js';
export { matchRepayments } from './matching.js';
export { lawRate, formRates, nineMonthsAndADay, reliefDueFor } from './rates.js';
export { loanBoxes } from './boxes.js';
export { ct600aRequestFields, ct600aPageRequest } from './request-fields.js';
