/**
 * Push then pull, offline first: this desk's stores are written first,
 * always, and the sync reads them. A record whose body hash moved since the
 * last sync is a change to push, against the version this desk last had; a
 * record pulled from the office replaces this desk's only when this desk
 * has not changed it meanwhile. Otherwise both versions are kept as a
 * conflict (this desk's file untouched) until the user chooses, and a record
 * in conflict is neither pushed nor overwritten until then. The state is
 * saved before each push (so retries reuse their change ids) and after each
 * answer and each pulled page, so a sync cut off anywhere carries on where
 * it stopped.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  changesReply,
  MAX_PULL_CHANGES,
  MAX_PUSH_CHANGES,
  missingAttachmentsReply,
  pushReply,
  type OfficeRecord,
  type OfficeRecordKind,
  type PushChange,
} from '../../common/office/protocol.js';
import { StoreError } from '../store/store-error.js';
import { OFFICE_BYTES, OfficeCertificateRefused, OfficeRefused, OfficeUnreachable, type OfficeConnection } from './office-connection.js';
import type { OfficeSyncProgress } from './office-desk-service.js';
import type { LocalRecord, RecordAdapter } from './record-adapters/record-adapter.js';
import {
  bodyHash,
  dropConflict,
  dropPending,
  findConflict,
  findPending,
  keepConflict,
  recordKey,
  type PendingChange,
  type SyncConflict,
  type SyncState,
  type SyncStateFile,
} from './sync-state.js';

/** The most files asked about in one POST /attachments/missing (the protocol's limit). */
const MAX_ATTACHMENT_QUESTION = 5000;

export interface OfficeSyncResult {
  pushed: number;
  pulled: number;
  /** Every record standing in conflict after this sync, old and new. */
  conflicts: SyncConflict[];
}

export interface OfficeSyncOptions {
  connection: OfficeConnection;
  adapters: readonly RecordAdapter[];
  state: SyncStateFile;
  clock?: () => Date;
  newChangeId?: () => string;
}

type Progress = (progress: OfficeSyncProgress) => void;

/** A change ready to push: the pending entry (saved) and what is sent with it. */
interface Outgoing {
  pending: PendingChange;
  local: LocalRecord;
}

export class OfficeSync {
  private readonly clock: () => Date;
  private readonly newChangeId: () => string;

  constructor(private readonly options: OfficeSyncOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.newChangeId = options.newChangeId ?? randomUUID;
  }

  async run(onProgress: Progress = () => undefined): Promise<OfficeSyncResult> {
    const state = await this.options.state.load();
    try {
      const outgoing = await this.collectChanges(state, onProgress);
      await this.options.state.save(state);
      await this.uploadAttachments(outgoing, onProgress);
      const pushed = await this.push(state, outgoing, onProgress);
      const refused: string[] = [];
      const pulled = await this.pull(state, refused, onProgress);
      state.lastSync = { at: this.clock().toISOString(), pushed, pulled };
      state.problem = refused.length > 0 ? `Some of the office's changes could not be taken on this desk and were left as they are here: ${refused.join('; ')}.` : null;
      await this.options.state.save(state);
      return { pushed, pulled, conflicts: state.conflicts };
    } catch (error) {
      state.problem = (error as Error).message;
      await this.options.state.save(state).catch(() => undefined);
      throw error;
    }
  }

  /** Chooses between the two versions of a record in conflict. */
  async resolve(kind: OfficeRecordKind, id: string, keep: 'mine' | 'theirs'): Promise<void> {
    const state = await this.options.state.load();
    const conflict = findConflict(state, kind, id);
    if (!conflict) throw new StoreError('not-found', `There is no conflict for the ${kind} ${id}: it may have been resolved already.`, [{ field: 'id', message: 'names no record in conflict' }]);
    const adapter = this.adapter(kind);
    if (keep === 'theirs') {
      // Mine never reached the office, so a copy stays on this desk before the office's version replaces it.
      const mine = await adapter.get(id);
      if (mine) await this.options.state.setAside(kind, id, mine.body, this.clock());
      await this.applyTheirs(state, adapter, conflict.theirs);
      dropConflict(state, kind, id);
      await this.options.state.save(state);
      return;
    }
    const local = await adapter.get(id);
    if (!local) throw new StoreError('not-found', `The ${kind} ${id} is no longer on this desk, so there is no version of mine to keep; keep theirs instead.`, [{ field: 'keep', message: 'mine is not on this desk' }]);
    // Mine goes against theirs' version; saved first, so a push whose answer is lost is retried with the same change id.
    const pending: PendingChange = { changeId: this.newChangeId(), kind, id, baseVersion: conflict.theirs.version, sha256: bodyHash(local.body) };
    dropConflict(state, kind, id);
    dropPending(state, kind, id);
    state.pending.push(pending);
    await this.options.state.save(state);
    await this.uploadAttachments([{ pending, local }], () => undefined);
    await this.push(state, [{ pending, local }], () => undefined);
  }

