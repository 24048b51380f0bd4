import { MAX_DROPPED_FILE_BYTES } from '../../../../preload/contract.js';

/** What a dropped file is, by its extension: the same rule main applies. */
export type FileKind = 'ct600' | 'package';

const kinds: ReadonlyArray<readonly [string, FileKind]> = [
  ['.xml', 'ct600'],
  ['.xbri', 'package'],
  ['.xbr', 'package'],
  ['.zip', 'package'],
];

export const ACCEPTED_EXTENSIONS = kinds.map(([ext]) => ext);

export function fileKindOf(fileName: string): FileKind | null {
  const lower = fileName.toLowerCase();
  return kinds.find(([ext]) => lower.endsWith(ext))?.[1] ?? null;
}

/** A reason to refuse the file before reading it, or null when it may be sent to main. */
export function refusalReason(fileName: string, size: number): string | null {
  if (!fileKindOf(fileName)) {
    return `${fileName} is not a file Filing Desk can check. Choose a CT600 return (.xml) or a report package (.xbri, .xbr or .zip).`;
  }
  if (size === 0) return `${fileName} is empty.`;
  if (size > MAX_DROPPED_FILE_BYTES) {
    return `${fileName} is larger than ${MAX_DROPPED_FILE_BYTES / (1024 * 1024)} MB, the most Filing Desk checks.`;
  }
  return null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
