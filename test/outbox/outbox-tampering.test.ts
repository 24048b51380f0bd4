import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, openSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outbox } from '../../main/outbox/outbox.js';
import { MAX_TIMER_DELAY_MS, MIN_TIMER_DELAY_MS } from '../../main/outbox/outbox.js';
import { timerDelayMs } from '../../main/outbox/backoff.js';
import { OUTBOX_DIR } from '../../main/outbox/outbox-store.js';
import { NetworkError } from '../../main/service/service-errors.js';
import { ManualTimers, MovableClock, outboxFor, tempDataDir } from './outbox-support.js';
import { closed, ct600, editState, queueWhileOffline, readState, recordingSend, releasePipes, requestFile, settled, stateFile, type Sent } from './outbox-tamper-support.js';

const MiB = 1024 * 1024;
const outboxes: Outbox[] = [];
const pipes: string[] = [];
afterEach(async () => {
  releasePipes(pipes.splice(0));
  for (const o of outboxes.splice(0)) await o.stop(0);
});
const track = (o: Outbox) => (outboxes.push(o), o);

/** The next start, online, with a service that records what it is handed. */
async function restart(dataDir: string, sent: Sent[], extra: Parameters<typeof outboxFor>[1] extends infer O ? Partial<O> : never = {}) {
  const outbox = track(outboxFor(dataDir, { send: recordingSend(sent), ...extra }));
  await outbox.open();
  outbox.kick();
  return outbox;
}

describe('a request file is bound to its item', () => {
  it('never sends a request swapped in from another item under this item’s key', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha'), ct600('Beta')]);
    const [alpha, beta] = queued.map((q) => q.id) as [string, string];
    await rename(requestFile(dataDir, alpha), join(dataDir, 'swap'));
    await rename(requestFile(dataDir, beta), requestFile(dataDir, alpha));
    await rename(join(dataDir, 'swap'), requestFile(dataDir, beta));

    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    expect(sent).toEqual([]);
    for (const id of [alpha, beta]) {
      expect(outbox.get(id)).toMatchObject({ state: 'failed', attempts: 0, reason: 'The request file was changed after it was queued; it was not sent. Cancel it and queue it again from the draft.' });
    }
  });

  it('never sends another item’s request even when its recorded digest was copied across with it', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha'), ct600('Beta')]);
    const [alpha, beta] = queued.map((q) => q.id) as [string, string];
    const alphaRequest = (await readState(dataDir, alpha)).request;
    await rm(requestFile(dataDir, beta));
    await rename(requestFile(dataDir, alpha), requestFile(dataDir, beta));
    await editState(dataDir, beta, (state) => void (state.request = alphaRequest));

    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    expect(sent).toEqual([]);
    expect(outbox.get(beta)).toMatchObject({ state: 'failed', attempts: 0, reason: 'The request file was changed after it was queued; it was not sent. Cancel it and queue it again from the draft.' });
  });

  it('fails an item whose request file is missing with its own reason, and Retry says so instead of promising to send it', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await rm(requestFile(dataDir, id));
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    const missing = 'The request file is missing; this request cannot be sent. Cancel it and queue it again from the draft.';
    expect(outbox.get(id)).toMatchObject({ state: 'failed', reason: missing });
    // The Outbox screen is told it can never be sent, so it offers no Retry; a healthy failed item says nothing of the kind.
    expect(outbox.list().find((v) => v.id === id)).toMatchObject({ cannotBeSent: true });
    await expect(outbox.retry(id)).rejects.toMatchObject({ kind: 'invalid', message: missing, errors: [{ field: 'id', message: 'names a request that cannot be sent again' }] });
    expect(outbox.get(id)).toMatchObject({ state: 'failed', reason: missing });
    // It can still be cancelled, and the next start says the same.
    const again = await restart(dataDir, sent);
    await settled(again);
    expect(again.get(id)?.reason).toBe(missing);
    expect((await again.cancel(id)).state).toBe('cancelled');
    expect(sent).toEqual([]);
  });

  it('never sends a request under another kind when the state file’s kind was changed', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => void (s.kind = 'validation-create'));
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    expect(sent).toEqual([]);
    expect(outbox.get(id)).toMatchObject({
      state: 'failed',
      reason: 'The request file was queued as a CT600 build, but this item is a file for validation; it was not sent. Cancel it and queue it again from the draft.',
    });
  });

  it('refuses by its shape a request whose recorded kind was changed along with the item’s', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => {
      s.kind = 'validation-create';
      (s.request as Record<string, unknown>).kind = 'validation-create';
    });
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    expect(sent).toEqual([]);
    expect(outbox.get(id)?.reason).toBe('The request file is not a file for validation request (“companyName” is not a field of a file for validation); it was not sent. Cancel it and queue it again from the draft.');
  });

  it('does not send, and asks to queue again, an item written by an earlier version that recorded nothing of its request', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => void delete s.request);
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    expect(sent).toEqual([]);
    expect(outbox.get(id)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^This request was queued by an earlier version of Filing Desk.*Cancel it and queue it again from the draft\.$/) });
    await expect(outbox.retry(id)).rejects.toMatchObject({ kind: 'invalid', message: outbox.get(id)?.reason });
  });

  it('refuses to queue a request that is not of its kind', async () => {
    const outbox = track(outboxFor(await tempDataDir(), { send: async () => undefined, gate: closed }));
    await outbox.open();
    await expect(outbox.enqueue({ kind: 'validation-create', draftId: null, title: 'x.xhtml', request: { fileName: 'x.xhtml' } })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The request is not a file for validation request: contentBase64 must be the file’s bytes in base64.',
      errors: [{ field: 'request' }],
    });
    expect(outbox.list()).toEqual([]);
  });
});

