/**
 * Job files under <dataDir>/validation-jobs: <id>.json for the job, and
 * <id>.input for the uploaded bytes while the job is unfinished (so a job
 * interrupted by a restart can run again). Writes are atomic (atomic-write.ts:
 * temp file, fsync, rename, then fsync of the folder). The folder holds
 * clients' returns, so only this user may list or open it (0700).
 */
import { chmod, lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../atomic-write.js';
import { canonicalJobId } from './job-id.js';
import { jobRecordSchema, type JobRecord } from './job-record.js';

export type StoredJob = { state: 'ok'; record: JobRecord } | { state: 'missing' } | { state: 'corrupt'; reason: string };

/** Our atomic writes' temporary files (".<target>.<hex>.tmp"); one left behind means a write was cut off. */
const TEMPORARY_FILE = /^\..+\.tmp$/;
const JOB_ENTRY = /^(.+)\.(json|input)$/;

/** An entry in the job folder that is not a readable regular file, moved out of the way at start. */
export interface MovedEntry {
  name: string;
  movedTo: string;
  reason: string;
}

export interface FolderSweep {
  /** Temporary files of writes a crash cut off, removed. */
  temporaryFiles: number;
  /** Uploads whose job record was never written (the request was cut off before its answer), removed. */
  orphanInputs: number;
  /** Entries that were folders, links or other non-files where only files belong, moved aside. */
  moved: MovedEntry[];
}

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code ?? 'unknown error';

function kindOf(stats: { isDirectory(): boolean; isSymbolicLink(): boolean }): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

export class JobStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'validation-jobs');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // mkdir leaves an existing folder as it was (often 0755): tighten it.
    await chmod(this.dir, 0o700);
  }

  /**
   * Start-up, before any job runs: removes the temporary files of writes a
   * crash cut off and uploads whose job was never recorded, and moves aside
   * every upload entry that is not a regular file (a folder or link), so
   * that running jobs never trips over one and no other job is affected.
   */
  async sweep(stamp: Date): Promise<FolderSweep> {
    const result: FolderSweep = { temporaryFiles: 0, orphanInputs: 0, moved: [] };
    const entries = await readdir(this.dir, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const entry of entries) {
      if (TEMPORARY_FILE.test(entry.name)) {
        if (entry.isFile()) {
          await rm(join(this.dir, entry.name), { force: true });
          result.temporaryFiles++;
        } else {
          result.moved.push(await this.moveEntryAside(entry.name, stamp, `${kindOf(entry)} where only temporary files are written`));
        }
        continue;
      }
      // A job file that is not a file is moved aside by read(), which leaves a failed job in its place.
      const match = JOB_ENTRY.exec(entry.name);
      const id = match?.[1];
      if (id === undefined || match?.[2] !== 'input' || canonicalJobId(id) !== id) continue;
      if (!entry.isFile()) {
        result.moved.push(await this.moveEntryAside(entry.name, stamp, `${kindOf(entry)} where a job's uploaded file belongs`));
      } else if (!names.has(`${id}.json`)) {
        // Stored before its job record, then cut off: the upload was never accepted.
        await rm(join(this.dir, entry.name), { force: true });
        result.orphanInputs++;
      }
    }
    return result;
  }

  private async moveEntryAside(name: string, stamp: Date, reason: string): Promise<MovedEntry> {
    const movedTo = `${join(this.dir, name)}.unreadable-${stamp.toISOString().replace(/[:.]/g, '-')}`;
    await rename(join(this.dir, name), movedTo);
    return { name, movedTo, reason };
  }

  private file(id: string, suffix: '.json' | '.input'): string {
    const safe = canonicalJobId(id);
    if (!safe) throw new Error(`not a job id: ${JSON.stringify(id)}`);
    return join(this.dir, `${safe}${suffix}`);
  }

  /** Job files hold a client's uploaded return: readable by this user only. */
  private async writeAtomic(target: string, data: string | Uint8Array): Promise<void> {
    await writeFileAtomic(target, data, { mode: 0o600 });
  }

  async write(record: JobRecord): Promise<void> {
    await this.writeAtomic(this.file(record.id, '.json'), `${JSON.stringify(record, null, 2)}\n`);
  }

  async read(id: string): Promise<StoredJob> {
    let text: string;
    const path = this.file(id, '.json');
    try {
      // A link could point anywhere, a folder or device never holds a job: only a regular file is read.
      const stats = await lstat(path);
      if (!stats.isFile()) return { state: 'corrupt', reason: kindOf(stats) };
      text = await readFile(path, 'utf8');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return { state: 'missing' };
      return { state: 'corrupt', reason: `it could not be read (${errorCode(err)})` };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return { state: 'corrupt', reason: `not valid JSON (${(err as Error).message})` };
    }
    const parsed = jobRecordSchema.safeParse(json);
    if (!parsed.success) return { state: 'corrupt', reason: `not a job record (${parsed.error.issues[0]?.message ?? 'wrong shape'})` };
    if (parsed.data.id !== canonicalJobId(id)) return { state: 'corrupt', reason: `holds job ${parsed.data.id}, not ${id}` };
    return { state: 'ok', record: parsed.data as JobRecord };
  }

  /** Moves an unreadable job file out of the way and returns where it went. */
  async moveAside(id: string, stamp: Date): Promise<string> {
    const from = this.file(id, '.json');
    const to = `${from}.unreadable-${stamp.toISOString().replace(/[:.]/g, '-')}`;
    await rename(from, to);
    return to;
  }

  async writeInput(id: string, bytes: Uint8Array): Promise<void> {
    await this.writeAtomic(this.file(id, '.input'), bytes);
  }

  /** The uploaded bytes; undefined when gone, the reason when they cannot be read. */
  async readInput(id: string): Promise<Uint8Array | undefined | { unreadable: string }> {
    const path = this.file(id, '.input');
    try {
      const stats = await lstat(path);
      if (!stats.isFile()) return { unreadable: kindOf(stats) };
      return new Uint8Array(await readFile(path));
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return undefined;
      return { unreadable: `it could not be read (${errorCode(err)})` };
    }
  }

  async hasInput(id: string): Promise<boolean> {
    return lstat(this.file(id, '.input')).then(
      () => true,
      () => false,
    );
  }

  async deleteInput(id: string): Promise<void> {
    // recursive: an input that turned out to be a folder is gone with its job too.
    await rm(this.file(id, '.input'), { force: true, recursive: true });
  }

  /** Ids of every job file in the folder (names that are not job ids are left alone). */
  async ids(): Promise<string[]> {
    const names = await readdir(this.dir);
    return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter((id) => canonicalJobId(id) === id);
  }
}
