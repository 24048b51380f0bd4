/**
 * Whatever is done to the outbox folder between two starts (request files
 * swapped between items, removed, truncated or replaced by pipes; state files
 * with garbage in any field, copied from another item, cut short or replaced
 * by pipes), the real outbox, run against a service that records what it is
 * handed, never sends a request under another item's key, never has one done
 * twice, never spins, and leaves every item in a state that says why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { copyFile, lstat, readFile, rename, rm, truncate } from 'node:fs/promises';
import type { OutboxItemKind } from '../../preload/contract.js';
import type { Outbox } from '../../main/outbox/outbox.js';
import { MIN_TIMER_DELAY_MS } from '../../main/outbox/outbox.js';
import { NetworkError } from '../../main/service/service-errors.js';
import { ManualTimers, MovableClock, outboxFor } from './outbox-support.js';
import { editState, queueWhileOffline, recordingSend, releasePipes, requestFile, settled, sha256, stateFile, type Sent } from './outbox-tamper-support.js';

const MAX_ATTEMPTS = 3;
const ROUNDS = 12;

const REQUESTS: Record<OutboxItemKind, (n: number) => unknown> = {
  'ct600-build': (n) => ({ companyName: `Company ${n} Ltd`, reference: `${1000000000 + n}` }),
  'package-build': (n) => ({ request: { name: `Package ${n}`, reportName: 'report.xhtml', reportBase64Content: Buffer.from(`<html>${n}</html>`).toString('base64') }, includeHash: n % 2 === 0 }),
  'validation-create': (n) => ({ fileName: `accounts-${n}.xhtml`, contentBase64: Buffer.from(`<html>${n}</html>`).toString('base64') }),
};
const KINDS = Object.keys(REQUESTS) as OutboxItemKind[];

const FIELDS = ['id', 'kind', 'draftId', 'title', 'state', 'attempts', 'createdAt', 'updatedAt', 'nextTryAt', 'reason', 'request', 'request.kind', 'request.sha256', 'request.size', 'cannotSend', 'fingerprint'];
const VALUES = [
  'garbage', '', null, -1, 1.5, 2 ** 53 - 1, 1001, 1000, 999, 0, true, {}, [], 'x'.repeat(5000),
  '2025-06-01T09:00:00.000Z', '9999-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2025-13-01T00:00:00Z',
  'ct600-build', 'package-build', 'validation-create', 'queued', 'sending', 'done', 'failed', 'cancelled', '0'.repeat(64),
];

type Tamper =
  | { op: 'swap-requests'; a: number; b: number }
  | { op: 'remove-request'; a: number }
  | { op: 'truncate-request'; a: number; keep: number }
  | { op: 'pipe-request'; a: number }
  | { op: 'pipe-state'; a: number }
  | { op: 'truncate-state'; a: number; keep: number }
  | { op: 'copy-state'; a: number; b: number }
  | { op: 'copy-request'; a: number; b: number }
  | { op: 'field'; a: number; field: string; value: unknown }
  | { op: 'field-from'; a: number; b: number; field: 'id' | 'request' | 'request.sha256' | 'kind' };

const index = fc.nat(3);
const tamper: fc.Arbitrary<Tamper> = fc.oneof(
  fc.record({ op: fc.constant('swap-requests' as const), a: index, b: index }),
  fc.record({ op: fc.constant('remove-request' as const), a: index }),
  fc.record({ op: fc.constant('truncate-request' as const), a: index, keep: fc.nat(40) }),
  fc.record({ op: fc.constant('pipe-request' as const), a: index }),
  fc.record({ op: fc.constant('pipe-state' as const), a: index }),
  fc.record({ op: fc.constant('truncate-state' as const), a: index, keep: fc.nat(200) }),
  fc.record({ op: fc.constant('copy-state' as const), a: index, b: index }),
  fc.record({ op: fc.constant('copy-request' as const), a: index, b: index }),
  fc.record({ op: fc.constant('field' as const), a: index, field: fc.constantFrom(...FIELDS), value: fc.oneof(fc.constantFrom(...VALUES), fc.string(), fc.integer(), fc.double()) }),
  fc.record({ op: fc.constant('field-from' as const), a: index, b: index, field: fc.constantFrom('id' as const, 'request' as const, 'request.sha256' as const, 'kind' as const) }),
);

const pipes: string[] = [];
const outboxes: Outbox[] = [];
afterEach(async () => {
  releasePipes(pipes.splice(0));
  for (const o of outboxes.splice(0)) await o.stop(0);
});

async function apply(t: Tamper, dataDir: string, ids: string[]): Promise<void> {
  const id = (n: number) => ids[n % ids.length]!;
  const a = id(t.a);
  const tolerate = (p: Promise<unknown>) => p.catch(() => undefined); // an earlier step may have removed the file
  const fifo = async (path: string) => {
    await rm(path, { force: true });
    execFileSync('mkfifo', [path]);
    pipes.push(path);
  };
  // The test itself must not open a pipe it made: that would wait for a writer forever.
  const pipe = (path: string) => lstat(path).then((info) => info.isFIFO(), () => false);
  const edit = async (change: (s: Record<string, unknown>) => void) => {
    if (!(await pipe(stateFile(dataDir, a)))) await tolerate(editState(dataDir, a, change));
  };
  const copy = async (from: string, to: string) => {
    if (!(await pipe(from)) && !(await pipe(to))) await tolerate(copyFile(from, to));
  };
  const set = (s: Record<string, unknown>, path: string, value: unknown) => {
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail === undefined) s[head] = value;
    else if (typeof s[head] === 'object' && s[head] !== null) (s[head] as Record<string, unknown>)[tail] = value;
  };
  switch (t.op) {
    case 'swap-requests': {
      const b = id(t.b);
      await tolerate(rename(requestFile(dataDir, a), `${requestFile(dataDir, a)}.swap`));
      await tolerate(rename(requestFile(dataDir, b), requestFile(dataDir, a)));
      await tolerate(rename(`${requestFile(dataDir, a)}.swap`, requestFile(dataDir, b)));
      return;
    }
    case 'remove-request':
      return void (await rm(requestFile(dataDir, a), { force: true }));
    case 'truncate-request':
      return void (await tolerate(truncate(requestFile(dataDir, a), t.keep)));
    case 'pipe-request':
      return fifo(requestFile(dataDir, a));
    case 'pipe-state':
      return fifo(stateFile(dataDir, a));
    case 'truncate-state':
      return void (await tolerate(truncate(stateFile(dataDir, a), t.keep)));
    case 'copy-state':
      return copy(stateFile(dataDir, id(t.b)), stateFile(dataDir, a));
    case 'copy-request':
      return copy(requestFile(dataDir, id(t.b)), requestFile(dataDir, a));
    case 'field':
      return edit((s) => set(s, t.field, t.value));
    case 'field-from': {
      if (await pipe(stateFile(dataDir, id(t.b)))) return;
      // An earlier step may have removed or truncated the other state file.
      const other = await readFile(stateFile(dataDir, id(t.b)), 'utf8')
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => undefined);
      if (typeof other !== 'object' || other === null) return;
      const state = other as Record<string, unknown>;
      const value = t.field === 'request.sha256' ? (state.request as Record<string, unknown> | undefined)?.sha256 : state[t.field];
      return edit((s) => set(s, t.field, value));
    }
  }
}

describe.skipIf(process.platform === 'win32')('the outbox, whatever was done to its files', () => {
  it('sends a request only under its own key, has none done twice, never spins, and says where each item stands', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...KINDS), { minLength: 2, maxLength: 4 }),
        fc.array(tamper, { minLength: 0, maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        async (kinds, tampers, answers) => {
          const { dataDir, queued } = await queueWhileOffline(kinds.map((kind, n) => ({ kind, draftId: null, title: `Item ${n}`, request: REQUESTS[kind](n) })));
          try {
            const ids = queued.map((q) => q.id);
            const recorded = new Map(queued.map((q) => [q.id, q.sha256]));
            for (const t of tampers) await apply(t, dataDir, ids);

            const sent: Sent[] = [];
            const succeeded: string[] = [];
            let call = 0;
            const timers = new ManualTimers();
            let timersSet = 0;
            const countingTimers = { setTimeout: (fn: () => void, ms: number) => (timersSet++, timers.setTimeout(fn, ms)), clearTimeout: (h: unknown) => timers.clearTimeout(h) };
            const clock = new MovableClock();
            const outbox = outboxFor(dataDir, {
              send: recordingSend(sent, async (item) => {
                if (answers[call++ % answers.length]) return void succeeded.push(item.id);
                throw new NetworkError('The service could not be reached.');
              }),
              timers: countingTimers,
              clock: clock.now,
              random: () => 0.5,
              backoff: { maxAttempts: MAX_ATTEMPTS },
            });
            outboxes.push(outbox);
            await outbox.open();
            outbox.kick();
            for (let round = 0; round < ROUNDS; round++) {
              await settled(outbox, () => clock.ms);
              const delays = timers.delays();
              // Never a wake-up in the past or in a tight loop, whatever the dates on disk said.
              for (const ms of delays) expect(ms).toBeGreaterThanOrEqual(MIN_TIMER_DELAY_MS);
              if (delays.length === 0) break;
              clock.advance(Math.max(...delays));
              timers.fireAll();
            }
            await settled(outbox, () => clock.ms);

            // Only under its own key: what was sent is, byte for byte, what that item queued.
            for (const s of sent) expect(sha256(s.bytes)).toBe(recorded.get(s.key));
            // Never done twice, never sent more often than the backoff allows.
            expect(new Set(succeeded).size).toBe(succeeded.length);
            for (const id of ids) expect(sent.filter((s) => s.key === id).length).toBeLessThanOrEqual(MAX_ATTEMPTS);
            expect(timersSet).toBeLessThanOrEqual(4 * (ids.length * MAX_ATTEMPTS + ROUNDS));
            // Every item says where it stands: done, or failed or waiting with a reason; or it was set aside and reported.
            for (const view of outbox.list()) {
              expect(ids).toContain(view.id);
              if (view.state !== 'done') expect(view.reason ?? '').not.toBe('');
              if (view.state === 'done') expect(succeeded).toContain(view.id);
            }
            for (const id of ids) expect(outbox.get(id) !== undefined || outbox.problems.some((p) => p.includes(id))).toBe(true);
            await outbox.stop(0);
          } finally {
            releasePipes(pipes.splice(0));
            await rm(dataDir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

