/**
 * The outbox: every remote request is written to disk before it is tried,
 * and tried again until the service has answered it once. Each item's id is
 * its Idempotency-Key, so however often it is sent (a retry after a lost
 * answer, a resend after a crash mid-send) the service does the work once.
 *
 * - 400 and other answers that will not change are not retried: the item fails with the reason.
 * - Network errors, time-outs, 429 and 5xx are retried with capped, jittered backoff (Retry-After honoured).
 * - A 401 the session could not cure with its one shared refresh pauses the queue until sign-in.
 * - Nothing is sent while the gate says no (work offline, offline, not set up, signed out).
 *
 * Model: Signal Desktop's JobQueue (persist first, validate on load, pause, drain on shutdown).
 */
import { randomUUID } from 'node:crypto';
import type { OutboxCounts, OutboxItemKind, OutboxItemView } from '../../preload/contract.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { SerialQueue } from '../store/serial-queue.js';
import { DEFAULT_OUTBOX_BACKOFF, MAX_TIMER_DELAY_MS, timerDelayMs, type OutboxBackoff } from './backoff.js';
import { clip, MAX_OUTBOX_REASON, MAX_OUTBOX_TITLE, toView, type OutboxItem } from './outbox-item.js';
import { queuedRequestOf, queueProblem, REQUEST_REASONS } from './outbox-request.js';
import { OutboxStore } from './outbox-store.js';
import { attemptOnce, facts, type AttemptDeps } from './outbox-attempt.js';
import { hasRecordedReply, reconsiderUnrecordedDone } from './outbox-reply.js';
import type { ScopedLog } from '../log/app-log.js';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Whether sending may start now; `reason` says why not. */
export type Gate = () => { open: true } | { open: false; reason: string };

export interface OutboxOptions {
  dataDir: string;
  /** Sends one item; throws a FilingServiceError when the service did not do it. */
  send: (item: OutboxItem, request: unknown, signal: AbortSignal) => Promise<unknown>;
  /** Keeps what the service answered (with the draft); may add details to the item (a job id). */
  onDone: (item: OutboxItem, result: unknown) => Promise<Partial<Pick<OutboxItem, 'jobId'>> | void>;
  /** Called when a 401 survived the refresh or the session ended: the user must sign in. */
  onSignInNeeded?: (reason: string) => void;
  gate?: Gate;
  onChange?: () => void;
  clock?: () => Date;
  random?: () => number;
  timers?: Timers;
  fs?: StoreFs;
  backoff?: Partial<OutboxBackoff>;
  concurrency?: number;
  log?: (message: string) => void;
  /**
   * The app's log (its outbox scope): one line per step of an item (queued,
   * sending, done, retry scheduled, failed, cancelled, paused for sign-in),
   * with the item's id, kind and attempt, never its title or request.
   */
  logger?: ScopedLog;
  /** What the service's answer to this item said (HTTP status, whether it was a replay), for the log's "done" line. */
  answerFacts?: (item: OutboxItem) => { status?: number; replayed?: boolean } | undefined;
}

const beingSent = () =>
  new StoreError('invalid', 'This request is being sent now; wait for the answer.', [{ field: 'id', message: 'names a request that is being sent' }]);

/**
 * Done or cancelled is what the user is told, even in the moment after the
 * answer is recorded while its attempt still tidies up (the request file
 * removed): "being sent now" would send them waiting for an answer they have.
 */
const answered = (item: OutboxItem) => item.state === 'done' || item.state === 'cancelled';

export { MAX_TIMER_DELAY_MS, MIN_TIMER_DELAY_MS } from './backoff.js';

export interface NewOutboxItem {
  kind: OutboxItemKind;
  draftId: string | null;
  title: string;
  request: unknown;
  clientCompany?: { name?: string; id?: string };
  fingerprint?: string;
}

