/**
 * The client book: the firm's clients in one JSON file under the app data
 * folder, written atomically. Changes are applied to memory only once the
 * file holding them is on disk, so a failed write leaves the book (in memory
 * and on disk) as it was. A file that cannot be read is moved aside and
 * reported, never overwritten.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Client, ClientDetails, ClientListRequest } from '../../preload/contract.js';
import { writeFileAtomic } from './atomic-write.js';
import { clientDetailsErrors, normaliseClientDetails, searchKey } from './client-rules.js';
import { StoreError } from './store-error.js';
import { describeFsError, fileStamp, isMissing, nodeStoreFs, type StoreFs } from './store-fs.js';
import { SerialQueue } from './serial-queue.js';

export const CLIENT_BOOK_FILE = 'clients.json';
const CLIENT_BOOK_VERSION = 1;

const storedClient = z.object({
  id: z.string().min(1),
  companyName: z.string(),
  registrationNumber: z.string(),
  utr: z.string(),
  periodEnd: z.string(),
  serviceClientName: z.string(),
  serviceClientId: z.string(),
  archived: z.boolean(),
  createdAt: z.string(),
  changedAt: z.string(),
});
const storedBook = z.object({ schemaVersion: z.literal(CLIENT_BOOK_VERSION), clients: z.array(storedClient) });

export interface ClientBookOptions {
  dataDir: string;
  fs?: StoreFs;
  clock?: () => Date;
  idGenerator?: () => string;
  log?: (message: string) => void;
}

export class ClientBook {
  private readonly path: string;
  private readonly fs: StoreFs;
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly log: (message: string) => void;
  private readonly queue = new SerialQueue();
  private clients: Client[] | undefined;

  constructor(private readonly options: ClientBookOptions) {
    this.path = join(options.dataDir, CLIENT_BOOK_FILE);
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.idGenerator ?? randomUUID;
    this.log = options.log ?? ((message) => console.warn(`client book: ${message}`));
  }

  async list(request: ClientListRequest): Promise<Client[]> {
    const clients = await this.queue.run(() => this.load());
    const key = searchKey(request.query);
    return clients
      .filter((c) => request.includeArchived || !c.archived)
      .filter((c) => key === '' || [c.companyName, c.utr, c.registrationNumber].some((text) => searchKey(text).includes(key)))
      .sort((a, b) => a.companyName.localeCompare(b.companyName, 'en-GB', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<Client | undefined> {
    const clients = await this.queue.run(() => this.load());
    return clients.find((c) => c.id === id);
  }

  /** Adds a client (no id) or replaces one's details; refuses details that break a rule, naming each field. */
  save(id: string | undefined, details: ClientDetails): Promise<Client> {
    const clean = normaliseClientDetails(details);
    const errors = clientDetailsErrors(clean);
    if (errors.length > 0) return Promise.reject(new StoreError('invalid', 'The client details are not valid.', errors));
    return this.queue.run(async () => {
      const clients = await this.load();
      const now = this.clock().toISOString();
      if (id === undefined) {
        const client: Client = { ...clean, id: this.newId(), archived: false, createdAt: now, changedAt: now };
        await this.write([...clients, client]);
        return client;
      }
      const existing = clients.find((c) => c.id === id);
      if (!existing) throw notFound();
      const client: Client = { ...existing, ...clean, changedAt: now };
      await this.write(clients.map((c) => (c.id === id ? client : c)));
      return client;
    });
  }

  archive(id: string, archived: boolean): Promise<Client> {
    return this.queue.run(async () => {
      const clients = await this.load();
      const existing = clients.find((c) => c.id === id);
      if (!existing) throw notFound();
      const client: Client = { ...existing, archived, changedAt: this.clock().toISOString() };
      await this.write(clients.map((c) => (c.id === id ? client : c)));
      return client;
    });
  }

  private async load(): Promise<Client[]> {
    if (this.clients) return this.clients;
    let text: string;
    try {
      text = await this.fs.readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return (this.clients = []);
      if ((error as { code?: unknown }).code !== 'EISDIR') {
        throw new StoreError('failed', `Could not read the client book: ${describeFsError(error).replace('refused the write', 'refused the read')}.`);
      }
      return this.moveAside('a folder is in its place');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.moveAside('it is not valid JSON');
    }
    const book = storedBook.safeParse(parsed);
    if (!book.success) return this.moveAside('its contents are not a client book this version of Filing Desk can read');
    return (this.clients = book.data.clients);
  }

  /** Keeps an unreadable book for the user (or support) to recover from, and starts an empty one. */
  private async moveAside(reason: string): Promise<Client[]> {
    const movedTo = `${CLIENT_BOOK_FILE}.unreadable-${fileStamp(this.clock())}`;
    try {
      await this.fs.rename(this.path, join(this.options.dataDir, movedTo));
    } catch (error) {
      // Never start an empty book over a file we could not move: saving would replace it.
      throw new StoreError('failed', `The client book could not be read (${reason}) and could not be moved aside: ${describeFsError(error)}.`);
    }
    this.log(`${CLIENT_BOOK_FILE} could not be read (${reason}); it was moved to ${movedTo} and an empty client book started`);
    return (this.clients = []);
  }

  private async write(next: Client[]): Promise<void> {
    const text = `${JSON.stringify({ schemaVersion: CLIENT_BOOK_VERSION, clients: next }, null, 2)}\n`;
    try {
      await this.fs.mkdir(this.options.dataDir, { recursive: true });
      await writeFileAtomic(this.path, text, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not save the client book: ${describeFsError(error)}. Nothing was changed.`);
    }
    this.clients = next;
  }
}

const notFound = () => new StoreError('not-found', 'There is no client with that id; it may have been removed.', [{ field: 'id', message: 'names no client in the client book' }]);
