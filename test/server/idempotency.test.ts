import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { InMemoryEngine, passwordToken, startServer, type RunningServer } from './support.js';

describe('Idempotency-Key on POSTs', () => {
  let s: RunningServer;
  let engine: InMemoryEngine;
  let headers: Record<string, string>;
  beforeEach(async () => {
    engine = new InMemoryEngine();
    s = await startServer({ engine });
    headers = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}`, 'content-type': 'application/json' };
  });
  afterEach(() => s.stop());

  const createJob = (key: string | undefined, content = 'PGEvPg==') =>
    fetch(`${s.url}/validation`, {
      method: 'POST',
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ fileName: 'a.xml', contentBase64: content }),
    });

  it('a repeat with the same key gets the first answer and does no work', async () => {
    const first = await createJob('job-1');
    const again = await createJob('job-1');
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(engine.jobs.size).toBe(1);
    await createJob('job-2');
    await createJob(undefined);
    await createJob(undefined);
    expect(engine.jobs.size).toBe(4);
  });

  it('concurrent repeats wait for the first and share its answer', async () => {
    s.server.faults.add({ path: '/validation', times: 1, fault: { kind: 'delay', ms: 100 } });
    const answers = await Promise.all([createJob('same'), createJob('same'), createJob('same')]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    expect(engine.jobs.size).toBe(1);
  });

  it('the same key with a different body is refused with 422 naming the header', async () => {
    await createJob('k');
    const other = await createJob('k', 'PGIvPg==');
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ errors: [{ field: 'idempotency-key' }] });
    expect(engine.jobs.size).toBe(1);
  });

  it('a 5xx is not stored, so the retry does the work', async () => {
    s.server.faults.add({ path: '/validation', times: 1, fault: { kind: 'status', status: 503 } });
    expect((await createJob('retry-me')).status).toBe(503);
    expect((await createJob('retry-me')).status).toBe(202);
    expect(engine.jobs.size).toBe(1);
  });

  it('a key that is not visible ASCII is a 400 naming the header', async () => {
    const res = await fetch(`${s.url}/validation`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'has space' },
      body: JSON.stringify({ fileName: 'a.xml', contentBase64: 'PGEvPg==' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'idempotency-key' }] });
  });
});

describe('stored answers are bounded by their total size', () => {
  let s: RunningServer;
  let engine: InMemoryEngine;
  let headers: Record<string, string>;
  // Each answer here is {"id":"<uuid>"}: 45 bytes. Two fit in 100 bytes, three do not.
  beforeEach(async () => {
    engine = new InMemoryEngine();
    s = await startServer({ engine, idempotencyLimits: { maxBytes: 100 } });
    headers = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}`, 'content-type': 'application/json' };
  });
  afterEach(() => s.stop());

  const createJob = (key: string) =>
    fetch(`${s.url}/validation`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify({ fileName: 'a.xml', contentBase64: 'PGEvPg==' }),
    });

  it('evicts the oldest answers when the total passes the limit', async () => {
    for (const key of ['k1', 'k2', 'k3']) expect((await createJob(key)).status).toBe(202);
    expect(engine.jobs.size).toBe(3);
    const newest = await createJob('k3');
    expect(newest.headers.get('idempotent-replayed')).toBe('true');
    const second = await createJob('k2');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(engine.jobs.size).toBe(3);
    // k1 was the oldest and went to make room for k3: its repeat runs again.
    const oldest = await createJob('k1');
    expect(oldest.headers.get('idempotent-replayed')).toBeNull();
    expect(engine.jobs.size).toBe(4);
  });

  it('does not keep an answer larger than the whole limit', async () => {
    const big = () =>
      fetch(`${s.url}/report-package`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'big' },
        body: JSON.stringify({ name: 'x'.repeat(200) }),
      });
    expect((await big()).status).toBe(200);
    const again = await big();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});
