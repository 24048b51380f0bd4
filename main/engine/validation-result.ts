/**
 * The interface's "Validation job result" (status and filtered-status), with
 * the words our contract fixes where the interface is silent.
 */
export type JobStatus = 'queued' | 'running' | 'success' | 'failed';
export type ValidationResultWord = 'valid' | 'invalid';
export type MessageCategory = 'error' | 'warning' | 'info';

/** validationType numbers of our contract. */
export const ValidationType = {
  schema: 0,
  businessRules: 1,
  irmark: 2,
  reportPackage: 3,
  taxonomyPackage: 4,
} as const;
export type ValidationTypeCode = (typeof ValidationType)[keyof typeof ValidationType];

export interface MessageAttribute {
  name: string;
  value: string;
}

export interface ValidationMessage {
  category: MessageCategory;
  /** The kind of check, e.g. "schema", "business-rule", "irmark", "report-package", "taxonomy-package". */
  type: string;
  /** HMRC rule number ("9200") or official code ("rpe:invalidJSON"). */
  code: string;
  message: string;
  /** e.g. box, path, entry, occurrences. */
  attributes: MessageAttribute[];
}

export interface Validation {
  validationType: ValidationTypeCode;
  validationResult: ValidationResultWord;
  messages: ValidationMessage[];
}

export interface ValidationJobResult {
  jobStatus: JobStatus | null;
  startDateTime: string | null;
  endDateTime: string | null;
  validations: Validation[];
}
