import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { credentials, passwordToken, startServer, TestClock, type RunningServer } from './support.js';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const passwordFields = {
  grant_type: 'password',
  client_id: credentials.clientId,
  client_secret: credentials.clientSecret,
  username: credentials.username,
  password: credentials.password,
};

describe('POST /connect/token', () => {
  const clock = new TestClock();
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
  });
  afterAll(() => s.stop());

  it('issues a bearer token for the password grant, not to be cached', async () => {
    const res = await fetch(`${s.url}/connect/token`, form(passwordFields));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 2, scope: expect.any(String) });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.access_token).not.toBe(body.refresh_token);
  });

  it('answers 400 naming every missing field', async () => {
    const res = await fetch(`${s.url}/connect/token`, form({ grant_type: 'password', client_id: credentials.clientId }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; errors: { field: string; message: string }[] };
    expect(body.error).toBe('invalid_request');
    expect(body.errors.map((e) => e.field).sort()).toEqual(['client_secret', 'password', 'username']);
  });

  it('answers 400 for a missing or unsupported grant type, naming grant_type', async () => {
    for (const fields of [{}, { grant_type: 'client_credentials' }] as Record<string, string>[]) {
      const res = await fetch(`${s.url}/connect/token`, form(fields));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: { field: string }[] };
      expect(body.errors.map((e) => e.field)).toContain('grant_type');
    }
  });

  it('answers 400 for a field given twice', async () => {
    const res = await fetch(`${s.url}/connect/token`, {
      ...form({}),
      body: `${new URLSearchParams(passwordFields).toString()}&password=again`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'password', message: 'is given more than once' }] });
  });

  it('answers 401 for a wrong client secret and 403 for a wrong password', async () => {
    const badClient = await fetch(`${s.url}/connect/token`, form({ ...passwordFields, client_secret: 'nope' }));
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
    const badUser = await fetch(`${s.url}/connect/token`, form({ ...passwordFields, password: 'nope' }));
    expect(badUser.status).toBe(403);
    expect(await badUser.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a JSON body with 415 naming content-type', async () => {
    const res = await fetch(`${s.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(passwordFields),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'content-type' }] });
  });

  it('redeems a refresh token once (rotation) and refuses it afterwards with 403', async () => {
    const first = await passwordToken(s.url);
    const refresh = (token: string) =>
      fetch(
        `${s.url}/connect/token`,
        form({ grant_type: 'refresh_token', client_id: credentials.clientId, client_secret: credentials.clientSecret, refresh_token: token }),
      );
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = (await res.json()) as { access_token: string; refresh_token: string };
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    // Revocation ends the session: the new refresh token stops working too.
    s.server.tokens.revokeRefreshTokens();
    expect((await refresh(second.refresh_token)).status).toBe(403);
  });

  it('lets an access token work until it expires, then answers 401', async () => {
    const { access_token } = await passwordToken(s.url);
    const call = () =>
      fetch(`${s.url}/validation/filtered-status/00000000-0000-4000-8000-000000000000`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
    expect((await call()).status).toBe(404);
    clock.advanceSeconds(2);
    const expired = await call();
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await expired.json()).toMatchObject({ error: 'unauthorized', message: 'The access token has expired.' });
  });

  it('answers 401 without a token, with a malformed header, and with an unknown token', async () => {
    const url = `${s.url}/hrmc/build-ct600`;
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-token-we-issued' }] as Record<string, string>[]) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('unauthorized');
    }
  });
});
