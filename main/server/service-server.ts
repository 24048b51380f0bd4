/**
 * The local server of the filing service's HTTP contract, on top of our own
 * engine: token endpoint, the interface's operations, and POST /validation.
 * A factory so tests start it on port 0 with short token lifetimes, an
 * injected clock, fault switches and a fake or real engine.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { setImmediate } from 'node:timers/promises';
import type { EngineOperations } from '../service/engine-operations.js';
import { TokenAuthority, type ServiceCredentials } from './token-authority.js';
import { FaultSwitches } from './faults.js';
import { dropResponseHook, faultHook } from './fault-hook.js';
import { IdempotencyKeys, rememberRawBody, resolveIdempotencyLimits, type IdempotencyLimits, type IdempotencyLog } from './idempotency.js';
import { IdempotencyRecords } from './idempotency-records.js';
import { bearerAuth } from './bearer-auth.js';
import { makeErrorHandler, notFoundHandler, type InternalErrorLog } from './error-bodies.js';
import { JSON_MEDIA_TYPE, parseJsonBodyInSteps } from './json-body.js';
import { registerTokenRoute } from './routes/token-route.js';
import { LoginThrottle, type LoginThrottleOptions } from './login-throttle.js';
import { registerOperationRoutes } from './routes/operation-routes.js';
import { registerValidationRoutes } from './routes/validation-routes.js';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface ServiceServerOptions {
  credentials: ServiceCredentials;
  /** The service's data folder: validation jobs (with the real engine) and stored Idempotency-Key answers. */
  dataDir: string;
  /** Defaults to the real engine (CT600 builder, report packages, validation jobs) on dataDir. */
  engine?: EngineOperations;
  tokenLifetimeSeconds?: number;
  refreshTokenLifetimeSeconds?: number;
  /** Largest request body accepted; larger gets 413. */
  bodyLimitBytes?: number;
  clock?: () => Date;
  faults?: FaultSwitches;
  /** Sees every request as it arrives (tests check headers with it). */
  onRequest?: (seen: SeenRequest) => void;
  /** Bounds of the stored Idempotency-Key answers (count and total bytes). */
  idempotencyLimits?: IdempotencyLimits;
  /** How often expired Idempotency-Key answers are removed while running (10 minutes by default). */
  idempotencySweepEveryMs?: number;
  /** Told what the stored Idempotency-Key answers held at start and which could not be trusted; the console by default. */
  idempotencyLog?: IdempotencyLog;
  /** Loopback unless the caller asks for something else on purpose. */
  host?: string;
  /** Told about every 500 (error and request line, never body or headers); the CLI logs them to stderr. */
  onInternalError?: InternalErrorLog;
  /** How password guesses are slowed (the clock is the server's). */
  loginThrottle?: Omit<LoginThrottleOptions, 'clock'>;
}

export interface ServiceServer {
  readonly app: FastifyInstance;
  readonly tokens: TokenAuthority;
  readonly faults: FaultSwitches;
  /** Starts listening; resolves to the base URL, e.g. http://127.0.0.1:40123. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
export const DEFAULT_REFRESH_LIFETIME_SECONDS = 30 * 24 * 3600;
/** A CT600 may carry 25 MB of attachments; base64 and JSON add a third. */
export const DEFAULT_BODY_LIMIT_BYTES = 40 * 1024 * 1024;

export async function createServiceServer(options: ServiceServerOptions): Promise<ServiceServer> {
  const clock = options.clock ?? (() => new Date());
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const host = options.host ?? '127.0.0.1';
  const faults = options.faults ?? new FaultSwitches();
  // The real engine's validation checks run in a worker thread, off the thread that answers requests.
  const checks = options.engine ? undefined : (await import('./engine-worker-checks.js')).workerChecks(undefined, options.dataDir);
  const engine =
    options.engine ??
    (await import('../service/engine-wiring.js')).createEngineOperations({ dataDir: options.dataDir, clock, ...(checks ? { runChecks: checks.runChecks } : {}) });
  const tokens = new TokenAuthority({
    credentials: options.credentials,
    accessLifetimeSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    refreshLifetimeSeconds: options.refreshTokenLifetimeSeconds ?? DEFAULT_REFRESH_LIFETIME_SECONDS,
    clock,
  });

  // Stored answers are read before the server listens: a retry arriving first thing after a restart is still a replay.
  const idempotencyLimits = resolveIdempotencyLimits(options.idempotencyLimits);
  const idempotency = new IdempotencyKeys({
    clock,
    records: new IdempotencyRecords({ dataDir: options.dataDir, maxAnswerBytes: idempotencyLimits.maxBytes }),
    limits: idempotencyLimits,
    ...(options.idempotencySweepEveryMs !== undefined ? { sweepEveryMs: options.idempotencySweepEveryMs } : {}),
    ...(options.idempotencyLog ? { log: options.idempotencyLog } : {}),
  });
  try {
    await idempotency.open();
  } catch (error) {
    await engine.close();
    await checks?.close();
    throw error;
  }

  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  const app = Fastify({
    bodyLimit,
    logger: false,
    // Hung requests (a fault) must not keep close() waiting.
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  const onInternalError = options.onInternalError;
  app.setErrorHandler(makeErrorHandler({ accepts: JSON_MEDIA_TYPE, ...(onInternalError ? { onInternalError } : {}) }));
  // JSON only, through our own parser: Fastify's text/plain parser would hand
  // a string to the operations (a 400 where 415 is right).
  app.removeAllContentTypeParsers();
  // In steps with the event loop running between them: a 20 MB upload must not keep a status poll waiting.
  // Taken as bytes and decoded here (as Fastify would, UTF-8), so joining the chunks and decoding are two steps, not one.
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer' }, async (request: FastifyRequest, body: string | Buffer) => {
    await setImmediate();
    const text = body.toString('utf8');
    await setImmediate();
    rememberRawBody(request, text);
    await setImmediate();
    return parseJsonBodyInSteps(text);
  });
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('onRequest', async (request) => {
    options.onRequest?.({ method: request.method, path: request.url.split('?')[0] ?? request.url, headers: request.headers });
  });
  app.addHook('onRequest', faultHook(faults, { released }));
  app.addHook('onSend', dropResponseHook);
  app.addHook('onClose', async () => {
    release();
    await idempotency.close();
    await engine.close();
    await checks?.close();
  });

  await registerTokenRoute(app, tokens, new LoginThrottle({ clock, ...options.loginThrottle }), onInternalError);
  await app.register(async (api) => {
    api.addHook('onRequest', bearerAuth(tokens));
    api.addHook('preHandler', idempotency.preHandler);
    api.addHook('onSend', idempotency.onSend);
    api.addHook('onResponse', idempotency.onResponse);
    registerOperationRoutes(api, engine);
    registerValidationRoutes(api, engine);
  });

  return {
    app,
    tokens,
    faults,
    async listen(port = 0) {
      await app.listen({ port, host });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shownHost}:${address.port}`;
    },
    async close() {
      release();
      await app.close();
    },
  };
}
