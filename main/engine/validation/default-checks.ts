/** The engine's own checks, wired for ValidationJobs and validateFile. */
import { verifyIrmark } from '../ct600/index.js';
import { validatePackage } from '../package/index.js';
import type { ValidationChecks } from './validate-file.js';

export const defaultChecks: ValidationChecks = {
  validatePackage: (fileName, bytes) => validatePackage(fileName, bytes),
  verifyIrmark,
};