describe('every field of a state file is checked on load', () => {
  it('sets aside an item whose nextTryAt is not a date, shows why, and never sets a timer shorter than the minimum', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => void (s.nextTryAt = 'garbage'));
    const timers = new ManualTimers();
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent, { timers, clock: () => new Date('2025-06-01T09:00:00Z') });
    await settled(outbox);
    expect(timers.delays().every((ms) => ms >= MIN_TIMER_DELAY_MS && ms <= MAX_TIMER_DELAY_MS)).toBe(true);
    expect(sent).toEqual([]);
    expect(outbox.list()).toEqual([expect.objectContaining({ id, title: 'Alpha', state: 'failed', reason: expect.stringMatching(/^Its state file broke a rule \(nextTryAt: must be a date and time/) })]);
    expect(outbox.get(id)?.reason).toContain(`kept as ${id}.json.unreadable-2025-06-01T09-00-00-000Z`);
    expect(await readdir(join(dataDir, OUTBOX_DIR))).toContain(`${id}.json.unreadable-2025-06-01T09-00-00-000Z`);
  });

  it('sets aside an item with an attempt count past the cap, and the state file stays readable at the next start', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => void (s.attempts = Number.MAX_SAFE_INTEGER));
    const sent: Sent[] = [];
    const first = await restart(dataDir, sent);
    await settled(first);
    await first.stop(0);
    const second = await restart(dataDir, sent);
    await settled(second);
    expect(sent).toEqual([]);
    expect(second.problems).toEqual([]);
    expect(second.get(id)).toMatchObject({ state: 'failed', attempts: 0, reason: expect.stringMatching(/attempts: must be at most 1000/) });
  });

  it('never counts attempts past the cap: the last one fails the item for good', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    await editState(dataDir, id, (s) => void (s.attempts = 999));
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent, { send: recordingSend(sent, async () => Promise.reject(new NetworkError('The service could not be reached.'))) });
    await settled(outbox);
    expect(outbox.get(id)).toMatchObject({ state: 'failed', attempts: 1000 });
    const retried = await outbox.retry(id);
    expect(retried.state).toBe('queued');
    await settled(outbox);
    expect(outbox.get(id)).toMatchObject({ state: 'failed', attempts: 1000, reason: expect.stringMatching(/handed to the service 1000 times/) });
    await expect(outbox.retry(id)).rejects.toMatchObject({ kind: 'invalid' });
    expect(sent.map((s) => s.key)).toEqual([id]);
    expect((await readState(dataDir, id)).attempts).toBe(1000);
  });

  const broken: [string, (s: Record<string, unknown>) => void, RegExp][] = [
    ['createdAt', (s) => void (s.createdAt = 'yesterday'), /createdAt: must be a date and time/],
    ['updatedAt', (s) => void (s.updatedAt = '2025-02-30T09:00:00.000Z'), /updatedAt: must be a date and time/],
    ['attempts (negative)', (s) => void (s.attempts = -1), /attempts/],
    ['attempts (fraction)', (s) => void (s.attempts = 1.5), /attempts/],
    ['draftId', (s) => void (s.draftId = '../../elsewhere'), /draftId: must be a draft id/],
    ['request.sha256', (s) => void ((s.request as Record<string, unknown>).sha256 = 'not-a-hash'), /request\.sha256/],
    ['an unknown field', (s) => void (s.sendTo = 'https://elsewhere.example'), /sendTo/],
  ];
  for (const [field, change, reason] of broken) {
    it(`sets aside an item with a bad ${field}, says why on the Outbox screen, and never sends it`, async () => {
      const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
      const id = queued[0]!.id;
      await editState(dataDir, id, change);
      const sent: Sent[] = [];
      const outbox = await restart(dataDir, sent);
      await settled(outbox);
      expect(sent).toEqual([]);
      expect(outbox.list()).toEqual([expect.objectContaining({ id, state: 'failed', reason: expect.stringMatching(reason) })]);
      await expect(outbox.retry(id)).rejects.toMatchObject({ kind: 'invalid' });
    });
  }

  it('sets aside, and reports, a state file whose id is not its file name’s or whose kind is unknown', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha'), ct600('Beta')]);
    const [alpha, beta] = queued.map((q) => q.id) as [string, string];
    await editState(dataDir, alpha, (s) => void (s.id = beta));
    await editState(dataDir, beta, (s) => void (s.kind = 'ct600-submit'));
    const sent: Sent[] = [];
    const outbox = await restart(dataDir, sent);
    await settled(outbox);
    expect(sent).toEqual([]);
    expect(outbox.list()).toEqual([]);
    expect(outbox.problems).toHaveLength(2);
    expect(outbox.problems).toEqual(expect.arrayContaining([expect.stringMatching(/its id does not match its file name/), expect.stringMatching(/^An outbox entry could not be read \(kind: /)]));
  });
});

