/**
 * The background sync of a joined desk, with time moved by the test: a sync
 * at start, the next two minutes after the last ended, one soon after a
 * burst of saves, never two at once (Sync now joins the running one), a save
 * during a sync gets its own sync after it, the running progress in the
 * status, and nothing at all once the desk has left.
 */
import { describe, expect, it } from 'vitest';
import { OfficeBackgroundSync, SYNC_AFTER_SAVE_MS, SYNC_EVERY_MS, type SyncTimers } from '../../main/office/background-sync.js';
import type { OfficeStatusView } from '../../preload/contract-office.js';
import type { OfficeSyncProgress } from '../../main/office/office-desk-service.js';

/** Timers that run only when the test moves the clock. */
class ManualTimers implements SyncTimers {
  now = 0;
  private next = 1;
  private readonly waiting = new Map<number, { at: number; run: () => void }>();
  setTimeout(run: () => void, ms: number): unknown {
    const handle = this.next++;
    this.waiting.set(handle, { at: this.now + ms, run });
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.waiting.delete(handle as number);
  }
  get pending(): number {
    return this.waiting.size;
  }
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.waiting].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.waiting.delete(due[0]);
      this.now = due[1].at;
      due[1].run();
      await settle();
    }
    this.now = until;
    await settle();
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const joined = (running: OfficeSyncProgress | null = null): OfficeStatusView => ({
  joined: true,
  url: 'https://office.example.co.uk',
  user: 'sarah',
  desk: 'RECEPTION-PC',
  fingerprint: null,
  joinedAt: '2026-12-02T09:00:00.000Z',
  signedIn: true,
  admin: false,
  sync: { lastSync: null, pending: 0, running, problem: null, conflicts: [] },
});

/** A desk whose syncs end when the test says, counting how many ran at once. */
function deskOf(initially: OfficeStatusView = joined()) {
  const runs: { finish(): void; fail(error: Error): void; progress(p: OfficeSyncProgress): void }[] = [];
  let atOnce = 0;
  let most = 0;
  return {
    runs,
    get most() {
      return most;
    },
    desk: {
      status: async () => initially,
      sync: (onProgress?: (p: OfficeSyncProgress) => void) =>
        new Promise<OfficeStatusView>((resolve, reject) => {
          atOnce++;
          most = Math.max(most, atOnce);
          runs.push({
            finish: () => {
              atOnce--;
              resolve(joined());
            },
            fail: (error) => {
              atOnce--;
              reject(error);
            },
            progress: (p) => onProgress?.(p),
          });
        }),
    },
  };
}

function started(d: ReturnType<typeof deskOf>) {
  const timers = new ManualTimers();
  const logged: string[] = [];
  const sync = new OfficeBackgroundSync({ desk: d.desk, timers, log: (message) => logged.push(message) });
  return { sync, timers, logged };
}

describe('the background sync with the office', () => {
  it('syncs at start when joined, then two minutes after each sync ends', async () => {
    const d = deskOf();
    const { sync, timers } = started(d);
    await sync.start();
    expect(d.runs).toHaveLength(1);
    await timers.advance(SYNC_EVERY_MS);
    expect(d.runs).toHaveLength(1); // still running: no second sync beside it
    d.runs[0]!.finish();
    await settle();
    await timers.advance(SYNC_EVERY_MS - 1);
    expect(d.runs).toHaveLength(1);
    await timers.advance(1);
    expect(d.runs).toHaveLength(2);
    expect(d.most).toBe(1);
    sync.stop();
  });

  it('does nothing at start on a desk that has not joined', async () => {
    const d = deskOf({ joined: false });
    const { sync, timers } = started(d);
    await sync.start();
    sync.savedLocally();
    await timers.advance(10 * SYNC_EVERY_MS);
    expect(d.runs).toHaveLength(0);
    expect(timers.pending).toBe(0);
  });

  it('syncs once, soon after the last of a burst of saves', async () => {
    const d = deskOf();
    const { sync, timers } = started(d);
    sync.joined();
    d.runs[0]!.finish();
    await settle();
    for (let i = 0; i < 5; i++) {
      sync.savedLocally();
      await timers.advance(SYNC_AFTER_SAVE_MS / 2);
    }
    expect(d.runs).toHaveLength(1);
    await timers.advance(SYNC_AFTER_SAVE_MS / 2);
    expect(d.runs).toHaveLength(2);
    sync.stop();
  });

  it('gives a save made during a sync a sync of its own after it, never two at once', async () => {
    const d = deskOf();
    const { sync, timers } = started(d);
    sync.joined();
    sync.savedLocally();
    await timers.advance(SYNC_AFTER_SAVE_MS);
    expect(d.runs).toHaveLength(1);
    d.runs[0]!.finish();
    await settle();
    expect(d.runs).toHaveLength(2);
    expect(d.most).toBe(1);
    sync.stop();
  });

  it('Sync now while a sync runs waits for that one, and shows its progress in the status', async () => {
    const d = deskOf();
    const { sync } = started(d);
    sync.joined();
    const now = sync.syncNow();
    expect(d.runs).toHaveLength(1);
    const shown = sync.withProgress(joined());
    expect(shown.joined && shown.sync.running).toEqual({ step: 'Starting', done: 0, total: null });
    d.runs[0]!.progress({ step: 'Sending changes', done: 3, total: 12 });
    const later = sync.withProgress(joined());
    expect(later.joined && later.sync.running).toEqual({ step: 'Sending changes', done: 3, total: 12 });
    d.runs[0]!.finish();
    await expect(now).resolves.toMatchObject({ joined: true });
    expect(sync.progress()).toBeNull();
    const after = sync.withProgress(joined());
    expect(after.joined && after.sync.running).toBeNull();
    sync.stop();
  });

  it('a background sync that fails is logged and the next turn still comes; Sync now’s failure is the caller’s', async () => {
    const d = deskOf();
    const { sync, timers, logged } = started(d);
    sync.joined();
    d.runs[0]!.fail(new Error('the office could not be reached'));
    await settle();
    expect(logged).toEqual(['a background sync with the office did not finish']);
    await timers.advance(SYNC_EVERY_MS);
    expect(d.runs).toHaveLength(2);
    d.runs[1]!.finish();
    await settle();
    const now = sync.syncNow();
    d.runs[2]!.fail(new Error('the password was refused'));
    await expect(now).rejects.toThrow('the password was refused');
    sync.stop();
  });

  it('starts nothing more once the desk has left, even for a save or a turn that was due', async () => {
    const d = deskOf();
    const { sync, timers } = started(d);
    sync.joined();
    d.runs[0]!.finish();
    await settle();
    sync.savedLocally();
    sync.stop();
    expect(timers.pending).toBe(0);
    sync.savedLocally();
    await timers.advance(10 * SYNC_EVERY_MS);
    expect(d.runs).toHaveLength(1);
  });
});
