/**
 * Submission records under the data folder, one file per TransactionID in
 * `submissions/`, owner-only. Written atomically (the old record or the new,
 * never half of each), read by the one rule for files Filing Desk did not
 * just write, and the folder checked before every read and write like the
 * other stores: a link in its place is refused, never followed.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { submissionRecordSchema, TRANSACTION_ID, type SubmissionRecord } from './submission-record.js';

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

export class SubmissionStore {
  private readonly dataDir: string;
  private readonly fs: StoreFs;

  constructor(options: { dataDir: string; fs?: StoreFs }) {
    this.dataDir = options.dataDir;
    this.fs = options.fs ?? nodeStoreFs;
  }

  private fileOf(transactionId: string): string {
    if (!TRANSACTION_ID.test(transactionId)) throw new SubmissionStoreError(`"${transactionId}" is not a TransactionID (32 upper-case hexadecimal digits)`);
    return join(this.dataDir, SUBMISSIONS_FOLDER, `${transactionId}.json`);
  }

  /** Writes the record; throws SubmissionStoreError in words (no paths) when it could not be kept. */
  async save(record: SubmissionRecord): Promise<void> {
    const checked = submissionRecordSchema.parse(record);
    try {
      await ensureDataFolder(this.fs, this.dataDir, SUBMISSIONS_FOLDER);
      await writeFileAtomic(this.fileOf(checked.transactionId), `${JSON.stringify(checked)}\n`, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new SubmissionStoreError(`the submission record ${checked.transactionId} could not be saved: ${describeFsError(error)}`);
    }
  }

  /** Removes a record that was never sent (a submission that lost the race to another for the same return). */
  async removeUnsent(record: SubmissionRecord): Promise<void> {
    if (record.sendStartedAt) throw new SubmissionStoreError(`the submission record ${record.transactionId} may have been sent and is kept`);
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

  private async read(file: string, shown: string): Promise<SubmissionRecord> {
    const read = await readRegularText(file, { maxBytes: MAX_SUBMISSION_RECORD_BYTES, kind: 'submission records' });
    if (!read.ok) throw new SubmissionStoreError(`the submission record ${shown} cannot be used: ${read.reason}`);
    let json: unknown;
    try {
      json = JSON.parse(read.value);
    } catch {
      throw new SubmissionStoreError(`the submission record ${shown} cannot be used: it is not valid JSON`);
    }
    const parsed = submissionRecordSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new SubmissionStoreError(`the submission record ${shown} cannot be used: ${first ? `${first.path.join('.') || 'the record'} ${first.message}` : 'it is not a submission record'}`);
    }
    if (`${parsed.data.transactionId}.json` !== shown) throw new SubmissionStoreError(`the submission record ${shown} holds another TransactionID`);
    return parsed.data;
  }

  /** Every record, and every file in the folder that could not be used (reported, never deleted). */
  async list(): Promise<{ records: SubmissionRecord[]; problems: SubmissionFileProblem[] }> {
    const exists = await checkDataFolder(this.fs, this.dataDir, SUBMISSIONS_FOLDER, { create: false }).catch((error: unknown) => {
      throw new SubmissionStoreError(describeFsError(error));
    });
    if (!exists) return { records: [], problems: [] };
    const names = (await this.fs.readdir(join(this.dataDir, SUBMISSIONS_FOLDER))).filter((n) => n.endsWith('.json')).sort();
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
