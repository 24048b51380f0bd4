import { afterEach, describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { credentials, startServer, type RunningServer } from '../server/support.js';
import { openDesk, settingsFor, type DeskUnderTest } from './online-support.js';

const servers: RunningServer[] = [];
let open: DeskUnderTest | undefined;
afterEach(async () => {
  await open?.desk.stop(0);
  open = undefined;
  for (const s of servers.splice(0)) await s.stop();
});
const server = async (changed: Partial<typeof credentials> = {}) => {
  const s = await startServer({ credentials: { ...credentials, ...changed } });
  servers.push(s);
  return s;
};
const tokenRequests = (s: RunningServer) => s.seen.filter((r) => r.path === '/connect/token').length;

describe('Test connection from the Settings screen', () => {
  it('tries the stored credentials when signed in, and says in words which of them the service refused', async () => {
    const s = await server();
    open = await openDesk();
    const { desk } = open;
    await desk.saveSettings(settingsFor(s.url));
    await desk.signIn(credentials);

    const ok = await desk.testConnection(settingsFor(s.url));
    expect(ok).toEqual({ ok: true, message: expect.stringMatching(/^Connected to 127\.0\.0\.1:\d+: the service accepted the client id, user name and password\.$/) });

    // The same stored secrets against a service where the password (then the client secret) changed.
    const newPassword = await server({ password: 'changed at the service' });
    const before = tokenRequests(newPassword);
    const wrongUser = await desk.testConnection(settingsFor(newPassword.url));
    expect(wrongUser).toMatchObject({ ok: false, problem: 'wrong-user', message: expect.stringMatching(/^The service refused the user name or password \(403\)/) });
    expect(tokenRequests(newPassword)).toBe(before + 1);

    const newSecret = await server({ clientSecret: 'reissued secret' });
    const wrongClient = await desk.testConnection(settingsFor(newSecret.url));
    expect(wrongClient).toMatchObject({ ok: false, problem: 'wrong-client', message: expect.stringMatching(/^The service refused the client id or client secret \(401\)/) });

    // Nothing of a secret in any answer or log, in any form.
    const seen = [ok, wrongUser, wrongClient].map((r) => `${JSON.stringify(r)}\n${inspect(r, { depth: 10 })}`).join('\n') + open.logs.join('\n');
    const refresh = await open.store.get(SecretAccount.refreshToken(s.url, credentials.username));
    expect(refresh).toBeTruthy();
    for (const secret of [credentials.clientSecret, credentials.password, refresh!]) {
      for (const form of [secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret)]) expect(seen).not.toContain(form);
    }
  });

  it('with nothing stored, says plainly it checked only that the service answers', async () => {
    const s = await server();
    open = await openDesk();
    const { desk } = open;
    await desk.saveSettings(settingsFor(s.url));
    const r = await desk.testConnection(settingsFor(s.url));
    expect(r).toEqual({ ok: true, message: expect.stringMatching(/is answering\. No credentials are stored, so only that was checked: sign in to check/) });

    // After sign-out the secrets are gone, so it is back to checking only that.
    await desk.signIn(credentials);
    expect((await desk.testConnection(settingsFor(s.url))).message).toMatch(/^Connected to/);
    await desk.signOut();
    expect((await desk.testConnection(settingsFor(s.url))).message).toMatch(/No credentials are stored, so only that was checked/);
  });

  it('says so when the keychain does not answer, and still checks the service', async () => {
    const s = await server();
    open = await openDesk();
    await open.desk.saveSettings(settingsFor(s.url));
    await open.desk.signIn(credentials);
    const store = open.store;
    const realGet = store.get.bind(store);
    store.get = async () => {
      throw new Error('keychain locked');
    };
    try {
      const r = await open.desk.testConnection(settingsFor(s.url));
      expect(r).toEqual({ ok: true, message: expect.stringMatching(/^The system keychain did not answer, so the stored credentials were not tried\. The token endpoint at .* is answering\./) });
    } finally {
      store.get = realGet;
    }
  });
});
