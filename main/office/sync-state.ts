/**
 * What this desk knows of its records' place in the office, in
 * `<data>/office/sync-state.json` (written atomically): for each record the
 * office version it last had and the SHA-256 of the body then, so a body
 * whose hash has moved was changed here; how far along the office's change
 * sequence it has pulled; the changes waiting to be pushed, each with the
 * change id it was given before its first push (so a push the office applied
 * but whose answer was lost is, when retried, answered as applied rather
 * than applied twice); and the records changed here and on another desk,
 * with both versions, until the user chooses.
 */
import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { officeRecord, officeRecordKind, type OfficeRecordKind } from '../../common/office/protocol.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';
import { OFFICE_FOLDER } from './office-settings.js';

export const SYNC_STATE_FILE = 'sync-state.json';
/** Where this desk's versions replaced by the office's (the user kept theirs) are kept. */
export const SET_ASIDE_FOLDER = `${OFFICE_FOLDER}/set-aside`;
/** Room for tens of thousands of records and a few large conflicts; a larger file was not written by Filing Desk. */
const MAX_SYNC_STATE_BYTES = 256 * 1024 * 1024;

/**
 * JSON with every object's keys in order and no spaces: the same body gives
 * the same text whichever desk (or store) wrote it, so its hash tells
 * whether it changed. Properties whose value is undefined are left out, as
 * JSON.stringify leaves them out of a file.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`a ${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/** The SHA-256 (hex) of a body's canonical JSON. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const syncedRecord = z.object({
  version: z.number().int().min(1),
  /** The body's hash when this desk last had the office's version; null when that version was a deletion. */
  sha256: sha256.nullable(),
});
export type SyncedRecord = z.infer<typeof syncedRecord>;

const pendingChange = z.object({
  changeId: z.uuid(),
  kind: officeRecordKind,
  id: z.string(),
  baseVersion: z.number().int().min(0),
  /** The body's hash when the change id was given: what the office holds once this change id is answered as applied. */
  sha256,
});
export type PendingChange = z.infer<typeof pendingChange>;

const syncConflict = z.object({
  kind: officeRecordKind,
  id: z.string(),
  mine: z.object({ body: z.unknown(), changedAt: z.string() }),
  theirs: officeRecord,
});
export type SyncConflict = z.infer<typeof syncConflict>;

const syncStateSchema = z.object({
  version: z.literal(1),
  lastSeq: z.number().int().min(0),
  records: z.record(z.string(), syncedRecord),
  pending: z.array(pendingChange),
  conflicts: z.array(syncConflict),
  lastSync: z.object({ at: z.string(), pushed: z.number().int().min(0), pulled: z.number().int().min(0) }).nullable(),
  problem: z.string().nullable(),
});
export type SyncState = z.infer<typeof syncStateSchema>;

export const emptySyncState = (): SyncState => ({ version: 1, lastSeq: 0, records: {}, pending: [], conflicts: [], lastSync: null, problem: null });

/** The key a record goes by in the state: ids never hold a slash (protocol's officeRecordId). */
export const recordKey = (kind: OfficeRecordKind, id: string) => `${kind}/${id}`;

export const findConflict = (state: SyncState, kind: OfficeRecordKind, id: string) => state.conflicts.find((c) => c.kind === kind && c.id === id);
export const findPending = (state: SyncState, kind: OfficeRecordKind, id: string) => state.pending.find((p) => p.kind === kind && p.id === id);

export function dropPending(state: SyncState, kind: OfficeRecordKind, id: string): void {
  state.pending = state.pending.filter((p) => !(p.kind === kind && p.id === id));
}

export function dropConflict(state: SyncState, kind: OfficeRecordKind, id: string): void {
  state.conflicts = state.conflicts.filter((c) => !(c.kind === kind && c.id === id));
}

/** Keeps both versions of a record changed here and on another desk; a later office version replaces the earlier one beside mine. */
export function keepConflict(state: SyncState, conflict: SyncConflict): void {
  const standing = findConflict(state, conflict.kind, conflict.id);
  if (standing) {
    if (conflict.theirs.version > standing.theirs.version) standing.theirs = conflict.theirs;
    return;
  }
  state.conflicts.push(conflict);
}

/** The sync state file could not be used: it was left as it is, and nothing was synced. */
export class SyncStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncStateError';
  }
}

/** Reads and writes one data folder's sync state. */
export class SyncStateFile {
  private readonly path: string;

  constructor(private readonly dataDir: string) {
    this.path = join(dataDir, OFFICE_FOLDER, SYNC_STATE_FILE);
  }

  /** The state, or an empty one for a desk that has never synced. */
  async load(): Promise<SyncState> {
    if (!(await checkDataFolder(nodeFs, this.dataDir, OFFICE_FOLDER, { create: false }))) return emptySyncState();
    const read = await readRegularText(this.path, { maxBytes: MAX_SYNC_STATE_BYTES, kind: 'the office sync state' });
    if (!read.ok) {
      if (read.problem === 'missing') return emptySyncState();
      throw new SyncStateError(`The office sync state (${OFFICE_FOLDER}/${SYNC_STATE_FILE}) could not be read: ${read.reason}; nothing was synced.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(read.value);
    } catch {
      throw new SyncStateError(`The office sync state (${OFFICE_FOLDER}/${SYNC_STATE_FILE}) is not valid JSON; it was left as it is and nothing was synced.`);
    }
    const parsed = syncStateSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SyncStateError(
        `The office sync state (${OFFICE_FOLDER}/${SYNC_STATE_FILE}) is not usable: ${issue.path.join('.') || 'the file'} ${issue.message}; it was left as it is and nothing was synced.`,
      );
    }
    return parsed.data;
  }

  /**
   * Keeps this desk's version of a record the user replaced with the
   * office's (keeping theirs), in `office/set-aside/`: the office never had
   * it, so this copy is the one place it survives. Answers the file's name.
   */
  async setAside(kind: OfficeRecordKind, id: string, body: unknown, at: Date): Promise<string> {
    await ensureDataFolder(nodeFs, this.dataDir, SET_ASIDE_FOLDER);
    const name = `${kind}-${id}-${at.toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFileAtomic(join(this.dataDir, SET_ASIDE_FOLDER, name), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    return `${SET_ASIDE_FOLDER}/${name}`;
  }

  async save(state: SyncState): Promise<void> {
    await ensureDataFolder(nodeFs, this.dataDir, OFFICE_FOLDER);
    await writeFileAtomic(this.path, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  }
}
