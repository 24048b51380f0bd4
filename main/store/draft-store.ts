/**
 * The drafts, one change at a time: every change to one draft runs in that
 * draft's queue, starting from the last state known to be on disk, and is
 * applied in memory only once its file is durable: a failed write leaves the
 * draft (on disk and as later operations see it) as it was, and reports why in
 * words. `save`, called on every keystroke, coalesces: while one write is in
 * flight, only the newest pending content is kept, and every caller settles
 * with the write that carried its content or a newer one. The files
 * themselves are draft-folder.ts's; the list is draft-list.ts's.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Draft, DraftCreateRequest, DraftList, DraftSaveRequest, DraftSaveResponse, UnreadableDraftFile } from '../../preload/contract.js';
import { checkDataFolder, ensureDataFolder } from './data-folder.js';
import { DraftFolder } from './draft-folder.js';
import { listDrafts } from './draft-list.js';
import { CURRENT_DRAFT_VERSION, nextChangedAt, stateOf, toDraft, type DraftRecord, type ReadOutcome } from './draft-record.js';
import { StoreError } from './store-error.js';
import { describeFsError, nodeStoreFs, type StoreFs } from './store-fs.js';
import { SerialQueue } from './serial-queue.js';
import { refuseIfFiled } from './draft-filed.js';

export { MAX_DRAFT_RECORD_BYTES } from './draft-folder.js';

export interface DraftStoreOptions {
  dataDir: string;
  fs?: StoreFs;
  clock?: () => Date;
  idGenerator?: () => string;
  log?: (message: string) => void;
}

/** Ids become file names: only what our generator makes (UUIDs) is accepted. */
export const DRAFT_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

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
  private readonly folder: DraftFolder;
  private readonly lanes = new Map<string, SerialQueue>();
  private readonly durable = new Map<string, DraftRecord>();
  private readonly pendingSaves = new Map<string, PendingSave>();
  private ready: Promise<void> | undefined;

  constructor(options: DraftStoreOptions) {
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.idGenerator ?? randomUUID;
    this.log = options.log ?? ((message) => console.warn(`drafts: ${message}`));
    this.folder = new DraftFolder({ dataDir: options.dataDir, fs: this.fs, clock: this.clock, log: this.log });
    this.dataDir = this.folder.dataDir;
    this.draftsDir = this.folder.draftsDir;
    this.trashDir = this.folder.trashDir;
  }

  /** Creates the folders and removes temporary files a crash left mid-write; every operation waits for it. */
  open(): Promise<void> {
    this.ready ??= this.folder.sweep();
    return this.ready;
  }

  filesDir(id: string): string {
    return this.folder.filesDir(id);
  }

  /** The draft's files folder relative to the data folder, for checkDataFolder. */
  filesFolder(id: string): string {
    return this.folder.filesFolder(id);
  }

  async list(): Promise<DraftList> {
    await this.open();
    return listDrafts(this.folder, (name, outcome) => this.setAside(name, outcome));
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
      await this.folder.moveOrFail(join(this.draftsDir, `${id}.json`), trashed, 'move the draft to the trash');
      this.durable.delete(id);
      // The trash lists most recently deleted first: the file's time says when.
      const now = this.clock();
      await this.fs.utimes(trashed, now, now).catch(() => undefined);
      await this.folder.moveIfPresent(this.filesDir(id), join(this.trashDir, `${id}.files`), 'move the draft’s files to the trash');
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
      await this.folder.moveIfPresent(join(this.trashDir, `${id}.files`), this.filesDir(id), 'bring the draft’s files back from the trash');
      await this.folder.moveOrFail(join(this.trashDir, `${id}.json`), join(this.draftsDir, `${id}.json`), 'bring the draft back from the trash');
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

  /**
   * Makes another desk's version of a draft this desk's (the office's sync),
   * in the draft's queue: `make` gets the draft as it is here (undefined when
   * this desk has none) and returns the record to write. Its changedAt is
   * later than this desk's, so the window takes it as the newer draft.
   */
  putFromOffice(id: string, make: (current: DraftRecord | undefined) => Promise<DraftRecord> | DraftRecord): Promise<DraftRecord> {
    checkId(id);
    return this.lane(id).run(async () => {
      const current = await this.load(id).catch((error: unknown) => {
        if (error instanceof StoreError && error.kind === 'not-found') return undefined;
        throw error;
      });
      const now = this.clock();
      const next = { ...(await make(current)), id, changedAt: current ? nextChangedAt(current.changedAt, now) : now.toISOString() };
      await this.writeRecord(next);
      return next;
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
    const next = { ...(await change(record)), id, changedAt: nextChangedAt(record.changedAt, this.clock()) };
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
    await this.folder.write(record);
    this.durable.set(record.id, record);
  }

  /** A draft file's record, or why it cannot be used: never blocks on a pipe, never reads past MAX_DRAFT_RECORD_BYTES, never follows a link. */
  readFileAt(path: string, id: string): Promise<ReadOutcome> {
    return this.folder.readFileAt(path, id);
  }

  /** Moves an unreadable draft file aside and forgets the record known for it. */
  private async setAside(name: string, outcome: Extract<ReadOutcome, { ok: false }>): Promise<UnreadableDraftFile> {
    const set = await this.folder.setAside(name, outcome);
    if (set.movedTo !== name) this.durable.delete(name.slice(0, -'.json'.length));
    return set;
  }
}

export function checkId(id: string): void {
  if (!DRAFT_ID.test(id)) throw new StoreError('invalid', 'The draft id is not valid.', [{ field: 'id', message: 'is not a draft id' }]);
}
