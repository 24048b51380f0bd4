/**
 * What can go wrong talking to the filing service, one class per thing the
 * app does differently about it. Each carries a stable `code` so it can
 * cross IPC as data (`{ code, message, field? }`).
 */
import type { FieldError } from '../engine/errors.js';

export type ServiceErrorCode =
  | 'invalid-request'
  | 'sign-in-needed'
  | 'invalid-client'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'payload-too-large'
  | 'rate-limited'
  | 'server-error'
  | 'network'
  | 'timeout'
  | 'unexpected-response';

/**
 * What an error may keep of the failure beneath it: a code and a message,
 * nothing else. The objects a failed exchange leaves behind (axios' config,
 * request and response) hold the request body and headers, that is the
 * password, the client secret, the refresh token and `Authorization: Bearer …`,
 * and `util.inspect` or `console.error` would print them all.
 */
export interface ErrorCause {
  code: string;
  message: string;
}

/** Copies the two plain fields, so nothing else can ride along even if a caller passes a richer object. */
export function errorCause(cause: ErrorCause): ErrorCause {
  return { code: String(cause.code), message: String(cause.message) };
}

export abstract class FilingServiceError extends Error {
  abstract readonly code: ServiceErrorCode;
  /** The HTTP status when the service answered at all. */
  readonly status: number | undefined;
  /** How many times the request was sent before giving up. */
  attempts = 1;
  constructor(message: string, status?: number, options?: { cause?: ErrorCause }) {
    super(message, options?.cause ? { cause: errorCause(options.cause) } : undefined);
    this.status = status;
    this.name = new.target.name;
  }
}

/** 400: the request broke a rule; `errors` names the fields when the body said which. */
export class InvalidRequestError extends FilingServiceError {
  readonly code = 'invalid-request' as const;
  constructor(
    message: string,
    readonly errors: FieldError[],
  ) {
    super(message, 400);
  }
}

/** No usable session: never signed in, refresh token refused or revoked, or the password is wrong. */
export class SignInNeededError extends FilingServiceError {
  readonly code = 'sign-in-needed' as const;
}

/** 401 from the token endpoint: the client id or secret from settings is not right. */
export class InvalidClientError extends FilingServiceError {
  readonly code = 'invalid-client' as const;
}

/** 401 on an operation even with a freshly refreshed token. */
export class UnauthorizedError extends FilingServiceError {
  readonly code = 'unauthorized' as const;
}

export class ForbiddenError extends FilingServiceError {
  readonly code = 'forbidden' as const;
}

export class NotFoundError extends FilingServiceError {
  readonly code = 'not-found' as const;
}

export class PayloadTooLargeError extends FilingServiceError {
  readonly code = 'payload-too-large' as const;
}

/** 429: `retryAfterMs` is when the service said to come back (undefined when it did not say). */
export class RateLimitedError extends FilingServiceError {
  readonly code = 'rate-limited' as const;
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message, 429);
  }
}

export class ServerError extends FilingServiceError {
  readonly code = 'server-error' as const;
}

/** No answer: refused, reset or dropped connection, DNS failure. */
export class NetworkError extends FilingServiceError {
  readonly code = 'network' as const;
}

/** No answer within the call's time limit. */
export class TimeoutError extends FilingServiceError {
  readonly code = 'timeout' as const;
  constructor(
    message: string,
    readonly timeoutMs: number,
  ) {
    super(message);
  }
}

/** An answer that is not what the interface promises (bad JSON, wrong shape, unexpected status). */
export class UnexpectedResponseError extends FilingServiceError {
  readonly code = 'unexpected-response' as const;
}
