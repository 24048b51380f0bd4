/**
 * The engine work the IPC handlers need, as plain functions of plain data:
 * what runs in the engine worker (and, in tests or the CLI, in the calling
 * thread). Everything here is pure engine code, so the worker bundle holds no
 * Electron and no main-process code.
 */
import { buildCt600, verifyIrmark, type Ct600BuildOptions } from '../engine/ct600/index.js';
import { createReportPackage, reportPackageFileName, reportPackageRequestSchema, validatePackage } from '../engine/package/index.js';
import { parseRequest } from '../engine/zod-errors.js';
import { defaultChecks } from '../engine/validation/default-checks.js';
import { runFileChecks } from '../engine/validation/validate-file.js';

export const engineOperations = {
  'ct600.build': (request: Record<string, unknown>, options: Ct600BuildOptions) => buildCt600(request, options),
  'ct600.verify': (xml: Uint8Array) => verifyIrmark(xml),
  'package.build': async (request: Record<string, unknown>, options: { includeHash: boolean }) => {
    const built = await createReportPackage(request, options);
    // Asked after the build succeeded, so the request is known to parse.
    return { ...built, fileName: reportPackageFileName(parseRequest(reportPackageRequestSchema, request)) };
  },
  'package.validate': (fileName: string, bytes: Uint8Array) => validatePackage(fileName, bytes),
  /** Every check of a validation job on one file (schema, business rules, IRmark for a CT600). */
  'validation.checkFile': (fileName: string, bytes: Uint8Array) => runFileChecks(fileName, bytes, defaultChecks),
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
