/**
 * The messages between main and the engine worker. Errors cannot cross a
 * thread as class instances (structured clone keeps only name and message),
 * so the ones the handlers tell apart are sent as data and rebuilt as the
 * same classes on the other side: a request the engine refused keeps its
 * field errors, an unreadable XML document stays an XmlInputError.
 */
import { RequestValidationError, type FieldError } from '../engine/errors.js';
import { XmlInputError } from '../engine/ct600/index.js';
import type { EngineOperation } from './engine-operations.js';

export interface WorkerRequest {
  id: number;
  operation: EngineOperation;
  args: unknown[];
}

export type WorkerMessage = WorkerRequest;

/**
 * Byte arguments larger than this are copied into memory shared with the
 * worker, this much per turn of the event loop. Copying a 30 MB document to
 * the worker in one message held the main thread for 112–128 ms on our
 * machines (the copy's fresh memory, page by page); a piece per turn, no
 * single step holds it long. The worker reads the shared copy where it
 * lies: sent as pieces it put together, a document was copied twice, once
 * into the pieces and once into the whole, and each copy is memory new to
 * its thread (for a 20 MB return, about 60 ms of it on our test machine).
 */
export const PIECE_BYTES = 4 * 1024 * 1024;

export type WorkerError =
  | { kind: 'invalid-request'; errors: FieldError[] }
  | { kind: 'xml-input'; message: string }
  | { kind: 'internal'; name: string; message: string; stack?: string };

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError };

export function toWorkerError(error: unknown): WorkerError {
  if (error instanceof RequestValidationError) return { kind: 'invalid-request', errors: error.errors.map((e) => ({ field: e.field, message: e.message })) };
  if (error instanceof XmlInputError) return { kind: 'xml-input', message: error.message };
  if (error instanceof Error) return { kind: 'internal', name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { kind: 'internal', name: 'Error', message: String(error) };
}

export function fromWorkerError(error: WorkerError): Error {
  switch (error.kind) {
    case 'invalid-request':
      return new RequestValidationError(error.errors);
    case 'xml-input':
      return new XmlInputError(error.message);
    case 'internal': {
      // Logged in main with the worker's stack; never shown to the user.
      const rebuilt = new Error(`engine worker: ${error.name}: ${error.message}`);
      if (error.stack) rebuilt.stack = `${rebuilt.message}\n--- in the engine worker ---\n${error.stack}`;
      return rebuilt;
    }
  }
}
