/**
 * Drafts on disk: `<data>/drafts/<id>.json` (written atomically) with the
 * draft's files beside it in `<id>.files/`, deleted drafts in `<data>/trash/`.
 *
 * Every change to one draft runs in that draft's queue, starting from the
 * last state known to be on disk, and is applied in memory only once its
 * file is durable: a failed write leaves the draft (on disk and as later
 * operations see it) as it was, and reports why in words. `save`, called on
 * every keystroke, coalesces: while one write is in flight, only the newest
 * pending content is kept, and every caller settles with the write that
 * carried its content or a newer one.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Draft, DraftCreateRequest, DraftList, DraftSaveRequest, DraftSaveResponse, DraftSummary, UnreadableDraftFile } from '../../preload/contract.js';
import { ATOMIC_TEMP_FILE, writeFileAtomic } from './atomic-write.js';
import { checkDataFolder, ensureDataFolder, UnsafeFolderError } from './data-folder.js';
import { CURRENT_DRAFT_VERSION, readDraftText, serialiseDraft, stateOf, toDraft, toSummary, type DraftRecord, type ReadOutcome } from './draft-record.js';
import { readRegularText } from './regular-file.js';
import { StoreError } from './store-error.js';
import { describeFsError, fileStamp, isMissing, nodeStoreFs, type StoreFs } from './store-fs.js';
import { SerialQueue } from './serial-queue.js';
import { refuseIfFiled } from './draft-filed.js';

export interface DraftStoreOptions {
  dataDir: string;
  fs?: StoreFs;
  clock?: () => Date;
  idGenerator?: () => string;
  log?: (message: string) => void;
}

/** Ids become file names: only what our generator makes (UUIDs) is accepted. */
export const DRAFT_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const UNREADABLE = /^(.+\.json)\.unreadable-(.+)$/;
/**
 * Files read at once while listing. Each read is five trips to Node's four
 * file threads (open, stat, read, the read that finds the end, close), and
 * between trips the main thread parses and checks the files already read:
 * with few in flight the threads sit idle. 1,000 drafts took about 230 ms
 * with 3 in flight, 165 with 8 and 150 with 32 (beyond that nothing more).
 * One slow file (a disk that stalls, a network share) still holds only one
 * thread; a folder whose every file stalls holds all four, as it would hold
 * any reader, however many are in flight.
 */
const READ_CONCURRENCY = 32;
/**
 * The most a draft file may hold: what the app writes is a form of at most
 * MAX_DRAFT_FORM_BYTES (1 MB), a few lines of metadata, the attachment list
 * (names of at most 1,000 characters) and the last validation's messages.
 * Sixteen times the form leaves room for all of that; anything larger was
 * not written by Filing Desk and is refused before a byte of it is read.
 */
export const MAX_DRAFT_RECORD_BYTES = 16 * 1024 * 1024;

interface PendingSave {
  request: DraftSaveRequest;
  waiters: { resolve(value: DraftSaveResponse): void; reject(error: unknown): void }[];
}

export class DraftStore {
  readonly dataDir: string;
  readonly draftsDir: string;
  readonly trashDir: string;
  readonly fs: StoreFs;
  readonly clock: () => Date;
  readonly newId: () => string;
  private readonly log: (message: string) => void;
  private readonly lanes = new Map<string, SerialQueue>();
  private readonly durable = new Map<string, DraftRecord>();
  private readonly pendingSaves = new Map<string, PendingSave>();
  /** Why each file moved aside this session was unreadable, by its new name. */
  private readonly reasons = new Map<string, string>();
  private ready: Promise<void> | undefined;

  constructor(options: DraftStoreOptions) {
    this.dataDir = options.dataDir;
    this.draftsDir = join(options.dataDir, 'drafts');
    this.trashDir = join(options.dataDir, 'trash');
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.idGenerator ?? randomUUID;
    this.log = options.log ?? ((message) => console.warn(`drafts: ${message}`));
  }

  /** Creates the folders and removes temporary files a crash left mid-write; every operation waits for it. */
  open(): Promise<void> {
    this.ready ??= this.sweep();
    return this.ready;
  }

  filesDir(id: string): string {
    return join(this.draftsDir, `${id}.files`);
  }

  /** The draft's files folder relative to the data folder, for checkDataFolder. */
  filesFolder(id: string): string {
    return `drafts/${id}.files`;
  }

