import { afterEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../main/outbox/outbox.js';
import { MAX_TIMER_DELAY_MS } from '../../main/outbox/outbox.js';
import { nextDelayMs, DEFAULT_OUTBOX_BACKOFF } from '../../main/outbox/backoff.js';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from '../../main/service/remote/status-errors.js';
import { RateLimitedError, SignInNeededError } from '../../main/service/service-errors.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import type { OutboxItem } from '../../main/outbox/outbox-item.js';
import { openDesk } from '../online/online-support.js';
import { ManualTimers, MovableClock, outboxFor, tempDataDir, until } from './outbox-support.js';

const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop(0);
});
const track = (o: Outbox) => (outboxes.push(o), o);
const request = { kind: 'ct600-build' as const, draftId: null, title: 'Acme', request: { companyName: 'Acme Ltd' } };

describe('the outbox, while a request is being taken for sending', () => {
  it('refuses to cancel or retry a request it has taken, before its "sending" mark reaches the disk', async () => {
    let sends = 0;
    let answer: (value: unknown) => void = () => undefined;
    const outbox = track(outboxFor(await tempDataDir(), { send: () => (sends++, new Promise((r) => (answer = r))) }));
    await outbox.open();
    const view = await outbox.enqueue(request);
    // Taken at once; its state on disk still says queued.
    await expect(outbox.cancel(view.id)).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/being sent now; wait for the answer/) });
    await expect(outbox.retry(view.id)).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/being sent now/) });
    await until(() => sends === 1, 'the send');
    answer({ ok: true });
    await until(() => outbox.get(view.id)?.state === 'done', 'the answer');
    expect(sends).toBe(1);
  });

  it('never sends a request that was cancelled before it was taken, and does not mark it done', async () => {
    let sends = 0;
    let open = false;
    const outbox = track(outboxFor(await tempDataDir(), { send: async () => (sends++, {}), gate: () => (open ? { open: true } : { open: false, reason: 'offline' }) }));
    await outbox.open();
    const view = await outbox.enqueue(request);
    const cancelling = outbox.cancel(view.id);
    open = true;
    outbox.kick();
    expect((await cancelling).state).toBe('cancelled');
    await until(() => outbox.counts().sending === 0 && !(outbox as unknown as { inFlight: Map<string, unknown> }).inFlight.size, 'the outbox to settle');
    expect(sends).toBe(0);
    expect(outbox.get(view.id)?.state).toBe('cancelled');
  });
});

describe('a very long Retry-After', () => {
  it('is honoured up to a day, never more', () => {
    const now = new Date('2025-06-01T09:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('99999999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(nextDelayMs(1, DEFAULT_OUTBOX_BACKOFF, () => 0.5, 10 ** 12)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('sets a timer no timer can overflow, and does not spin', async () => {
    const timers = new ManualTimers();
    const clock = new MovableClock();
    let sends = 0;
    const outbox = track(
      outboxFor(await tempDataDir(), {
        send: async () => {
          sends++;
          throw new RateLimitedError('The service is limiting requests.', 60 * 24 * 60 * 60_000);
        },
        timers,
        clock: clock.now,
      }),
    );
    await outbox.open();
    const view = await outbox.enqueue(request);
    await until(() => outbox.get(view.id)?.state === 'queued' && outbox.get(view.id)?.attempts === 1, 'the 429');
    expect(Date.parse(outbox.get(view.id)?.nextTryAt as string) - clock.ms).toBe(MAX_RETRY_AFTER_MS);
    for (const ms of timers.delays()) expect(ms).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
    // An item restored with a wait far beyond what a timer holds still gets a timer that holds.
    timers.fireAll();
    expect(timers.delays().every((ms) => ms > 1000 && ms <= MAX_TIMER_DELAY_MS)).toBe(true);
    expect(sends).toBe(1);
  });

  it('clamps the timer when an item waits longer than a timer can hold', async () => {
    const timers = new ManualTimers();
    const clock = new MovableClock();
    const outbox = track(outboxFor(await tempDataDir(), { send: async () => ({}), timers, clock: clock.now, gate: () => ({ open: false, reason: 'offline' }) }));
    await outbox.open();
    const view = await outbox.enqueue(request);
    // Written by an older build that honoured any Retry-After.
    const item = outbox.get(view.id)!;
    (outbox as unknown as { items: Map<string, unknown> }).items.set(view.id, { ...item, nextTryAt: new Date(clock.ms + 40 * 24 * 60 * 60_000).toISOString() });
    (outbox as unknown as { options: { gate: unknown } }).options.gate = () => ({ open: true });
    outbox.kick();
    expect(timers.delays()).toEqual([MAX_TIMER_DELAY_MS]);
  });
});

describe('signed out while a request is taken', () => {
  it('keeps the request queued, waiting for sign-in, when the sender says sign-in is needed', async () => {
    const signIns: string[] = [];
    const outbox = track(
      outboxFor(await tempDataDir(), {
        send: async () => {
          throw new SignInNeededError('Not signed in to the filing service.');
        },
        onSignInNeeded: (r) => signIns.push(r),
      }),
    );
    await outbox.open();
    const view = await outbox.enqueue(request);
    await until(() => outbox.pausedReason !== null, 'the pause');
    expect(outbox.get(view.id)).toMatchObject({ state: 'queued', reason: expect.stringMatching(/Waiting for sign-in/) });
    expect(signIns).toEqual(['Not signed in to the filing service.']);
  });
});

describe('the desk sending while signed out', () => {
  it('says sign-in is needed, so the outbox keeps the request waiting', async () => {
    const { desk } = await openDesk({ store: new MemoryCredentialStore() });
    try {
      const item = { id: '00000000-0000-4000-8000-000000000001', kind: 'ct600-build', draftId: null, title: 'Acme', state: 'sending', attempts: 1 } as unknown as OutboxItem;
      const send = (desk as unknown as { send: (i: OutboxItem, r: unknown, s: AbortSignal) => Promise<unknown> }).send.bind(desk);
      await expect(send(item, {}, new AbortController().signal)).rejects.toBeInstanceOf(SignInNeededError);
    } finally {
      await desk.stop(0);
    }
  });
});
