/** The engine's own checks, wired for ValidationJobs and validateFile. */
import { verifyIrmark } from '../ct600/index.js';
import { validatePackage } from '../package/index.js';
import type { TaxonomyLibrary } from '../taxonomy/library.js';
import type { ValidationChecks } from './validate-file.js';

export const defaultChecks: ValidationChecks = {
  validatePackage: (fileName, bytes) => validatePackage(fileName, bytes),
  verifyIrmark,
};

/**
 * The same checks against the firm's installed taxonomy packages, as the
 * window's own checks use them: a package's references and reports resolve
 * in its own files, then in these; a return's attachments are checked
 * against them.
 */
export function checksWithTaxonomies(installed: TaxonomyLibrary): ValidationChecks {
  return { ...defaultChecks, validatePackage: (fileName, bytes) => validatePackage(fileName, bytes, { installed }), taxonomies: installed };
}
