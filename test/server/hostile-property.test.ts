/**
 * Generated hostile requests against every route of the service on the real
 * engine: random JSON of random depth (up to 100,000 levels), wrong types
 * under the real field names, prototype keys, broken text and bytes, odd
 * content types, and a few bodies near the 40 MiB limit. Whatever comes in,
 * the answer is never a 5xx, and a normal request works afterwards.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { passwordToken, startServer, credentials, type RunningServer } from './support.js';
import { rawRequest } from '../helpers/net.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../main/server/service-server.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { minimalPackageRequest } from '../engine/package/minimal-request.js';

const GENERATED_CASES = 300;
const ROUTES: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/report-package' },
  { method: 'POST', path: '/report-package?includeHash=true' },
  { method: 'POST', path: '/hrmc/build-ct600' },
  { method: 'POST', path: '/validation' },
  { method: 'POST', path: '/connect/token' },
  { method: 'GET', path: '/validation/status/00000000-0000-4000-8000-000000000001' },
  { method: 'GET', path: '/validation/filtered-status/00000000-0000-4000-8000-000000000001' },
];
const FIELDS = [
  'companyName', 'reference', 'periodCovered', 'from', 'to', 'chargeableProfits', 'currency', 'value', 'attachedFiles', 'filename',
  'itemsElementName', 'declaration', 'accounts', 'computations', 'returnType', 'financialYearTwo', 'name', 'identifier', 'entrypoints',
  'entryPointDocument', 'href', 'languages', 'reportBase64Content', 'base64ZipFiles', 'base64ReportPackageJson', 'reportName',
  'reportPackageName', 'publicationDate', 'fileName', 'contentBase64', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
];

/** A value of any JSON type, or of the wrong one, under real field names and prototype keys. */
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.base64String(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), tie('tree'), { maxKeys: 6 }),
  ),
}));

/** A valid request of each operation, so mutated ones reach the engine's cross-field rules and builders. */
const VALID: Record<string, Record<string, unknown>> = {
  '/hrmc/build-ct600': fullReturn() as Record<string, unknown>,
  '/report-package': minimalPackageRequest(),
  '/validation': { fileName: 'r.xml', contentBase64: Buffer.from('<r/>').toString('base64') },
};

/** A valid request with one field replaced by anything, removed, or one unknown field added. */
const nearlyValid = fc
  .tuple(fc.constantFrom(...Object.keys(VALID)), fc.nat(), tree, fc.constantFrom('replace', 'remove', 'add'))
  .map(([route, pick, value, how]) => {
    const request: Record<string, unknown> = { ...VALID[route] };
    const keys = Object.keys(request);
    const key = keys[pick % keys.length]!;
    if (how === 'replace') request[key] = value;
    else if (how === 'remove') delete request[key];
    else request[FIELDS[pick % FIELDS.length]!] = value;
    return { route: { method: 'POST' as const, path: route }, body: JSON.stringify(request) };
  });

/** Text of a body: JSON of the tree (its __proto__ keys kept as own keys), deep nesting, or broken text. */
const bodyText = fc.oneof(
  tree.map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom(...FIELDS), tree, { maxKeys: 8 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(...FIELDS).chain((k) => tree.map((v) => `{"__proto__":${JSON.stringify(v)},"${k}":1}`)),
  fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('[', '{"a":', '[{"b":'), fc.boolean()).map(([n, open, closed]) =>
    closed && open === '[' ? `${open.repeat(n)}${']'.repeat(n)}` : open.repeat(n),
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.constantFrom('', ' ', 'null', '[]', '{}', '"x"', '1e999999', '{"a":1}{', '\uFEFF{}', 'grant_type=password&username=x'),
);

/** Mostly JSON, so most cases reach the parsers and the engine's schemas rather than stopping at 415. */
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  { arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml', ''), weight: 2 },
);

describe('hostile requests to every route never get a 5xx', () => {
  let s: RunningServer;
  let authorization: string;
  beforeAll(async () => {
    s = await startServer({ engine: undefined });
    authorization = `Bearer ${(await passwordToken(s.url)).access_token}`;
  });
  afterAll(() => s.stop());

  const send = (method: string, path: string, type: string, body?: string | Buffer, extra: Record<string, string> = {}) =>
    rawRequest(s.url, method, path, { authorization, 'x-api-version': '1.0', ...(type ? { 'content-type': type } : {}), ...extra }, method === 'GET' ? undefined : body);

  const normalRequestWorks = async () => {
    const res = await send('POST', '/validation', 'application/json', JSON.stringify({ fileName: 'ok.xml', contentBase64: Buffer.from('<r/>').toString('base64') }));
    expect(res.status).toBe(202);
  };

  it(`${GENERATED_CASES} generated bodies, types and routes`, async () => {
    let cases = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(nearlyValid, fc.record({ route: fc.constantFrom(...ROUTES), body: bodyText })),
        contentType,
        fc.option(fc.string({ minLength: 1, maxLength: 20 })),
        async ({ route, body }, type, key) => {
        cases++;
        const res = await send(route.method, route.path, type, body, key ? { 'idempotency-key': key.replace(/[^\x21-\x7e]/g, 'k') } : {});
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${route.method} ${route.path} ${type}: ${body.slice(0, 120)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        expect(() => JSON.parse(res.body)).not.toThrow();
        },
      ),
      { numRuns: GENERATED_CASES },
    );
    console.info(`hostile-property: ${cases} generated cases ran; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(cases).toBeGreaterThanOrEqual(GENERATED_CASES);
    await normalRequestWorks();
  }, 240_000);

  it('a few bodies near the 40 MiB limit: a long broken base64 string, deep, wide, and just over the limit', async () => {
    const limit = DEFAULT_BODY_LIMIT_BYTES;
    const longString = JSON.stringify({ fileName: 'big.xml', contentBase64: `${'A'.repeat(limit - 100)}!` });
    const large: [string, string, number][] = [
      ['/validation', longString, 400],
      ['/report-package', '['.repeat(limit - 10), 400],
      ['/hrmc/build-ct600', `[${'0,'.repeat((limit - 10) / 2)}0]`, 400],
      ['/validation', `{"fileName":"a","contentBase64":"${'A'.repeat(limit)}"}`, 413],
    ];
    for (const [path, body, expected] of large) {
      const res = await send('POST', path, 'application/json', body);
      expect(res.status, `${path} ${body.length} bytes`).toBe(expected);
      expect(res.body.length).toBeLessThan(100_000);
    }
    console.info(`hostile-property: ${large.length} bodies of up to ${limit} bytes ran`);
    await normalRequestWorks();
  }, 120_000);

  it('the token endpoint with hostile forms never gets a 5xx either', async () => {
    const forms = [
      `${'a=1&'.repeat(3000)}grant_type=password`,
      `grant_type=password&client_id=${credentials.clientId}&client_secret=${credentials.clientSecret}&username=%00&password=%ZZ`,
      'grant_type=refresh_token&refresh_token=__proto__&client_id=x&client_secret=y',
    ];
    for (const form of forms) {
      const res = await send('POST', '/connect/token', 'application/x-www-form-urlencoded', form);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