describe.skipIf(process.platform === 'win32')('pipes and huge files in the outbox folder', () => {
  it('opens in bounded time and memory with a pipe or a huge file in place of a state or request file, and sends none of them', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('PipeState'), ct600('PipeRequest'), ct600('HugeState'), ct600('HugeRequest'), ct600('Fine')]);
    const [pipeState, pipeRequest, hugeState, hugeRequest, fine] = queued.map((q) => q.id) as [string, string, string, string, string];
    const fifo = (path: string) => (execFileSync('mkfifo', [path]), pipes.push(path));
    const huge = (path: string) => {
      const fd = openSync(path, 'w');
      ftruncateSync(fd, 300 * MiB); // sparse: takes no disk
      closeSync(fd);
    };
    await rm(stateFile(dataDir, pipeState));
    fifo(stateFile(dataDir, pipeState));
    await rm(requestFile(dataDir, pipeRequest));
    fifo(requestFile(dataDir, pipeRequest));
    huge(stateFile(dataDir, hugeState));
    huge(requestFile(dataDir, hugeRequest));

    const sent: Sent[] = [];
    const before = process.memoryUsage();
    const stamp = '2025-06-01T09-00-00-000Z';
    const outbox = track(outboxFor(dataDir, { send: recordingSend(sent), clock: () => new Date('2025-06-01T09:00:00Z') }));
    let timeout: NodeJS.Timeout | undefined;
    const opened = await Promise.race([outbox.open().then(() => 'opened'), new Promise((r) => (timeout = setTimeout(() => r('hung'), 10_000)))]);
    clearTimeout(timeout);
    expect(opened).toBe('opened');
    outbox.kick();
    await settled(outbox);
    const after = process.memoryUsage();
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(32 * MiB);
    expect(after.rss - before.rss).toBeLessThan(64 * MiB);

    expect(sent.map((s) => s.key)).toEqual([fine]);
    expect(outbox.problems).toHaveLength(2);
    expect(outbox.problems).toEqual(
      expect.arrayContaining([
        `An outbox entry could not be read (it is not an ordinary file (a pipe, a device or a socket is in its place)); it was kept as ${pipeState}.json.unreadable-${stamp}.`,
        `An outbox entry could not be read (it is larger than the 1 MB Filing Desk reads for outbox state files); it was kept as ${hugeState}.json.unreadable-${stamp}.`,
      ]),
    );
    expect(outbox.get(pipeRequest)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^The request file could not be read \(it is not an ordinary file/) });
    expect(outbox.get(hugeRequest)).toMatchObject({ state: 'failed', reason: 'The request file was changed after it was queued; it was not sent. Cancel it and queue it again from the draft.' });
    expect(outbox.get(pipeState)).toBeUndefined();
    expect(outbox.get(hugeState)).toBeUndefined();
  }, 30_000);
});

