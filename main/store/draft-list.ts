/**
 * The drafts list: every draft file in the folder read (many at once), the
 * unreadable ones set aside and named with the reason, and the trash, most
 * recently deleted first.
 */
import { join } from 'node:path';
import type { DraftList, DraftSummary, UnreadableDraftFile } from '../../preload/contract.js';
import { checkDataFolder, UnsafeFolderError } from './data-folder.js';
import type { DraftFolder } from './draft-folder.js';
import { toSummary, type ReadOutcome } from './draft-record.js';
import { isMissing } from './store-fs.js';

const UNREADABLE = /^(.+\.json)\.unreadable-(.+)$/;
/**
 * Files read at once while listing. Each read is five trips to Node's four
 * file threads (open, stat, read, the read that finds the end, close), and
 * between trips the main thread parses and checks the files already read:
 * with few in flight the threads sit idle. 1,000 drafts took about 230 ms
 * with 3 in flight, 165 with 8 and 150 with 32 (beyond that nothing more).
 * One slow file (a disk that stalls, a network share) still holds only one
 * thread; a folder whose every file stalls holds all four, as it would hold
 * any reader, however many are in flight.
 */
const READ_CONCURRENCY = 32;

/** `setAside` is the store's, so that a draft it knows is forgotten when its file is moved aside. */
export async function listDrafts(
  folder: DraftFolder,
  setAside: (name: string, outcome: Extract<ReadOutcome, { ok: false }>) => Promise<UnreadableDraftFile>,
): Promise<DraftList> {
  const unreadable: UnreadableDraftFile[] = [];
  const drafts: DraftSummary[] = [];
  const entries = await folder.fs.readdir(folder.draftsDir, { withFileTypes: true });
  const jsonNames = entries.filter((e) => e.name.endsWith('.json')).map((e) => e.name);
  await forEachLimited(jsonNames, READ_CONCURRENCY, async (name) => {
    const outcome = await folder.readFileAt(join(folder.draftsDir, name), name.slice(0, -'.json'.length));
    if (outcome.ok) drafts.push(toSummary(outcome.record));
    else unreadable.push(await setAside(name, outcome));
  });
  for (const entry of entries) {
    const match = UNREADABLE.exec(entry.name);
    if (!match || unreadable.some((u) => u.movedTo === entry.name)) continue;
    const reason = folder.reasonFor(entry.name) ?? 'it could not be read when Filing Desk opened it earlier; it was kept so nothing is lost';
    unreadable.push({ fileName: match[1]!, movedTo: entry.name, reason });
  }
  drafts.sort(byChangedAtDesc);
  unreadable.sort((a, b) => a.movedTo.localeCompare(b.movedTo));
  return { drafts, unreadable, trash: await listTrash(folder, unreadable) };
}

async function listTrash(folder: DraftFolder, unreadable: UnreadableDraftFile[]): Promise<DraftSummary[]> {
  let names: string[];
  try {
    if (!(await checkDataFolder(folder.fs, folder.dataDir, 'trash', { create: false }))) return [];
    names = (await folder.fs.readdir(folder.trashDir)).filter((n) => n.endsWith('.json'));
  } catch (error) {
    if (isMissing(error)) return [];
    // A trash that is a link or a file is listed as unreadable, and the drafts themselves still list.
    if (error instanceof UnsafeFolderError) {
      unreadable.push({ fileName: 'trash', movedTo: 'trash', reason: error.reason });
      return [];
    }
    throw error;
  }
  const trash: { summary: DraftSummary; deletedAt: number }[] = [];
  await forEachLimited(names, READ_CONCURRENCY, async (name) => {
    const path = join(folder.trashDir, name);
    const outcome = await folder.readFileAt(path, name.slice(0, -'.json'.length));
    if (!outcome.ok) {
      unreadable.push({ fileName: `trash/${name}`, movedTo: `trash/${name}`, reason: `in the trash, ${outcome.reason}` });
      return;
    }
    const deletedAt = (await folder.fs.lstat(path)).mtimeMs;
    trash.push({ summary: toSummary(outcome.record), deletedAt });
  });
  return trash.sort((a, b) => b.deletedAt - a.deletedAt).map((t) => t.summary);
}

const byChangedAtDesc = (a: DraftSummary, b: DraftSummary) => (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : a.id.localeCompare(b.id));

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
