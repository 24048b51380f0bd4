/**
 * Keeps a joined desk in step with the office without anyone pressing Sync
 * now: once at start, every two minutes after the last sync ended, and soon
 * after something is saved here (a burst of saves gives one sync). Only one
 * sync runs at a time; Sync now while one runs waits for that one, and a save
 * made during a sync gets a sync of its own after it, so it is never left
 * waiting for the next two-minute turn. While a sync runs, the status the
 * window reads carries how far it has got.
 */
import type { OfficeStatusView } from '../../preload/contract-office.js';
import type { OfficeDeskService, OfficeSyncProgress } from './office-desk-service.js';

/** The timer functions used, so a test can move time itself. */
export interface SyncTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OfficeBackgroundSyncOptions {
  desk: Pick<OfficeDeskService, 'status' | 'sync'>;
  timers?: SyncTimers;
  /** Between the end of one sync and the start of the next; two minutes unless given. */
  everyMs?: number;
  /** How long after the last of a burst of saves the sync starts; ten seconds unless given. */
  afterSaveMs?: number;
  /** A background sync that failed: the desk's status says why to the window; this is for the log. */
  log?: (message: string, error: unknown) => void;
}

export const SYNC_EVERY_MS = 2 * 60_000;
export const SYNC_AFTER_SAVE_MS = 10_000;

/** What the status shows between pressing Sync and the desk's first word of progress. */
const STARTING: OfficeSyncProgress = { step: 'Starting', done: 0, total: null };

const realTimers: SyncTimers = {
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A waiting sync must never keep the app from quitting.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class OfficeBackgroundSync {
  private readonly desk: Pick<OfficeDeskService, 'status' | 'sync'>;
  private readonly timers: SyncTimers;
  private readonly everyMs: number;
  private readonly afterSaveMs: number;
  private readonly log: (message: string, error: unknown) => void;
  private active = false;
  private running: Promise<OfficeStatusView> | null = null;
  private progressNow: OfficeSyncProgress | null = null;
  private nextTurn: unknown = null;
  private afterSave: unknown = null;
  private savedDuringSync = false;

  constructor(options: OfficeBackgroundSyncOptions) {
    this.desk = options.desk;
    this.timers = options.timers ?? realTimers;
    this.everyMs = options.everyMs ?? SYNC_EVERY_MS;
    this.afterSaveMs = options.afterSaveMs ?? SYNC_AFTER_SAVE_MS;
    this.log = options.log ?? ((message, error) => console.error(`office: ${message}`, error));
  }

  /** At start: a desk that has joined syncs now and then every two minutes; one that has not waits for joined(). */
  async start(): Promise<void> {
    const status = await this.desk.status();
    if (status.joined) this.joined();
  }

  /** This desk has just joined (or was joined at start): sync now and keep syncing. */
  joined(): void {
    this.active = true;
    this.inBackground();
  }

  /** This desk has left the office, or the app is quitting: no more syncs are started. */
  stop(): void {
    this.active = false;
    this.savedDuringSync = false;
    this.clear('nextTurn');
    this.clear('afterSave');
  }

  /** Something was saved on this desk: sync soon, once the burst of saves is over. */
  savedLocally(): void {
    if (!this.active) return;
    if (this.running) this.savedDuringSync = true;
    this.clear('afterSave');
    this.afterSave = this.timers.setTimeout(() => {
      this.afterSave = null;
      this.inBackground();
    }, this.afterSaveMs);
  }

  /** Sync now (the window's Sync now): the sync already running if there is one, else a new one. Its failure is the caller's to show. */
  syncNow(): Promise<OfficeStatusView> {
    if (this.running) return this.running;
    this.clear('nextTurn');
    this.progressNow = STARTING;
    const run = this.desk.sync((progress) => {
      this.progressNow = progress;
    });
    this.running = run.finally(() => {
      this.running = null;
      this.progressNow = null;
      this.afterRun();
    });
    return this.running;
  }

  /** How far the running sync has got, or null when none runs. */
  progress(): OfficeSyncProgress | null {
    return this.progressNow;
  }

  /** The desk's status with the running sync's progress, which the desk itself may not know of while it is being asked. */
  withProgress(status: OfficeStatusView): OfficeStatusView {
    const progress = this.progressNow;
    if (!status.joined || !progress || status.sync.running) return status;
    return { ...status, sync: { ...status.sync, running: { ...progress } } };
  }

  private afterRun(): void {
    if (!this.active) return;
    if (this.savedDuringSync && this.afterSave === null) {
      // Saved while that sync was reading the stores: what was saved may have missed it.
      this.savedDuringSync = false;
      this.inBackground();
      return;
    }
    this.savedDuringSync = false;
    this.clear('nextTurn');
    this.nextTurn = this.timers.setTimeout(() => {
      this.nextTurn = null;
      this.inBackground();
    }, this.everyMs);
  }

  private inBackground(): void {
    if (!this.active) return;
    void this.syncNow().catch((error: unknown) => this.log('a background sync with the office did not finish', error));
  }

  private clear(which: 'nextTurn' | 'afterSave'): void {
    const handle = this[which];
    if (handle !== null) this.timers.clearTimeout(handle);
    this[which] = null;
  }
}
