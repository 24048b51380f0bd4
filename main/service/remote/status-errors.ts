/**
 * From an HTTP answer that is not a success to the typed error the app acts
 * on. 400 bodies carry `errors: [{ field, message }]` (our server always
 * sends them); when a body lacks them the error still says what it could.
 */
import type { FieldError } from '../../engine/errors.js';
import {
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
  type FilingServiceError,
} from '../service-errors.js';
import type { HttpAnswer } from './http-transport.js';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['message', 'error_description', 'title', 'error']) {
    if (typeof b[key] === 'string' && b[key]) return b[key] as string;
  }
  return undefined;
}

function fieldErrors(body: unknown): FieldError[] {
  const list = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null) return [];
    const { field, message } = e as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/** The longest Retry-After taken as said: anything longer (or absurd) counts as a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date, at most MAX_RETRY_AFTER_MS. */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Math.min(Number(value.trim()) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - now.getTime()), MAX_RETRY_AFTER_MS);
}

export function errorForStatus(answer: HttpAnswer, now: Date): FilingServiceError {
  const body = parseJson(answer.text);
  const said = serverMessage(body);
  const because = said ? `: ${said}` : '.';
  const s = answer.status;
  if (s === 400) {
    const errors = fieldErrors(body);
    const listed = errors.map((e) => `${e.field || '(request)'}: ${e.message}`).join('; ');
    return new InvalidRequestError(`The service refused the request as not valid${listed ? `: ${listed}` : because}`, errors);
  }
  if (s === 401) return new UnauthorizedError(`The service did not accept the access token${because}`, s);
  if (s === 403) return new ForbiddenError(`The service refused access${because}`, s);
  if (s === 404) return new NotFoundError(`The service has no such resource${because}`, s);
  if (s === 413) return new PayloadTooLargeError(`The request is larger than the service accepts${because}`, s);
  if (s === 429) {
    const wait = retryAfterMs(answer.headers['retry-after'], now);
    return new RateLimitedError(
      `The service is limiting requests${wait !== undefined ? `; try again in ${Math.ceil(wait / 1000)} s` : ''}${because}`,
      wait,
    );
  }
  if (s >= 500) return new ServerError(`The service failed (${s})${because}`, s);
  return new UnexpectedResponseError(`The service answered with an unexpected status ${s}${because}`, s);
}
