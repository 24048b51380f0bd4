/**
 * The outbox on disk: `<data>/outbox/`, one state file and one request file
 * per item, each written atomically. Reading checks every state file against
 * the schema; one that fails is moved aside and reported, never dropped.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { ATOMIC_TEMP_FILE } from '../store/atomic-write.js';
import { fileStamp, isMissing, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { outboxItemSchema, type OutboxItem } from './outbox-item.js';

export const OUTBOX_DIR = 'outbox';
const STATE = /^([0-9a-f-]{36})\.json$/;
const READ_CONCURRENCY = 16;

export class OutboxStore {
  readonly dir: string;
  private readonly fs: StoreFs;

  constructor(dataDir: string, fs: StoreFs = nodeStoreFs, private readonly clock: () => Date = () => new Date()) {
    this.dir = join(dataDir, OUTBOX_DIR);
    this.fs = fs;
  }

  private statePath = (id: string) => join(this.dir, `${id}.json`);
  private requestPath = (id: string) => join(this.dir, `${id}.request.json`);

  /** The request first, then the state that points at it. */
  async create(item: OutboxItem, request: unknown): Promise<void> {
    await this.fs.mkdir(this.dir, { recursive: true });
    await writeFileAtomic(this.requestPath(item.id), JSON.stringify(request), { fs: this.fs, mode: 0o600 });
    await this.write(item);
  }

  write(item: OutboxItem): Promise<void> {
    return writeFileAtomic(this.statePath(item.id), JSON.stringify(item), { fs: this.fs, mode: 0o600 });
  }

  async request(id: string): Promise<unknown> {
    return JSON.parse(await this.fs.readFile(this.requestPath(id), 'utf8'));
  }

  /** Forgets a finished or cancelled item's request; its state file stays for the Outbox screen. */
  async dropRequest(id: string): Promise<void> {
    await this.fs.rm(this.requestPath(id), { force: true });
  }

  async remove(id: string): Promise<void> {
    await this.fs.rm(this.requestPath(id), { force: true });
    await this.fs.rm(this.statePath(id), { force: true });
  }

  /** Every item, and a sentence for each file that could not be used. */
  async readAll(): Promise<{ items: OutboxItem[]; problems: string[] }> {
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
    let reason: string;
    try {
      const parsed = outboxItemSchema.safeParse(JSON.parse(await this.fs.readFile(join(this.dir, name), 'utf8')));
      if (parsed.success && `${parsed.data.id}.json` === name) {
        into.push(parsed.data);
        return undefined;
      }
      reason = parsed.success ? 'its id does not match its file name' : `${parsed.error.issues[0]?.path.join('.') || 'file'}: ${parsed.error.issues[0]?.message}`;
    } catch {
      reason = 'it is not valid JSON';
    }
    const movedTo = `${name}.unreadable-${fileStamp(this.clock())}`;
    await this.fs.rename(join(this.dir, name), join(this.dir, movedTo)).catch(() => undefined);
    return `An outbox entry could not be read (${reason}); it was kept as ${movedTo}.`;
  }
}
