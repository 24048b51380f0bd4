/**
 * The client book: the firm's clients in one JSON file under the app data
 * folder, written atomically. Changes are applied to memory only once the
 * file holding them is on disk, so a failed write leaves the book (in memory
 * and on disk) as it was. A file that cannot be read is moved aside and
 * the user told (the Clients screen shows `notice()`), never overwritten; a
 * book made by a newer Filing Desk is left where it is and the book is
 * read-only until Filing Desk is updated, so going back a version cannot
 * damage it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Client, ClientBookNotice, ClientDetails, ClientListRequest } from '../../preload/contract.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { clientDetailsErrors, normaliseClientDetails, searchKey } from './client-rules.js';
import { readRegularText } from './regular-file.js';
import { StoreError } from './store-error.js';
import { describeFsError, fileStamp, nodeStoreFs, type StoreFs } from './store-fs.js';
import { SerialQueue } from './serial-queue.js';

export const CLIENT_BOOK_FILE = 'clients.json';
const CLIENT_BOOK_VERSION = 1;
/**
 * The most the client book file may hold. A client as the book writes it
 * (pretty-printed, every field at its limit) is under 1 KB, so 8 MB is room
 * for several thousand clients: far more than a small firm keeps, and a
 * larger file was not written by Filing Desk.
 */
export const MAX_CLIENT_BOOK_BYTES = 8 * 1024 * 1024;
const UNREADABLE_BOOK = /^clients\.json\.unreadable-.+$/;

const storedClient = z.object({
  id: z.string().min(1),
  companyName: z.string(),
  registrationNumber: z.string(),
  utr: z.string(),
  periodEnd: z.string(),
  serviceClientName: z.string(),
  serviceClientId: z.string(),
  // A book written before associated companies were remembered holds none: 0.
  associatedCompanies: z.number().int().min(0).default(0),
  archived: z.boolean(),
  createdAt: z.string(),
  changedAt: z.string(),
  // Added with the deadlines: optional, so a book saved before them loads as it is.
  periods: z
    .array(
      z.object({
        start: z.string(),
        end: z.string(),
        filedOn: z.string().nullable(),
        accepted: z.boolean(),
        // Added with late-payment interest: absent from older books, which load as they are.
        noticeServedOn: z.string().nullable().optional(),
        payments: z.array(z.object({ date: z.string(), amount: z.string() })).optional(),
        // Added with Companies House's deadlines: absent from older books.
        accountsDeliveredOn: z.string().nullable().optional(),
        shortenedByNoticeOn: z.string().nullable().optional(),
      }),
    )
    .optional(),
  instalments: z.enum(['large', 'very-large']).nullable().optional(),
  lateTwiceBefore: z.boolean().optional(),
  incorporatedOn: z.string().nullable().optional(),
  accountsLateBefore: z.boolean().optional(),
});
const storedBook = z.object({ schemaVersion: z.literal(CLIENT_BOOK_VERSION), clients: z.array(storedClient) });

export type ParsedClientBook =
  | { kind: 'book'; clients: Client[] }
  | { kind: 'newer'; version: number }
  | { kind: 'unusable'; reason: string };

