/**
 * The sync state as the window and the command line show it: how many
 * changes wait to be sent, and each conflict with its title and field-by-
 * field differences in the words of its kind's adapter. "Mine" is this
 * desk's version as stored here now: the local file is the truth, and the
 * user may have changed it again since the conflict was found.
 */
import type { OfficeConflictView, OfficeSyncState } from '../../preload/contract-office.js';
import type { RecordAdapter } from './record-adapters/record-adapter.js';
import { bodyHash, findConflict, recordKey, type SyncConflict, type SyncState } from './sync-state.js';

export async function conflictView(conflict: SyncConflict, adapters: readonly RecordAdapter[]): Promise<OfficeConflictView> {
  const adapter = adapters.find((a) => a.kind === conflict.kind);
  const local = await adapter?.get(conflict.id).catch(() => undefined);
  const mine = local ? { body: local.body, changedAt: conflict.mine.changedAt } : conflict.mine;
  const { theirs } = conflict;
  return {
    kind: conflict.kind,
    id: conflict.id,
    title: adapter ? adapter.title(theirs.deleted ? mine.body : theirs.body) : `${conflict.kind} ${conflict.id}`,
    mine,
    theirs: { body: theirs.body, version: theirs.version, changedBy: theirs.changedBy, changedOn: theirs.changedOn, changedAt: theirs.changedAt, deleted: theirs.deleted },
    differences: adapter ? adapter.differences(mine.body, theirs.body) : [],
  };
}

/**
 * Changes made here the office does not have: those waiting with a change
 * id, and those made since the last sync (a body whose hash moved). A store
 * that cannot be read counts only what is waiting.
 */
async function pendingCount(state: SyncState, adapters: readonly RecordAdapter[]): Promise<number> {
  let count = 0;
  for (const adapter of adapters) {
    const records = await adapter.list().catch(() => undefined);
    if (!records) {
      count += state.pending.filter((p) => p.kind === adapter.kind).length;
      continue;
    }
    for (const record of records) {
      if (findConflict(state, adapter.kind, record.id)) continue;
      const waiting = state.pending.some((p) => p.kind === adapter.kind && p.id === record.id);
      if (waiting || state.records[recordKey(adapter.kind, record.id)]?.sha256 !== bodyHash(record.body)) count++;
    }
  }
  return count;
}

export async function syncStateView(state: SyncState, adapters: readonly RecordAdapter[]): Promise<OfficeSyncState> {
  return {
    lastSync: state.lastSync,
    pending: await pendingCount(state, adapters),
    running: null,
    problem: state.problem,
    conflicts: await Promise.all(state.conflicts.map((c) => conflictView(c, adapters))),
  };
}
