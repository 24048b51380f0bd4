import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, inspect } from 'node:util';
import { SecretAccount, type CredentialStore } from '../../main/credentials/credential-store.js';
import { KeyringCredentialStore } from '../../main/credentials/keyring-credential-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { OnlineDesk } from '../../main/online/online-desk.js';
import { DEFAULT_ONLINE_SETTINGS } from '../../main/online/online-settings.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import type { Draft, DraftServiceResults, FollowedJob, IpcResult, OnlineStatus, SendDraftResponse, SessionStatus } from '../../preload/contract.js';
import { runKeychainTests } from '../credentials/secret-service.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from '../ipc/fake-ipc-main.js';
import { credentials, startServer } from '../server/support.js';
import { until } from '../outbox/outbox-support.js';
import { handlerDepsOverDesk } from './online-support.js';

async function filesUnder(dir: string): Promise<{ label: string; bytes: Buffer }[]> {
  const out: { label: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    out.push({ label: `${path} (name)`, bytes: Buffer.from(path) });
    if (entry.isFile()) out.push({ label: path, bytes: await readFile(path) });
  }
  return out;
}

function whereFound(places: Record<string, { label: string; bytes: Buffer }[]>, needle: string): string[] {
  const forms = [needle, Buffer.from(needle).toString('base64'), Buffer.from(needle).toString('base64url'), encodeURIComponent(needle)].map((f) => Buffer.from(f));
  return Object.entries(places).flatMap(([name, items]) => items.filter((i) => forms.some((f) => i.bytes.includes(f))).map((i) => `${name}: ${i.label}`));
}

