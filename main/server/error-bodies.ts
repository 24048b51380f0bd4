/**
 * The JSON bodies of the server's error responses, and the mapping from
 * whatever went wrong to a status and a body. Every 400 carries
 * `errors: [{ field, message }]` so a client can show the field and the rule.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError, type FieldError } from '../engine/errors.js';

export interface ErrorBody {
  error: string;
  message: string;
  errors?: FieldError[];
  /** How many errors there were in all, when more than the body lists. */
  errorCount?: number;
}

/** Most field errors one answer lists: enough to fix a form, never a body the size of the request. */
export const MAX_RETURNED_ERRORS = 100;
/** Field errors also spelt out in `message`. */
const ERRORS_IN_MESSAGE = 10;
/** A field name or rule quoted back is cut here (they can hold the client's own text). */
const MAX_ERROR_TEXT = 500;

const clip = (text: string) => (text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text);

export function invalidRequest(errors: FieldError[]): ErrorBody {
  const listed = errors.slice(0, MAX_RETURNED_ERRORS).map((e) => ({ field: clip(e.field), message: clip(e.message) }));
  const inMessage = listed.slice(0, ERRORS_IN_MESSAGE).map((e) => `${e.field || '(request)'}: ${e.message}`);
  const more = errors.length - inMessage.length;
  return {
    error: 'invalid-request',
    message: `The request is not valid: ${inMessage.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
    errors: listed,
    ...(errors.length > listed.length ? { errorCount: errors.length } : {}),
  };
}

/** Raised where a reply is not at hand (body parsers); answered as a 400 naming the field. */
export class FieldRequestError extends Error {
  readonly statusCode = 400;
  readonly fieldError: FieldError;
  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.name = 'FieldRequestError';
    this.fieldError = { field, message: rule };
  }
}

/** A 400 for one field: used for headers, path parameters and query switches. */
export function sendFieldError(reply: FastifyReply, field: string, message: string): FastifyReply {
  return reply.code(400).send(invalidRequest([{ field, message }]));
}

/** A 4xx whose one error is about the request as a whole (its size, its media type). */
function requestError(error: string, fieldError: FieldError): ErrorBody {
  return { error, message: `${fieldError.field} ${fieldError.message}`, errors: [fieldError] };
}

/** The 415 body: the type this endpoint reads, and the one it was given. */
export function unsupportedMediaType(accepted: string, given: string | undefined): ErrorBody {
  // Only the media type (no parameters), quoted with JSON escaping: it is the client's own text.
  const type = given?.split(';')[0]?.trim().toLowerCase().slice(0, 100);
  const rule = type ? `must be ${accepted}; ${JSON.stringify(type)} is not accepted here` : `must be ${accepted}`;
  return requestError('unsupported-media-type', { field: 'content-type', message: rule });
}

export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

/** What the failing request was, as far as the error mapping needs it. */
export interface RequestFacts {
  /** The body limit that applied to this route (routes may set their own). */
  bodyLimit: number;
  /** The media type the endpoint reads. */
  accepts: string;
  contentType: string | undefined;
}

/**
 * The answer for a failure whose cause is known: the request's fault (4xx)
 * with the field and rule. undefined for anything else: an internal error.
 */
export function knownErrorReply(err: FastifyError | Error, facts: RequestFacts): ErrorReply | undefined {
  if (err instanceof RequestValidationError) return { status: 400, body: invalidRequest(err.errors) };
  if (err instanceof FieldRequestError) return { status: 400, body: invalidRequest([err.fieldError]) };
  const code = 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: requestError('payload-too-large', { field: '(body)', message: `is larger than the limit of ${facts.bodyLimit} bytes` }) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: unsupportedMediaType(facts.accepts, facts.contentType) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: invalidRequest([{ field: '(body)', message: 'is empty; a JSON object is required' }]) };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: invalidRequest([{ field: '(body)', message: 'is not valid JSON' }]) };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: invalidRequest([{ field: 'content-length', message: 'does not match the length of the body' }]) };
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : undefined;
  if (err instanceof SyntaxError && (status === undefined || status === 400)) {
    return { status: 400, body: invalidRequest([{ field: '(body)', message: `is not valid JSON: ${err.message}` }]) };
  }
  // Another of Fastify's own 4xx: say what it said, without pretending it was about JSON.
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: { error: status === 400 ? 'bad-request' : 'request-refused', message: err.message } };
  }
  return undefined;
}

/**
 * Told about every 500 with the error and the request line only: never the
 * body or the headers, which carry passwords, client secrets and tokens.
 */
export type InternalErrorLog = (err: Error, request: { method: string; path: string }) => void;

export interface ErrorHandlerOptions {
  /** The media type the routes under this handler read. */
  accepts: string;
  onInternalError?: InternalErrorLog;
}

export function makeErrorHandler(options: ErrorHandlerOptions) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = knownErrorReply(err, {
      bodyLimit: request.routeOptions.bodyLimit,
      accepts: options.accepts,
      contentType: request.headers['content-type'],
    });
    if (known) return reply.code(known.status).send(known.body);
    options.onInternalError?.(err, { method: request.method, path: request.url.split('?')[0] ?? request.url });
    return reply.code(500).send({ error: 'internal', message: 'The service failed while handling the request.' });
  };
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return reply.code(404).send({ error: 'not-found', message: `There is no ${request.method} ${path} here.` });
}
