/**
 * The outbox on disk: `<data>/outbox/`, one state file and one request file
 * per item, each written atomically. Reading checks every state file against
 * the schema; one that fails is moved aside and reported, never dropped.
 *
 * Every file here is read through readRegularFile (a pipe, a link or a huge
 * file in place of one is refused, never waited on or read whole), and the
 * folder itself is checked before every write: a link in its place would
 * have the outbox write, rename and delete files somewhere else.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { ATOMIC_TEMP_FILE } from '../engine/atomic-write.js';
import { readRegularFile, readRegularText, type RegularFileRead } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, fileStamp, isMissing, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { MAX_OUTBOX_REQUEST_BYTES } from './outbox-request.js';
import { salvage } from './outbox-salvage.js';
import { OUTBOX_ID, outboxItemSchema, type OutboxItem, type QueuedRequest } from './outbox-item.js';

export const OUTBOX_DIR = 'outbox';
const STATE = /^([0-9a-f-]{36})\.json$/;
const READ_CONCURRENCY = 16;
/** A state file holds a title, two reasons and a few ids: far below this, even with every character escaped. Whole MiB, as limits are shown. */
export const MAX_OUTBOX_STATE_BYTES = 1024 * 1024;

const folderProblem = (why: string) =>
  new StoreError('failed', `The outbox folder in Filing Desk’s data folder cannot be used (${why}); nothing was written. Move it away and start Filing Desk again.`);

export class OutboxStore {
  readonly dir: string;
  private readonly fs: StoreFs;

  constructor(dataDir: string, fs: StoreFs = nodeStoreFs, private readonly clock: () => Date = () => new Date()) {
    this.dir = join(dataDir, OUTBOX_DIR);
    this.fs = fs;
  }

  private statePath = (id: string) => join(this.dir, `${id}.json`);
  private requestPath = (id: string) => join(this.dir, `${id}.request.json`);

  /** Why the outbox folder is not a real folder of the data folder, or null when it is (or is not there yet). */
  private async folderProblem(): Promise<string | null> {
    try {
      const info = await this.fs.lstat(this.dir);
      if (info.isSymbolicLink()) return 'it is a link to another place, not a folder of its own';
      if (!info.isDirectory()) return 'something other than a folder is in its place';
      return null;
    } catch (error) {
      return isMissing(error) ? null : describeFsError(error);
    }
  }

  /** Makes the folder when it is missing, and refuses to go on when a link or a file is in its place. */
  private async checkedFolder(): Promise<void> {
    let problem = await this.folderProblem();
    if (problem === null) {
      await this.fs.mkdir(this.dir, { recursive: true }).catch((error) => {
        throw folderProblem(describeFsError(error));
      });
      problem = await this.folderProblem();
    }
    if (problem !== null) throw folderProblem(problem);
  }

  /** The request first, then the state that points at it. */
  async create(item: OutboxItem, requestBytes: Uint8Array): Promise<void> {
    await this.checkedFolder();
    await writeFileAtomic(this.requestPath(item.id), requestBytes, { fs: this.fs, mode: 0o600 });
    await this.write(item);
  }

  /** Writes the item's state; never one the next start could not read back. */
  async write(item: OutboxItem): Promise<void> {
    const parsed = outboxItemSchema.safeParse(item);
    const text = JSON.stringify(item);
    if (!parsed.success || Buffer.byteLength(text) > MAX_OUTBOX_STATE_BYTES) {
      const issue = parsed.success ? 'it is too large' : `${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`;
      throw new StoreError('failed', `This outbox request’s state could not be written (${issue}).`);
    }
    await this.checkedFolder();
    await writeFileAtomic(this.statePath(item.id), text, { fs: this.fs, mode: 0o600 });
  }

  /** The request file's bytes, read no further than what was queued (a longer file has been changed anyway). */
  request(id: string, queued: QueuedRequest): Promise<RegularFileRead<Buffer>> {
    const maxBytes = Math.min(queued.size, MAX_OUTBOX_REQUEST_BYTES[queued.kind]);
    return readRegularFile(this.requestPath(id), { maxBytes, kind: 'outbox requests', fs: this.fs });
  }

  /** Forgets a finished or cancelled item's request; its state file stays for the Outbox screen. */
  async dropRequest(id: string): Promise<void> {
    await this.checkedFolder();
    await this.fs.rm(this.requestPath(id), { force: true });
  }

  async remove(id: string): Promise<void> {
    await this.checkedFolder();
    await this.fs.rm(this.requestPath(id), { force: true });
    await this.fs.rm(this.statePath(id), { force: true });
  }

  /** Every item, and a sentence for each file that could not be used. */
  async readAll(): Promise<{ items: OutboxItem[]; problems: string[] }> {
    const folder = await this.folderProblem();
    if (folder !== null) return { items: [], problems: [`The outbox folder was not read: ${folder}.`] };
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return { items: [], problems: [] };
      throw error;
    }
    const items: OutboxItem[] = [];
    const problems: string[] = [];
    // What a crash left mid-write is never a complete file: sweep it.
    await Promise.all(names.filter((n) => ATOMIC_TEMP_FILE.test(n)).map((n) => this.fs.rm(join(this.dir, n), { force: true })));
    const states = names.filter((n) => STATE.test(n));
    for (let i = 0; i < states.length; i += READ_CONCURRENCY) {
      await Promise.all(
        states.slice(i, i + READ_CONCURRENCY).map(async (name) => {
          const problem = await this.readOne(name, items);
          if (problem) problems.push(problem);
        }),
      );
    }
    return { items, problems };
  }

  private async readOne(name: string, into: OutboxItem[]): Promise<string | undefined> {
    const id = name.slice(0, -'.json'.length);
    let raw: unknown;
    let reason: string;
    const read = await readRegularText(join(this.dir, name), { maxBytes: MAX_OUTBOX_STATE_BYTES, kind: 'outbox state files', fs: this.fs });
    if (!read.ok) {
      reason = read.reason;
    } else {
      try {
        raw = JSON.parse(read.value);
        const parsed = outboxItemSchema.safeParse(raw);
        if (parsed.success && parsed.data.id === id) {
          into.push(parsed.data);
          return undefined;
        }
        reason = parsed.success ? 'its id does not match its file name' : `${parsed.error.issues[0]?.path.join('.') || 'file'}: ${parsed.error.issues[0]?.message}`;
      } catch {
        reason = 'it is not valid JSON';
      }
    }
    const movedTo = `${name}.unreadable-${fileStamp(this.clock())}`;
    const movedAside = await this.checkedFolder()
      .then(() => this.fs.rename(join(this.dir, name), join(this.dir, movedTo)))
      .then(
        () => true,
        () => false,
      );
    // An item that still says which request it was is kept, failed, so the Outbox screen shows it and why
    // (only once its file is safely aside: the item written in its place must not overwrite it).
    const kept = movedAside && OUTBOX_ID.test(id) ? salvage(id, raw, reason, movedTo, this.clock()) : undefined;
    if (kept) {
      const written = await this.write(kept).then(
        () => true,
        () => false,
      );
      if (written) into.push(kept);
    }
    return `An outbox entry could not be read (${reason}); it was kept as ${movedTo}.`;
  }
}
