export { importTrialBalance, toTrialBalance, type ImportedLine, type ImportedTrialBalance, type TrialBalanceSource } from './import.js';
export { LAYOUTS, type TrialBalanceFormat } from './layouts.js';
export { readPence } from './money.js';
export { decodeExportText, type TextEncoding } from './text.js';
