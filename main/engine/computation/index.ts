export { computeComputation, computeParsed, type ComputationOutput, type BoxValue } from './compute.js';
export { parseComputationInput, CLAIMS, type ComputationInput, type Claim, type Addition, type Disposal } from './input.js';
export { proposeClaims, claimRefusal, CLAIM_WORDS } from './claims.js';
export type { WorkingLine } from './working.js';
export { BOX_WORDS, PENCE_BOXES, NOT_MONEY_BOXES } from './box-words.js';
export { ct600RequestFieldsOf, ct600FiguresOf } from './ct600-request.js';
