/**
 * Runs every check that applies to one file and returns its validations.
 * Checks come in through `ValidationChecks` so tests can pass real fakes
 * (a package validator that throws, for instance).
 */
import { RequestValidationError } from '../errors.js';
import type { TaxonomyLibrary } from '../taxonomy/library.js';
import type { Validation, ValidationJobResult, ValidationMessage, ValidationTypeCode } from '../validation-result.js';
import { notCheckedOf, ValidationType } from '../validation-result.js';
import { detectFileKind, type FileKind } from './file-kind.js';
import { checkAttachedDocuments } from './attachments/attached-documents.js';
import { irmarkValidation, type VerifyIrmark } from './irmark-check.js';
import { runBusinessRules } from './rules/index.js';
import { checkCt600Structure } from './schema/index.js';

export interface ValidationChecks {
  validatePackage(fileName: string, bytes: Uint8Array): Promise<ValidationJobResult>;
  verifyIrmark: VerifyIrmark;
  /** Today's date (YYYY-MM-DD) for HMRC's rules that compare with it; the UTC date now when absent. */
  today?: () => string;
  /** The firm's installed taxonomy packages: a return's attachments are checked against them (or told which to install). */
  taxonomies?: TaxonomyLibrary;
}

export interface FileChecks {
  validations: Validation[];
  /** Checks that could not run (an internal failure, not a finding about the file). */
  failedChecks: string[];
}

/** Invalid for an error; a message naming a package to install (an attachment's taxonomy) adds notChecked. */
export function validationOf(validationType: ValidationTypeCode, messages: ValidationMessage[]): Validation {
  const notChecked = notCheckedOf(messages);
  return { validationType, validationResult: messages.some((m) => m.category === 'error') ? 'invalid' : 'valid', messages, ...(notChecked ? { notChecked } : {}) };
}

const schemaError = (code: string, message: string): ValidationMessage => ({ category: 'error', type: 'schema', code, message, attributes: [] });

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function packageChecks(fileName: string, bytes: Uint8Array, checks: ValidationChecks): Promise<FileChecks> {
  try {
    const result = await checks.validatePackage(fileName, bytes);
    return { validations: result.validations, failedChecks: result.jobStatus === 'failed' ? ['package'] : [] };
  } catch (err) {
    if (err instanceof RequestValidationError) {
      // The validator refuses unusable archives (over the safety limits): a finding about the file.
      const messages = err.errors.map((e) => ({ category: 'error' as const, type: 'report-package', code: 'package-refused', message: e.message, attributes: e.field ? [{ name: 'entry', value: e.field }] : [] }));
      return { validations: [validationOf(ValidationType.reportPackage, messages)], failedChecks: [] };
    }
    const message: ValidationMessage = { category: 'error', type: 'report-package', code: 'check-failed', message: `the package check could not run: ${errorText(err)}`, attributes: [] };
    return { validations: [validationOf(ValidationType.reportPackage, [message])], failedChecks: ['package'] };
  }
}

/** One check of a CT600; an exception inside it becomes a failed check, not a lost job. */
function guarded(validationType: ValidationTypeCode, name: string, failed: string[], run: () => ValidationMessage[]): Validation {
  try {
    return validationOf(validationType, run());
  } catch (err) {
    failed.push(name);
    return validationOf(validationType, [{ category: 'error', type: name, code: 'check-failed', message: `the ${name} check could not run: ${errorText(err)}`, attributes: [] }]);
  }
}

export async function runFileChecks(fileName: string, bytes: Uint8Array, checks: ValidationChecks): Promise<FileChecks> {
  return runChecksOfKind(fileName, bytes, detectFileKind(fileName, bytes), checks);
}

/** The checks for a file whose kind the caller already found (and, for a return, parsed): it is not parsed again. */
export async function runChecksOfKind(fileName: string, bytes: Uint8Array, kind: FileKind, checks: ValidationChecks): Promise<FileChecks> {
  switch (kind.kind) {
    case 'package':
      return packageChecks(fileName, bytes, checks);
    case 'broken-xml':
      return { validations: [validationOf(ValidationType.schema, [schemaError(kind.problem.code, kind.problem.message)])], failedChecks: [] };
    case 'unsupported':
      return {
        validations: [validationOf(ValidationType.schema, [schemaError('unsupported-file-kind', `${fileName}: this kind of file is not supported for validation: ${kind.reason}`)])],
        failedChecks: [],
      };
    case 'ct600': {
      const failed: string[] = [];
      const validations = [
        guarded(ValidationType.schema, 'schema', failed, () => checkCt600Structure(kind.doc)),
        // The attached accounts and computations are part of the return HMRC accepts or rejects: their findings sit with its business rules.
        guarded(ValidationType.businessRules, 'business-rule', failed, () => [...runBusinessRules(kind.doc, checks.today ? { today: checks.today } : {}), ...checkAttachedDocuments(kind.doc, checks.taxonomies)]),
        guarded(ValidationType.irmark, 'irmark', failed, () => irmarkValidation(kind.text, checks.verifyIrmark)),
      ];
      return { validations, failedChecks: failed };
    }
  }
}
