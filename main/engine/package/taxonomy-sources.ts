/**
 * A package draft's taxonomy, as the user dropped it: loose files (a folder's
 * structure kept in their paths) and zips of an extension taxonomy. Together
 * they form one tree, merged under the STLD exactly as one `base64ZipFiles`
 * zip would be (report-package.md section 4), so the rules that apply are the
 * builder's own. Zips are opened with the same guarded reader and limits as
 * `base64ZipFiles`: a bomb or a damaged zip is a problem naming the zip (and
 * the entry), never an exhausted process.
 */
import { mergeLimitsOf } from './create-report-package.js';
import { ZipFormatError, ZipLimitError, openZip, type ZipLimits } from './zip-reader.js';

export type TaxonomySource =
  | { kind: 'file'; attachmentId: string; path: string; bytes: Uint8Array }
  | { kind: 'zip'; attachmentId: string; fileName: string; bytes: Uint8Array };

/** One file of the merged taxonomy, before the single top-level directory (if any) is stripped. */
export interface TaxonomyFile {
  name: string;
  bytes: Uint8Array;
  attachmentId: string;
  /** How the user knows the file: "acme/acme.xsd", or "acme.zip › acme/acme.xsd" inside a zip. */
  label: string;
  encrypted: boolean;
  symlink: boolean;
}

export interface TaxonomyProblem {
  label: string;
  attachmentId: string;
  message: string;
}

/** "acme.zip › acme/acme.xsd": a file inside a dropped zip, named so the user can find it. */
export const insideZip = (zipName: string, entry: string) => `${zipName} › ${entry}`;

/**
 * Every file of every source, read within the limits the builder applies to
 * `base64ZipFiles` (entries and total size across all sources together).
 * Directory entries of zips are not carried: the package holds files, and the
 * directories their paths imply.
 */
export function expandTaxonomy(sources: readonly TaxonomySource[], packageLimits: ZipLimits): { files: TaxonomyFile[]; problems: TaxonomyProblem[] } {
  const limits = mergeLimitsOf(packageLimits);
  const files: TaxonomyFile[] = [];
  const problems: TaxonomyProblem[] = [];
  let total = 0;
  let overLimit = false;
  const add = (file: TaxonomyFile, source: TaxonomySource): void => {
    if (overLimit) return;
    total += file.bytes.byteLength;
    if (files.length + 1 > limits.maxEntries) {
      overLimit = true;
      problems.push({
        label: file.label,
        attachmentId: source.attachmentId,
        message: `refused: the taxonomy would hold more than ${limits.maxEntries} files, the most a package may carry besides the files Filing Desk writes`,
      });
      return;
    }
    if (total > limits.maxTotalUncompressedBytes) {
      overLimit = true;
      problems.push({
        label: file.label,
        attachmentId: source.attachmentId,
        message: `refused: with this file the taxonomy would hold more than ${limits.maxTotalUncompressedBytes} bytes, the most a package may merge`,
      });
      return;
    }
    files.push(file);
  };

  for (const source of sources) {
    if (overLimit) break;
    if (source.kind === 'file') {
      add({ name: source.path, bytes: source.bytes, attachmentId: source.attachmentId, label: source.path, encrypted: false, symlink: false }, source);
      continue;
    }
    expandZip(source, limits, (file) => add(file, source), (problem) => problems.push(problem));
  }
  return { files, problems };
}

function expandZip(
  source: Extract<TaxonomySource, { kind: 'zip' }>,
  limits: ZipLimits,
  add: (file: TaxonomyFile) => void,
  problem: (p: TaxonomyProblem) => void,
): void {
  const refuse = (label: string, error: unknown): void => {
    if (error instanceof ZipLimitError) return problem({ label, attachmentId: source.attachmentId, message: `refused: ${error.message}` });
    if (error instanceof ZipFormatError) return problem({ label, attachmentId: source.attachmentId, message: `is not a readable zip archive: ${error.message}` });
    throw error;
  };
  let archive;
  try {
    archive = openZip(source.bytes, limits);
  } catch (error) {
    return refuse(source.fileName, error);
  }
  for (const entry of archive.entries) {
    if (entry.isDirectory) continue;
    const label = insideZip(source.fileName, entry.name);
    const base = { name: entry.name, attachmentId: source.attachmentId, label, encrypted: entry.encrypted, symlink: entry.symlink };
    // An encrypted entry or a link is refused by name by the merge rules; its bytes are never needed.
    if (entry.encrypted || entry.symlink) {
      add({ ...base, bytes: new Uint8Array(0) });
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = archive.read(entry);
    } catch (error) {
      refuse(label, error);
      continue;
    }
    add({ ...base, bytes });
  }
}
