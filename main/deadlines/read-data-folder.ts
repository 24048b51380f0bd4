/**
 * The client book and the drafts of a data folder, read without changing
 * anything in it: the command line may run beside the open app, and a file
 * it cannot use is reported, never moved aside (that is the app's job, where
 * the user sees the notice).
 */
import { join } from 'node:path';
import type { Client, DraftSummary } from '../../preload/contract.js';
import { toSummary } from '../store/draft-record.js';
import { CLIENT_BOOK_FILE, MAX_CLIENT_BOOK_BYTES, parseClientBook } from '../store/client-book.js';
import { DraftStore } from '../store/draft-store.js';
import { lastBuildBytes } from '../store/draft-files.js';
import { paymentDatePassed, taxPayableByPeriod, type BuiltDraft } from './tax-payable.js';
import { readRegularText } from '../store/regular-file.js';
import { checkDataFolder, UnsafeFolderError } from '../store/data-folder.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';

export interface DataFolderRecords {
  clients: Client[];
  drafts: DraftSummary[];
  /** Files that could not be used, each with why, in words. */
  problems: string[];
  /** Box 525 of the return built (or filed) for each period whose tax was due by `today`, by "clientId/from/to", in pence. */
  taxPayable: Map<string, number>;
}

/** `today`: the day interest is worked out to; the built returns of periods whose tax was due by then are read for box 525. */
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
  const drafts: DraftSummary[] = [];
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
      drafts.push(toSummary(outcome.record));
      const r = outcome.record;
      if (today !== undefined && r.kind === 'ct600' && r.lastBuild && r.periodTo !== null && paymentDatePassed(r.periodTo, today)) built.push({ ...r, filed: r.filed ?? null });
    }
    else if (outcome.reason !== 'missing') problems.push(`drafts/${name} cannot be used: ${outcome.reason}`);
  }
  const taxPayable = await taxPayableByPeriod(built, (d) => (d.lastBuild ? lastBuildBytes(store, d.id, d.lastBuild.sha256) : Promise.resolve(null)));
  return { clients, drafts, problems, taxPayable };
}