  private adapter(kind: OfficeRecordKind): RecordAdapter {
    const adapter = this.options.adapters.find((a) => a.kind === kind);
    if (!adapter) throw new StoreError('invalid', `This desk keeps no ${kind} records, so it cannot choose between versions of one.`, [{ field: 'kind', message: `no ${kind} records on this desk` }]);
    return adapter;
  }

  /** Every local record changed since the last sync (or waiting from an earlier push), each with its change id given now or before. */
  private async collectChanges(state: SyncState, onProgress: Progress): Promise<Outgoing[]> {
    const outgoing: Outgoing[] = [];
    for (const adapter of this.options.adapters) {
      onProgress({ step: `reading this desk's ${adapter.kind} records`, done: 0, total: null });
      for (const local of await adapter.list()) {
        if (findConflict(state, adapter.kind, local.id)) continue;
        const waiting = findPending(state, adapter.kind, local.id);
        if (waiting) {
          outgoing.push({ pending: waiting, local });
          continue;
        }
        const hash = bodyHash(local.body);
        const synced = state.records[recordKey(adapter.kind, local.id)];
        if (synced?.sha256 === hash) continue;
        const pending: PendingChange = { changeId: this.newChangeId(), kind: adapter.kind, id: local.id, baseVersion: synced?.version ?? 0, sha256: hash };
        state.pending.push(pending);
        outgoing.push({ pending, local });
      }
    }
    return outgoing;
  }

  /** Puts on the office the files the changes refer to that it does not have yet. */
  private async uploadAttachments(outgoing: Outgoing[], onProgress: Progress): Promise<void> {
    const owners = new Map<string, Outgoing>();
    for (const change of outgoing) for (const sha of change.local.attachments) if (!owners.has(sha)) owners.set(sha, change);
    const all = [...owners.keys()];
    const missing: string[] = [];
    for (let i = 0; i < all.length; i += MAX_ATTACHMENT_QUESTION) {
      const reply = await this.options.connection.request('POST', '/attachments/missing', { sha256: all.slice(i, i + MAX_ATTACHMENT_QUESTION) }, missingAttachmentsReply);
      missing.push(...reply.missing);
    }
    for (const [done, sha] of missing.entries()) {
      onProgress({ step: 'sending files to the office', done, total: missing.length });
      const owner = owners.get(sha);
      if (!owner) continue;
      const bytes = await this.adapter(owner.pending.kind).readAttachment(owner.local.id, sha);
      await this.options.connection.request('PUT', `/attachments/${sha}`, Buffer.from(bytes), OFFICE_BYTES);
    }
  }

  private async push(state: SyncState, outgoing: Outgoing[], onProgress: Progress): Promise<number> {
    let pushed = 0;
    const problems: string[] = [];
    for (let i = 0; i < outgoing.length; i += MAX_PUSH_CHANGES) {
      onProgress({ step: 'sending changes to the office', done: i, total: outgoing.length });
      const batch = outgoing.slice(i, i + MAX_PUSH_CHANGES);
      const changes: PushChange[] = batch.map(({ pending, local }) => ({
        changeId: pending.changeId,
        kind: pending.kind,
        id: pending.id,
        baseVersion: pending.baseVersion,
        body: local.body,
        deleted: false,
        attachments: local.attachments,
      }));
      const reply = await this.options.connection.request('POST', '/push', { changes }, pushReply);
      for (const result of reply.results) {
        const change = batch.find((c) => c.pending.changeId === result.changeId);
        if (!change) continue;
        const { kind, id } = change.pending;
        if (result.status === 'applied') {
          state.records[recordKey(kind, id)] = { version: result.version, sha256: change.pending.sha256 };
          dropPending(state, kind, id);
          pushed++;
        } else if (result.status === 'conflict') {
          dropPending(state, kind, id);
          keepConflict(state, { kind, id, mine: { body: change.local.body, changedAt: changedAt(change.local.body, this.clock) }, theirs: result.theirs });
        } else {
          // Kept pending with its change id: the next sync sends the files and the change again.
          problems.push(`the office lacks ${result.missing.length} file(s) of the ${kind} ${id}`);
        }
      }
      await this.options.state.save(state);
    }
    if (problems.length > 0) throw new StoreError('failed', `Some changes were not taken: ${problems.join('; ')}. Sync again to send them.`);
    return pushed;
  }

  private async pull(state: SyncState, refused: string[], onProgress: Progress): Promise<number> {
    let pulled = 0;
    for (;;) {
      onProgress({ step: 'fetching changes from the office', done: pulled, total: null });
      const page = await this.options.connection.request('GET', `/changes?after=${state.lastSeq}&limit=${MAX_PULL_CHANGES}`, undefined, changesReply);
      // Judged one by one, then written kind by kind in the adapters' order (clients before the drafts that name them).
      const toApply = new Map<RecordAdapter, OfficeRecord[]>();
      for (const record of page.changes) {
        const adapter = await this.judge(state, record);
        if (adapter) toApply.set(adapter, [...(toApply.get(adapter) ?? []), record]);
      }
      for (const adapter of this.options.adapters) {
        const records = toApply.get(adapter);
        if (records) pulled += await this.applyAll(state, adapter, records, refused);
      }
      state.lastSeq = Math.max(state.lastSeq, page.last);
      await this.options.state.save(state);
      if (!page.more || page.changes.length === 0) return pulled;
    }
  }

