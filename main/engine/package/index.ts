/**
 * Report packages, offline: the builder behind "Create report package" and
 * the validator behind local validation jobs. No Electron import anywhere here.
 * The renderer should import request-schema.js directly (it has no Node APIs).
 */
export {
  createReportPackage,
  reportPackageFileName,
  type ReportPackageResponse,
  type CreateReportPackageOptions,
  type ReportPackageDeps,
} from './create-report-package.js';
export {
  reportPackageRequestSchema,
  safePackageName,
  type ReportPackageRequest,
  type ReportPackageRequestInput,
} from './request-schema.js';
export { validatePackage, type ValidatePackageDeps } from './validate-package.js';
export { reportCountOf, isValidResult } from './findings.js';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-reader.js';
export { DocumentType } from './document-types.js';
