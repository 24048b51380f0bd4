import { describe, it, expect, afterEach } from 'vitest';
import {
  ForbiddenError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../main/service/service-errors.js';
import { InMemoryEngine, startServer, type RunningServer } from '../server/support.js';
import { rejection, signedInClient } from './remote-support.js';

const JOB = '00000000-0000-4000-8000-000000000000';
const count = (s: RunningServer, path: string) => s.seen.filter((r) => r.path.startsWith(path)).length;

describe('RemoteFilingService maps each failure to its typed error', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('400 → InvalidRequestError with the field errors from the body', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    const err = await rejection(client.buildCt600({ reference: '1234567890' }));
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect((err as InvalidRequestError).errors).toEqual([{ field: 'companyName', message: 'is required' }]);
    expect(err.message).toContain('companyName: is required');
    expect(count(s, '/hrmc')).toBe(1); // never retried
  });

  it('401 that survives a refresh → UnauthorizedError after exactly one refresh and one resend', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    s.server.faults.add({ path: '/validation/filtered-status', fault: { kind: 'unauthorized' } });
    const err = await rejection(client.getFilteredValidationStatus(JOB));
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(s.server.tokens.issued.refresh).toBe(1);
    expect(count(s, '/validation/filtered-status')).toBe(2);
  });

  it('403 → ForbiddenError', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    s.server.faults.add({ path: '/hrmc', fault: { kind: 'status', status: 403 } });
    expect(await rejection(client.buildCt600({ companyName: 'A' }))).toBeInstanceOf(ForbiddenError);
  });

  it('404 → NotFoundError for an unknown job', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    const err = await rejection(client.getValidationStatus(JOB));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toContain(JOB);
  });

  it('413 → PayloadTooLargeError', async () => {
    s = await startServer({ bodyLimitBytes: 1024 });
    const client = await signedInClient({ server: s });
    const err = await rejection(client.createValidationJob('big.xml', new Uint8Array(4096)));
    expect(err).toBeInstanceOf(PayloadTooLargeError);
    expect(err.message).toContain('1024 bytes');
  });

  it('429 on a GET: waits exactly the Retry-After, then succeeds', async () => {
    s = await startServer();
    const waits: number[] = [];
    const client = await signedInClient({ server: s, waits });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]));
    s.server.faults.add({ path: '/validation/status', times: 1, fault: { kind: 'rate-limit', retryAfterSeconds: 2 } });
    const status = await client.getValidationStatus(job.value.id);
    expect(status.value.jobStatus).toBe('success');
    expect(waits).toEqual([2000]);
  });

  it('429 on a POST without an idempotency key → RateLimitedError carrying Retry-After, not resent', async () => {
    s = await startServer();
    const waits: number[] = [];
    const client = await signedInClient({ server: s, waits });
    s.server.faults.add({ path: '/hrmc', fault: { kind: 'rate-limit', retryAfterSeconds: 7 } });
    const err = await rejection(client.buildCt600({ companyName: 'A' }));
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(7000);
    expect(waits).toEqual([]);
    expect(count(s, '/hrmc')).toBe(1);
  });

  it('429 with a Retry-After beyond the settings is handed to the caller at once', async () => {
    s = await startServer();
    const waits: number[] = [];
    const client = await signedInClient({ server: s, waits });
    s.server.faults.add({ path: '/validation/status', fault: { kind: 'rate-limit', retryAfterSeconds: 3600 } });
    const err = await rejection(client.getValidationStatus(JOB));
    expect(err).toMatchObject({ code: 'rate-limited', retryAfterMs: 3_600_000, attempts: 1 });
    expect(waits).toEqual([]);
  });

  it('500 on a GET: retried to the attempt limit with backoff, then ServerError', async () => {
    s = await startServer();
    const waits: number[] = [];
    const client = await signedInClient({ server: s, waits });
    s.server.faults.add({ path: '/validation/status', fault: { kind: 'status', status: 500 } });
    const err = await rejection(client.getValidationStatus(JOB));
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 500, attempts: 3 });
    expect(count(s, '/validation/status')).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('500 on a POST without an idempotency key → ServerError, sent once', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    s.server.faults.add({ path: '/report-package', fault: { kind: 'status', status: 503 } });
    const err = await rejection(client.createReportPackage({ name: 'p' }, { includeHash: false }));
    expect(err).toMatchObject({ code: 'server-error', status: 503, attempts: 1 });
    expect(count(s, '/report-package')).toBe(1);
  });

  it('a server that hangs → TimeoutError, and a POST without a key is not resent', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, settings: { timeoutMs: 300 } });
    s.server.faults.add({ path: '/hrmc', fault: { kind: 'hang' } });
    const err = await rejection(client.buildCt600({ companyName: 'A' }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ timeoutMs: 300, attempts: 1 });
    expect(count(s, '/hrmc')).toBe(1);
  });

  it('a hanging GET times out on every attempt, then TimeoutError', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, settings: { timeoutMs: 200 }, waits: [] });
    s.server.faults.add({ path: '/validation/filtered-status', fault: { kind: 'hang' } });
    const err = await rejection(client.getFilteredValidationStatus(JOB));
    expect(err).toMatchObject({ code: 'timeout', attempts: 3 });
    expect(count(s, '/validation/filtered-status')).toBe(3);
  });

  it('a dropped connection on a GET is retried; when it keeps dropping → NetworkError', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, waits: [] });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]));
    s.server.faults.add({ path: '/validation/status', times: 1, fault: { kind: 'drop-connection' } });
    expect((await client.getValidationStatus(job.value.id)).value.jobStatus).toBe('success');
    expect(count(s, '/validation/status')).toBe(2);

    s.server.faults.add({ path: '/validation/status', fault: { kind: 'drop-connection' } });
    const err = await rejection(client.getValidationStatus(job.value.id));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ attempts: 3 });
    expect(count(s, '/validation/status')).toBe(5);
  });

  it('a dropped POST is resent only when it carries an Idempotency-Key', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, waits: [] });
    s.server.faults.add({ path: '/validation', method: 'POST', times: 1, fault: { kind: 'drop-connection' } });
    const err = await rejection(client.createValidationJob('a.xml', new Uint8Array([1])));
    expect(err).toBeInstanceOf(NetworkError);
    expect(s.seen.filter((r) => r.method === 'POST' && r.path === '/validation')).toHaveLength(1);

    s.server.faults.add({ path: '/validation', method: 'POST', times: 1, fault: { kind: 'drop-connection' } });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]), { idempotencyKey: 'outbox-job-42' });
    expect(job.value.id).toBeTruthy();
    const posts = s.seen.filter((r) => r.method === 'POST' && r.path === '/validation').slice(1);
    expect(posts).toHaveLength(2);
    expect(posts.map((r) => r.headers['idempotency-key'])).toEqual(['outbox-job-42', 'outbox-job-42']);
  });

  it('a body that is not the JSON it claims → UnexpectedResponseError', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    s.server.faults.add({ path: '/hrmc', fault: { kind: 'malformed-body' } });
    const err = await rejection(client.buildCt600({ companyName: 'A' }));
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err.message).toMatch(/not valid JSON/);
  });

  it('a refused connection → NetworkError naming the cause', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, waits: [] });
    await s.server.close();
    const err = await rejection(client.getFilteredValidationStatus(JOB));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('a slow answer within the time limit is simply waited for', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s, settings: { timeoutMs: 2000 } });
    s.server.faults.add({ path: '/hrmc', times: 1, fault: { kind: 'delay', ms: 150 } });
    expect((await client.buildCt600({ companyName: 'A' })).value.irMark).toBeTruthy();
  });
});

describe('a POST whose answer is lost after the service did the work', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('without a key: reported as NetworkError and not resent (the job exists once)', async () => {
    const engine = new InMemoryEngine();
    s = await startServer({ engine });
    const client = await signedInClient({ server: s, waits: [] });
    s.server.faults.add({ path: '/validation', method: 'POST', times: 1, fault: { kind: 'drop-response' } });
    const err = await rejection(client.createValidationJob('a.xml', new Uint8Array([1])));
    expect(err).toBeInstanceOf(NetworkError);
    expect(engine.jobs.size).toBe(1);
  });

  it('with a key: resent, the service replays its first answer, and the work is done once', async () => {
    const engine = new InMemoryEngine();
    s = await startServer({ engine });
    const client = await signedInClient({ server: s, waits: [] });
    s.server.faults.add({ path: '/validation', method: 'POST', times: 1, fault: { kind: 'drop-response' } });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]), { idempotencyKey: 'outbox-7' });
    expect(engine.jobs.size).toBe(1);
    expect([...engine.jobs.keys()]).toEqual([job.value.id]);
    expect(count(s, '/validation')).toBe(2);
  });
});
