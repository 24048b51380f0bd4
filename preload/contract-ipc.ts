/**
 * What every domain's part of the IPC contract shares: how an answer crosses
 * (an IpcResult, because Electron forwards only the message of a thrown
 * error), a file read in the window, and the engine's result shapes several
 * domains answer with. The lowest file of the contract: it imports no other.
 */
import type { FieldError } from '../main/engine/errors.js';
import type { ValidationJobResult, ValidationMessage } from '../main/engine/validation-result.js';

export type { FieldError, ValidationJobResult, ValidationMessage };

export type IpcErrorCode =
  /** The payload broke a rule; `errors` names each field. */
  | 'invalid-request'
  /** The call did not come from our own page. */
  | 'untrusted-sender'
  /** A failure the user can act on (file could not be written, …); the message says what. */
  | 'failed'
  /** A bug or an unexpected failure; details stay in the main-process log. */
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** The first offending field, when there is one. */
  field?: string;
  errors?: FieldError[];
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** A file the user dropped or chose, read as bytes in the renderer. */
export interface DroppedFile {
  fileName: string;
  bytes: Uint8Array;
}
