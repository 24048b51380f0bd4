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
}

export function invalidRequest(errors: FieldError[]): ErrorBody {
  return {
    error: 'invalid-request',
    message: `The request is not valid: ${errors.map((e) => `${e.field || '(request)'}: ${e.message}`).join('; ')}`,
    errors,
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

// Errors Fastify raises itself while reading a request, by code, with the
// field they concern: the body as a whole, or its Content-Type header.
const transportErrors: Record<string, { status: number; field: string; message: (limit: number) => string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    field: '(body)',
    message: (limit) => `is larger than the limit of ${limit} bytes`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    field: 'content-type',
    message: () => 'must be application/json (application/x-www-form-urlencoded for the token request)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, field: '(body)', message: () => 'is empty; a JSON object is required' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    field: 'content-length',
    message: () => 'does not match the length of the body',
  },
};

export function makeErrorHandler(bodyLimitBytes: number) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof RequestValidationError) return reply.code(400).send(invalidRequest(err.errors));
    if (err instanceof FieldRequestError) return reply.code(400).send(invalidRequest([err.fieldError]));
    const known = err.code ? transportErrors[err.code] : undefined;
    if (known) {
      const fieldError = { field: known.field, message: known.message(bodyLimitBytes) };
      if (known.status === 400) return reply.code(400).send(invalidRequest([fieldError]));
      const error = known.status === 413 ? 'payload-too-large' : 'unsupported-media-type';
      return reply
        .code(known.status)
        .send({ error, message: `${fieldError.field} ${fieldError.message}`, errors: [fieldError] });
    }
    // JSON syntax errors arrive as a SyntaxError with statusCode 400.
    if (err.statusCode === 400 || err instanceof SyntaxError) {
      return reply.code(400).send(invalidRequest([{ field: '(body)', message: `is not valid JSON: ${err.message}` }]));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: 'bad-request', message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: 'internal', message: 'The service failed while handling the request.' });
  };
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return reply.code(404).send({ error: 'not-found', message: `There is no ${request.method} ${path} here.` });
}
