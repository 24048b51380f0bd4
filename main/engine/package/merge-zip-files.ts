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
  for (const entry of archive.entries) checkEntry(entry);
  const top = singleTopLevelDirectory(archive.entries.map((e) => e.name));
  const strip = top !== undefined && !keepTopLevel(top) ? top : undefined;
  const tree = new MergedTree(reportName);
  const files: ExtraFile[] = [];
  for (const entry of archive.entries) {
    const full = withoutTrailingSlash(entry.name);
    const path = strip !== undefined ? full.slice(strip.length + 1) : full;
    if (path === '') continue; // the stripped top-level directory itself
    tree.add(path, entry.isDirectory, entry.name);
    if (!entry.isDirectory) files.push({ path, bytes: readEntryBytes(archive, entry) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

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

function checkEntry(entry: ZipEntry): void {
  const problem = entryPathProblem(entry.name);
  if (problem) refuse(`refused: the name ${problem.reason}`, entry.name);
  if (entry.encrypted) refuse('refused: the entry is encrypted', entry.name);
  if (entry.symlink) refuse('refused: symbolic links are not allowed in a package', entry.name);
  const unportable = nonPortableNameProblem(withoutTrailingSlash(entry.name));
  if (unportable) refuse(`refused: the name ${unportable}`, entry.name);
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

  constructor(private readonly reportName: string) {}

  add(path: string, isDirectory: boolean, entry: string): void {
    for (const dir of parentDirectories(path)) this.register(dir, true, entry);
    this.register(path, isDirectory, entry);
  }

  private register(path: string, isDirectory: boolean, entry: string): void {
    const clash = generatedPathClash(path, isDirectory, this.reportName);
    if (clash) refuse(`refused: ${clash}`, entry);
    const key = foldedPath(path);
    const earlier = this.byFoldedPath.get(key);
    if (!earlier) {
      this.byFoldedPath.set(key, { path, isDirectory, entry });
      return;
    }
    if (earlier.path !== path) {
      refuse(
        `refused: its path and that of ${quoted(earlier.entry)} differ only in letter case or Unicode normalisation, so they extract to the same file on Windows and macOS`,
        entry,
      );
    }
    if (!isDirectory && !earlier.isDirectory) refuse('refused: the archive holds this path more than once', entry);
    if (isDirectory !== earlier.isDirectory) refuse('refused: the path is both a file and a directory', entry);
  }
}
