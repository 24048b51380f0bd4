/**
 * Reads `base64ZipFiles` (extension taxonomy and other files) for merging
 * under the STLD, refusing anything that could escape the package, break its
 * structure or exhaust memory (report-package.md section 4). Every refusal is
 * a 400 naming the field and the entry.
 */
import { RequestValidationError } from '../errors.js';
import { reportKindOf } from './document-types.js';
import { entryPathProblem, parentDirectories, withoutTrailingSlash } from './entry-paths.js';
import { openZip, ZipFormatError, ZipLimitError, type ZipArchive, type ZipLimits } from './zip-reader.js';

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
  const refuse = (message: string, entry?: string): never => {
    throw new RequestValidationError([{ field: FIELD, message: entry !== undefined ? `entry "${entry}": ${message}` : message }]);
  };
  let archive: ZipArchive;
  try {
    archive = openZip(zipBytes, limits);
  } catch (err) {
    if (err instanceof ZipLimitError) return refuse(`refused: ${err.message}`);
    if (err instanceof ZipFormatError) return refuse(`is not a readable zip archive: ${err.message}`);
    throw err;
  }
  for (const entry of archive.entries) {
    const problem = entryPathProblem(entry.name);
    if (problem) refuse(`refused: the name ${problem.reason}`, entry.name);
    if (entry.encrypted) refuse('refused: the entry is encrypted', entry.name);
    if (entry.symlink) refuse('refused: symbolic links are not allowed in a package', entry.name);
  }
  const top = singleTopLevelDirectory(archive.entries.map((e) => e.name));
  const strip = top !== undefined && !keepTopLevel(top) ? top : undefined;
  const files: ExtraFile[] = [];
  const seen = new Set<string>();
  const impliedDirectories = new Set<string>();
  for (const entry of archive.entries) {
    const full = withoutTrailingSlash(entry.name);
    const path = strip !== undefined ? full.slice(strip.length + 1) : full;
    if (path === '') continue; // the stripped top-level directory itself
    for (const dir of parentDirectories(path)) impliedDirectories.add(dir);
    if (entry.isDirectory) {
      impliedDirectories.add(path);
      continue;
    }
    if (seen.has(path)) refuse('refused: the archive holds this path more than once', entry.name);
    seen.add(path);
    const collision = collisionWithGenerated(path, reportName);
    if (collision) refuse(`refused: ${collision}`, entry.name);
    let bytes: Buffer;
    try {
      bytes = archive.read(entry);
    } catch (err) {
      if (err instanceof ZipLimitError) return refuse(`refused: ${err.message}`, entry.name);
      if (err instanceof ZipFormatError) return refuse(`cannot be read: ${err.message}`, entry.name);
      throw err;
    }
    files.push({ path, bytes });
  }
  for (const file of files) {
    if (impliedDirectories.has(file.path)) refuse('refused: the path is both a file and a directory', file.path);
  }
  if (impliedDirectories.has('reports') && seen.has('reports')) refuse('refused: "reports" must stay a directory', 'reports');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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

/** Why a merged file would clash with what the builder writes or change the report count. */
function collisionWithGenerated(path: string, reportName: string): string | undefined {
  if (path === 'META-INF' || path.startsWith('META-INF/')) {
    return 'META-INF/ is written by the builder (reportPackage.json, taxonomyPackage.xml, catalog.xml)';
  }
  if (path === `reports/${reportName}`) return `it would overwrite the report reports/${reportName}`;
  if (path === 'reports') return '"reports" is the report directory and cannot be a file';
  if (path.startsWith('reports/')) {
    const segments = path.split('/');
    if (segments.length <= 3 && reportKindOf(segments[segments.length - 1]!)) {
      return 'a report-like file (.xhtml/.html/.htm/.xbrl/.json) in reports/ would be counted as another report';
    }
  }
  return undefined;
}