  async list(): Promise<DraftList> {
    await this.open();
    const unreadable: UnreadableDraftFile[] = [];
    const drafts: DraftSummary[] = [];
    const entries = await this.fs.readdir(this.draftsDir, { withFileTypes: true });
    const jsonNames = entries.filter((e) => e.name.endsWith('.json')).map((e) => e.name);
    await forEachLimited(jsonNames, READ_CONCURRENCY, async (name) => {
      const outcome = await this.readFileAt(join(this.draftsDir, name), name.slice(0, -'.json'.length));
      if (outcome.ok) drafts.push(toSummary(outcome.record));
      else unreadable.push(await this.setAside(name, outcome));
    });
    for (const entry of entries) {
      const match = UNREADABLE.exec(entry.name);
      if (!match || unreadable.some((u) => u.movedTo === entry.name)) continue;
      const reason = this.reasons.get(entry.name) ?? 'it could not be read when Filing Desk opened it earlier; it was kept so nothing is lost';
      unreadable.push({ fileName: match[1]!, movedTo: entry.name, reason });
    }
    drafts.sort(byChangedAtDesc);
    unreadable.sort((a, b) => a.movedTo.localeCompare(b.movedTo));
    return { drafts, unreadable, trash: await this.listTrash(unreadable) };
  }

  async create(request: DraftCreateRequest): Promise<Draft> {
    await this.open();
    const now = this.clock().toISOString();
    const record: DraftRecord = {
      id: this.newId(),
      kind: request.kind,
      schemaVersion: CURRENT_DRAFT_VERSION,
      createdAt: now,
      changedAt: now,
      clientId: request.clientId,
      title: request.title,
      periodFrom: null,
      periodTo: null,
      form: request.form,
      attachments: [],
      lastBuild: null,
      lastValidation: null,
    };
    checkId(record.id);
    await this.lane(record.id).run(() => this.writeRecord(record));
    return toDraft(record);
  }

  async get(id: string): Promise<Draft> {
    checkId(id);
    return toDraft(await this.lane(id).run(() => this.load(id)));
  }

  /** The draft's record as last written, in its queue (for reads that must not overtake a write). */
  record(id: string): Promise<DraftRecord> {
    checkId(id);
    return this.lane(id).run(() => this.load(id));
  }

  save(request: DraftSaveRequest): Promise<DraftSaveResponse> {
    checkId(request.id);
    return new Promise((resolve, reject) => {
      const waiting = this.pendingSaves.get(request.id);
      if (waiting) {
        waiting.request = request;
        waiting.waiters.push({ resolve, reject });
        return;
      }
      const entry: PendingSave = { request, waiters: [{ resolve, reject }] };
      this.pendingSaves.set(request.id, entry);
      void this.lane(request.id).run(async () => {
        // From here on, a new save waits for this write and coalesces with the ones after it.
        this.pendingSaves.delete(request.id);
        try {
          const saved = await this.applyChange(request.id, (record) => {
            refuseIfFiled(record);
            return {
              ...record,
              clientId: entry.request.clientId,
              title: entry.request.title,
              periodFrom: entry.request.periodFrom,
              periodTo: entry.request.periodTo,
              form: entry.request.form,
            };
          });
          const response: DraftSaveResponse = { changedAt: saved.changedAt, ...stateOf(saved) };
          for (const w of entry.waiters) w.resolve(response);
        } catch (error) {
          for (const w of entry.waiters) w.reject(error);
        }
      });
    });
  }

  /**
   * One change to a draft in its queue: `change` gets the durable record and
   * returns the next one, which is written (with a new changedAt) and only
   * then becomes the draft's state.
   */
  update(id: string, change: (record: DraftRecord) => Promise<DraftRecord> | DraftRecord): Promise<DraftRecord> {
    checkId(id);
    return this.lane(id).run(() => this.applyChange(id, change));
  }

  /** Moves the draft and its files to the trash, where restore finds them. */
  async delete(id: string): Promise<void> {
    checkId(id);
    await this.lane(id).run(async () => {
      await this.load(id);
      try {
        await ensureDataFolder(this.fs, this.dataDir, 'trash');
      } catch (error) {
        throw new StoreError('failed', `Could not move the draft to the trash: ${describeFsError(error)}. The draft is unchanged.`);
      }
      const trashed = join(this.trashDir, `${id}.json`);
      await this.moveOrFail(join(this.draftsDir, `${id}.json`), trashed, 'move the draft to the trash');
      this.durable.delete(id);
      // The trash lists most recently deleted first: the file's time says when.
      const now = this.clock();
      await this.fs.utimes(trashed, now, now).catch(() => undefined);
      await this.moveIfPresent(this.filesDir(id), join(this.trashDir, `${id}.files`), 'move the draft’s files to the trash');
    });
  }

