import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { passwordToken, startServer, type RunningServer } from './support.js';
import { rawRequest } from '../helpers/net.js';


describe('the server answers garbage with clear 4xx bodies and keeps serving', () => {
  let s: RunningServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    s = await startServer({ bodyLimitBytes: 64 * 1024 });
    auth = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}` };
  });
  afterAll(() => s.stop());

  const post = (path: string, body: string | Buffer, contentType = 'application/json') =>
    rawRequest(s.url, 'POST', path, { ...auth, 'content-type': contentType }, body);

  it('invalid JSON: 400 naming the body', async () => {
    const res = await post('/hrmc/build-ct600', '{"companyName": "Acme",');
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as { error: string; errors: { field: string; message: string }[] };
    expect(body.error).toBe('invalid-request');
    expect(body.errors[0]?.field).toBe('(body)');
    expect(body.errors[0]?.message).toMatch(/^is not valid JSON/);
  });

  it('empty JSON body: 400 naming the body', async () => {
    const res = await post('/report-package', '');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ field: '(body)' }] });
  });

  it('a JSON value that is not the request: 400 from the engine naming the field', async () => {
    const res = await post('/hrmc/build-ct600', '{"reference": "1234567890"}');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid-request', errors: [{ field: 'companyName', message: 'is required' }] });
  });

  it('wrong content type: 415 naming content-type', async () => {
    const res = await post('/hrmc/build-ct600', '<xml/>', 'application/xml');
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'unsupported-media-type', errors: [{ field: 'content-type' }] });
  });

  it('a body over the cap: 413 saying the limit', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(200 * 1024) });
    const res = await post('/report-package', huge);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'payload-too-large',
      errors: [{ field: '(body)', message: 'is larger than the limit of 65536 bytes' }],
    });
  });

  it('unknown paths and methods: 404 saying what was asked', async () => {
    const res = await rawRequest(s.url, 'GET', '/no/such/thing?x=1', auth);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ error: 'not-found', message: 'There is no GET /no/such/thing here.' });
    expect((await rawRequest(s.url, 'DELETE', '/report-package', auth)).status).toBe(404);
  });

  it('path traversal and other non-UUIDs in job ids: 400 naming id, or 404 when the path leaves the route', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e', 'not-a-uuid', "1'%20OR%201=1"]) {
      const res = await rawRequest(s.url, 'GET', `/validation/status/${id}`, { ...auth, 'x-api-version': '1.0' });
      expect(res.status, id).toBe(400);
      expect(JSON.parse(res.body), id).toMatchObject({ errors: [{ field: 'id', message: 'must be a validation job id (a UUID)' }] });
    }
    const escaped = await rawRequest(s.url, 'GET', '/validation/status/../../../etc/passwd', { ...auth, 'x-api-version': '1.0' });
    expect(escaped.status).toBe(404);
    expect(escaped.body).not.toContain('root:');
  });

  it('status without x-api-version: 400 naming the header; filtered status does not need it', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await rawRequest(s.url, 'GET', `/validation/status/${id}`, auth);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ field: 'x-api-version', message: 'is required for this operation' }] });
    expect((await rawRequest(s.url, 'GET', `/validation/filtered-status/${id}`, auth)).status).toBe(404);
    const unsupported = await rawRequest(s.url, 'GET', `/validation/filtered-status/${id}`, { ...auth, 'x-api-version': '9' });
    expect(unsupported.status).toBe(400);
    expect(JSON.parse(unsupported.body)).toMatchObject({ errors: [{ field: 'x-api-version' }] });
  });

  it('a hash switch that is not a boolean: 400 naming includeHash', async () => {
    const res = await post('/report-package?includeHash=yes', '{"name":"p"}');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ field: 'includeHash', message: 'must be "true" or "false"' }] });
  });

  it('validation job requests name the broken field', async () => {
    const res = await post('/validation', JSON.stringify({ fileName: '../evil.xml', contentBase64: 'not base64!', extra: 1 }));
    expect(res.status).toBe(400);
    const fields = (JSON.parse(res.body) as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['contentBase64', 'extra', 'fileName']);
  });

  it('creates a validation job with 202, a Location and an id that reads back', async () => {
    const res = await post('/validation', JSON.stringify({ fileName: 'accounts.xhtml', contentBase64: Buffer.from('<html/>').toString('base64') }));
    expect(res.status).toBe(202);
    const { id } = JSON.parse(res.body) as { id: string };
    const status = await rawRequest(s.url, 'GET', `/validation/status/${id}`, { ...auth, 'x-api-version': '1' });
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body)).toMatchObject({ jobStatus: 'success' });
  });

  it('still serves a good request after all of that', async () => {
    const res = await post('/hrmc/build-ct600', '{"companyName":"Acme Ltd"}');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ irMark: expect.any(String) });
  });
});

describe('binding', () => {
  it('listens on 127.0.0.1 only by default', async () => {
    const s = await startServer();
    try {
      expect(new URL(s.url).hostname).toBe('127.0.0.1');
      const address = s.server.app.server.address();
      expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
    } finally {
      await s.stop();
    }
  });
});
