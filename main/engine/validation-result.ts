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

/**
 * Present when part of what this validation covers could not be checked
 * because a taxonomy package is not installed. With validationResult
 * "valid" the verdict is "not checked" (nothing wrong was found, but not
 * everything was looked at); with "invalid" the errors stand. Additive, so a
 * reader that knows only validationResult still reads the interface's word.
 */
export interface NotChecked {
  /** The packages to install, each once, as the "concepts not checked" warnings name them. */
  install: string[];
}

export interface Validation {
  validationType: ValidationTypeCode;
  validationResult: ValidationResultWord;
  messages: ValidationMessage[];
  notChecked?: NotChecked;
}

/** The packages the messages' `install` attributes name (set on "concepts not checked" warnings); undefined when none. */
export function notCheckedOf(messages: readonly ValidationMessage[]): NotChecked | undefined {
  const install = [...new Set(messages.flatMap((m) => m.attributes.filter((a) => a.name === 'install').map((a) => a.value)))];
  return install.length > 0 ? { install } : undefined;
}

export interface ValidationJobResult {
  jobStatus: JobStatus | null;
  startDateTime: string | null;
  endDateTime: string | null;
  validations: Validation[];
}
