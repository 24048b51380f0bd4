import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { passwordToken, startServer, type RunningServer } from './support.js';
import { rawRequest } from '../helpers/net.js';
import { jsonShapeProblem } from '../../main/engine/json-shape.js';
import { MAX_RETURNED_ERRORS } from '../../main/server/error-bodies.js';
import { validationJobRequestSchema } from '../../main/server/routes/validation-routes.js';

const OPERATIONS = ['/report-package', '/hrmc/build-ct600', '/validation'];
type ErrorAnswer = { error: string; message: string; errors: { field: string; message: string }[]; errorCount?: number };

describe('the JSON shape check on raw text', () => {
  it('counts depth outside strings only, so brackets inside text never count', () => {
    expect(jsonShapeProblem(`{"a":"${'['.repeat(1000)}"}`)).toBeUndefined();
    expect(jsonShapeProblem(`{"a":"\\"${'{'.repeat(1000)}"}`)).toBeUndefined();
    expect(jsonShapeProblem(`${'['.repeat(64)}${']'.repeat(64)}`)).toBeUndefined();
    expect(jsonShapeProblem(`${'['.repeat(65)}${']'.repeat(65)}`)).toEqual({ kind: 'too-deep', offset: 64 });
  });

  it('counts values (members and elements), never commas inside strings', () => {
    expect(jsonShapeProblem(`["${','.repeat(500_000)}"]`)).toBeUndefined();
    expect(jsonShapeProblem(`[${'1,'.repeat(99_998)}1]`)).toBeUndefined();
    expect(jsonShapeProblem(`[${'1,'.repeat(100_000)}1]`)).toEqual({ kind: 'too-many-values' });
  });
});

describe('hostile JSON bodies get a 400 naming the body, and the server keeps serving', () => {
  let s: RunningServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    s = await startServer();
    auth = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}` };
  });
  afterAll(() => s.stop());

  const post = (path: string, body: string, extra: Record<string, string> = {}) =>
    rawRequest(s.url, 'POST', path, { ...auth, 'content-type': 'application/json', ...extra }, body);

  const normalRequestWorks = async () => {
    const res = await post('/hrmc/build-ct600', '{"companyName":"Acme Ltd"}');
    expect(res.status).toBe(200);
  };

  it.each(OPERATIONS)('%s: 100,000 levels of [ or { (with and without Idempotency-Key) is refused before anything recurses', async (path) => {
    const bodies = ['['.repeat(100_000), `{"a":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}`];
    for (const [i, body] of bodies.entries()) {
      for (const extra of [{}, { 'idempotency-key': `deep-${path}-${i}` }] as Record<string, string>[]) {
        const res = await post(path, body, extra);
        expect(res.status, `${path} ${i}`).toBe(400);
        const answer = JSON.parse(res.body) as ErrorAnswer;
        expect(answer.errors).toEqual([{ field: '(body)', message: expect.stringMatching(/^is nested more than 64 levels deep/) }]);
      }
    }
    await normalRequestWorks();
  });

  it('a body of two million unknown keys is refused for its number of values, in a small answer', async () => {
    const keys = Array.from({ length: 2_000_000 }, (_, i) => `"k${i}":0`).join(',');
    const res = await post('/hrmc/build-ct600', `{${keys}}`);
    expect(res.status).toBe(400);
    expect(res.body.length).toBeLessThan(1000);
    expect((JSON.parse(res.body) as ErrorAnswer).errors).toEqual([{ field: '(body)', message: expect.stringMatching(/^holds more than 100000 values/) }]);
    await normalRequestWorks();
  });

  it('many field errors: at most 100 listed, with the count of all of them', async () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `"unknown${i}":0`).join(',');
    const res = await post('/validation', `{${keys}}`);
    expect(res.status).toBe(400);
    const answer = JSON.parse(res.body) as ErrorAnswer;
    expect(answer.errors).toHaveLength(MAX_RETURNED_ERRORS);
    expect(answer.errorCount).toBe(5002); // 5000 unknown keys, fileName and contentBase64 missing
    expect(answer.message).toMatch(/; and 4992 more$/);
    expect(res.body.length).toBeLessThan(20_000);
  });

  it('a long forbidden key is named by its path, cut short in the answer', async () => {
    const res = await post('/report-package', `{"entrypoints":[{"${'x'.repeat(100_000)}":{"__proto__":{}}}]}`);
    expect(res.status).toBe(400);
    const answer = JSON.parse(res.body) as ErrorAnswer;
    expect(answer.errors[0]?.field).toMatch(/^entrypoints\[0\]\.x{400,}/);
    expect(answer.errors[0]?.field.length).toBeLessThanOrEqual(501);
    expect(answer.errors[0]?.message).toMatch(/forbidden key/);
  });

  it('a replayed 202 carries the same Location as the first answer', async () => {
    const body = JSON.stringify({ fileName: 'r.xml', contentBase64: Buffer.from('<r/>').toString('base64') });
    const first = await fetch(`${s.url}/validation`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'replay-location' }, body });
    const again = await fetch(`${s.url}/validation`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'replay-location' }, body });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('location')).toMatch(/^\/validation\/status\/[0-9a-f-]{36}$/);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await again.json()).toEqual(await first.json());
  });

  it('the idempotency fingerprint is of the raw bytes: the same value spelt differently is a different body', async () => {
    const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': 'raw-bytes' };
    const first = await fetch(`${s.url}/hrmc/build-ct600`, { method: 'POST', headers, body: '{"companyName":"Acme"}' });
    const spaced = await fetch(`${s.url}/hrmc/build-ct600`, { method: 'POST', headers, body: '{ "companyName": "Acme" }' });
    expect(first.status).toBe(200);
    expect(spaced.status).toBe(422);
  });
});

describe('the validation upload base64 check', () => {
  it('takes 30 MB of base64 in linear time (the grouped regular expression overflowed the stack)', () => {
    const contentBase64 = Buffer.alloc(22 * 1024 * 1024, 7).toString('base64');
    expect(validationJobRequestSchema.safeParse({ fileName: 'big.xml', contentBase64 }).success).toBe(true);
    const broken = `${contentBase64.slice(0, -4)}A=A=`;
    const refused = validationJobRequestSchema.safeParse({ fileName: 'big.xml', contentBase64: broken });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['contentBase64'], message: 'must be base64 without line breaks' });
  });
});
