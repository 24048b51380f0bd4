import { formatSize } from '../../format/index.js';
import { describeLimit, MAX_CT600_XML_BYTES, MAX_INLINE_XBRL_BYTES, MAX_REPORT_PACKAGE_BYTES } from '../../../../preload/contract.js';

/** What a dropped file is, by its extension: the same rule main applies. */
export type FileKind = 'ct600' | 'package' | 'ixbrl';

const kinds: ReadonlyArray<readonly [string, FileKind]> = [
  ['.xml', 'ct600'],
  ['.xbri', 'package'],
  ['.xbr', 'package'],
  ['.zip', 'package'],
  ['.xhtml', 'ixbrl'],
  ['.html', 'ixbrl'],
  ['.htm', 'ixbrl'],
];

export const ACCEPTED_EXTENSIONS = kinds.map(([ext]) => ext);

export function fileKindOf(fileName: string): FileKind | null {
  const lower = fileName.toLowerCase();
  return kinds.find(([ext]) => lower.endsWith(ext))?.[1] ?? null;
}

/**
 * The largest file of each kind main accepts (the contract's limits; main
 * checks them again). Refusing here saves reading a huge file into memory
 * and sending it over IPC only to be told no.
 */
const limits: Record<FileKind, { maxBytes: number; what: string; why: string }> = {
  ct600: { maxBytes: MAX_CT600_XML_BYTES, what: 'CT600 returns', why: ' (HMRC accepts messages up to 25 MB)' },
  package: { maxBytes: MAX_REPORT_PACKAGE_BYTES, what: 'report packages', why: '' },
  ixbrl: { maxBytes: MAX_INLINE_XBRL_BYTES, what: 'Inline XBRL documents', why: '' },
};

/** A reason to refuse the file before reading it, or null when it may be sent to main. */
export function refusalReason(fileName: string, size: number): string | null {
  const kind = fileKindOf(fileName);
  if (!kind) {
    return `${fileName} is not a file Filing Desk can check. Choose a CT600 return (.xml), a report package (.xbri, .xbr or .zip) or Inline XBRL accounts or computations (.xhtml).`;
  }
  if (size === 0) return `${fileName} is empty.`;
  const limit = limits[kind];
  if (size > limit.maxBytes) {
    return `${fileName} is ${formatSize(size)}; Filing Desk checks ${limit.what} up to ${describeLimit(limit.maxBytes)}${limit.why}.`;
  }
  return null;
}

