import { describe, it, expect, afterEach } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { InvalidClientError, SignInNeededError } from '../../main/service/service-errors.js';
import { credentials, startServer, TestClock, type RunningServer } from '../server/support.js';
import { commonHeaders, rejection, remoteClient, signedInClient } from './remote-support.js';

const JOB = '00000000-0000-4000-8000-000000000000';

describe('RemoteFilingService session against the local server', () => {
  let s: RunningServer;
  afterEach(() => s.stop());

  it('signs in, runs every operation, and says the remote service answered', async () => {
    s = await startServer();
    const store = new MemoryCredentialStore();
    const client = await signedInClient({ server: s, store });
    const company = { name: 'Acme Widgets Ltd', id: '01234567' };

    const ct600 = await client.buildCt600({ companyName: 'Acme Widgets Ltd' }, { clientCompany: company });
    expect(ct600.answeredBy).toBe('remote');
    expect(Buffer.from(ct600.value.xmlDoc ?? '', 'base64').toString()).toContain('Acme Widgets Ltd');

    const plain = await client.createReportPackage({ name: 'pkg' }, { includeHash: false });
    expect(plain.value.hashResult).toBeUndefined();
    const hashed = await client.createReportPackage({ name: 'pkg' }, { includeHash: true });
    expect(hashed.value.hashResult).toEqual({ Hash_Result: 'hash-of-zip' });

    const job = await client.createValidationJob('accounts.xhtml', new TextEncoder().encode('<html/>'));
    expect(job.answeredBy).toBe('remote');
    const status = await client.getValidationStatus(job.value.id);
    expect(status.value.jobStatus).toBe('success');
    const filtered = await client.getFilteredValidationStatus(job.value.id);
    expect(filtered.value.validations[0]?.messages).toEqual([]);

    // The refresh token went to the credential store; the access token did not.
    const stored = await store.get(SecretAccount.refreshToken(s.url, credentials.username));
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.get(SecretAccount.password(credentials.username))).toBe(credentials.password);
    expect(await store.get(SecretAccount.clientSecret(credentials.clientId))).toBe(credentials.clientSecret);

    // Every operation carried the common headers and x-api-version.
    const operations = s.seen.filter((r) => r.path !== '/connect/token');
    expect(operations).toHaveLength(6);
    for (const r of operations) {
      expect(r.headers['x-api-version']).toBe('1.0');
      expect(r.headers.authorization).toMatch(/^Bearer /);
      expect(r.headers.applicationname).toBe(commonHeaders.applicationName);
      expect(r.headers.partnername).toBe(commonHeaders.partnerName);
      expect(r.headers.partnerid).toBe(commonHeaders.partnerId);
      expect(r.headers.customername).toBe(commonHeaders.customerName);
      expect(r.headers.customerid).toBe(commonHeaders.customerId);
    }
    // The client pair only where the call named a client company.
    expect(operations[0]?.headers.clientname).toBe(company.name);
    expect(operations[0]?.headers.clientid).toBe(company.id);
    expect(operations[1]?.headers.clientname).toBeUndefined();
  });

  it('sends a client company name beyond ASCII percent-encoded, so the header stays valid', async () => {
    s = await startServer();
    const client = await signedInClient({ server: s });
    await client.buildCt600({ companyName: 'Zoë' }, { clientCompany: { name: 'Zoë & Øyvind Ltd', id: 'SC1' } });
    const seen = s.seen.find((r) => r.path === '/hrmc/build-ct600');
    expect(seen?.headers.clientname).toBe(encodeURIComponent('Zoë & Øyvind Ltd'));
    expect(decodeURIComponent(String(seen?.headers.clientname))).toBe('Zoë & Øyvind Ltd');
  });

  it('sends the hash switch under the name the settings give', async () => {
    s = await startServer();
    const urls: string[] = [];
    const { axiosTransport } = await import('../../main/service/remote/http-transport.js');
    const real = axiosTransport();
    const client = await signedInClient({
      server: s,
      settings: { hashSwitchName: 'withHash' },
      transport: (exchange) => {
        urls.push(exchange.url);
        return real(exchange);
      },
    });
    await client.createReportPackage({ name: 'pkg' }, { includeHash: true });
    expect(urls.at(-1)).toBe(`${s.url}/report-package?withHash=true`);
  });

  it('renews a token that expired mid-session (2-second tokens, server clock driven)', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    const client = await signedInClient({ server: s, clock: clock.now });
    await client.getFilteredValidationStatus(JOB).catch(() => undefined);
    clock.advanceSeconds(3);
    const job = await client.createValidationJob('a.xml', new Uint8Array([60, 97, 47, 62]));
    expect(job.value.id).toBeTruthy();
    expect(s.server.tokens.issued).toEqual({ password: 1, refresh: 1 });
  });

  it('20 concurrent requests that meet a token the server already expired share exactly one refresh', async () => {
    const serverClock = new TestClock();
    s = await startServer({ clock: serverClock.now, tokenLifetimeSeconds: 2 });
    // The client's clock stands still, so it believes its token is fresh and
    // every request gets a 401 first.
    const client = await signedInClient({ server: s, clock: new TestClock().now });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]));
    serverClock.advanceSeconds(5);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.getValidationStatus(job.value.id)));
    expect(results.every((r) => r.value.jobStatus === 'success')).toBe(true);
    expect(s.server.tokens.issued.refresh).toBe(1);
    expect(client.session.refreshCount).toBe(1);
    expect(s.seen.filter((r) => r.path.startsWith('/validation/status')).length).toBe(40);
  });

  it('20 concurrent requests across an expiry the client sees coming share exactly one refresh, sent ahead', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    const client = await signedInClient({ server: s, clock: clock.now });
    const job = await client.createValidationJob('a.xml', new Uint8Array([1]));
    clock.advanceSeconds(1.9); // inside the renew-ahead window, not yet expired
    const results = await Promise.all(Array.from({ length: 20 }, () => client.getFilteredValidationStatus(job.value.id)));
    expect(results).toHaveLength(20);
    expect(s.server.tokens.issued.refresh).toBe(1);
    // Nobody was turned away: the refresh happened before the requests.
    expect(s.seen.filter((r) => r.path.startsWith('/validation/filtered-status')).length).toBe(20);
  });

  it('a revoked refresh token means SignInNeededError, and the dead token leaves the store', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    const store = new MemoryCredentialStore();
    const client = await signedInClient({ server: s, store, clock: clock.now });
    s.server.tokens.revokeRefreshTokens();
    clock.advanceSeconds(3);
    const err = await rejection(client.getFilteredValidationStatus(JOB));
    expect(err).toBeInstanceOf(SignInNeededError);
    expect((err as SignInNeededError).code).toBe('sign-in-needed');
    expect(await store.get(SecretAccount.refreshToken(s.url, credentials.username))).toBeUndefined();
    // Signing in again with the stored password restores the session.
    await client.signIn();
    await expect(client.getFilteredValidationStatus(JOB)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('without any session the first call asks for sign-in', async () => {
    s = await startServer();
    const err = await rejection(remoteClient({ server: s }).getFilteredValidationStatus(JOB));
    expect(err).toBeInstanceOf(SignInNeededError);
    expect(s.seen).toHaveLength(0);
  });

  it('a wrong client secret is InvalidClientError; a wrong password is SignInNeededError and is not stored', async () => {
    s = await startServer();
    const store = new MemoryCredentialStore();
    const client = remoteClient({ server: s, store });
    expect(await rejection(client.signIn({ clientSecret: 'wrong', password: credentials.password }))).toBeInstanceOf(
      InvalidClientError,
    );
    const err = await rejection(client.signIn({ clientSecret: credentials.clientSecret, password: 'wrong' }));
    expect(err).toBeInstanceOf(SignInNeededError);
    expect(err.message).toMatch(/username or password/);
    expect(await store.get(SecretAccount.password(credentials.username))).toBeUndefined();
    expect(await store.get(SecretAccount.clientSecret(credentials.clientId))).toBeUndefined();
  });
});
