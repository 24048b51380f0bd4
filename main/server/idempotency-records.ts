/**
 * Stored Idempotency-Key answers on disk, so a client's retry after a
 * restart of the service is answered, not done a second time. One file per
 * answer, `<data>/idempotency/<sha256 of caller, operation and key>.json`,
 * written atomically and readable by this user only: an answer is a client's
 * return or package. A record is read through the one reading rule for files
 * we did not just write (a size limit, no links, no pipes, strict UTF-8) and
 * checked against its own name; anything else found there is removed and
 * reported, never replayed to a client.
 */
import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ATOMIC_TEMP_FILE, writeFileAtomic } from '../engine/atomic-write.js';
import { readRegularText } from '../store/regular-file.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';

/** What a replay sends: the status, the headers that say what the body is and where a created thing lives, the body. */
export interface StoredAnswer {
  status: number;
  contentType: string | undefined;
  location: string | undefined;
  payload: string;
}

export interface IdempotencyRecord extends StoredAnswer {
  /** Caller, operation and key, one per line: what the file name is the hash of. */
  id: string;
  /** SHA-256 of the raw request body the answer belongs to. */
  bodyHash: string;
  /** When the first request arrived, in ms since 1970 on the server's clock. */
  storedAt: number;
}

/** A record found in the folder at start: enough to count it against the limits and sweep it, without its body. */
export interface RecordSummary {
  id: string;
  bodyHash: string;
  storedAt: number;
  bytes: number;
}

export type RecordRead = { ok: true; record: IdempotencyRecord } | { ok: false; reason: string };

export interface StartupSweep {
  kept: RecordSummary[];
  expired: number;
  unreadable: number;
  temporaryFiles: number;
}

export const RECORDS_FOLDER = 'idempotency';
const RECORD_NAME = /^[0-9a-f]{64}\.json$/;

const recordSchema = z.strictObject({
  version: z.literal(1),
  id: z.string().min(1).max(64 * 1024),
  bodyHash: z.string().regex(/^[0-9a-f]{64}$/),
  storedAt: z.number().int().nonnegative(),
  // 5xx answers are never stored, so a record holding one was not written by us.
  status: z.number().int().min(100).max(499),
  contentType: z.string().max(1024).optional(),
  location: z.string().max(8 * 1024).optional(),
  payload: z.string(),
});

export function recordFileName(id: string): string {
  return `${createHash('sha256').update(id).digest('hex')}.json`;
}

/**
 * The largest record file for answers of at most `maxAnswerBytes`: JSON
 * escaping of the body (quotes, control characters) may grow it; twice the
 * body plus room for the fields is far more than a JSON answer needs.
 */
export function recordFileLimit(maxAnswerBytes: number): number {
  return 2 * maxAnswerBytes + 64 * 1024;
}

export class RecordTooLargeError extends Error {}

export interface IdempotencyRecordsOptions {
  /** The service's data folder; records go in its `idempotency` folder. */
  dataDir: string;
  /** The largest answer kept (the limit of all stored answers together). */
  maxAnswerBytes: number;
  fs?: StoreFs;
}

export class IdempotencyRecords {
  readonly dir: string;
  private readonly fs: StoreFs;
  private readonly fileLimit: number;
  /**
   * File operations per record, one after another: a removal (the record
   * expired) and the write of a new answer under the same key must reach
   * the disk in the order they were asked for.
   */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(options: IdempotencyRecordsOptions) {
    this.dir = join(options.dataDir, RECORDS_FOLDER);
    this.fs = options.fs ?? nodeStoreFs;
    this.fileLimit = recordFileLimit(options.maxAnswerBytes);
  }

  /**
   * Creates the folder (owner-only) and reads what an earlier run left:
   * records older than `oldestKept` and records that cannot be trusted are
   * removed, as are the temporary files of writes a crash cut off.
   */
  async open(oldestKept: number, onUnreadable: (name: string, reason: string) => void): Promise<StartupSweep> {
    await this.fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    // mkdir leaves an existing folder as it was (often 0755): tighten it.
    await nodeFs.chmod(this.dir, 0o700);
    const sweep: StartupSweep = { kept: [], expired: 0, unreadable: 0, temporaryFiles: 0 };
    for (const name of await this.fs.readdir(this.dir)) {
      if (ATOMIC_TEMP_FILE.test(name)) {
        await this.fs.rm(join(this.dir, name), { recursive: true, force: true });
        sweep.temporaryFiles++;
        continue;
      }
      if (!RECORD_NAME.test(name)) continue;
      const read = await this.readFile(name);
      if (!read.ok) {
        onUnreadable(name, read.reason);
        await this.fs.rm(join(this.dir, name), { recursive: true, force: true });
        sweep.unreadable++;
      } else if (read.record.storedAt <= oldestKept) {
        await this.fs.rm(join(this.dir, name), { force: true });
        sweep.expired++;
      } else {
        const { id, bodyHash, storedAt, payload } = read.record;
        sweep.kept.push({ id, bodyHash, storedAt, bytes: Buffer.byteLength(payload) });
      }
    }
    sweep.kept.sort((a, b) => a.storedAt - b.storedAt);
    return sweep;
  }

  /** The record stored for `id`, or why there is none that can be trusted. */
  async read(id: string): Promise<RecordRead> {
    const name = recordFileName(id);
    const read = await this.after(name, () => this.readFile(name));
    if (read.ok && read.record.id !== id) return { ok: false, reason: 'it holds the answer of another request' };
    return read;
  }

  /** Stores a record atomically, owner-only; throws RecordTooLargeError or the file system's error. */
  async write(record: IdempotencyRecord): Promise<void> {
    const { id, bodyHash, storedAt, status, contentType, location, payload } = record;
    const text = `${JSON.stringify({ version: 1, id, bodyHash, storedAt, status, contentType, location, payload })}\n`;
    if (Buffer.byteLength(text) > this.fileLimit) throw new RecordTooLargeError('the answer is too large to keep on disk');
    const name = recordFileName(id);
    await this.after(name, () => writeFileAtomic(join(this.dir, name), text, { mode: 0o600, fs: this.fs }));
  }

  /** Removes the record for `id` (a folder or link in its place too); a record already gone is fine. */
  async remove(id: string): Promise<void> {
    const name = recordFileName(id);
    await this.after(name, () => this.fs.rm(join(this.dir, name), { recursive: true, force: true }));
  }

  /** Resolves once every write and removal asked for so far has reached the disk. */
  async settled(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  private after<T>(name: string, operation: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(name) ?? Promise.resolve();
    const result = previous.then(operation);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(name, done);
    void done.then(() => {
      if (this.queues.get(name) === done) this.queues.delete(name);
    });
    return result;
  }

  private async readFile(name: string): Promise<RecordRead> {
    const read = await readRegularText(join(this.dir, name), { maxBytes: this.fileLimit, kind: 'stored idempotency answers', fs: this.fs });
    if (!read.ok) return { ok: false, reason: read.reason };
    let json: unknown;
    try {
      json = JSON.parse(read.value);
    } catch {
      return { ok: false, reason: 'it is not valid JSON' };
    }
    const parsed = recordSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, reason: `it is not a stored answer (${issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'wrong shape'})` };
    }
    if (recordFileName(parsed.data.id) !== name) return { ok: false, reason: 'it holds the answer of another request' };
    const { contentType, location, ...rest } = parsed.data;
    return { ok: true, record: { ...rest, contentType, location } };
  }
}

/** Why a write or removal failed, in plain words (never the error's message: it holds the full path). */
export const describeRecordError = (error: unknown): string =>
  error instanceof RecordTooLargeError ? error.message : describeFsError(error);
