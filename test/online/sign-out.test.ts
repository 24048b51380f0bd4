import { describe, expect, it } from 'vitest';
import { SecretAccount, type CredentialStore } from '../../main/credentials/credential-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import type { Draft } from '../../preload/contract.js';
import { secretServiceItems } from '../credentials/secret-service.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { ManualTimers, MovableClock, until } from '../outbox/outbox-support.js';
import { credentials, startServer } from '../server/support.js';
import { handlersFor, openDesk, settingsFor, stopAfterEachTest, type DeskUnderTest } from './online-support.js';

const opened = stopAfterEachTest();

const accounts = (url: string) => [SecretAccount.clientSecret(credentials.clientId), SecretAccount.password(credentials.username), SecretAccount.refreshToken(url, credentials.username)];

/** Where each secret is: in the Secret Service itself (seen over D-Bus with gdbus) when the real keychain is in use, else in the store. */
async function stored(d: DeskUnderTest, url: string): Promise<boolean[]> {
  if (d.keychainService) return accounts(url).map((a) => secretServiceItems(d.keychainService!, a).length === 1);
  return Promise.all(accounts(url).map(async (a) => (await d.store.get(a)) !== undefined));
}

describe('signing out', () => {
  it('drops the access token and the three keychain items, keeps queued work waiting (not failed), and sends it once signed in again', async () => {
    opened.server = await startServer();
    const server = opened.server;
    const timers = new ManualTimers();
    const clock = new MovableClock();
    opened.desk = await openDesk({ timers, clock: clock.now, random: () => 0 });
    const { desk } = opened.desk;
    const ipc = handlersFor(opened.desk);
    await desk.saveSettings(settingsFor(server.url));
    await desk.signIn(credentials);
    expect(await stored(opened.desk, server.url)).toEqual([true, true, true]);
    const builds = (key: string) => server.seen.filter((r) => r.path === '/hrmc/build-ct600' && r.headers['idempotency-key'] === key).length;
    const newDraft = async (title: string) => (await ipc.value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title, form: {} })).id;

    // One request waits for a retry after a 503; another is with the service when the user signs out.
    server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'status', status: 503 }, times: 1 });
    const waiting = (await desk.sendCt600Draft({ draftId: await newDraft('Waiting Ltd'), request: minimumReturn() })).id;
    await until(() => desk.outbox.get(waiting)?.state === 'queued' && desk.outbox.get(waiting)?.attempts === 1, 'the 503');
    server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'delay', ms: 300 }, times: 1 });
    const inFlightDraft = await newDraft('In Flight Ltd');
    const inFlight = (await desk.sendCt600Draft({ draftId: inFlightDraft, request: minimumReturn() })).id;
    await until(() => builds(inFlight) === 1, 'the second request to reach the service');

    const client = (await desk.session.service())!;
    expect(client.session.signedIn).toBe(true);
    const status = await ipc.value('session.signOut');
    expect(status).toMatchObject({ signedIn: false, username: credentials.username, reason: null });
    expect(client.session.signedIn).toBe(false); // the access token is gone from memory
    expect(await stored(opened.desk, server.url)).toEqual([false, false, false]);

    // The waiting request is kept and says why; the window says signed out.
    expect(desk.outbox.get(waiting)).toMatchObject({ state: 'queued', attempts: 1, reason: 'Signed out: kept in the outbox and sent when you sign in again.' });
    expect(desk.status()).toMatchObject({ state: 'signed-out', signedInAs: null, message: 'Signed out of the filing service. 1 request waits in the outbox until you sign in.' });
    expect(opened.desk.statuses.at(-1)).toEqual(desk.status());
    // The one already with the service finishes, and its answer is kept.
    await until(() => desk.outbox.get(inFlight)?.state === 'done', 'the request in flight');
    expect((await desk.draftResults(inFlightDraft)).lastServiceBuild).toMatchObject({ outboxId: inFlight });

    // Time passes and the retry comes due: nothing is sent while signed out, nothing fails.
    clock.advance(60 * 60_000);
    timers.fireAll();
    desk.networkChanged();
    await new Promise((r) => setTimeout(r, 100));
    expect(builds(waiting)).toBe(1);
    expect(desk.outbox.get(waiting)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(desk.outbox.counts()).toMatchObject({ queued: 1, failed: 0 });

    // Signed in again: it goes, with the same key, once.
    await ipc.value('session.signIn', credentials);
    await until(() => desk.outbox.get(waiting)?.state === 'done', 'the kept request to be sent');
    expect(builds(waiting)).toBe(2);
    expect(builds(inFlight)).toBe(1);
    expect(desk.outbox.get(waiting)).toMatchObject({ attempts: 2, reason: null });
    expect(desk.status()).toMatchObject({ state: 'online' });
  });

  it('signs out even when the keychain fails to remove an item, and says which one may remain', async () => {
    opened.server = await startServer();
    const store: CredentialStore = new MemoryCredentialStore();
    opened.desk = await openDesk({ store });
    const { desk } = opened.desk;
    await desk.saveSettings(settingsFor(opened.server.url));
    await desk.signIn(credentials);
    const realDelete = store.delete.bind(store);
    store.delete = async (account) => {
      if (account.startsWith('password:')) throw new Error('keychain locked');
      return realDelete(account);
    };
    const ipc = handlersFor(opened.desk);
    const answer = await ipc.call('session.signOut');
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Signed out, but the system keychain did not remove the password\./) } });
    expect(desk.status()).toMatchObject({ state: 'signed-out' });
    expect(await ipc.value('session.status')).toMatchObject({ signedIn: false });
    expect(await store.get(SecretAccount.clientSecret(credentials.clientId))).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain(credentials.password);
  });
});
