import * as nodeFs from 'node:fs/promises';
import type { AtomicWriteFs } from '../engine/atomic-write.js';
import { UnsafeFolderError } from './data-folder.js';

/**
 * The file operations the stores use. The app passes node:fs/promises; tests
 * pass it with one operation replaced (a rename that fails, a disk that is
 * full) to show what a failed write leaves behind.
 */
export interface StoreFs extends AtomicWriteFs {
  readFile: typeof nodeFs.readFile;
  readdir: typeof nodeFs.readdir;
  mkdir: typeof nodeFs.mkdir;
  rm: typeof nodeFs.rm;
  lstat: typeof nodeFs.lstat;
  utimes: typeof nodeFs.utimes;
}

export const nodeStoreFs: StoreFs = nodeFs;

/**
 * A plain-words reason for the common file-system failures. Never the
 * error's own message: that holds the full path, and with it the user's name.
 */
export function describeFsError(error: unknown): string {
  if (error instanceof UnsafeFolderError) return error.reason;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'the folder no longer exists';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EISDIR':
      return 'a folder with that name exists';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open';
    case 'EIO':
      return 'the disk reported an error';
    default:
      return 'the file system refused the write';
  }
}

export const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** "2025-01-31T09-15-00-000Z": a time that is safe in a file name on every platform. */
export const fileStamp = (time: Date) => time.toISOString().replace(/[:.]/g, '-');