describe('the outbox folder', () => {
  it('writes nothing through a link in place of the outbox folder, and does not read through one', async () => {
    const dataDir = await tempDataDir();
    const elsewhere = await mkdtemp(join(tmpdir(), 'fd-elsewhere-'));
    await symlink(elsewhere, join(dataDir, OUTBOX_DIR));
    const outbox = track(outboxFor(dataDir, { send: async () => undefined, gate: closed }));
    await outbox.open();
    expect(outbox.problems).toEqual(['The outbox folder was not read: it is a link to another place, not a folder of its own.']);
    await expect(outbox.enqueue(ct600('Alpha'))).rejects.toMatchObject({
      kind: 'failed',
      message: 'The outbox folder in Filing Desk’s data folder cannot be used (it is a link to another place, not a folder of its own); nothing was written. Move it away and start Filing Desk again.',
    });
    expect(await readdir(elsewhere)).toEqual([]);
    expect(outbox.list()).toEqual([]);
  });

  it('sends nothing and does not spin when the folder becomes a link while items wait', async () => {
    const { dataDir, queued } = await queueWhileOffline([ct600('Alpha')]);
    const id = queued[0]!.id;
    const timers = new ManualTimers();
    const clock = new MovableClock();
    const sent: Sent[] = [];
    const outbox = track(outboxFor(dataDir, { send: recordingSend(sent), timers, clock: clock.now, gate: closed }));
    await outbox.open();
    // Swapped for a link to a copy after the start: the request there is the same, but nothing may be written there.
    const elsewhere = await mkdtemp(join(tmpdir(), 'fd-elsewhere-'));
    await rename(join(dataDir, OUTBOX_DIR), join(elsewhere, 'outbox'));
    await symlink(join(elsewhere, 'outbox'), join(dataDir, OUTBOX_DIR));
    (outbox as unknown as { options: { gate: unknown } }).options.gate = () => ({ open: true });
    outbox.kick();
    await settled(outbox, () => clock.ms);
    expect(sent).toEqual([]);
    expect(outbox.get(id)).toMatchObject({ state: 'queued', reason: expect.stringMatching(/is a link to another place.*tried again later/) });
    expect(timers.delays()).toEqual([5 * 60_000]);
    expect((await readState(dataDir, id)).state).toBe('queued');
  });
});

describe('the timer', () => {
  it('is never in the past, never a tight loop and never longer than a timer holds', () => {
    const now = Date.parse('2025-06-01T09:00:00Z');
    expect(timerDelayMs(NaN, now)).toBe(MIN_TIMER_DELAY_MS);
    expect(timerDelayMs(-Infinity, now)).toBe(MIN_TIMER_DELAY_MS);
    expect(timerDelayMs(now - 60_000, now)).toBe(MIN_TIMER_DELAY_MS);
    expect(timerDelayMs(now + 7000, now)).toBe(7000);
    expect(timerDelayMs(Infinity, now)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelayMs(now + 10 ** 15, now)).toBe(MAX_TIMER_DELAY_MS);
  });
});

