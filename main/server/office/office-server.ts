/**
 * The office server: Fastify under OFFICE_API, https with the office's
 * certificate (or http, which the command line allows on loopback only).
 * Every route but signing in needs a session's bearer token; the auth hook
 * sets the caller before any route runs. Every refusal is the protocol's
 * error body; anything unexpected is a 500 `internal` that says nothing of
 * the server's insides (the log gets the request line and the error, never a
 * body or a header, which carry passwords and tokens).
 *
 * Route modules are `(api, deps) => void` and are registered inside the API
 * plugin, whose prefix is OFFICE_API: their paths are relative to it
 * (`api.post('/push', …)` answers POST /office/v1/push).
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type pg from 'pg';
import { ZodError } from 'zod';
import { MAX_OFFICE_ATTACHMENT_BYTES, OFFICE_API } from '../../../common/office/protocol.js';
import { RequestValidationError } from '../../engine/errors.js';
import { fieldErrorsFromZod } from '../../engine/zod-errors.js';
import { DEFAULT_JSON_SHAPE_LIMITS, type JsonShapeLimits } from '../../engine/json-shape.js';
import { FieldRequestError } from '../error-bodies.js';
import { parseJsonBody } from '../json-body.js';
import { LoginThrottle, type LoginThrottleOptions } from '../login-throttle.js';
import { OfficeHttpError, type OfficeCaller, type OfficeRouteDeps } from './office-context.js';
import { invalidFields } from './office-request.js';
import { bearerToken, OfficeRetryLater, OfficeSessions } from './sessions.js';
import { OfficeUsers } from './users.js';
import { decoyHash } from './password-hash.js';
import { registerSessionRoutes } from './routes/session-routes.js';
import { registerUserRoutes } from './routes/user-routes.js';
import { registerAuditRoutes } from './routes/audit-routes.js';
import { registerRecordRoutes } from './routes/record-routes.js';
import { registerClaimRoutes } from './routes/claim-routes.js';
import { registerEditingRoutes } from './routes/editing-routes.js';
import { registerSubmissionNumberRoutes } from './routes/submission-number-routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers callers who have not signed in (only signing in itself). */
    officeSignedOut?: boolean;
  }
}

/** JSON bodies everywhere but a push: a request of the protocol is small. */
export const OFFICE_JSON_BODY_LIMIT = 1024 * 1024;
/** A push carries up to MAX_PUSH_CHANGES whole records. */
export const OFFICE_PUSH_BODY_LIMIT = 64 * 1024 * 1024;
/** A push's records may hold many values; other requests keep the service's usual shape limits. */
const PUSH_JSON_SHAPE: JsonShapeLimits = { maxDepth: DEFAULT_JSON_SHAPE_LIMITS.maxDepth, maxValues: 8_000_000 };

export interface OfficeServerOptions {
  pool: pg.Pool;
  clock?: () => Date;
  /** The office's certificate and key (PEM); without them the server speaks http. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Told one line for every 500 (the request line and the error's message). */
  log?: (line: string) => void;
  /** How repeated refused sign-ins are slowed (the clock is the server's). */
  loginThrottle?: Omit<LoginThrottleOptions, 'clock'>;
}