describe('the Online channels, end to end against the local server', () => {
  it('settings, sign-in, a service build of a draft, a followed job and sign-out — and no secret in any answer, file or log', async () => {
    const s = await startServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-online-'));
    const logs: string[] = [];
    const log = (...args: unknown[]) => logs.push(format(...args));
    const store: CredentialStore = runKeychainTests ? new KeyringCredentialStore({ service: `Filing Desk test ${randomUUID()}` }) : new MemoryCredentialStore();
    const drafts = new DraftStore({ dataDir, log });
    const clients = new ClientBook({ dataDir, log });
    const statuses: OnlineStatus[] = [];
    const online = new OnlineDesk({ dataDir, credentials: store, drafts, clients, log, onStatus: (st) => statuses.push(st) });
    await online.open();
    const ipc = new FakeIpcMain();
    registerHandlers(
      ipc,
      createHandlers(handlerDepsOverDesk({ desk: online, dataDir, clients, drafts }, createCt600Engine({ productVersion: '0.1.0' }))),
      { isTrustedSender: ownPageCheck, logError: (channel, error) => log(`[ipc ${channel}]`, error) },
    );
    const answers: unknown[] = [];
    const call = async <T>(channel: string, request?: unknown): Promise<IpcResult<T>> => {
      const answer = (await ipc.invoke(channel, OWN_PAGE, ...(request === undefined ? [] : [request]))) as IpcResult<T>;
      answers.push(answer);
      return answer;
    };
    const value = async <T>(channel: string, request?: unknown): Promise<T> => {
      const answer = await call<T>(channel, request);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
      return answer.value;
    };
    const refreshTokens = new Set<string>();
    const refreshAccount = SecretAccount.refreshToken(s.url, credentials.username);
    try {
      // Settings: a bad one is refused by field; a good one saved.
      const refused = await call('settings.save', { ...DEFAULT_ONLINE_SETTINGS, baseUrl: 'http://example.com' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'baseUrl' } });
      await value('settings.save', { ...DEFAULT_ONLINE_SETTINGS, baseUrl: s.url, authUrl: s.url });
      expect(await value<OnlineStatus>('online.status')).toMatchObject({ state: 'signed-out' });

      // Sign-in: a wrong password says why; the right one signs in. Neither answer carries a secret.
      const wrong = await call('session.signIn', { ...credentials, password: 'not it' });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'failed', message: 'The service did not accept the username or password.' } });
      const signedIn = await value<SessionStatus>('session.signIn', credentials);
      expect(signedIn).toMatchObject({ signedIn: true, username: credentials.username, clientId: credentials.clientId, service: s.url, reason: null });
      expect(Object.keys(signedIn).sort()).toEqual(['clientId', 'keychain', 'reason', 'service', 'signedIn', 'username']);
      refreshTokens.add((await store.get(refreshAccount)) ?? '');
      expect(statuses.at(-1)).toMatchObject({ state: 'online', signedInAs: credentials.username });

      // A service build of a draft: queued at once, answered by the outbox, kept with the draft.
      const draft = await value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Acme 2024', form: { note: 'planted-marker-response' } });
      const sent = await value<SendDraftResponse>('ct600.sendDraft', { draftId: draft.id, request: minimumReturn() });
      expect(sent.item).toMatchObject({ kind: 'ct600-build', draftId: draft.id, title: 'Acme 2024' });
      await until(() => online.outbox.get(sent.item.id)?.state === 'done', 'the service build');
      const results = await value<DraftServiceResults>('drafts.serviceResults', { id: draft.id });
      expect(results.lastServiceBuild).toMatchObject({ answeredBy: 'service', service: s.url, apiVersion: '1.0', outboxId: sent.item.id });
      expect(s.seen.filter((r) => r.path === '/hrmc/build-ct600').map((r) => r.headers['idempotency-key'])).toEqual([sent.item.id]);

      // A file sent for validation (our own server), then followed to its end.
      const job = await value<SendDraftResponse>('jobs.send', { draftId: draft.id, file: { fileName: 'return.xml', bytes: new TextEncoder().encode('<x/>') } });
      await until(() => online.outbox.get(job.item.id)?.jobId !== undefined, 'the job id');
      const jobId = online.outbox.get(job.item.id)!.jobId!;
      await until(() => online.jobs.get(jobId).state === 'finished', 'the job to finish');
      const followed = await value<FollowedJob>('jobs.get', { id: jobId });
      expect(followed).toMatchObject({ state: 'finished', draftId: draft.id, result: { jobStatus: 'success' } });
      expect((await value<DraftServiceResults>('drafts.serviceResults', { id: draft.id })).jobs.map((j) => j.id)).toEqual([jobId]);
      expect(await value('outbox.list')).toHaveLength(2);
      expect(await call('jobs.follow', { id: 'not-a-uuid', draftId: null })).toMatchObject({ ok: false, error: { field: 'id' } });

      // Sign-out removes the keychain items; the user name stays for the form.
      const out = await value<SessionStatus>('session.signOut');
      expect(out).toMatchObject({ signedIn: false, username: credentials.username });
      for (const account of [refreshAccount, SecretAccount.password(credentials.username), SecretAccount.clientSecret(credentials.clientId)]) {
        expect(await store.get(account)).toBeUndefined();
      }
    } finally {
      await online.stop(0);
      await s.stop();
    }

    // Markers planted in each place show the scan looks there.
    log('planted-marker-log');
    await writeFile(join(dataDir, 'planted.txt'), 'planted-marker-data');
    const places = {
      answers: answers.map((a, i) => ({ label: `answer ${i}`, bytes: Buffer.from(`${JSON.stringify(a)}\n${inspect(a, { depth: 20 })}`) })),
      data: await filesUnder(dataDir),
      logs: logs.map((l, i) => ({ label: `log ${i}`, bytes: Buffer.from(l) })),
      statuses: statuses.map((st, i) => ({ label: `status ${i}`, bytes: Buffer.from(JSON.stringify(st)) })),
    };
    expect(whereFound(places, 'planted-marker-response')[0]).toMatch(/^answers: /);
    expect(whereFound(places, 'planted-marker-data')).toEqual([`data: ${join(dataDir, 'planted.txt')}`]);
    expect(whereFound(places, 'planted-marker-log')).toEqual([`logs: log ${logs.length - 1}`]);
    expect(whereFound(places, credentials.username).length).toBeGreaterThan(0); // what is not secret is there to be found

    const accessTokens = [...new Set(s.seen.map((r) => /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1]).filter((t): t is string => Boolean(t)))];
    expect(accessTokens.length).toBeGreaterThan(0);
    const secrets = { clientSecret: credentials.clientSecret, password: credentials.password, ...Object.fromEntries([...refreshTokens].map((t, i) => [`refresh ${i}`, t])), ...Object.fromEntries(accessTokens.map((t, i) => [`access ${i}`, t])) };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length).toBeGreaterThan(8);
      expect(whereFound(places, secret), `${what} was found`).toEqual([]);
    }
  });
});
