/**
 * The onRequest hook that guards every API operation: a live bearer token,
 * and an acceptable x-api-version when one is given. It runs before the body
 * is read, so an unauthenticated client cannot make the server read megabytes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenAuthority } from './token-authority.js';
import { API_VERSION_HEADER, apiVersionProblem } from './api-version.js';
import { sendFieldError } from './error-bodies.js';

function unauthorized(reply: FastifyReply, description: string) {
  return reply
    .code(401)
    .header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`)
    .send({ error: 'unauthorized', message: description });
}

const principals = new WeakMap<FastifyRequest, string>();

/** The user the request's token was issued to ('' before authentication). */
export function principalOf(request: FastifyRequest): string {
  return principals.get(request) ?? '';
}

export function bearerAuth(authority: TokenAuthority) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header ?? '');
    if (!match?.[1]) {
      return unauthorized(reply, header ? 'The Authorization header is not "Bearer <token>".' : 'An access token is required.');
    }
    const check = authority.checkAccess(match[1]);
    if (!check.ok) {
      return unauthorized(reply, check.reason === 'expired' ? 'The access token has expired.' : 'The access token is not known.');
    }
    principals.set(request, check.username);
    const problem = apiVersionProblem(request.headers[API_VERSION_HEADER], false);
    if (problem) return sendFieldError(reply, API_VERSION_HEADER, problem);
    return undefined;
  };
}
