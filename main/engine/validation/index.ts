/**
 * Local validation: validation jobs over CT600 returns (structure,
 * business rules, IRmark) and report/taxonomy packages.
 */
import type { Validation } from '../validation-result.js';
import { defaultChecks } from './default-checks.js';
import { runFileChecks, type ValidationChecks } from './validate-file.js';

export { ValidationJobs, type JobProblem, type ValidationJobsOptions } from './jobs/validation-jobs.js';
export { filterValidations, filterMessages } from './filter.js';
export { isJobId } from './jobs/job-id.js';
export { businessRules } from './rules/index.js';
export { runFileChecks, type ValidationChecks, type FileChecks } from './validate-file.js';

/** Every check that applies to one file, run now (no job, nothing stored). */
export async function validateFile(fileName: string, bytes: Uint8Array, checks: ValidationChecks = defaultChecks): Promise<Validation[]> {
  return (await runFileChecks(fileName, bytes, checks)).validations;
}
