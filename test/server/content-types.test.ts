import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { credentials, passwordToken, startServer, type RunningServer } from './support.js';
import { knownErrorReply } from '../../main/server/error-bodies.js';
import { rawRequest } from '../helpers/net.js';


type ErrorBody = { error: string; message: string; errors: { field: string; message: string }[] };
const json = (text: string) => JSON.parse(text) as ErrorBody;

const JSON_OPERATIONS = ['/report-package', '/hrmc/build-ct600', '/validation'];
const passwordForm = new URLSearchParams({ grant_type: 'password', ...{ client_id: credentials.clientId, client_secret: credentials.clientSecret, username: credentials.username, password: credentials.password } }).toString();

describe('each endpoint reads only its own content type', () => {
  let s: RunningServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    s = await startServer({ bodyLimitBytes: 64 * 1024 });
    auth = { authorization: `Bearer ${(await passwordToken(s.url)).access_token}` };
  });
  afterAll(() => s.stop());

  it.each(JSON_OPERATIONS)('POST %s: text/plain is 415 naming content-type', async (path) => {
    const res = await rawRequest(s.url, 'POST', path, { ...auth, 'content-type': 'text/plain' }, '{"companyName":"Acme"}');
    expect(res.status).toBe(415);
    expect(json(res.body)).toEqual({
      error: 'unsupported-media-type',
      message: 'content-type must be application/json; "text/plain" is not accepted here',
      errors: [{ field: 'content-type', message: 'must be application/json; "text/plain" is not accepted here' }],
    });
  });

  it.each(JSON_OPERATIONS)('POST %s: a form body is 415, never handed to the operation', async (path) => {
    const res = await rawRequest(s.url, 'POST', path, { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, 'companyName=Acme&name=p');
    expect(res.status).toBe(415);
    expect(json(res.body).errors).toEqual([
      { field: 'content-type', message: 'must be application/json; "application/x-www-form-urlencoded" is not accepted here' },
    ]);
  });

  it('the token request: JSON and text/plain are 415 saying the form type', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const res = await rawRequest(s.url, 'POST', '/connect/token', { 'content-type': type }, JSON.stringify({ grant_type: 'password' }));
      expect(res.status, type).toBe(415);
      expect(json(res.body).errors, type).toEqual([
        { field: 'content-type', message: `must be application/x-www-form-urlencoded; "${type}" is not accepted here` },
      ]);
    }
    const none = await rawRequest(s.url, 'POST', '/connect/token', {});
    expect(none.status).toBe(415);
    expect(json(none.body).errors).toEqual([{ field: 'content-type', message: 'must be application/x-www-form-urlencoded' }]);
    // …and the form itself still works.
    const ok = await rawRequest(s.url, 'POST', '/connect/token', { 'content-type': 'application/x-www-form-urlencoded' }, passwordForm);
    expect(ok.status).toBe(200);
  });
});

describe('413 quotes the limit that applied', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ bodyLimitBytes: 64 * 1024 });
  });
  afterAll(() => s.stop());

  it('the token request has its own 16 KB limit', async () => {
    const res = await rawRequest(s.url, 'POST', '/connect/token', { 'content-type': 'application/x-www-form-urlencoded' }, `${passwordForm}&pad=${'x'.repeat(20 * 1024)}`);
    expect(res.status).toBe(413);
    expect(json(res.body)).toMatchObject({ error: 'payload-too-large', errors: [{ field: '(body)', message: 'is larger than the limit of 16384 bytes' }] });
  });

  it('the operations have the server limit', async () => {
    const token = (await passwordToken(s.url)).access_token;
    const res = await rawRequest(s.url, 'POST', '/report-package', { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, JSON.stringify({ name: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect(json(res.body).errors).toEqual([{ field: '(body)', message: 'is larger than the limit of 65536 bytes' }]);
  });
});

describe('400 says what was wrong with the body', () => {
  let s: RunningServer;
  let post: (body: string) => Promise<{ status: number; body: string }>;
  beforeAll(async () => {
    s = await startServer();
    const token = (await passwordToken(s.url)).access_token;
    post = (body) => rawRequest(s.url, 'POST', '/hrmc/build-ct600', { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body);
  });
  afterAll(() => s.stop());

  it('broken JSON: "is not valid JSON"', async () => {
    const res = await post('{"companyName": "Acme",');
    expect(res.status).toBe(400);
    expect(json(res.body).errors).toEqual([{ field: '(body)', message: expect.stringMatching(/^is not valid JSON: /) }]);
  });

  it('an empty body: "is empty"', async () => {
    const res = await post('');
    expect(res.status).toBe(400);
    expect(json(res.body).errors).toEqual([{ field: '(body)', message: 'is empty; a JSON object is required' }]);
  });

  it('__proto__ anywhere: a forbidden key, named by its path', async () => {
    for (const [body, field] of [
      ['{"companyName":"Acme","__proto__":{"isAdmin":true}}', '__proto__'],
      ['{"declaration":{"name":"A","__proto__":{"x":1}}}', 'declaration.__proto__'],
      ['{"attachedFiles":[{"filename":"a.pdf"},{"__proto__":null}]}', 'attachedFiles[1].__proto__'],
    ] as const) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(json(res.body).errors, body).toEqual([{ field, message: 'is a forbidden key (it could change the prototype of objects on the server)' }]);
    }
  });

  it('constructor.prototype: a forbidden key too', async () => {
    const res = await post('{"companyName":"Acme","constructor":{"prototype":{"isAdmin":true}}}');
    expect(res.status).toBe(400);
    expect(json(res.body).errors).toEqual([
      { field: 'constructor.prototype', message: 'is a forbidden key (it could change the prototype of objects on the server)' },
    ]);
  });

});

describe('knownErrorReply maps Fastify\'s own request errors by code, not all to "not valid JSON"', () => {
  const facts = { bodyLimit: 1000, accepts: 'application/json', contentType: 'application/json' };
  const fastifyError = (code: string, statusCode: number, message: string) => Object.assign(new Error(message), { code, statusCode });

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, { field: '(body)', message: 'is not valid JSON' }],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, { field: '(body)', message: 'is empty; a JSON object is required' }],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, { field: 'content-length', message: 'does not match the length of the body' }],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, { field: '(body)', message: 'is larger than the limit of 1000 bytes' }],
  ] as const)('%s → %i', (code, status, fieldError) => {
    const reply = knownErrorReply(fastifyError(code, status, 'whatever Fastify said'), facts);
    expect(reply?.status).toBe(status);
    expect(reply?.body.errors).toEqual([fieldError]);
  });

  it('a SyntaxError from a parser is about JSON', () => {
    const reply = knownErrorReply(Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 }), facts);
    expect(reply?.body.errors).toEqual([{ field: '(body)', message: 'is not valid JSON: Unexpected end of JSON input' }]);
  });

  it('another 400 keeps its own words and is not called JSON', () => {
    const reply = knownErrorReply(fastifyError('FST_ERR_SOMETHING_NEW', 400, 'The header is malformed.'), facts);
    expect(reply).toEqual({ status: 400, body: { error: 'bad-request', message: 'The header is malformed.' } });
  });

  it('anything else is not the request\'s fault: undefined, so the caller answers 500', () => {
    expect(knownErrorReply(new Error('disk on fire'), facts)).toBeUndefined();
    expect(knownErrorReply(new TypeError('x is undefined'), facts)).toBeUndefined();
  });
});
