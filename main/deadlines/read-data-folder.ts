/**
 * The client book and the drafts of a data folder, read without changing
 * anything in it: the command line may run beside the open app, and a file
 * it cannot use is reported, never moved aside (that is the app's job, where
 * the user sees the notice).
 */
import { join } from 'node:path';
import type { Client } from '../../preload/contract.js';
import { toSummary } from '../store/draft-record.js';
import { CLIENT_BOOK_FILE, MAX_CLIENT_BOOK_BYTES, parseClientBook } from '../store/client-book.js';
import { DraftStore } from '../store/draft-store.js';
import { lastBuildBytes } from '../store/draft-files.js';
import { paymentDatePassed, type BuiltDraft } from './tax-payable.js';
import { utrTypedIn, type DeadlineDraft } from './firm-deadlines.js';
import { readRegularText } from '../store/regular-file.js';
import { checkDataFolder, UnsafeFolderError } from '../store/data-folder.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';

export interface DataFolderRecords {
  clients: Client[];
  /** Each with the UTR typed in it, which places a draft saved without a client (firm-deadlines.ts). */
  drafts: DeadlineDraft[];
  /** Files that could not be used, each with why, in words. */
  problems: string[];
  /** The CT600 drafts built for a period whose tax was due by `today`: box 525 of their builds is the tax interest runs on. */
  built: BuiltDraft[];
  /** The bytes of a draft's last build; null when they cannot be read. */
  buildBytes(draft: BuiltDraft): Promise<Uint8Array | null>;
}

/** `today`: the day interest is worked out to; the built returns of periods whose tax was due by then are collected in `built`. */
export async function readDataFolder(dataDir: string, fs: StoreFs = nodeStoreFs, today?: string): Promise<DataFolderRecords> {
  const problems: string[] = [];
  let clients: Client[] = [];
  const read = await readRegularText(join(dataDir, CLIENT_BOOK_FILE), { maxBytes: MAX_CLIENT_BOOK_BYTES, kind: 'the client book', fs });
  if (!read.ok) {
    problems.push(read.problem === 'missing' ? `${CLIENT_BOOK_FILE} is not in the data folder: there are no clients yet` : `${CLIENT_BOOK_FILE} cannot be read: ${read.reason}`);
  } else {
    const book = parseClientBook(read.value);
    if (book.kind === 'book') clients = book.clients;
    else problems.push(`${CLIENT_BOOK_FILE} cannot be used: ${book.kind === 'newer' ? 'it was made by a newer version of Filing Desk' : book.reason}`);
  }
  const drafts: DeadlineDraft[] = [];
  const built: BuiltDraft[] = [];
  const store = new DraftStore({ dataDir, fs });
  // A drafts folder that is a link to somewhere else is not read through, as the app would not.
  const draftsFolder = await checkDataFolder(fs, dataDir, 'drafts', { create: false }).catch((error: unknown) => {
    problems.push(error instanceof UnsafeFolderError ? error.reason : `the drafts folder cannot be read: ${describeFsError(error)}`);
    return false;
  });
  const names = draftsFolder ? await fs.readdir(join(dataDir, 'drafts')).catch(() => [] as string[]) : [];
  for (const name of names.filter((n) => /^[A-Za-z0-9][A-Za-z0-9-]{0,63}\.json$/.test(n)).sort()) {
    const outcome = await store.readFileAt(join(dataDir, 'drafts', name), name.slice(0, -'.json'.length));
    if (outcome.ok) {
      const r = outcome.record;
      drafts.push({ ...toSummary(r), utr: utrTypedIn(r.form) });
      if (today !== undefined && r.kind === 'ct600' && r.lastBuild && r.periodTo !== null && paymentDatePassed(r.periodTo, today)) built.push({ ...r, filed: r.filed ?? null });
    }
    else if (outcome.reason !== 'missing') problems.push(`drafts/${name} cannot be used: ${outcome.reason}`);
  }
  const buildBytes = (d: BuiltDraft) => (d.lastBuild ? lastBuildBytes(store, d.id, d.lastBuild.sha256) : Promise.resolve(null));
  return { clients, drafts, problems, built, buildBytes };
}
