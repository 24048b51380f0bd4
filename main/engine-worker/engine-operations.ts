/**
 * The engine work the IPC handlers need, as plain functions of plain data:
 * what runs in the engine worker (and, in tests or the CLI, in the calling
 * thread). Everything here is pure engine code, so the worker bundle holds no
 * Electron and no main-process code.
 */
import { buildCt600, verifyIrmark, type Ct600BuildOptions } from '../engine/ct600/index.js';
import { createReportPackage, reportPackageFileName, reportPackageRequestSchema, validatePackage } from '../engine/package/index.js';
import { buildReportPackage, hashResultOf } from '../engine/package/create-report-package.js';
import { draftPackageRequest, planDraftPackage, type DraftPackageInput } from '../engine/package/draft-package.js';
import { parseRequest } from '../engine/zod-errors.js';
import { checksWithTaxonomies, defaultChecks } from '../engine/validation/default-checks.js';
import { runFileChecks } from '../engine/validation/validate-file.js';
import { checkAttachment, type AttachmentRole, type ReturnBoxes } from '../engine/validation/attachments/check-attachment.js';
import { businessRulesOf } from '../engine/validation/business-rules-of.js';
import { TaxonomyLibrary } from '../engine/taxonomy/library.js';
import { checkDocument, documentJobResult } from '../engine/taxonomy/check-document.js';
import { taxonomyStoreFor } from '../taxonomies/taxonomy-store.js';

/**
 * The taxonomy packages installed in a data folder (the caller's), or none.
 * One store per folder in this thread, so the zips are opened once.
 */
const installedIn = async (dataFolder: string | undefined): Promise<TaxonomyLibrary> =>
  dataFolder ? taxonomyStoreFor(dataFolder).library() : TaxonomyLibrary.empty();

export const engineOperations = {
  'ct600.build': (request: Record<string, unknown>, options: Ct600BuildOptions) => buildCt600(request, options),
  'ct600.verify': (xml: Uint8Array) => verifyIrmark(xml),
  'package.build': async (request: Record<string, unknown>, options: { includeHash: boolean }, dataFolder?: string) => {
    const built = await createReportPackage(request, options, { installed: await installedIn(dataFolder) });
    // Asked after the build succeeded, so the request is known to parse.
    return { ...built, fileName: reportPackageFileName(parseRequest(reportPackageRequestSchema, request)) };
  },
  'package.validate': async (fileName: string, bytes: Uint8Array, dataFolder?: string) => validatePackage(fileName, bytes, { installed: await installedIn(dataFolder) }),
  /** The wizard's plan of a draft's package: entries, sizes and what the builder would refuse. */
  'package.planDraft': async (input: DraftPackageInput, dataFolder?: string) => planDraftPackage(input, undefined, await installedIn(dataFolder)),
  /** A draft's package as bytes (no base64 round trip), with the service's hash when asked. */
  'package.buildDraft': async (input: DraftPackageInput, options: { includeHash: boolean }, dataFolder?: string) => {
    const installed = await installedIn(dataFolder);
    const { zip, naming } = await buildReportPackage(await draftPackageRequest(input, undefined, installed), { installed });
    return { bytes: zip, fileName: naming.fileName, extension: naming.extension, ...(options.includeHash ? { hashResult: hashResultOf(zip) } : {}) };
  },
  /** Every check of a validation job on one file (schema, business rules, IRmark for a CT600): the app's and the service's. */
  /** `today` (YYYY-MM-DD), from the caller's clock, for HMRC's rules on today's date; the worker's own date otherwise. */
  /** With the data folder, packages and a return's attachments are checked against its installed taxonomy packages. */
  'validation.checkFile': async (fileName: string, bytes: Uint8Array, today?: string, dataFolder?: string) => {
    const checks = dataFolder ? checksWithTaxonomies(await installedIn(dataFolder)) : defaultChecks;
    return runFileChecks(fileName, bytes, today ? { ...checks, today: () => today } : checks);
  },
  /** One attached accounts or computations file, checked as HMRC checks it (the wizard's attachments step). */
  /** With the data folder, the facts are checked against its installed taxonomy packages too. */
  'ct600.checkAttachment': async (bytes: Uint8Array, role: AttachmentRole, boxes: ReturnBoxes, dataFolder?: string) =>
    checkAttachment(bytes, role, boxes, dataFolder ? await installedIn(dataFolder) : undefined),
  /** An Inline XBRL document on its own against the data folder's installed taxonomy packages (Validate a file). */
  'taxonomy.checkDocument': async (fileName: string, bytes: Uint8Array, dataFolder?: string) => {
    const start = new Date();
    const check = checkDocument(bytes, await installedIn(dataFolder));
    return documentJobResult(fileName, check, start, new Date());
  },
  /** HMRC's business rules (and ours) alone on a CT600, for `npm run bench -- rules`. */
  'validation.businessRules': (bytes: Uint8Array) => businessRulesOf(bytes),
};

export type EngineOperations = typeof engineOperations;
export type EngineOperation = keyof EngineOperations;
export type OperationArgs<K extends EngineOperation> = Parameters<EngineOperations[K]>;
export type OperationResult<K extends EngineOperation> = Awaited<ReturnType<EngineOperations[K]>>;

/** Something that runs engine operations: the worker client, or the calling thread. */
export interface EngineRunner {
  run<K extends EngineOperation>(operation: K, ...args: OperationArgs<K>): Promise<OperationResult<K>>;
}

/** Runs in the calling thread: for tests, the CLI, and anything that is not the app's main process. */
export const inThreadRunner: EngineRunner = {
  run: async (operation, ...args) => (engineOperations[operation] as (...a: unknown[]) => unknown)(...args) as never,
};
