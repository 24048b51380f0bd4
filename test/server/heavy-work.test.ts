/**
 * Heavy and hostile work never takes the service's thread away from other
 * requests: a 20 MB validation job runs in the engine worker, and a body
 * nested 40,000 levels deep is refused by a linear scan. Latency is measured
 * as the median of several small GETs, with a bound generous enough for a
 * loaded two-core machine and far below the seconds the old behaviour took.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { passwordToken, startServer, type RunningServer } from './support.js';
import { rawRequest } from '../helpers/net.js';
import { ct600Vectors } from '../helpers/shared.js';

const SMALL_GET_BOUND_MS = 200;
const UNKNOWN_JOB = '00000000-0000-4000-8000-000000000000';

/** The accepted sample grown to `bytes` with extra elements in its Body (valid UTF-8 XML, schema-invalid). */
async function returnOfSize(bytes: number): Promise<Buffer> {
  const sample = await readFile(join(ct600Vectors, 'tpvs-accepted-sample.xml'), 'utf8');
  const element = `<Extra>${'a'.repeat(100)}</Extra>`;
  const filler = element.repeat(Math.ceil((bytes - sample.length) / element.length));
  return Buffer.from(sample.replace('</Body>', `${filler}</Body>`));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('small requests stay quick while heavy work is under way', () => {
  let s: RunningServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    s = await startServer({ engine: undefined });
    auth = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}` };
  });
  afterAll(() => s.stop());

  const timedGet = async () => {
    const start = performance.now();
    const res = await rawRequest(s.url, 'GET', `/validation/filtered-status/${UNKNOWN_JOB}`, auth);
    expect(res.status).toBe(404);
    return performance.now() - start;
  };

  it('POST /validation with a 20 MB return: 202, its job ends in the worker, and small GETs meanwhile take under 200 ms (median)', async () => {
    const file = await returnOfSize(20 * 1024 * 1024);
    const created = await rawRequest(s.url, 'POST', '/validation', { ...auth, 'content-type': 'application/json' }, JSON.stringify({ fileName: 'big-return.xml', contentBase64: file.toString('base64') }));
    expect(created.status).toBe(202);
    const { id } = JSON.parse(created.body) as { id: string };
    const latencies: number[] = [];
    let status = 'queued';
    let result: { jobStatus: string; validations: { validationType: number }[] } | undefined;
    const deadline = Date.now() + 100_000;
    while (status === 'queued' || status === 'running') {
      if (status === 'running') latencies.push(await timedGet());
      const res = await rawRequest(s.url, 'GET', `/validation/status/${id}`, { ...auth, 'x-api-version': '1.0' });
      result = JSON.parse(res.body) as typeof result;
      status = result!.jobStatus;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('success');
    expect(result!.validations.map((v) => v.validationType)).toContain(0);
    // The job ran long enough for several GETs to be measured while it did.
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    console.info(`small GETs while a 20 MB job ran: ${latencies.length}, median ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`);
    expect(median(latencies)).toBeLessThan(SMALL_GET_BOUND_MS);
  }, 120_000);

  it('a body nested 40,000 levels deep is refused at once, and small GETs sent with it take under 200 ms (median)', async () => {
    const deep = `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`;
    const latencies: number[] = [];
    for (let round = 0; round < 9; round++) {
      const refused = rawRequest(s.url, 'POST', '/hrmc/build-ct600', { ...auth, 'content-type': 'application/json' }, deep);
      const [answer, latency] = await Promise.all([refused, timedGet()]);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ field: '(body)', message: expect.stringMatching(/^is nested more than 64 levels deep/) }] });
      latencies.push(latency);
    }
    console.info(`small GETs beside 40,000-deep bodies: median ${median(latencies).toFixed(1)} ms`);
    expect(median(latencies)).toBeLessThan(SMALL_GET_BOUND_MS);
  });
});