  async restore(id: string): Promise<void> {
    checkId(id);
    await this.open();
    await this.lane(id).run(async () => {
      const outcome = await this.readFileAt(join(this.trashDir, `${id}.json`), id);
      if (!outcome.ok) {
        if (outcome.reason === 'missing') throw new StoreError('not-found', 'That draft is not in the trash.', [{ field: 'id', message: 'names no draft in the trash' }]);
        throw new StoreError('failed', `That draft cannot be restored: ${outcome.reason}.`);
      }
      if ((await this.readFileAt(join(this.draftsDir, `${id}.json`), id)).ok) throw new StoreError('failed', 'A draft with the same id is already in the drafts list; nothing was restored.');
      // Files first: a listed draft always has its files.
      await this.moveIfPresent(join(this.trashDir, `${id}.files`), this.filesDir(id), 'bring the draft’s files back from the trash');
      await this.moveOrFail(join(this.trashDir, `${id}.json`), join(this.draftsDir, `${id}.json`), 'bring the draft back from the trash');
    });
  }

  /**
   * Removes a file's stored bytes when no attachment of the draft uses them
   * any more. In the draft's queue, so an attach of the same file queued
   * meanwhile either sees the bytes gone and writes them again, or keeps them.
   */
  async removeUnusedBytes(id: string, sha256: string): Promise<void> {
    checkId(id);
    await this.lane(id).run(async () => {
      const record = await this.load(id).catch(() => null);
      if (record?.attachments.some((a) => a.sha256 === sha256)) return;
      // Never remove a file through a link that stands in for the draft's folder.
      if (!(await checkDataFolder(this.fs, this.dataDir, this.filesFolder(id), { create: false }).catch(() => false))) return;
      await this.fs.rm(join(this.filesDir(id), sha256), { force: true }).catch(() => undefined);
    });
  }

  /** Writes a new draft's record for the first time (import). */
  async add(record: DraftRecord): Promise<Draft> {
    checkId(record.id);
    await this.open();
    await this.lane(record.id).run(() => this.writeRecord(record));
    return toDraft(record);
  }

  private lane(id: string): SerialQueue {
    let lane = this.lanes.get(id);
    if (!lane) this.lanes.set(id, (lane = new SerialQueue()));
    return lane;
  }

  private async applyChange(id: string, change: (record: DraftRecord) => Promise<DraftRecord> | DraftRecord): Promise<DraftRecord> {
    const record = await this.load(id);
    const next = { ...(await change(record)), id, changedAt: this.clock().toISOString() };
    await this.writeRecord(next);
    return next;
  }

  private async load(id: string): Promise<DraftRecord> {
    await this.open();
    const known = this.durable.get(id);
    if (known) return known;
    const name = `${id}.json`;
    const outcome = await this.readFileAt(join(this.draftsDir, name), id);
    if (outcome.ok) {
      this.durable.set(id, outcome.record);
      return outcome.record;
    }
    if (outcome.reason === 'missing') throw new StoreError('not-found', 'There is no draft with that id; it may have been deleted.', [{ field: 'id', message: 'names no draft' }]);
    const set = await this.setAside(name, outcome);
    throw new StoreError('failed', `That draft could not be opened: ${set.reason}.${set.movedTo === name ? '' : ` It was kept as ${set.movedTo}.`}`);
  }

