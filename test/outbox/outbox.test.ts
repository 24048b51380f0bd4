import { afterEach, describe, expect, it } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxItem } from '../../main/outbox/outbox-item.js';
import { OUTBOX_DIR } from '../../main/outbox/outbox-store.js';
import { nodeStoreFs, type StoreFs } from '../../main/store/store-fs.js';
import type { Outbox } from '../../main/outbox/outbox.js';
import { axiosTransport, type Transport } from '../../main/service/remote/http-transport.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { InMemoryEngine, startServer, type RunningServer } from '../server/support.js';
import { remoteClient, signedInClient } from '../service/remote-support.js';
import { ct600Sender, ManualTimers, MovableClock, outboxFor, tempDataDir, until } from './outbox-support.js';

const oneAttempt = { retry: { maxAttempts: 1 } };
let running: RunningServer | undefined;
const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop(0);
  await running?.stop();
  running = undefined;
});
const track = (o: Outbox) => (outboxes.push(o), o);
const builds = (s: RunningServer) => s.seen.filter((r) => r.path === '/hrmc/build-ct600');

describe('the outbox', () => {
  it('writes a request to disk, marked as being sent, before it is sent', async () => {
    running = await startServer();
    const client = await signedInClient({ server: running, settings: oneAttempt });
    const dataDir = await tempDataDir();
    const onDisk: unknown[] = [];
    const send = ct600Sender(client);
    const outbox = track(
      outboxFor(dataDir, {
        send: async (item, request, signal) => {
          onDisk.push(JSON.parse(await readFile(join(dataDir, OUTBOX_DIR, `${item.id}.json`), 'utf8')));
          onDisk.push(JSON.parse(await readFile(join(dataDir, OUTBOX_DIR, `${item.id}.request.json`), 'utf8')));
          return send(item, request, signal);
        },
      }),
    );
    await outbox.open();
    const view = await outbox.enqueue({ kind: 'ct600-build', draftId: 'd1', title: 'Acme 2024', request: { companyName: 'Acme Ltd' } });
    await until(() => outbox.get(view.id)?.state === 'done', 'the item to be done');
    expect(onDisk).toEqual([expect.objectContaining({ id: view.id, state: 'sending', attempts: 1 }), { companyName: 'Acme Ltd' }]);
    expect(builds(running).map((r) => r.headers['idempotency-key'])).toEqual([view.id]);
  });

  it('after a crash between sending and recording, sends the same key again and the service answers from its record', async () => {
    let buildsDone = 0;
    const engine = new InMemoryEngine();
    const realBuild = engine.buildCt600.bind(engine);
    engine.buildCt600 = async (r: unknown) => (buildsDone++, realBuild(r));
    running = await startServer({ engine });
    const store = new MemoryCredentialStore();
    const replayed: (string | undefined)[] = [];
    const recording: Transport = async (exchange) => {
      const answer = await axiosTransport()(exchange);
      if (exchange.url.endsWith('/hrmc/build-ct600')) replayed.push(answer.headers['idempotent-replayed']);
      return answer;
    };
    const first = await signedInClient({ server: running, store, settings: oneAttempt, transport: recording });
    const dataDir = await tempDataDir();
    // The first run "dies" once the service has answered, before anything is recorded.
    let answered = false;
    const dying = outboxFor(dataDir, {
      send: async (item, request, signal) => {
        await ct600Sender(first)(item, request, signal);
        answered = true;
        return new Promise(() => undefined);
      },
    });
    await dying.open();
    const view = await dying.enqueue({ kind: 'ct600-build', draftId: 'd1', title: 'Acme 2024', request: { companyName: 'Acme Ltd' } });
    await until(() => answered, 'the first answer');
    expect(JSON.parse(await readFile(join(dataDir, OUTBOX_DIR, `${view.id}.json`), 'utf8')).state).toBe('sending');

    // The next start: a fresh client (the access token died with the process), the same data folder.
    const results: unknown[] = [];
    const second = remoteClient({ server: running, store, settings: oneAttempt, transport: recording });
    const restarted = track(outboxFor(dataDir, { send: ct600Sender(second), onDone: async (_i, r) => void results.push(r) }));
    await restarted.open();
    expect(restarted.get(view.id)).toMatchObject({ state: 'queued', attempts: 1, reason: expect.stringMatching(/sent again with the same key/) });
    restarted.kick();
    await until(() => restarted.get(view.id)?.state === 'done', 'the resent item to be done');
    expect(builds(running).map((r) => r.headers['idempotency-key'])).toEqual([view.id, view.id]);
    expect(replayed).toEqual([undefined, 'true']);
    expect(buildsDone).toBe(1);
    expect(restarted.get(view.id)?.attempts).toBe(2);
    expect(results).toEqual([{ answeredBy: 'remote', value: expect.objectContaining({ irMark: 'x'.repeat(28) }), sent: { service: running.url, apiVersion: '1.0' } }]);
  });

  it('waits exactly as long as a 429 Retry-After says, then sends again', async () => {
    running = await startServer();
    running.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'rate-limit', retryAfterSeconds: 7 }, times: 1 });
    const client = await signedInClient({ server: running, settings: oneAttempt });
    const timers = new ManualTimers();
    const clock = new MovableClock();
    const outbox = track(outboxFor(await tempDataDir(), { send: ct600Sender(client), timers, clock: clock.now, random: () => 0.99 }));
    await outbox.open();
    const view = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'Acme', request: { companyName: 'Acme Ltd' } });
    await until(() => outbox.get(view.id)?.state === 'queued' && outbox.get(view.id)?.attempts === 1, 'the 429');
    expect(outbox.get(view.id)).toMatchObject({ nextTryAt: '2025-06-01T09:00:07.000Z', reason: expect.stringMatching(/limiting requests; try again in 7 s/) });
    expect(timers.delays()).toEqual([7000]);
    clock.advance(7000);
    timers.fireAll();
    await until(() => outbox.get(view.id)?.state === 'done', 'the second attempt');
    expect(builds(running)).toHaveLength(2);
  });

  it('retries network failures and 5xx with capped, jittered backoff, and fails after the last attempt', async () => {
    running = await startServer();
    running.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'status', status: 503 } });
    const client = await signedInClient({ server: running, settings: oneAttempt });
    const timers = new ManualTimers();
    const clock = new MovableClock();
    const outbox = track(
      outboxFor(await tempDataDir(), { send: ct600Sender(client), timers, clock: clock.now, random: () => 0.5, backoff: { baseDelayMs: 1000, maxDelayMs: 3000, maxAttempts: 4 } }),
    );
    await outbox.open();
    const view = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'Acme', request: { companyName: 'Acme Ltd' } });
    const delays: number[] = [];
    for (let attempt = 1; attempt < 4; attempt++) {
      await until(() => outbox.get(view.id)?.attempts === attempt && outbox.get(view.id)?.state === 'queued', `attempt ${attempt}`);
      delays.push(...timers.delays());
      clock.advance(timers.delays()[0] ?? 0);
      timers.fireAll();
    }
    await until(() => outbox.get(view.id)?.state === 'failed', 'the give-up');
    // half fixed, half random (0.5): 750, 1500, then capped at 3000 → 2250
    expect(delays).toEqual([750, 1500, 2250]);
    expect(outbox.get(view.id)?.reason).toMatch(/^Gave up after 4 attempts: The service failed \(503\)/);
    expect(builds(running)).toHaveLength(4);
  });

  it('never retries a 400: the item fails with the field the service named', async () => {
    running = await startServer();
    const client = await signedInClient({ server: running, settings: oneAttempt });
    const timers = new ManualTimers();
    const outbox = track(outboxFor(await tempDataDir(), { send: ct600Sender(client), timers }));
    await outbox.open();
    const view = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'No name', request: { reference: 'x' } });
    await until(() => outbox.get(view.id)?.state === 'failed', 'the refusal');
    expect(outbox.get(view.id)).toMatchObject({ attempts: 1, reason: 'The service refused the request as not valid: companyName: is required' });
    expect(timers.delays()).toEqual([]);
    expect(builds(running)).toHaveLength(1);
  });

  it('on 401, refreshes the token once for all requests in flight, then pauses and asks for sign-in', async () => {
    running = await startServer();
    running.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'unauthorized' } });
    const client = await signedInClient({ server: running, settings: oneAttempt });
    const asked: string[] = [];
    const outbox = track(outboxFor(await tempDataDir(), { send: ct600Sender(client), concurrency: 2, onSignInNeeded: (r) => asked.push(r), gate: () => ({ open: true }) }));
    await outbox.open();
    outbox.pause('hold');
    const a = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'A', request: { companyName: 'A Ltd' } });
    const b = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'B', request: { companyName: 'B Ltd' } });
    outbox.resume(); // both start together
    await until(() => asked.length >= 1 && [a, b].every((v) => outbox.get(v.id)?.state === 'queued' && outbox.get(v.id)?.attempts === 1), 'both to be parked');
    expect(running.server.tokens.issued).toEqual({ password: 1, refresh: 1 });
    expect(outbox.pausedReason).toMatch(/^Waiting for sign-in: The service refused a freshly issued access token/);
    // Each is sent at most twice: its first try, and once with the refreshed token (a request that
    // started after the refresh already had the refused token, and gives up at once).
    const perItem = (id: string) => builds(running as RunningServer).filter((r) => r.headers['idempotency-key'] === id).length;
    expect([perItem(a.id), perItem(b.id)].every((n) => n >= 1 && n <= 2)).toBe(true);
    const sentWhilePaused = builds(running).length;

    // Nothing more is sent while paused; after sign-in both go through, with their own keys.
    outbox.kick();
    await new Promise((r) => setTimeout(r, 30));
    expect(builds(running)).toHaveLength(sentWhilePaused);
    running.server.faults.clear();
    outbox.resume();
    await until(() => [a, b].every((v) => outbox.get(v.id)?.state === 'done'), 'both to be done');
    expect(new Set(builds(running).slice(sentWhilePaused).map((r) => r.headers['idempotency-key']))).toEqual(new Set([a.id, b.id]));
  });

  it('says a request is done, not being sent, in the moment after its answer is kept and before its request file is removed', async () => {
    let letRemovalFinish: () => void = () => undefined;
    const removalHeld = new Promise<void>((resolve) => (letRemovalFinish = resolve));
    let requestRemovals = 0;
    const fs: StoreFs = {
      ...nodeStoreFs,
      rm: (async (path: Parameters<typeof nodeStoreFs.rm>[0], options?: Parameters<typeof nodeStoreFs.rm>[1]) => {
        if (String(path).endsWith('.request.json')) {
          requestRemovals += 1;
          await removalHeld;
        }
        return nodeStoreFs.rm(path, options);
      }) as StoreFs['rm'],
    };
    const dataDir = await tempDataDir();
    const outbox = track(outboxFor(dataDir, { send: async () => ({ ok: true }), fs }));
    await outbox.open();
    const item = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'Kept', request: { companyName: 'K Ltd' } });
    outbox.kick();
    try {
      await until(() => outbox.get(item.id)?.state === 'done' && requestRemovals === 1, 'the answer kept, the request file being removed');
      await expect(outbox.cancel(item.id)).rejects.toMatchObject({ kind: 'invalid', message: 'This request is done and can no longer be cancelled.' });
      await expect(outbox.retry(item.id)).rejects.toMatchObject({ kind: 'invalid', message: 'This request is done; only a failed or waiting request can be retried.' });
    } finally {
      // Let the attempt end whatever happened, or closing the outbox after the test waits for it for ever.
      letRemovalFinish();
    }
  });

  it('cancels a waiting request so it is never sent, and refuses to cancel one that is done', async () => {
    running = await startServer();
    const client = await signedInClient({ server: running, settings: oneAttempt });
    let open = false;
    const dataDir = await tempDataDir();
    const outbox = track(outboxFor(dataDir, { send: ct600Sender(client), gate: () => (open ? { open: true } : { open: false, reason: 'offline' }) }));
    await outbox.open();
    const keep = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'Keep', request: { companyName: 'K Ltd' } });
    const drop = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'Drop', request: { companyName: 'D Ltd' } });
    expect((await outbox.cancel(drop.id)).state).toBe('cancelled');
    open = true;
    outbox.kick();
    await until(() => outbox.get(keep.id)?.state === 'done', 'the kept item');
    expect(builds(running).map((r) => r.headers['idempotency-key'])).toEqual([keep.id]);
    // The request file goes just after the item is marked done (never before: a crash in between must still be able to resend).
    const expected = [`${drop.id}.json`, `${keep.id}.json`].sort();
    let names: string[] = [];
    for (let i = 0; i < 200 && JSON.stringify(names) !== JSON.stringify(expected); i++) {
      names = (await readdir(join(dataDir, OUTBOX_DIR))).sort();
      if (JSON.stringify(names) !== JSON.stringify(expected)) await new Promise((r) => setTimeout(r, 5));
    }
    expect(names).toEqual(expected);
    await expect(outbox.cancel(keep.id)).rejects.toMatchObject({ kind: 'invalid', message: 'This request is done and can no longer be cancelled.' });
    await expect(outbox.cancel('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('restores 1,000 queued requests after a restart, in order, with nothing sent while offline', async () => {
    const dataDir = await tempDataDir();
    const sent: string[] = [];
    const closed = () => ({ open: false as const, reason: 'offline' });
    const first = outboxFor(dataDir, { send: async (i) => void sent.push(i.id), gate: closed });
    await first.open();
    const clock = new MovableClock();
    const ids: string[] = [];
    const queued = outboxFor(dataDir, { send: async () => undefined, gate: closed, clock: clock.now });
    for (let n = 0; n < 1000; n++) {
      clock.advance(1);
      ids.push((await queued.enqueue({ kind: 'ct600-build', draftId: `d${n}`, title: `Return ${n}`, request: { companyName: `Company ${n}` } })).id);
    }
    const started = Date.now();
    const restarted = track(outboxFor(dataDir, { send: async (i: OutboxItem) => void sent.push(i.id), gate: closed }));
    await restarted.open();
    const elapsed = Date.now() - started;
    expect(restarted.list().map((v) => v.id)).toEqual(ids);
    expect(restarted.counts()).toEqual({ queued: 1000, sending: 0, done: 0, failed: 0 });
    expect(restarted.list()[999]).toMatchObject({ title: 'Return 999', draftId: 'd999', state: 'queued', attempts: 0 });
    expect(sent).toEqual([]);
    expect(elapsed).toBeLessThan(5000);
  });

  it('moves an unreadable outbox entry aside and reports it, keeping the others', async () => {
    const dataDir = await tempDataDir();
    const closed = () => ({ open: false as const, reason: 'offline' });
    const a = outboxFor(dataDir, { send: async () => undefined, gate: closed });
    const kept = await a.enqueue({ kind: 'ct600-build', draftId: null, title: 'Kept', request: {} });
    const broken = await a.enqueue({ kind: 'ct600-build', draftId: null, title: 'Broken', request: {} });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, OUTBOX_DIR, `${broken.id}.json`), '{"id":');
    const b = track(outboxFor(dataDir, { send: async () => undefined, gate: closed, clock: () => new Date('2025-06-01T09:00:00Z') }));
    await b.open();
    expect(b.list().map((v) => v.id)).toEqual([kept.id]);
    expect(b.problems).toEqual([`An outbox entry could not be read (it is not valid JSON); it was kept as ${broken.id}.json.unreadable-2025-06-01T09-00-00-000Z.`]);
  });

  it('on quit, waits for a request in flight to finish before closing', async () => {
    running = await startServer();
    running.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'delay', ms: 100 }, times: 1 });
    const client = await signedInClient({ server: running, settings: oneAttempt });
    const outbox = outboxFor(await tempDataDir(), { send: ct600Sender(client) });
    await outbox.open();
    const view = await outbox.enqueue({ kind: 'ct600-build', draftId: null, title: 'A', request: { companyName: 'A Ltd' } });
    await until(() => outbox.get(view.id)?.state === 'sending', 'sending');
    await outbox.stop(5000);
    expect(outbox.get(view.id)?.state).toBe('done');
  });
});
