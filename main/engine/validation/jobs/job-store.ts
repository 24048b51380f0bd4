/**
 * Job files under <dataDir>/validation-jobs: <id>.json for the job, and
 * <id>.input for the uploaded bytes while the job is unfinished (so a job
 * interrupted by a restart can run again). Writes are atomic (store/atomic-write.ts:
 * temp file, fsync, rename, then fsync of the folder).
 */
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../store/atomic-write.js';
import { canonicalJobId } from './job-id.js';
import { jobRecordSchema, type JobRecord } from './job-record.js';

export type StoredJob = { state: 'ok'; record: JobRecord } | { state: 'missing' } | { state: 'corrupt'; reason: string };

export class JobStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'validation-jobs');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
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
    try {
      text = await readFile(this.file(id, '.json'), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
      throw err;
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

  async readInput(id: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.file(id, '.input')));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async deleteInput(id: string): Promise<void> {
    await rm(this.file(id, '.input'), { force: true });
  }

  /** Ids of every job file in the folder (names that are not job ids are left alone). */
  async ids(): Promise<string[]> {
    const names = await readdir(this.dir);
    return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter((id) => canonicalJobId(id) === id);
  }
}
