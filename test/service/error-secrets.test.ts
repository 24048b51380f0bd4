import { describe, it, expect, afterEach } from 'vitest';
import { inspect } from 'node:util';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { credentials, startServer, TestClock, type RunningServer } from '../server/support.js';
import { rejection, remoteClient, signedInClient } from './remote-support.js';
import { refusedPort } from '../helpers/net.js';

/**
 * Errors travel: they are logged, shown and sent over IPC. Whatever the
 * client throws must carry none of the secrets of the request that failed
 * (axios errors hold the whole request: body, headers, config).
 */
const JOB = '00000000-0000-4000-8000-000000000000';


function expectNoSecrets(err: Error, secrets: string[]): void {
  const shown = [inspect(err, { depth: 10, showHidden: true }), JSON.stringify(err), String(err), err.stack ?? ''];
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(8);
    for (const text of shown) expect(text, `an error shows a secret (${err.name})`).not.toContain(secret);
  }
  // Only a plain { code, message } may hang under the error as its cause.
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined) expect(Object.keys(cause as object).sort()).toEqual(['code', 'message']);
}

type Failure = 'refused' | 'hang' | '500';

describe('errors the remote client creates carry no secrets', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  const failures: Failure[] = ['refused', 'hang', '500'];

  it.each(failures)('password grant against %s', async (failure) => {
    s = await startServer();
    const port = await refusedPort();
    const url = failure === 'refused' ? `http://127.0.0.1:${port}` : s.url;
    if (failure === 'hang') s.server.faults.add({ path: '/connect/token', fault: { kind: 'hang' } });
    if (failure === '500') s.server.faults.add({ path: '/connect/token', fault: { kind: 'status', status: 500 } });
    const client = remoteClient({ server: { ...s, url }, settings: { timeoutMs: 300 } });
    const err = await rejection(client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password }));
    expect(err).toMatchObject({ code: failure === 'refused' ? 'network' : failure === 'hang' ? 'timeout' : 'server-error' });
    expectNoSecrets(err, [credentials.clientSecret, credentials.password]);
  });

  it.each(failures)('refresh grant against %s', async (failure) => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    const store = new MemoryCredentialStore();
    const client = await signedInClient({ server: s, store, clock: clock.now, settings: { timeoutMs: 300 }, waits: [] });
    const refreshToken = (await store.get(SecretAccount.refreshToken(s.url, credentials.username))) ?? '';
    const accessToken = /^Bearer (.+)$/.exec(s.seen.at(-1)?.headers.authorization ?? '')?.[1];
    expect(accessToken).toBeUndefined(); // no operation yet; the token only ever went out on operations
    if (failure === 'refused') await s.server.close();
    if (failure === 'hang') s.server.faults.add({ path: '/connect/token', fault: { kind: 'hang' } });
    if (failure === '500') s.server.faults.add({ path: '/connect/token', fault: { kind: 'status', status: 500 } });
    clock.advanceSeconds(3); // expired: the next call must redeem the refresh token
    const err = await rejection(client.getFilteredValidationStatus(JOB));
    expect(client.session.refreshCount).toBeGreaterThanOrEqual(1);
    expect(err).toMatchObject({ code: failure === 'refused' ? 'network' : failure === 'hang' ? 'timeout' : 'server-error' });
    expectNoSecrets(err, [credentials.clientSecret, credentials.password, refreshToken]);
  });

  it.each(failures)('operation against %s', async (failure) => {
    s = await startServer();
    const store = new MemoryCredentialStore();
    const tokens: string[] = [];
    const { axiosTransport } = await import('../../main/service/remote/http-transport.js');
    const real = axiosTransport();
    const client = await signedInClient({
      server: s,
      store,
      settings: { timeoutMs: 300 },
      waits: [],
      transport: (exchange) => {
        const bearer = /^Bearer (.+)$/.exec(exchange.headers.Authorization ?? '')?.[1];
        if (bearer) tokens.push(bearer);
        return real(exchange);
      },
    });
    const refreshToken = (await store.get(SecretAccount.refreshToken(s.url, credentials.username))) ?? '';
    if (failure === 'refused') await s.server.close();
    if (failure === 'hang') s.server.faults.add({ path: '/hrmc', fault: { kind: 'hang' } });
    if (failure === '500') s.server.faults.add({ path: '/hrmc', fault: { kind: 'status', status: 500 } });
    const err = await rejection(client.buildCt600({ companyName: 'Acme Ltd' }, { idempotencyKey: 'job-1' }));
    expect(err).toMatchObject({ code: failure === 'refused' ? 'network' : failure === 'hang' ? 'timeout' : 'server-error' });
    expect(tokens.length).toBeGreaterThan(0);
    expectNoSecrets(err, [credentials.clientSecret, credentials.password, refreshToken, ...new Set(tokens)]);
  });
});

describe('a token response the client cannot use', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it.each([
    ['is cut short', '{"access_token":"leaked-access-token-1234","refresh_token":"leaked-refresh-token-5678","tok'],
    ['has the wrong shape', '{"access_token":"leaked-access-token-1234","refresh_token":"leaked-refresh-token-5678","token_type":"mac","expires_in":"soon"}'],
  ])('is an UnexpectedResponseError that does not quote the body when it %s', async (_how, text) => {
    s = await startServer();
    const client = remoteClient({
      server: s,
      transport: async () => ({ status: 200, headers: { 'content-type': 'application/json' }, text }),
    });
    const err = await rejection(client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password }));
    expect(err).toMatchObject({ code: 'unexpected-response' });
    expectNoSecrets(err, ['leaked-access-token-1234', 'leaked-refresh-token-5678', credentials.password]);
  });
});
