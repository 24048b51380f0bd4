/**
 * Submission records under the data folder, one file per TransactionID in
 * `submissions/`, owner-only. Written atomically (the old record or the new,
 * never half of each), read by the one rule for files Filing Desk did not
 * just write, and the folder checked before every read and write like the
 * other stores: a link in its place is refused, never followed.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { ReturnClaims, type ClaimAcrossDesks, type ClaimResult, type ReturnClaimsOptions } from './return-claim.js';
import { fromOlderVersion, submissionRecordSchema, TRANSACTION_ID, type SubmissionRecord } from './submission-record.js';

export const SUBMISSIONS_FOLDER = 'submissions';
/** A 25 MB return as base64, its log of polls and HMRC's answers, with room to spare. */
export const MAX_SUBMISSION_RECORD_BYTES = 64 * 1024 * 1024;

export class SubmissionStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubmissionStoreError';
  }
}

export interface SubmissionFileProblem {
  file: string;
  reason: string;
}

/** Every record in the folder and every file that could not be used, as `list` gives them. */
export interface SubmissionListing {
  records: SubmissionRecord[];
  problems: SubmissionFileProblem[];
}

/** A record as last read, and the file's stamp when it was. */
interface KnownRecord {
  stamp: string;
  record: SubmissionRecord;
}

/** What a record that is handed out again must not let a caller change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A record is read and parsed (JSON, the schema) only when its file changed:
 * each read first takes the file's stamp (inode, size, modification time,
 * without following a link), and a record whose stamp is the one it was last
 * read with is handed out as it was, frozen. A record rewritten (by this store,
 * another window or the command line) gets a new inode from the atomic write,
 * so it is read again.
 */
export class SubmissionStore {
  private readonly dataDir: string;
  private readonly fs: StoreFs;
  private readonly known = new Map<string, KnownRecord>();
  private readonly claims: ReturnClaims;
  private readonly acrossDesks: ClaimAcrossDesks | undefined;

  /**
   * `claimedBy`: who this store files for, in the user's words, as a claim tells another process ("the window", "the command line").
   * `acrossDesks`: the office's claim, taken before this data folder's own when the data folder has joined an office.
   */
  constructor(options: { dataDir: string; fs?: StoreFs; claimedBy?: string; claims?: Omit<ReturnClaimsOptions, 'folder' | 'by'>; acrossDesks?: ClaimAcrossDesks }) {
    this.dataDir = options.dataDir;
    this.fs = options.fs ?? nodeStoreFs;
    this.claims = new ReturnClaims({ ...options.claims, folder: join(this.dataDir, SUBMISSIONS_FOLDER), by: options.claimedBy ?? 'the window' });
    this.acrossDesks = options.acrossDesks;
  }

  private fileOf(transactionId: string): string {
    if (!TRANSACTION_ID.test(transactionId)) throw new SubmissionStoreError(`"${transactionId}" is not a TransactionID (32 upper-case hexadecimal digits)`);
    return join(this.dataDir, SUBMISSIONS_FOLDER, `${transactionId}.json`);
  }