export class Outbox {
  private readonly store: OutboxStore;
  private readonly items = new Map<string, OutboxItem>();
  private readonly inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly writes = new SerialQueue();
  private readonly clock: () => Date;
  private readonly random: () => number;
  private readonly timers: Timers;
  private readonly backoff: OutboxBackoff;
  private readonly log: (message: string) => void;
  private readonly logger: ScopedLog | undefined;
  private readonly attemptDeps: AttemptDeps;
  private timer: unknown;
  private stopping = false;
  /** Why the queue is paused (sign-in needed); null when it runs. */
  pausedReason: string | null = null;
  /** Entries of the outbox folder that could not be read at start. */
  problems: string[] = [];

  constructor(private readonly options: OutboxOptions) {
    this.store = new OutboxStore(options.dataDir, options.fs ?? nodeStoreFs, options.clock);
    this.clock = options.clock ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
    this.backoff = { ...DEFAULT_OUTBOX_BACKOFF, ...options.backoff };
    this.log = options.log ?? ((m) => console.warn(m));
    this.logger = options.logger;
    this.attemptDeps = {
      store: this.store,
      update: (item, change, onlyIf) => this.update(item, change, onlyIf),
      pause: (reason) => this.pause(reason),
      send: options.send,
      onDone: options.onDone,
      onSignInNeeded: options.onSignInNeeded,
      answerFacts: options.answerFacts,
      backoff: this.backoff,
      random: this.random,
      clock: this.clock,
      logger: this.logger,
      log: this.log,
    };
  }

  /** Reads what is on disk. An item that was being sent when the app stopped is sent again, with the same key. */
  async open(): Promise<void> {
    const { items, problems } = await this.store.readAll();
    this.problems = problems;
    for (const p of problems) this.log(`outbox: ${p}`);
    for (const item of items) {
      if (!item.request && !item.cannotSend && (item.state === 'queued' || item.state === 'sending' || item.state === 'failed')) {
        // Queued by a version that recorded no SHA-256 of the request: nothing ties the request file to this item, so
        // it could be another item's (sent under this key) or edited. Recording a hash of what is there now would bless
        // whatever is there now, and "it parses as its kind" cannot tell one client's return from another's. So it is
        // not sent; the user queues it again from the draft, which writes a request that is bound to its item.
        const failed = { ...item, state: 'failed' as const, nextTryAt: null, reason: REQUEST_REASONS.unrecorded, cannotSend: REQUEST_REASONS.unrecorded };
        await this.store.write(failed);
        this.items.set(item.id, failed);
        this.logger?.warn('not sent: queued by an earlier version without a record of its request', facts(failed));
      } else if (item.state === 'done' && !hasRecordedReply(item)) {
        const reconsidered = await reconsiderUnrecordedDone(item, (recorded) => this.store.request(item.id, recorded));
        await this.store.write(reconsidered);
        this.items.set(item.id, reconsidered);
        this.logger?.warn(`said done without a recorded reply; ${reconsidered.state === 'queued' ? 'queued again with the same key' : 'failed: its request is no longer kept'}`, facts(reconsidered));
      } else if (item.state === 'sending') {
        const restored = { ...item, state: 'queued' as const, nextTryAt: null, reason: 'Was being sent when Filing Desk stopped; it will be sent again with the same key, so the service does it once.' };
        await this.store.write(restored);
        this.items.set(item.id, restored);
        this.logger?.info('was being sent when Filing Desk stopped; queued again with the same key', facts(restored));
      } else {
        this.items.set(item.id, item);
      }
    }
    this.changed();
  }

  /** Writes the item to disk, then tries it (when the gate is open). */
  async enqueue(input: NewOutboxItem): Promise<OutboxItemView> {
    const id = randomUUID();
    const { bytes, record } = queuedRequestOf(id, input.kind, input.request);
    const problem = queueProblem(input.kind, record, input.request);
    if (problem !== null) throw new StoreError('invalid', problem, [{ field: 'request', message: problem }]);
    const now = this.clock().toISOString();
    const item: OutboxItem = {
      id,
      kind: input.kind,
      draftId: input.draftId,
      title: clip(input.title, MAX_OUTBOX_TITLE),
      state: 'queued',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
      nextTryAt: null,
      reason: null,
      request: record,
      ...(input.clientCompany ? { clientCompany: input.clientCompany } : {}),
      ...(input.fingerprint ? { fingerprint: input.fingerprint } : {}),
    };
    await this.store.create(item, bytes);
    this.items.set(item.id, item);
    this.logger?.info('queued', facts(item));
    this.changed();
    this.kick();
    return toView(item);
  }

