/**
 * EngineOperations backed by the real engine modules (CT600 builder, report
 * packages, validation jobs). The only file here that knows where they live.
 */
import { buildCt600, type Ct600BuildOptions } from '../engine/ct600/index.js';
import { createReportPackage } from '../engine/package/index.js';
import { ValidationJobs, type ValidationJobsOptions } from '../engine/validation/index.js';
import { checksWithTaxonomies } from '../engine/validation/default-checks.js';
import { runFileChecks } from '../engine/validation/validate-file.js';
import { taxonomyStoreFor } from '../taxonomies/taxonomy-store.js';
import type { EngineOperations } from './engine-operations.js';

export interface EngineWiringOptions {
  /** Folder where validation jobs keep their files. */
  dataDir: string;
  /** GovTalk header settings (vendor id, product, version, test flag). */
  ct600Options?: Ct600BuildOptions;
  clock?: () => Date;
  idGenerator?: () => string;
  /** Where validation jobs run their checks (the service passes the engine worker); this thread by default. */
  runChecks?: ValidationJobsOptions['runChecks'];
}

export function createEngineOperations(options: EngineWiringOptions): EngineOperations & { jobs: ValidationJobs } {
  const jobs = new ValidationJobs({
    dataDir: options.dataDir,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.idGenerator ? { idGenerator: options.idGenerator } : {}),
    // In this thread by default, against the taxonomy packages installed in the data folder, as the app's own checks run.
    runChecks:
      options.runChecks ??
      (async (fileName, bytes, today) => runFileChecks(fileName, bytes, { ...checksWithTaxonomies(await taxonomyStoreFor(options.dataDir).library()), today: () => today })),
  });
  return {
    jobs,
    // The builder is synchronous; run it inside the promise so its
    // RequestValidationError arrives as a rejection like the others'.
    buildCt600: async (request) => buildCt600(request, options.ct600Options),
    // References a package does not hold resolve in the taxonomy packages installed in the data folder.
    createReportPackage: async (request, opts) => createReportPackage(request, opts, { installed: await taxonomyStoreFor(options.dataDir).library() }),
    createValidationJob: (fileName, bytes) => jobs.create(fileName, bytes),
    getValidationStatus: (id) => jobs.getStatus(id),
    getFilteredValidationStatus: (id) => jobs.getFilteredStatus(id),
    close: () => jobs.close(),
  };
}
