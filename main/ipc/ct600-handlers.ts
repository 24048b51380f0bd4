import type { AttachmentFinding, AttachmentRole, ReturnBoxes } from '../engine/validation/attachments/check-attachment.js';
import type {
  Ct600BuildRequest,
  Ct600BuildResponse,
  Ct600VerifyResponse,
  DroppedFile,
  ValidationJobResult,
} from '../../preload/contract.js';
import { isoDay } from '../engine/validation/hmrc/exslt-dates.js';
import { IpcFailure } from './ipc-errors.js';

/** The CT600 engine as the handlers need it; the app passes the real engine, tests may too. */
export interface Ct600Engine {
  build(
    request: Ct600BuildRequest,
  ): Promise<{ xmlDoc: string | null; originalXmlDoc: string | null; irMark: string | null }>;
  verify(xml: Uint8Array): Promise<Ct600VerifyResponse>;
  toBase32(digest: Uint8Array): string;
  /** Every check of a validation job on one file: schema, business rules and IRmark for a CT600; `today` (YYYY-MM-DD) is the date HMRC's rules on today's date compare with. */
  check(fileName: string, bytes: Uint8Array, today: string): Promise<{ validations: ValidationJobResult['validations']; failedChecks: string[] }>;
  /** HMRC's checks on one attached file; in the worker in the app, so a 20 MB set of accounts never blocks main. Absent: checked in this thread. */
  checkAttachment?(bytes: Uint8Array, role: AttachmentRole, boxes: ReturnBoxes): Promise<AttachmentFinding[]>;
  /** Errors the engine throws for a document it cannot read (not well-formed, no Body, …). */
  isInputError(error: unknown): error is Error;
}

export function createCt600BuildHandler(engine: Ct600Engine): (request: Ct600BuildRequest) => Promise<Ct600BuildResponse> {
  return async (request) => {
    const built = await engine.build(request);
    if (!built.xmlDoc || !built.originalXmlDoc || !built.irMark) {
      // The engine promises all three on success; a gap is a bug, not the user's input.
      throw new Error('ct600 engine returned an incomplete document');
    }
    return {
      xmlDoc: built.xmlDoc,
      originalXmlDoc: built.originalXmlDoc,
      irMark: built.irMark,
      irMarkBase32: engine.toBase32(Buffer.from(built.irMark, 'base64')),
      suggestedFileName: ct600FileName(request),
    };
  };
}

export function createCt600VerifyHandler(engine: Ct600Engine): (file: DroppedFile) => Promise<Ct600VerifyResponse> {
  return async (file) => {
    try {
      return await engine.verify(file.bytes);
    } catch (error) {
      if (engine.isInputError(error)) {
        throw new IpcFailure('failed', `${file.fileName} could not be checked: ${error.message}.`);
      }
      throw error;
    }
  };
}

/** "ct600-1234567890-2025-03-31.xml": the UTR and period end, so saved returns sort and identify themselves. */
export function ct600FileName(request: Ct600BuildRequest): string {
  const utr = typeof request.reference === 'string' ? request.reference.replace(/[^0-9A-Za-z]/g, '') : '';
  const period = request.periodCovered as { to?: unknown } | undefined;
  const periodEnd = typeof period?.to === 'string' ? period.to.slice(0, 10).replace(/[^0-9-]/g, '') : '';
  return ['ct600', utr, periodEnd].filter((part) => part !== '').join('-') + '.xml';
}

/**
 * The full local validation job on one file, answered as the service's
 * POST /validation job would be once finished: "success" when every check
 * ran (the file may still be invalid), "failed" when a check could not run.
 */
export async function runValidationJob(engine: Ct600Engine, clock: () => Date, fileName: string, bytes: Uint8Array): Promise<ValidationJobResult> {
  const startDateTime = clock().toISOString();
  const outcome = await engine.check(fileName, bytes, isoDay(clock()));
  return {
    jobStatus: outcome.failedChecks.length > 0 ? 'failed' : 'success',
    startDateTime,
    endDateTime: clock().toISOString(),
    validations: outcome.validations,
  };
}

/** ct600.validate: a dropped return, checked as a validation job; an invalid return is a result, not an error. */
export function createCt600ValidateHandler(engine: Ct600Engine, clock: () => Date): (file: DroppedFile) => Promise<ValidationJobResult> {
  return (file) => runValidationJob(engine, clock, file.fileName, file.bytes);
}