  /** Writes the record; throws SubmissionStoreError in words (no paths) when it could not be kept. */
  async save(record: SubmissionRecord): Promise<void> {
    const checked = submissionRecordSchema.parse(record);
    const text = `${JSON.stringify(checked)}\n`;
    // A record this store could not read back would take the place of one it can: never written.
    if (Buffer.byteLength(text) > MAX_SUBMISSION_RECORD_BYTES) {
      throw new SubmissionStoreError(`the submission record ${checked.transactionId} would be larger than the ${MAX_SUBMISSION_RECORD_BYTES / 1024 / 1024} MB Filing Desk reads; it was not written, the record on disk is as it was`);
    }
    try {
      await ensureDataFolder(this.fs, this.dataDir, SUBMISSIONS_FOLDER);
      this.known.delete(`${checked.transactionId}.json`);
      await writeFileAtomic(this.fileOf(checked.transactionId), text, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new SubmissionStoreError(`the submission record ${checked.transactionId} could not be saved: ${describeFsError(error)}`);
    }
  }

  /**
   * Claims a return (its sameReturnKey) for this process while it writes,
   * sends, polls for or records a submission of it, so that two processes
   * (the window and a command line, or two computers sharing this data
   * folder) never both do: the rule is return-claim.ts. Returns the release,
   * or who holds the claim.
   */
  async claimReturn(returnKey: string, options: { takeOver?: boolean } = {}): Promise<ClaimResult> {
    if (this.acrossDesks) return this.acrossDesks.take({ returnKey, kind: 'ct600', takeOver: options.takeOver === true }, () => this.claimHere(returnKey, options));
    return this.claimHere(returnKey, options);
  }

  /** This data folder's own claim. */
  private async claimHere(returnKey: string, options: { takeOver?: boolean }): Promise<ClaimResult> {
    try {
      await ensureDataFolder(this.fs, this.dataDir, SUBMISSIONS_FOLDER);
      return await this.claims.take(returnKey, options);
    } catch (error) {
      if (error instanceof RangeError) throw new SubmissionStoreError(error.message);
      throw new SubmissionStoreError(`the return could not be claimed for filing: ${describeFsError(error)}`);
    }
  }

  /** Removes a record that was never sent (a submission that lost the race to another for the same return). */
  async removeUnsent(record: SubmissionRecord): Promise<void> {
    if (record.sendStartedAt) throw new SubmissionStoreError(`the submission record ${record.transactionId} may have been sent and is kept`);
    this.known.delete(`${record.transactionId}.json`);
    await this.fs.rm(this.fileOf(record.transactionId), { force: true });
  }

  async load(transactionId: string): Promise<SubmissionRecord> {
    const file = this.fileOf(transactionId);
    const exists = await checkDataFolder(this.fs, this.dataDir, SUBMISSIONS_FOLDER, { create: false }).catch((error: unknown) => {
      throw new SubmissionStoreError(describeFsError(error));
    });
    if (!exists) throw new SubmissionStoreError(`there is no submission record ${transactionId}`);
    return this.read(file, `${transactionId}.json`);
  }

  /** The file's stamp, or undefined when it is not an ordinary file (the full read says why). */
  private async stampOf(file: string): Promise<string | undefined> {
    try {
      const info = await this.fs.lstat(file);
      return info.isFile() ? `${info.ino}:${info.size}:${info.mtimeMs}` : undefined;
    } catch {
      return undefined;
    }
  }

  private async read(file: string, shown: string): Promise<SubmissionRecord> {
    // Taken before the read: a file changed while it is read has another stamp next time, and is read again.
    const stamp = await this.stampOf(file);
    const known = this.known.get(shown);
    if (stamp !== undefined && known?.stamp === stamp) return known.record;
    this.known.delete(shown);
    const record = deepFreeze(await this.parse(file, shown));
    if (stamp !== undefined) this.known.set(shown, { stamp, record });
    return record;
  }

  private async parse(file: string, shown: string): Promise<SubmissionRecord> {
    const read = await readRegularText(file, { maxBytes: MAX_SUBMISSION_RECORD_BYTES, kind: 'submission records' });
    if (!read.ok) throw new SubmissionStoreError(`the submission record ${shown} cannot be used: ${read.reason}`);
    let json: unknown;
    try {
      json = JSON.parse(read.value);
    } catch {
      throw new SubmissionStoreError(`the submission record ${shown} cannot be used: it is not valid JSON`);
    }
    const parsed = submissionRecordSchema.safeParse(fromOlderVersion(json));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new SubmissionStoreError(`the submission record ${shown} cannot be used: ${first ? `${first.path.join('.') || 'the record'} ${first.message}` : 'it is not a submission record'}`);
    }
    if (`${parsed.data.transactionId}.json` !== shown) throw new SubmissionStoreError(`the submission record ${shown} holds another TransactionID`);
    return parsed.data;
  }

  /** Every record, and every file in the folder that could not be used (reported, never deleted). */
  async list(): Promise<SubmissionListing> {
    const exists = await checkDataFolder(this.fs, this.dataDir, SUBMISSIONS_FOLDER, { create: false }).catch((error: unknown) => {
      throw new SubmissionStoreError(describeFsError(error));
    });
    if (!exists) {
      this.known.clear();
      return { records: [], problems: [] };
    }
    const names = (await this.fs.readdir(join(this.dataDir, SUBMISSIONS_FOLDER))).filter((n) => n.endsWith('.json')).sort();
    const present = new Set(names);
    for (const name of this.known.keys()) if (!present.has(name)) this.known.delete(name);
    const records: SubmissionRecord[] = [];
    const problems: SubmissionFileProblem[] = [];
    for (const name of names) {
      try {
        records.push(await this.read(join(this.dataDir, SUBMISSIONS_FOLDER, name), name));
      } catch (error) {
        problems.push({ file: name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return { records, problems };
  }
}
