import { describe, it, expect, afterEach } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { SecretAccount, type CredentialStore } from '../../main/credentials/credential-store.js';
import { TimeoutError } from '../../main/service/service-errors.js';
import { credentials, startServer, TestClock, type RunningServer } from '../server/support.js';
import { rejection, remoteClient, signedInClient } from './remote-support.js';

/** A real store that records every call made to it, secret included. */
class SpyCredentialStore implements CredentialStore {
  readonly kind = 'memory-only' as const;
  readonly description = 'spy';
  readonly calls: { op: 'get' | 'set' | 'delete'; account: string; secret?: string }[] = [];
  private readonly inner = new MemoryCredentialStore();

  async get(account: string) {
    this.calls.push({ op: 'get', account });
    return this.inner.get(account);
  }
  async set(account: string, secret: string) {
    this.calls.push({ op: 'set', account, secret });
    return this.inner.set(account, secret);
  }
  async delete(account: string) {
    this.calls.push({ op: 'delete', account });
    return this.inner.delete(account);
  }
}

const JOB = '00000000-0000-4000-8000-000000000000';

describe('what the session gives the credential store', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('the client secret, the password and refresh tokens, under their three accounts; never an access token', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    const store = new SpyCredentialStore();
    const client = await signedInClient({ server: s, store, clock: clock.now });
    await client.buildCt600({ companyName: 'Acme Ltd' });
    await client.createReportPackage({ name: 'p' }, { includeHash: true });
    const job = await client.createValidationJob('a.xml', new Uint8Array([60, 97, 47, 62]));
    clock.advanceSeconds(3); // expiry: the next call refreshes
    await client.getValidationStatus(job.value.id);
    await client.getFilteredValidationStatus(job.value.id);
    await client.signOut();
    expect(s.server.tokens.issued).toEqual({ password: 1, refresh: 1 });

    const accessTokens = new Set(s.seen.map((r) => /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1]).filter((t): t is string => Boolean(t)));
    expect(accessTokens.size).toBe(2); // one per grant

    const accounts = {
      clientSecret: SecretAccount.clientSecret(credentials.clientId),
      password: SecretAccount.password(credentials.username),
      refreshToken: SecretAccount.refreshToken(s.url, credentials.username),
    };
    expect(new Set(store.calls.map((c) => c.account))).toEqual(new Set(Object.values(accounts)));
    const sets = store.calls.filter((c) => c.op === 'set');
    expect(sets.map((c) => c.account).sort()).toEqual([accounts.clientSecret, accounts.password, accounts.refreshToken, accounts.refreshToken].sort());
    expect(sets.find((c) => c.account === accounts.password)?.secret).toBe(credentials.password);
    expect(sets.find((c) => c.account === accounts.clientSecret)?.secret).toBe(credentials.clientSecret);
    for (const call of store.calls) {
      for (const token of accessTokens) {
        expect(call.secret ?? '').not.toContain(token);
        expect(call.account).not.toContain(token);
      }
    }
    expect(store.calls.at(-1)).toEqual({ op: 'delete', account: accounts.refreshToken });
  });
});

describe('a token endpoint that never answers', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('signing in ends in TimeoutError after the time limit, once, and the error holds no password', async () => {
    s = await startServer();
    s.server.faults.add({ path: '/connect/token', fault: { kind: 'hang' } });
    const client = remoteClient({ server: s, settings: { timeoutMs: 250 } });
    const started = Date.now();
    const err = await rejection(client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ timeoutMs: 250 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(s.seen.filter((r) => r.path === '/connect/token')).toHaveLength(1); // a password grant is never resent
    expect(JSON.stringify({ ...err, message: err.message, cause: (err as { cause?: unknown }).cause })).not.toContain(credentials.password);
    expect(err.message).not.toContain(credentials.password);
  });

  it('a refresh that hangs is a TimeoutError for the call that needed it', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    const client = await signedInClient({ server: s, clock: clock.now, settings: { timeoutMs: 250, retry: { maxAttempts: 1 } } });
    s.server.faults.add({ path: '/connect/token', fault: { kind: 'hang' } });
    clock.advanceSeconds(3);
    const err = await rejection(client.getFilteredValidationStatus(JOB));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(s.seen.filter((r) => r.path.startsWith('/validation'))).toHaveLength(0);
  });
});