  list(): OutboxItemView[] {
    return [...this.items.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map(toView);
  }

  get(id: string): OutboxItem | undefined {
    return this.items.get(id);
  }

  counts(): OutboxCounts {
    const c: OutboxCounts = { queued: 0, sending: 0, done: 0, failed: 0 };
    for (const item of this.items.values()) if (item.state !== 'cancelled') c[item.state]++;
    return c;
  }

  /** A failed item goes back in the queue, to be tried now; the attempts so far are kept. */
  async retry(id: string): Promise<OutboxItemView> {
    const item = this.existing(id);
    if (this.inFlight.has(id) && !answered(item)) throw beingSent();
    if (item.cannotSend && item.state === 'failed') {
      throw new StoreError('invalid', item.cannotSend, [{ field: 'id', message: 'names a request that cannot be sent again' }]);
    }
    if (item.state !== 'failed' && item.state !== 'queued') {
      throw new StoreError('invalid', `This request is ${item.state}; only a failed or waiting request can be retried.`, [{ field: 'id', message: `names a request that is ${item.state}` }]);
    }
    const next = await this.update(item, { state: 'queued', nextTryAt: null, reason: null });
    this.logger?.info('retry asked for', facts(next));
    this.kick();
    return toView(next);
  }

  /** Cancels a waiting or failed item. One being sent cannot be called back: the service may already have it. */
  async cancel(id: string): Promise<OutboxItemView> {
    const item = this.existing(id);
    // Taken for sending (its "sending" mark may still be on its way to disk): the service may get it.
    if (this.inFlight.has(id) && !answered(item)) throw beingSent();
    if (item.state !== 'queued' && item.state !== 'failed') {
      throw new StoreError('invalid', `This request is ${item.state} and can no longer be cancelled.`, [{ field: 'id', message: `names a request that is ${item.state}` }]);
    }
    const next = await this.update(item, { state: 'cancelled', nextTryAt: null, reason: 'Cancelled.' });
    await this.store.dropRequest(id).catch(() => undefined);
    this.logger?.info('cancelled', facts(next));
    return toView(next);
  }

  pause(reason: string): void {
    this.pausedReason = reason;
    this.logger?.warn('paused until sign-in:', reason);
    this.changed();
  }

  resume(): void {
    if (this.pausedReason !== null) this.logger?.info('resumed');
    this.pausedReason = null;
    this.changed();
    this.kick();
  }

  /**
   * Signed out: every waiting item stays queued (never failed, never
   * dropped) and says why it waits; the gate keeps them from being sent. An
   * item already being sent finishes: the service may have it already.
   */
  async holdForSignIn(reason: string): Promise<void> {
    this.pausedReason = null; // "signed out" says it all; a pause for an ended session is part of it
    let held = 0;
    for (const item of [...this.items.values()]) {
      if (item.state === 'queued' && !this.inFlight.has(item.id)) {
        await this.update(item, { reason });
        held++;
      }
    }
    this.logger?.info('held until sign-in', { count: held });
    this.changed();
  }

  /** Signed in again: what waited only for that no longer says so, and is tried now. */
  async releaseAfterSignIn(reason: string): Promise<void> {
    for (const item of [...this.items.values()]) {
      if (item.state === 'queued' && item.reason === reason) await this.update(item, { reason: null });
    }
    this.resume();
  }

  /**
   * On quit: takes nothing new, waits up to `drainMs` for requests in flight,
   * then abandons the rest. An abandoned one stays on disk as being sent and
   * is sent again, with its key, at the next start.
   */
  async stop(drainMs: number): Promise<void> {
    this.stopping = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const all = Promise.all([...this.inFlight.values()].map((f) => f.done));
    let timeout: unknown;
    const waited = new Promise<void>((resolve) => (timeout = this.timers.setTimeout(resolve, Math.min(MAX_TIMER_DELAY_MS, Math.max(0, drainMs)))));
    await Promise.race([all, waited]);
    this.timers.clearTimeout(timeout);
    if (this.inFlight.size > 0) this.logger?.info('closing with requests still out; they are sent again with their keys at the next start', { count: this.inFlight.size });
    for (const f of this.inFlight.values()) f.abort.abort(new DOMException('Filing Desk is closing.', 'AbortError'));
    await this.writes.run(async () => undefined);
  }

  /** Looks for work now (after a change of settings, sign-in, or the network coming back). */
  kick(): void {
    if (this.stopping) return;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const gate = this.options.gate?.() ?? { open: true };
    if (!gate.open || this.pausedReason !== null) return;
    const now = this.clock().getTime();
    const queued = [...this.items.values()]
      .filter((i) => i.state === 'queued' && !this.inFlight.has(i.id))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    const limit = this.options.concurrency ?? 2;
    // A date that does not parse (never on disk: the schema refuses it) counts as due, so it is tried, not waited on.
    const dueAt = (i: OutboxItem) => (i.nextTryAt === null ? -Infinity : Date.parse(i.nextTryAt) || -Infinity);
    for (const item of queued) {
      if (this.inFlight.size >= limit) break;
      if (dueAt(item) <= now) this.start(item);
    }
    const later = queued.filter((i) => !this.inFlight.has(i.id)).map(dueAt);
    if (later.length > 0 && this.inFlight.size < limit) {
      this.timer = this.timers.setTimeout(() => this.kick(), timerDelayMs(Math.min(...later), now));
    }
  }

  private start(item: OutboxItem): void {
    const abort = new AbortController();
    const done = attemptOnce(item, abort.signal, this.attemptDeps)
      .catch((error) => {
        this.log(`outbox: ${item.kind} ${item.id} could not be processed: ${error instanceof Error ? error.message : String(error)}`);
        this.rest(item.id, error);
      })
      .finally(() => {
        this.inFlight.delete(item.id);
        this.kick();
      });
    this.inFlight.set(item.id, { abort, done });
  }


  /**
   * A step could not be written (the disk is full, the outbox folder is not a folder): the item waits the
   * longest backoff before it is looked at again, so a disk that keeps refusing never has the outbox loop.
   * Only in memory: the disk is what refused.
   */
  private rest(id: string, error: unknown): void {
    const current = this.items.get(id);
    if (!current || current.state !== 'queued') return;
    const why = error instanceof StoreError ? error.message : `Filing Desk could not record this request’s progress: ${describeFsError(error)}.`;
    const nextTryAt = new Date(this.clock().getTime() + this.backoff.maxDelayMs).toISOString();
    this.items.set(id, { ...current, nextTryAt, reason: clip(`${why} It will be tried again later.`, MAX_OUTBOX_REASON) });
    this.changed();
  }

  private existing(id: string): OutboxItem {
    const item = this.items.get(id);
    if (!item) throw new StoreError('not-found', 'There is no such request in the outbox.', [{ field: 'id', message: 'names no request in the outbox' }]);
    return item;
  }

  /**
   * Writes the change, then makes it current: what the screen shows is always what is on disk.
   * With `onlyIf`, the change is made only when the item is still in that state; otherwise the item is returned as it is.
   */
  private update(item: OutboxItem, change: Partial<OutboxItem>, onlyIf?: OutboxItem['state']): Promise<OutboxItem> {
    return this.writes.run(async () => {
      const current = this.items.get(item.id) ?? item;
      if (onlyIf !== undefined && current.state !== onlyIf) return current;
      const next: OutboxItem = { ...current, ...change, updatedAt: this.clock().toISOString() };
      // A service's message can be any length; the state file keeps a bounded reason.
      if (next.reason !== null) next.reason = clip(next.reason, MAX_OUTBOX_REASON);
      if (next.cannotSend !== undefined) next.cannotSend = clip(next.cannotSend, MAX_OUTBOX_REASON);
      await this.store.write(next);
      this.items.set(next.id, next);
      this.changed();
      return next;
    });
  }

  private changed(): void {
    this.options.onChange?.();
  }
}