  /**
   * One record from the office: the adapter to write it here with, or
   * undefined when it is kept as a conflict or skipped (this desk's own, a
   * version already here, the same change made on both desks).
   */
  private async judge(state: SyncState, record: OfficeRecord): Promise<RecordAdapter | undefined> {
    const adapter = this.options.adapters.find((a) => a.kind === record.kind);
    // A kind this build keeps no store for: the office holds it for the desks that do.
    if (!adapter) return undefined;
    const key = recordKey(record.kind, record.id);
    const synced = state.records[key];
    // This desk's own push coming back, or a version it already has.
    if (synced && record.version <= synced.version) return undefined;
    const standing = findConflict(state, record.kind, record.id);
    if (standing) {
      keepConflict(state, { ...standing, theirs: record });
      return undefined;
    }
    const local = await adapter.get(record.id);
    const localHash = local ? bodyHash(local.body) : null;
    const changedHere = local !== undefined && (synced === undefined || synced.sha256 !== localHash);
    if (changedHere && (record.deleted || bodyHash(record.body) !== localHash)) {
      dropPending(state, record.kind, record.id);
      keepConflict(state, { kind: record.kind, id: record.id, mine: { body: local.body, changedAt: changedAt(local.body, this.clock) }, theirs: record });
      return undefined;
    }
    if (changedHere) {
      // Both desks made the same change: nothing to choose between.
      state.records[key] = { version: record.version, sha256: localHash };
      dropPending(state, record.kind, record.id);
      return undefined;
    }
    return adapter;
  }

  /** Writes the office's versions here: together where the store can, else one by one. Answers how many were written. */
  private async applyAll(state: SyncState, adapter: RecordAdapter, records: OfficeRecord[], refused: string[]): Promise<number> {
    if (!adapter.applyMany) {
      let applied = 0;
      for (const record of records) {
        try {
          await this.applyTheirs(state, adapter, record);
          applied++;
        } catch (error) {
          this.refuse(refused, adapter, record, error);
        }
      }
      return applied;
    }
    let results: { id: string; error: unknown }[];
    try {
      results = await adapter.applyMany(records);
    } catch (error) {
      for (const record of records) this.refuse(refused, adapter, record, error);
      return 0;
    }
    let applied = 0;
    for (const record of records) {
      const result = results.find((r) => r.id === record.id);
      if (!result || result.error) {
        this.refuse(refused, adapter, record, result?.error ?? new Error('the store did not say whether it was written'));
        continue;
      }
      await this.remember(state, adapter, record);
      applied++;
    }
    return applied;
  }

  /** The store refused one record (a rule this desk's version keeps, a file that did not match): one record must not stop the rest. */
  private refuse(refused: string[], adapter: RecordAdapter, record: OfficeRecord, error: unknown): void {
    if (error instanceof OfficeUnreachable || error instanceof OfficeRefused || error instanceof OfficeCertificateRefused) throw error;
    const fields = error instanceof StoreError ? (error.errors ?? []).map((f) => ` ${f.field} ${f.message}`).join(';') : '';
    refused.push(`${adapter.title(record.body)} (${record.kind} ${record.id}, version ${record.version}): ${(error as Error).message}${fields}`);
  }

  /** Makes the office's version this desk's, and remembers the body as the store wrote it. */
  private async applyTheirs(state: SyncState, adapter: RecordAdapter, record: OfficeRecord): Promise<void> {
    await adapter.apply(record, (sha) => this.fetchAttachment(sha));
    await this.remember(state, adapter, record);
  }

  /** The office's version is this desk's now: its version, and the body's hash as the store wrote it. */
  private async remember(state: SyncState, adapter: RecordAdapter, record: OfficeRecord): Promise<void> {
    const written = record.deleted ? undefined : await adapter.get(record.id);
    state.records[recordKey(record.kind, record.id)] = { version: record.version, sha256: written ? bodyHash(written.body) : null };
    dropPending(state, record.kind, record.id);
  }

  private async fetchAttachment(sha: string): Promise<Uint8Array> {
    const bytes = await this.options.connection.request('GET', `/attachments/${sha}`, undefined, OFFICE_BYTES);
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha) throw new Error(`The office sent a file whose contents do not match its name (${sha}); it was not used.`);
    return bytes;
  }
}

/** When this desk's version was made: the store's own changedAt when it keeps one, else now. */
function changedAt(body: unknown, clock: () => Date): string {
  const stamp = (body as { changedAt?: unknown } | null)?.changedAt;
  return typeof stamp === 'string' ? stamp : clock().toISOString();
}