/** The clients in a client book's text, or why it cannot be used; reads only (the command line uses it without changing the data folder). */
export function parseClientBook(text: string): ParsedClientBook {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'unusable', reason: 'it is not valid JSON' };
  }
  const version = (parsed as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && version > CLIENT_BOOK_VERSION) return { kind: 'newer', version };
  const book = storedBook.safeParse(parsed);
  if (!book.success) return { kind: 'unusable', reason: 'its contents are not a client book this version of Filing Desk can read' };
  return { kind: 'book', clients: book.data.clients };
}

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
  private problem: ClientBookNotice | null = null;

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

  /** Why the book on disk could not be used as it is (moved aside, or left in place read-only), or null. */
  async notice(): Promise<ClientBookNotice | null> {
    await this.queue.run(() => this.load());
    return this.problem;
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
      const clients = await this.writable();
      const now = this.clock().toISOString();
      if (id === undefined) {
        const client: Client = { ...clean, associatedCompanies: clean.associatedCompanies ?? 0, id: this.newId(), archived: false, createdAt: now, changedAt: now };
        await this.write([...clients, client]);
        return client;
      }
      const existing = clients.find((c) => c.id === id);
      if (!existing) throw notFound();
      const client: Client = { ...existing, ...clean, associatedCompanies: clean.associatedCompanies ?? existing.associatedCompanies, changedAt: now };
      await this.write(clients.map((c) => (c.id === id ? client : c)));
      return client;
    });
  }

  archive(id: string, archived: boolean): Promise<Client> {
    return this.queue.run(async () => {
      const clients = await this.writable();
      const existing = clients.find((c) => c.id === id);
      if (!existing) throw notFound();
      const client: Client = { ...existing, archived, changedAt: this.clock().toISOString() };
      await this.write(clients.map((c) => (c.id === id ? client : c)));
      return client;
    });
  }

  /**
   * Writes a client as another desk saved it (through the office), replacing
   * this book's client of that id or adding it. The client is checked as the
   * book checks its own file and as Clients checks what the user types, and
   * kept exactly as it came, so every desk holds the same client.
   */
  putFromOffice(id: string, body: unknown): Promise<Client> {
    const checked = officeClient(id, body);
    if (checked instanceof StoreError) return Promise.reject(checked);
    return this.queue.run(async () => {
      await this.write(withClient(await this.writable(), checked));
      return checked;
    });
  }

  /**
   * Many clients from the office in one write of the book (a new desk's first
   * sync brings the whole firm's): each checked as putFromOffice checks one,
   * those that break a rule answered with why and left out, the rest written
   * together. A failed write leaves the book as it was and fails them all.
   */
  putManyFromOffice(entries: { id: string; body: unknown }[]): Promise<{ id: string; error: StoreError | null }[]> {
    const checked = entries.map((entry) => ({ id: entry.id, client: officeClient(entry.id, entry.body) }));
    return this.queue.run(async () => {
      let next = await this.writable();
      for (const { client } of checked) if (!(client instanceof StoreError)) next = withClient(next, client);
      if (checked.some(({ client }) => !(client instanceof StoreError))) await this.write(next);
      return checked.map(({ id, client }) => ({ id, error: client instanceof StoreError ? client : null }));
    });
  }

  /** The clients, for a change: refused while the book on disk is one this version must not overwrite. */
  private async writable(): Promise<Client[]> {
    const clients = await this.load();
    if (this.problem?.readOnly) {
      throw new StoreError('failed', `The client book cannot be changed: ${CLIENT_BOOK_FILE} was ${this.problem.reason}. Update Filing Desk to change your clients; nothing was saved.`);
    }
    return clients;
  }

  private async load(): Promise<Client[]> {
    if (this.clients) return this.clients;
    const read = await readRegularText(this.path, { maxBytes: MAX_CLIENT_BOOK_BYTES, kind: 'the client book', fs: this.fs });
    if (!read.ok) {
      if (read.problem === 'missing') {
        this.problem = await this.earlierMovedAside();
        return (this.clients = []);
      }
      // Permission refused, too many files open: nothing is wrong with the file itself, so it stays.
      if (read.problem === 'unreadable') throw new StoreError('failed', `Could not read the client book: ${read.reason}.`);
      return this.moveAside(read.reason);
    }
    const book = parseClientBook(read.value);
    if (book.kind === 'unusable') return this.moveAside(book.reason);
    if (book.kind === 'newer') {
      this.problem = { fileName: CLIENT_BOOK_FILE, keptAs: CLIENT_BOOK_FILE, reason: 'made by a newer version of Filing Desk', readOnly: true };
      this.log(`${CLIENT_BOOK_FILE} was made by a newer version of Filing Desk (schema version ${book.version}); it was left as it is and the client book is read-only`);
      return (this.clients = []);
    }
    return (this.clients = book.clients);
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
    this.problem = { fileName: CLIENT_BOOK_FILE, keptAs: movedTo, reason, readOnly: false };
    return (this.clients = []);
  }

  /**
   * A book moved aside by an earlier run, while no book has been saved since:
   * still told, so a restart does not hide that the clients were set aside.
   */
  private async earlierMovedAside(): Promise<ClientBookNotice | null> {
    const names = await this.fs.readdir(this.options.dataDir).catch(() => [] as string[]);
    const kept = names.filter((n) => UNREADABLE_BOOK.test(n)).sort().at(-1);
    if (!kept) return null;
    return { fileName: CLIENT_BOOK_FILE, keptAs: kept, reason: 'it was found unreadable when Filing Desk opened it earlier', readOnly: false };
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
    // A book is on disk again and the user works from it; the file kept aside stays where the notice said.
    if (this.problem && !this.problem.readOnly) this.problem = null;
  }
}

/**
 * A client as another desk saved it, checked as the book checks its own file
 * and as Clients checks what the user types, and kept exactly as it came, so
 * every desk holds the same client; or why it cannot be held.
 */
function officeClient(id: string, body: unknown): Client | StoreError {
  const parsed = storedClient.safeParse(body);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: `client.${issue.path.join('.')}`, message: issue.message }));
    return new StoreError('invalid', 'The client from the office is not one this client book can hold.', errors);
  }
  const client: Client = parsed.data;
  // The rules name the Clients screen's fields (details.utr); here the field is the client the office sent.
  const errors = clientDetailsErrors(client).map((e) => ({ ...e, field: e.field.replace(/^details\./, 'client.') }));
  if (client.id !== id) errors.push({ field: 'client.id', message: `must be the record's id ${id}` });
  return errors.length > 0 ? new StoreError('invalid', "The client from the office breaks the client book's rules.", errors) : client;
}

/** The book with this client in place of the one of its id, or added. */
const withClient = (clients: Client[], client: Client): Client[] =>
  clients.some((c) => c.id === client.id) ? clients.map((c) => (c.id === client.id ? client : c)) : [...clients, client];

const notFound = () => new StoreError('not-found', 'There is no client with that id; it may have been removed.', [{ field: 'id', message: 'names no client in the client book' }]);
