/**
 * Where drafts live on disk and what is done to their files as files:
 * `<data>/drafts/<id>.json` (written atomically) with the draft's files beside
 * it in `<id>.files/`, deleted drafts in `<data>/trash/`. Reading a draft file
 * safely, setting an unreadable one aside, moving to and from the trash and
 * sweeping what a crash left mid-write change here; the order in which a
 * draft's changes are applied is the store's (draft-store.ts).
 */
import { join } from 'node:path';
import type { UnreadableDraftFile } from '../../preload/contract.js';
import { ATOMIC_TEMP_FILE, writeFileAtomic } from '../engine/atomic-write.js';
import { ensureDataFolder } from './data-folder.js';
import { readDraftText, serialiseDraft, type DraftRecord, type ReadOutcome } from './draft-record.js';
import { readRegularText } from './regular-file.js';
import { StoreError } from './store-error.js';
import { describeFsError, fileStamp, isMissing, type StoreFs } from './store-fs.js';

/**
 * The most a draft file may hold: what the app writes is a form of at most
 * MAX_DRAFT_FORM_BYTES (1 MB), a few lines of metadata, the attachment list
 * (names of at most 1,000 characters) and the last validation's messages.
 * Sixteen times the form leaves room for all of that; anything larger was
 * not written by Filing Desk and is refused before a byte of it is read.
 */
export const MAX_DRAFT_RECORD_BYTES = 16 * 1024 * 1024;

export interface DraftFolderOptions {
  dataDir: string;
  fs: StoreFs;
  clock: () => Date;
  log: (message: string) => void;
}

export class DraftFolder {
  readonly dataDir: string;
  readonly draftsDir: string;
  readonly trashDir: string;
  readonly fs: StoreFs;
  private readonly clock: () => Date;
  private readonly log: (message: string) => void;
  /** Why each file moved aside this session was unreadable, by its new name. */
  private readonly reasons = new Map<string, string>();

  constructor(options: DraftFolderOptions) {
    this.dataDir = options.dataDir;
    this.draftsDir = join(options.dataDir, 'drafts');
    this.trashDir = join(options.dataDir, 'trash');
    this.fs = options.fs;
    this.clock = options.clock;
    this.log = options.log;
  }

  filesDir(id: string): string {
    return join(this.draftsDir, `${id}.files`);
  }

  /** The draft's files folder relative to the data folder, for checkDataFolder. */
  filesFolder(id: string): string {
    return `drafts/${id}.files`;
  }

  /** Why a file moved aside earlier this session could not be read, if this session moved it. */
  reasonFor(movedTo: string): string | undefined {
    return this.reasons.get(movedTo);
  }

  async write(record: DraftRecord): Promise<void> {
    try {
      await ensureDataFolder(this.fs, this.dataDir, 'drafts');
      await writeFileAtomic(join(this.draftsDir, `${record.id}.json`), serialiseDraft(record), { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not save the draft: ${describeFsError(error)}. The copy already saved is unchanged.`);
    }
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
  async setAside(name: string, outcome: Extract<ReadOutcome, { ok: false }>): Promise<UnreadableDraftFile> {
    if (outcome.newer) return { fileName: name, movedTo: name, reason: `${outcome.reason}; it was left as it is` };
    const movedTo = `${name}.unreadable-${fileStamp(this.clock())}`;
    try {
      await this.fs.rename(join(this.draftsDir, name), join(this.draftsDir, movedTo));
    } catch (error) {
      // Still listed as unreadable (never dropped), under its own name.
      this.log(`${name} could not be read (${outcome.reason}) nor moved aside (${describeFsError(error)})`);
      return { fileName: name, movedTo: name, reason: outcome.reason };
    }
    this.reasons.set(movedTo, outcome.reason);
    this.log(`${name} could not be read (${outcome.reason}); it was moved to ${movedTo}`);
    return { fileName: name, movedTo, reason: outcome.reason };
  }

  async moveOrFail(from: string, to: string, what: string): Promise<void> {
    try {
      await this.fs.rename(from, to);
    } catch (error) {
      throw new StoreError('failed', `Could not ${what}: ${describeFsError(error)}.`);
    }
  }

  async moveIfPresent(from: string, to: string, what: string): Promise<void> {
    try {
      await this.fs.rename(from, to);
    } catch (error) {
      if (isMissing(error)) return;
      throw new StoreError('failed', `Could not ${what}: ${describeFsError(error)}.`);
    }
  }

  /** Creates the drafts folder and removes temporary files a crash left mid-write. */
  async sweep(): Promise<void> {
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
