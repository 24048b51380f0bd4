/**
 * POST /connect/token: the password grant of the interface and the refresh
 * grant it leaves unshown (RFC 6749 section 6). Statuses follow the
 * interface's table: 400 bad parameters, 401 bad client, 403 failed user
 * authentication; 429 with Retry-After while a user's password guesses are
 * throttled (login-throttle.ts). A refresh token that is unknown, spent, expired or revoked
 * is also a failed user authentication (403): the user must sign in again.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fieldErrorsFromZod } from '../../engine/zod-errors.js';
import type { TokenAuthority, TokenResponse } from '../token-authority.js';
import type { LoginThrottle } from '../login-throttle.js';
import { FieldRequestError, invalidRequest, makeErrorHandler, unsupportedMediaType, type InternalErrorLog } from '../error-bodies.js';

const filled = z.string().min(1, 'must not be empty');
const grantType = z.object({
  grant_type: z.enum(['password', 'refresh_token'], 'must be "password" or "refresh_token"'),
});
const passwordGrant = z.object({ client_id: filled, client_secret: filled, username: filled, password: filled });
const refreshGrant = z.object({ client_id: filled, client_secret: filled, refresh_token: filled });

/** Parses a form body, refusing repeated fields (RFC 6749 section 3.2). */
export function parseForm(body: string): { form: Record<string, string> } | { repeated: string } {
  const form: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(form, key)) return { repeated: key };
    form[key] = value;
  }
  return { form };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string, field?: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description, ...(field ? { errors: [{ field, message: description }] } : {}) });
}

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
/** A token request is five short fields; nothing legitimate comes near this. */
export const TOKEN_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Registers the token endpoint in its own scope: the only place a form body
 * is read (the operations read JSON only), with its own body limit and its
 * own 415 wording.
 */
export async function registerTokenRoute(app: FastifyInstance, authority: TokenAuthority, throttle: LoginThrottle, onInternalError?: InternalErrorLog): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      const parsed = parseForm(String(body));
      if ('repeated' in parsed) {
        done(new FieldRequestError(parsed.repeated, 'is given more than once'));
        return;
      }
      done(null, parsed.form);
    });
    scope.setErrorHandler(makeErrorHandler({ accepts: FORM_MEDIA_TYPE, ...(onInternalError ? { onInternalError } : {}) }));
    tokenRoute(scope, authority, throttle);
  });
}

function tokenRoute(app: FastifyInstance, authority: TokenAuthority, throttle: LoginThrottle): void {
  app.post('/connect/token', { bodyLimit: TOKEN_BODY_LIMIT_BYTES }, async (request, reply) => {
    // A request with no body and no Content-Type skips the parsers altogether.
    if (request.body === undefined) {
      return reply.code(415).send(unsupportedMediaType(FORM_MEDIA_TYPE, request.headers['content-type']));
    }
    const form = (request.body ?? {}) as Record<string, string>;
    const kind = grantType.safeParse(form);
    if (!kind.success) {
      const errors = fieldErrorsFromZod(kind.error);
      return reply.code(400).header('cache-control', 'no-store').send({
        ...invalidRequest(errors),
        error: form.grant_type ? 'unsupported_grant_type' : 'invalid_request',
        error_description: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      });
    }
    const fields = (kind.data.grant_type === 'password' ? passwordGrant : refreshGrant).safeParse(form);
    if (!fields.success) {
      const errors = fieldErrorsFromZod(fields.error);
      return reply.code(400).header('cache-control', 'no-store').send({
        ...invalidRequest(errors),
        error: 'invalid_request',
        error_description: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      });
    }
    const data = fields.data as Record<string, string>;
    const clientId = data.client_id ?? '';
    if (!authority.isClient(clientId, data.client_secret ?? '')) {
      return oauthError(reply, 401, 'invalid_client', 'The client id or client secret is not right.');
    }
    let tokens: TokenResponse | undefined;
    if (kind.data.grant_type === 'password') {
      const username = data.username ?? '';
      const wait = throttle.retryAfterSeconds(username);
      if (wait > 0) {
        // The password is not checked at all while the door is closed: no guess gets an answer.
        reply.header('retry-after', String(wait));
        return oauthError(reply, 429, 'too_many_attempts', `Too many failed sign-ins for this user; try again in ${wait} seconds.`);
      }
      if (!authority.isUser(username, data.password ?? '')) {
        throttle.failed(username);
        return oauthError(reply, 403, 'invalid_grant', 'The username or password is not right.');
      }
      throttle.succeeded(username);
      tokens = authority.grantForPassword(clientId, username);
    } else {
      tokens = authority.grantForRefresh(clientId, data.refresh_token ?? '');
      if (!tokens) {
        return oauthError(reply, 403, 'invalid_grant', 'The refresh token is unknown, expired or revoked; sign in again.');
      }
    }
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
  });
}