export async function createOfficeServer(options: OfficeServerOptions): Promise<FastifyInstance> {
  const { pool } = options;
  const clock = options.clock ?? (() => new Date());
  const common = { bodyLimit: OFFICE_JSON_BODY_LIMIT, logger: false, forceCloseConnections: true, return503OnClosing: true } as const;
  const app = (options.tls ? Fastify({ ...common, https: { cert: options.tls.cert, key: options.tls.key } }) : Fastify(common)) as unknown as FastifyInstance;

  const callers = new WeakMap<FastifyRequest, OfficeCaller>();
  const deps: OfficeRouteDeps = {
    pool,
    clock,
    caller(request) {
      const caller = callers.get(request);
      if (!caller) throw new OfficeHttpError(401, 'unauthorised', 'sign in first: this request needs a session (Authorization: Bearer <token>)');
      return caller;
    },
  };
  const users = new OfficeUsers({ pool });
  // Made before the first request, so even the first sign-in naming no user takes as long as one with a wrong password.
  await decoyHash();
  const sessions = new OfficeSessions({ pool, clock, users, throttle: new LoginThrottle({ clock, ...options.loginThrottle }) });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      const push = request.routeOptions.bodyLimit > OFFICE_JSON_BODY_LIMIT;
      done(null, parseJsonBody(String(body), push ? PUSH_JSON_SHAPE : DEFAULT_JSON_SHAPE_LIMITS));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Files a record refers to arrive as they are (PUT /attachments/<sha256>), checked by the route against their hash.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_OFFICE_ATTACHMENT_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('onRoute', (route) => {
    if (route.url === `${OFFICE_API}/push` && route.bodyLimit === undefined) route.bodyLimit = OFFICE_PUSH_BODY_LIMIT;
  });

  app.addHook('onSend', async (_request, reply) => {
    // Replies carry tokens and clients' records: no cache, proxy or browser may keep them.
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    if (options.tls) reply.header('strict-transport-security', 'max-age=31536000');
  });
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply, options.log));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    void reply.code(404).send(new OfficeHttpError(404, 'not-found', `there is no ${request.method} ${path.slice(0, 200)} on the office`).body());
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        if (request.routeOptions.config.officeSignedOut) return;
        const token = bearerToken(request.headers.authorization);
        const caller = token ? await sessions.authenticate(token) : undefined;
        if (!caller) {
          throw new OfficeHttpError(401, 'unauthorised', token ? 'the session has ended or is not known; sign in again' : 'sign in first: this request needs a session (Authorization: Bearer <token>)');
        }
        callers.set(request, caller);
      });
      registerSessionRoutes(api, deps, sessions);
      registerUserRoutes(api, deps, users);
      registerAuditRoutes(api, deps);
      registerRecordRoutes(api, deps);
      registerClaimRoutes(api, deps);
      registerEditingRoutes(api, deps);
      registerSubmissionNumberRoutes(api, deps);
    },
    { prefix: OFFICE_API },
  );
  return app;
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, log: ((line: string) => void) | undefined) {
  const known = officeErrorFor(error, request);
  if (known) {
    if (known instanceof OfficeRetryLater) void reply.header('retry-after', String(known.retryAfterSeconds));
    return reply.code(known.status).send(known.body());
  }
  const path = request.url.split('?')[0] ?? request.url;
  log?.(`office: internal error on ${request.method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  return reply.code(500).send(new OfficeHttpError(500, 'internal', 'the office failed while handling the request').body());
}

/** The protocol's refusal for an error whose cause is the request; undefined for anything else. */
function officeErrorFor(error: FastifyError, request: FastifyRequest): OfficeHttpError | undefined {
  if (error instanceof OfficeHttpError) return error;
  if (error instanceof RequestValidationError) return invalidFields(error.errors);
  if (error instanceof ZodError) return invalidFields(fieldErrorsFromZod(error));
  if (error instanceof FieldRequestError) return invalidFields([error.fieldError]);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new OfficeHttpError(413, 'too-large', `the body is larger than the ${request.routeOptions.bodyLimit} bytes this request may be`, [
        { field: '(body)', message: `is larger than ${request.routeOptions.bodyLimit} bytes` },
      ]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new OfficeHttpError(415, 'invalid', 'the office reads application/json (and application/octet-stream for files) only', [
        { field: 'content-type', message: 'must be application/json, or application/octet-stream for a file' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidFields([{ field: '(body)', message: 'is empty; a JSON object is required' }]);
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) return new OfficeHttpError(status, 'invalid', error.message.slice(0, 300));
  return undefined;
}
