/**
 * Collects the validator's messages per validation (3 report package,
 * 4 taxonomy package) and turns them into the interface's job result shape.
 */
import {
  ValidationType,
  type MessageAttribute,
  type MessageCategory,
  type Validation,
  type ValidationJobResult,
  type ValidationMessage,
} from '../validation-result.js';

export type PackageKind = 'report' | 'taxonomy';

const TYPE_WORD: Record<PackageKind, string> = { report: 'report-package', taxonomy: 'taxonomy-package' };

export class Findings {
  readonly report: ValidationMessage[] = [];
  readonly taxonomy: ValidationMessage[] = [];
  /** Whether a taxonomy package validation applies (plain TP, or a report package with taxonomyPackage.xml). */
  taxonomyChecked = false;

  add(kind: PackageKind, category: MessageCategory, code: string, message: string, entry?: string, details: MessageAttribute[] = []): void {
    const list = kind === 'report' ? this.report : this.taxonomy;
    if (kind === 'taxonomy') this.taxonomyChecked = true;
    list.push({
      category,
      type: TYPE_WORD[kind],
      code,
      message: entry !== undefined ? `${entry}: ${message}` : message,
      attributes: [...(entry !== undefined ? [{ name: 'entry', value: entry }] : []), ...details],
    });
  }

  error(kind: PackageKind, code: string, message: string, entry?: string): void {
    this.add(kind, 'error', code, message, entry);
  }

  hasErrors(kind?: PackageKind): boolean {
    const lists = kind === undefined ? [this.report, this.taxonomy] : [kind === 'report' ? this.report : this.taxonomy];
    return lists.some((l) => l.some((m) => m.category === 'error'));
  }

  toResult(kind: PackageKind, reportCount: number, start: Date, end: Date): ValidationJobResult {
    const count: ValidationMessage = {
      category: 'info',
      type: TYPE_WORD[kind],
      code: 'reportCount',
      message: `${reportCount} report${reportCount === 1 ? '' : 's'} found`,
      attributes: [{ name: 'reports', value: String(reportCount) }],
    };
    const validations: Validation[] = [];
    if (kind === 'report') validations.push(validation(ValidationType.reportPackage, [...this.report, count]));
    if (kind === 'taxonomy' || this.taxonomyChecked) {
      validations.push(validation(ValidationType.taxonomyPackage, kind === 'taxonomy' ? [...this.taxonomy, count] : this.taxonomy));
    }
    return { jobStatus: 'success', startDateTime: start.toISOString(), endDateTime: end.toISOString(), validations };
  }
}

function validation(validationType: Validation['validationType'], messages: ValidationMessage[]): Validation {
  return {
    validationType,
    validationResult: messages.some((m) => m.category === 'error') ? 'invalid' : 'valid',
    messages,
  };
}

/** The report count a package validation recorded (its `reportCount` info message). */
export function reportCountOf(result: ValidationJobResult): number | undefined {
  for (const v of result.validations) {
    for (const m of v.messages) {
      if (m.code === 'reportCount') return Number(m.attributes.find((a) => a.name === 'reports')?.value);
    }
  }
  return undefined;
}

/** True when every validation of the result is valid. */
export function isValidResult(result: ValidationJobResult): boolean {
  return result.validations.every((v) => v.validationResult === 'valid');
}
