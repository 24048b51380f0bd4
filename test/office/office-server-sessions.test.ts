import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ADMIN, CLERK, startOfficeHarness, type OfficeHarness } from './office-server-harness.js';

let office: OfficeHarness | undefined;
afterEach(async () => {
  await office?.close();
  office = undefined;
});

describe('signing in to the office', () => {
  it('gives the right password a 12-hour token, kept on the office only as its SHA-256, and says who the caller is', async () => {
    office = await startOfficeHarness();
    const session = await office.signIn(CLERK, 'back office');
    expect(session.user).toEqual({ name: CLERK.name, admin: false });
    expect(Buffer.from(session.token, 'base64url')).toHaveLength(32);
    expect(session.expiresAt).toBe('2026-12-02T21:00:00.000Z');
    const stored = (await office.pool.query<{ token_sha256: string }>('SELECT token_sha256 FROM office_sessions')).rows.map((r) => r.token_sha256);
    expect(stored).toEqual([createHash('sha256').update(session.token).digest('hex')]);

    const whoami = await office.request('GET', '/whoami', session.token);
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json()).toEqual({ user: CLERK.name, admin: false, desk: 'back office' });
    expect(whoami.headers['cache-control']).toBe('no-store');
    expect(whoami.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a wrong password and an unknown user in the same words, and audits the refusal', async () => {
    office = await startOfficeHarness();
    const wrongPassword = await office.request('POST', '/sessions', undefined, { user: CLERK.name, password: 'not-bobs-password', desk: 'd1' });
    const unknownUser = await office.request('POST', '/sessions', undefined, { user: 'mallory', password: CLERK.password, desk: 'd1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: { code: 'unauthorised', message: 'the user name or password is not right' } });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    const audit = await office.pool.query("SELECT user_name, desk FROM office_audit WHERE action = 'sign-in-refused' ORDER BY n");
    expect(audit.rows).toEqual([{ user_name: CLERK.name, desk: 'd1' }, { user_name: 'mallory', desk: 'd1' }]);
    expect((await office.pool.query('SELECT count(*)::int AS n FROM office_sessions')).rows[0].n).toBe(0);
  });

  it('slows repeated refusals for a user, without checking the password while it waits', async () => {
    office = await startOfficeHarness();
    const attempt = (password: string) => office!.request('POST', '/sessions', undefined, { user: CLERK.name, password, desk: 'd1' });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-number-${i}`)).statusCode).toBe(401);
    expect((await attempt('guess-number-5')).statusCode).toBe(401);
    const held = await attempt(CLERK.password);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    expect(held.json().error.code).toBe('too-many');
    office.advance(1500);
    expect((await attempt(CLERK.password)).statusCode).toBe(201);
  });

  it('refuses an expired session and a signed-out one', async () => {
    office = await startOfficeHarness();
    const expiring = await office.signIn(ADMIN);
    const signingOut = await office.signIn(CLERK);
    office.advance(12 * 3600_000 - 1000);
    expect((await office.request('GET', '/whoami', expiring.token)).statusCode).toBe(200);
    office.advance(1000);
    const expired = await office.request('GET', '/whoami', expiring.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/session has ended/);

    const signedIn = await office.signIn(CLERK);
    expect((await office.request('DELETE', '/sessions/current', signedIn.token)).statusCode).toBe(204);
    expect((await office.request('GET', '/whoami', signedIn.token)).statusCode).toBe(401);
    expect(signingOut.token).not.toBe(signedIn.token);
    expect((await office.request('GET', '/whoami')).json().error.code).toBe('unauthorised');
  });

  it('answers a bad sign-in body with each field and its rule', async () => {
    office = await startOfficeHarness();
    const reply = await office.request('POST', '/sessions', undefined, { user: '../etc', desk: '', remember: true });
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.error.code).toBe('invalid');
    expect(body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['desk', 'password', 'remember', 'user']);
    expect(body.error.fields.find((f: { field: string }) => f.field === 'user').message).toMatch(/letters, digits/);
    expect(body.error.fields.find((f: { field: string }) => f.field === 'password').message).toMatch(/is required/);

    const notJson = await office.app.inject({ method: 'POST', url: '/office/v1/sessions', headers: { 'content-type': 'application/json' }, payload: '{"user":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.fields[0].field).toBe('(body)');
  });
});
