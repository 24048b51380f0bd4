import type { FieldError, IpcResult } from '../../../../preload/contract.js';

export type Failure = { message: string; errors?: FieldError[] };

/**
 * Awaits a bridge call and never throws: a rejected promise (the transport
 * itself failed) becomes a failure in words like any error main reports.
 */
export async function settle<T>(call: () => Promise<IpcResult<T>>, what: string): Promise<{ ok: true; value: T } | { ok: false; failure: Failure }> {
  try {
    const result = await call();
    if (result.ok) return { ok: true, value: result.value };
    return {
      ok: false,
      failure: { message: result.error.message, ...(result.error.errors ? { errors: result.error.errors } : {}) },
    };
  } catch {
    return { ok: false, failure: { message: `Filing Desk could not ${what}. Try again; if it keeps happening, restart Filing Desk.` } };
  }
}
