/**
 * The real engine behind the IPC handlers' interfaces. Kept apart from the
 * handlers so tests can hand the handlers either this or a fake.
 */
import { buildCt600, toBase32, verifyIrmark, XmlInputError, type Ct600BuildOptions } from '../engine/ct600/index.js';
import {
  createReportPackage,
  reportPackageFileName,
  reportPackageRequestSchema,
  validatePackage,
} from '../engine/package/index.js';
import { parseRequest } from '../engine/zod-errors.js';
import type { Ct600Engine } from './ct600-handlers.js';
import type { PackageEngine } from './package-handlers.js';

export function createCt600Engine(options: Ct600BuildOptions = {}): Ct600Engine {
  return {
    build: (request) => buildCt600(request, options),
    verify: (xml) => verifyIrmark(xml),
    toBase32,
    isInputError: (error): error is Error => error instanceof XmlInputError,
  };
}

export function createPackageEngine(): PackageEngine {
  return {
    create: (request, options) => createReportPackage(request, options),
    // Asked after create() succeeded, so the request is known to parse.
    fileName: (request) => reportPackageFileName(parseRequest(reportPackageRequestSchema, request)),
    validate: (fileName, bytes) => validatePackage(fileName, bytes),
  };
}
