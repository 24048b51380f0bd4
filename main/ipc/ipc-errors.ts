import { RequestValidationError } from '../engine/errors.js';
import { StoreError } from '../store/store-error.js';
import type { FieldError, IpcError, IpcErrorCode } from '../../preload/contract.js';

/**
 * A failure a handler wants the user to read as written (the file could not be
 * saved, …). Anything else that escapes a handler is reported as "internal"
 * with a generic message, so a stack trace or a file-system path never reaches
 * the renderer.
 */
export class IpcFailure extends Error {
  constructor(
    readonly code: Exclude<IpcErrorCode, 'internal'>,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'IpcFailure';
  }
}

export const INTERNAL_ERROR_MESSAGE =
  'Filing Desk hit an unexpected problem and could not finish. Nothing was changed; please try again.';

export function fieldErrorsToIpcError(errors: FieldError[]): IpcError {
  const first = errors[0];
  return {
    code: 'invalid-request',
    message: `The request is not valid: ${errors.map((e) => `${e.field || '(request)'}: ${e.message}`).join('; ')}`,
    ...(first ? { field: first.field } : {}),
    errors: errors.map((e) => ({ field: e.field, message: e.message })),
  };
}

/** Turns anything a handler threw into plain data that is safe to send over IPC. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof RequestValidationError) return fieldErrorsToIpcError(error.errors);
  if (error instanceof StoreError) {
    if (error.kind === 'invalid' && error.errors) return { ...fieldErrorsToIpcError(error.errors), message: `${error.message} ${fieldErrorsToIpcError(error.errors).message.replace(/^The request is not valid: /, '')}` };
    const base: IpcError = { code: error.kind === 'invalid' ? 'invalid-request' : 'failed', message: error.message };
    return error.errors ? { ...base, field: error.errors[0]?.field, errors: error.errors } : base;
  }
  if (error instanceof IpcFailure) {
    return error.errors ? { ...fieldErrorsToIpcError(error.errors), code: error.code, message: error.message } : { code: error.code, message: error.message };
  }
  return { code: 'internal', message: INTERNAL_ERROR_MESSAGE };
}