  private async writeRecord(record: DraftRecord): Promise<void> {
    try {
      await ensureDataFolder(this.fs, this.dataDir, 'drafts');
      await writeFileAtomic(join(this.draftsDir, `${record.id}.json`), serialiseDraft(record), { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not save the draft: ${describeFsError(error)}. The copy already saved is unchanged.`);
    }
    this.durable.set(record.id, record);
  }

  /** A draft file's record, or why it cannot be used: never blocks on a pipe, never reads past MAX_DRAFT_RECORD_BYTES, never follows a link. */
  async readFileAt(path: string, id: string): Promise<ReadOutcome> {
    const read = await readRegularText(path, { maxBytes: MAX_DRAFT_RECORD_BYTES, kind: 'draft files', fs: this.fs });
    if (read.ok) return readDraftText(read.value, id);
    if (read.problem === 'missing') return { ok: false, reason: 'missing', newer: false };
    if (read.problem === 'unreadable') return { ok: false, reason: `it could not be read (${read.reason})`, newer: false };
    return { ok: false, reason: read.reason, newer: false };
  }

  /** Moves an unreadable draft file aside (a newer version's file stays where it is) and says so. */
  private async setAside(name: string, outcome: Extract<ReadOutcome, { ok: false }>): Promise<UnreadableDraftFile> {
    if (outcome.newer) return { fileName: name, movedTo: name, reason: `${outcome.reason}; it was left as it is` };
    const movedTo = `${name}.unreadable-${fileStamp(this.clock())}`;
    try {
      await this.fs.rename(join(this.draftsDir, name), join(this.draftsDir, movedTo));
    } catch (error) {
      // Still listed as unreadable (never dropped), under its own name.
      this.log(`${name} could not be read (${outcome.reason}) nor moved aside (${describeFsError(error)})`);
      return { fileName: name, movedTo: name, reason: outcome.reason };
    }
    this.durable.delete(name.slice(0, -'.json'.length));
    this.reasons.set(movedTo, outcome.reason);
    this.log(`${name} could not be read (${outcome.reason}); it was moved to ${movedTo}`);
    return { fileName: name, movedTo, reason: outcome.reason };
  }

  private async listTrash(unreadable: UnreadableDraftFile[]): Promise<DraftSummary[]> {
    let names: string[];
    try {
      if (!(await checkDataFolder(this.fs, this.dataDir, 'trash', { create: false }))) return [];
      names = (await this.fs.readdir(this.trashDir)).filter((n) => n.endsWith('.json'));
    } catch (error) {
      if (isMissing(error)) return [];
      // A trash that is a link or a file is listed as unreadable, and the drafts themselves still list.
      if (error instanceof UnsafeFolderError) {
        unreadable.push({ fileName: 'trash', movedTo: 'trash', reason: error.reason });
        return [];
      }
      throw error;
    }
    const trash: { summary: DraftSummary; deletedAt: number }[] = [];
    await forEachLimited(names, READ_CONCURRENCY, async (name) => {
      const path = join(this.trashDir, name);
      const outcome = await this.readFileAt(path, name.slice(0, -'.json'.length));
      if (!outcome.ok) {
        unreadable.push({ fileName: `trash/${name}`, movedTo: `trash/${name}`, reason: `in the trash, ${outcome.reason}` });
        return;
      }
      const deletedAt = (await this.fs.lstat(path)).mtimeMs;
      trash.push({ summary: toSummary(outcome.record), deletedAt });
    });
    return trash.sort((a, b) => b.deletedAt - a.deletedAt).map((t) => t.summary);
  }

  private async moveOrFail(from: string, to: string, what: string): Promise<void> {
    try {
      await this.fs.rename(from, to);
    } catch (error) {
      throw new StoreError('failed', `Could not ${what}: ${describeFsError(error)}.`);
    }
  }

  private async moveIfPresent(from: string, to: string, what: string): Promise<void> {
    try {
      await this.fs.rename(from, to);
    } catch (error) {
      if (isMissing(error)) return;
      throw new StoreError('failed', `Could not ${what}: ${describeFsError(error)}.`);
    }
  }

  private async sweep(): Promise<void> {
    try {
      await ensureDataFolder(this.fs, this.dataDir, 'drafts');
    } catch (error) {
      throw new StoreError('failed', `The drafts cannot be opened: ${describeFsError(error)}.`);
    }
    let removed = 0;
    const folders = [this.draftsDir];
    for (const entry of await this.fs.readdir(this.draftsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name.endsWith('.files')) folders.push(join(this.draftsDir, entry.name));
    }
    for (const folder of folders) {
      for (const name of await this.fs.readdir(folder)) {
        if (!ATOMIC_TEMP_FILE.test(name)) continue;
        await this.fs.rm(join(folder, name), { force: true });
        removed++;
      }
    }
    this.log(`removed ${removed} temporary file${removed === 1 ? '' : 's'} left by an interrupted save`);
  }
}

export function checkId(id: string): void {
  if (!DRAFT_ID.test(id)) throw new StoreError('invalid', 'The draft id is not valid.', [{ field: 'id', message: 'is not a draft id' }]);
}

const byChangedAtDesc = (a: DraftSummary, b: DraftSummary) => (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : a.id.localeCompare(b.id));

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
