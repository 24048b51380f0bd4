/**
 * Reads `base64ZipFiles` (extension taxonomy and other files) for merging
 * under the STLD, refusing anything that could escape the package, break its
 * structure or exhaust memory (report-package.md section 4). Every refusal is
 * a 400 naming the field and the entry.
 */
import { RequestValidationError } from '../errors.js';
import { entryPathProblem, parentDirectories, withoutTrailingSlash } from './entry-paths.js';
import { foldedPath, generatedPathClash, nonPortableNameProblem } from './merged-path-rules.js';
import { openZip, ZipFormatError, ZipLimitError, type ZipArchive, type ZipEntry, type ZipLimits } from './zip-reader.js';

const FIELD = 'base64ZipFiles';

export interface ExtraFile {
  /** Path relative to the STLD. */
  path: string;
  bytes: Buffer;
  /** The entry's CRC-32, which bytes were checked against when read. */
  crc32: number;
}

/**
 * `keepTopLevel` says when a single top-level directory must stay: when it is
 * the host of a taxonomy URL the request uses (host/dir/file.xsd is where the
 * catalog looks), stripping it would break the package offline.
 */
export function readExtraFiles(
  zipBytes: Uint8Array,
  reportName: string,
  limits: ZipLimits,
  keepTopLevel: (directory: string) => boolean = () => false,
): ExtraFile[] {
  const archive = openExtraArchive(zipBytes, limits);
  const { problems, strip } = mergedPathProblems(archive.entries, reportName, keepTopLevel);
  const first = problems[0];
  if (first) refuse(first.message, first.entry);
  const files: ExtraFile[] = [];
  for (const entry of archive.entries) {
    if (entry.isDirectory) continue;
    files.push({ path: mergedPathOf(entry.name, strip), bytes: readEntryBytes(archive, entry), crc32: entry.crc32 });
  }
  return files.sort(byPath);
}

/** One entry the merge would refuse, with the reason in words (without the entry's name). */
export interface MergeProblem {
  entry: string;
  message: string;
}

/** The entry facts the merge rules look at; a zip entry has them all, a loose file only its name. */
export interface MergeEntry {
  name: string;
  isDirectory: boolean;
  encrypted?: boolean;
  symlink?: boolean;
}

/**
 * Every problem the merge rules find, in entry order: first each entry's own
 * name and kind, then the clashes between paths (after the single top-level
 * directory is stripped). The builder refuses with the first; the package
 * wizard's plan shows them all, so the user sees every file to fix at once.
 */
export function mergedPathProblems(
  entries: readonly MergeEntry[],
  reportName: string,
  keepTopLevel: (directory: string) => boolean = () => false,
): { problems: MergeProblem[]; strip: string | undefined } {
  const problems: MergeProblem[] = [];
  const usable: MergeEntry[] = [];
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) problems.push({ entry: entry.name, message: problem });
    else usable.push(entry);
  }
  const top = singleTopLevelDirectory(entries.map((e) => e.name));
  const strip = top !== undefined && !keepTopLevel(top) ? top : undefined;
  const tree = new MergedTree(reportName, (message, entry) => problems.push({ entry, message }));
  for (const entry of usable) {
    const path = mergedPathOf(entry.name, strip);
    if (path === '') continue; // the stripped top-level directory itself
    tree.add(path, entry.isDirectory, entry.name);
  }
  return { problems, strip };
}

/** Where an entry lands under the STLD: its name without a trailing "/" and without the stripped directory. */
export function mergedPathOf(name: string, strip: string | undefined): string {
  const full = withoutTrailingSlash(name);
  return strip !== undefined ? full.slice(strip.length + 1) : full;
}

/** The order merged files are written in (by UTF-16 code unit, as the builder always has). */
export const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** A 400 on base64ZipFiles naming the entry (control characters escaped, so the message stays one line). */
function refuse(message: string, entry?: string): never {
  const named = entry !== undefined ? `entry ${quoted(entry)}: ${message}` : message;
  throw new RequestValidationError([{ field: FIELD, message: named }]);
}

function quoted(name: string): string {
  return `"${name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

function openExtraArchive(zipBytes: Uint8Array, limits: ZipLimits): ZipArchive {
  try {
    return openZip(zipBytes, limits);
  } catch (err) {
    if (err instanceof ZipLimitError) return refuse(`refused: ${err.message}`); // the message names the entry
    if (err instanceof ZipFormatError) return refuse(`is not a readable zip archive: ${err.message}`);
    throw err;
  }
}

function entryProblem(entry: MergeEntry): string | undefined {
  const problem = entryPathProblem(entry.name);
  if (problem) return `refused: the name ${problem.reason}`;
  if (entry.encrypted) return 'refused: the entry is encrypted';
  if (entry.symlink) return 'refused: symbolic links are not allowed in a package';
  const unportable = nonPortableNameProblem(withoutTrailingSlash(entry.name));
  if (unportable) return `refused: the name ${unportable}`;
  return undefined;
}

function readEntryBytes(archive: ZipArchive, entry: ZipEntry): Buffer {
  try {
    return archive.read(entry);
  } catch (err) {
    if (err instanceof ZipLimitError) return refuse(`refused: ${err.message}`, entry.name);
    if (err instanceof ZipFormatError) return refuse(`cannot be read: ${err.message}`, entry.name);
    throw err;
  }
}

/** The one directory every entry sits in, when there is exactly one and no file beside it. */
function singleTopLevelDirectory(names: string[]): string | undefined {
  const tops = new Set<string>();
  for (const name of names) {
    const path = withoutTrailingSlash(name);
    if (!path.includes('/') && !name.endsWith('/')) return undefined; // a file at the root
    tops.add(path.split('/')[0]!);
  }
  return tops.size === 1 ? [...tops][0] : undefined;
}

/**
 * Every path the merged files make (files, directory entries and the
 * directories files imply), keyed the way Windows and macOS see them, so a
 * clash is caught whichever entry comes first.
 */
class MergedTree {
  private readonly byFoldedPath = new Map<string, { path: string; isDirectory: boolean; entry: string }>();

  constructor(
    private readonly reportName: string,
    private readonly report: (message: string, entry: string) => void,
  ) {}

  add(path: string, isDirectory: boolean, entry: string): void {
    for (const dir of parentDirectories(path)) this.register(dir, true, entry);
    this.register(path, isDirectory, entry);
  }

  private register(path: string, isDirectory: boolean, entry: string): void {
    const clash = generatedPathClash(path, isDirectory, this.reportName);
    if (clash) return this.report(`refused: ${clash}`, entry);
    const key = foldedPath(path);
    const earlier = this.byFoldedPath.get(key);
    if (!earlier) {
      this.byFoldedPath.set(key, { path, isDirectory, entry });
      return;
    }
    if (earlier.path !== path) {
      return this.report(
        `refused: its path and that of ${quoted(earlier.entry)} differ only in letter case or Unicode normalisation, so they extract to the same file on Windows and macOS`,
        entry,
      );
    }
    if (!isDirectory && !earlier.isDirectory) return this.report('refused: the archive holds this path more than once', entry);
    if (isDirectory !== earlier.isDirectory) return this.report('refused: the path is both a file and a directory', entry);
  }
}
