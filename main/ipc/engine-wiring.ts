/**
 * The real engine behind the IPC handlers' interfaces, run by an
 * EngineRunner: the engine worker in the app (so a big file never blocks the
 * main process), the calling thread in tests and tools. Kept apart from the
 * handlers so tests can hand the handlers either this or a fake.
 */
import { toBase32, XmlInputError, type Ct600BuildOptions } from '../engine/ct600/index.js';
import { inThreadRunner, type EngineRunner } from '../engine-worker/engine-operations.js';
import type { Ct600Engine } from './ct600-handlers.js';
import type { PackageEngine } from './package-handlers.js';

/**
 * `options` may be a function: the GovTalk header then follows the current
 * settings, read at every build (the IRmark does not depend on it).
 */
export function createCt600Engine(
  options: Ct600BuildOptions | (() => Promise<Ct600BuildOptions>) = {},
  runner: EngineRunner = inThreadRunner,
  /** Where the firm's taxonomy packages are installed: attachments' facts (and a checked file's) are checked against them. */
  dataFolder?: string,
): Ct600Engine {
  const current = typeof options === 'function' ? options : async () => options;
  return {
    build: async (request) => runner.run('ct600.build', request, await current()),
    verify: (xml) => runner.run('ct600.verify', xml),
    check: (fileName, bytes, today) => runner.run('validation.checkFile', fileName, bytes, today, dataFolder),
    checkAttachment: (bytes, role, boxes) => runner.run('ct600.checkAttachment', bytes, role, boxes, dataFolder),
    toBase32,
    isInputError: (error): error is Error => error instanceof XmlInputError,
  };
}

/** `dataFolder`: where the firm's taxonomy packages are installed, which references resolve in after the package. */
export function createPackageEngine(runner: EngineRunner = inThreadRunner, dataFolder?: string): PackageEngine {
  return {
    build: (request, options) => runner.run('package.build', request, options, dataFolder),
    validate: (fileName, bytes) => runner.run('package.validate', fileName, bytes, dataFolder),
    planDraft: (input) => runner.run('package.planDraft', input, dataFolder),
    buildDraft: (input, options) => runner.run('package.buildDraft', input, options, dataFolder),
  };
}
