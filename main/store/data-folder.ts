/**
 * The folders Filing Desk writes into under its data folder (`drafts`,
 * `drafts/<id>.files`, `trash`, `service-results`, `followed-jobs`). Anyone
 * who can write to the data folder can put a link where one of them should
 * be, and a write through it would land (and overwrite a file) somewhere
 * else entirely. So before every write, each folder from the data folder
 * down is checked with lstat to be a real folder, never a link; a missing
 * one is created one level at a time, so nothing is ever created through a
 * link either. The data folder itself is the user's choice and may be a link.
 */
import type * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';

/** A folder under the data folder is not a real folder: nothing was read or written through it. */
export class UnsafeFolderError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnsafeFolderError';
  }
}

/** The two operations the check needs; StoreFs (store-fs.ts) has them, so any store passes its own. */
type FolderFs = { lstat: typeof nodeFs.lstat; mkdir: typeof nodeFs.mkdir };

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Checks that `relative` ("drafts/<id>.files", '/'-separated) is a real
 * folder inside `dataDir`, creating the missing parts when `create` is set.
 * Resolves to false when a part is missing and `create` is not set; throws
 * UnsafeFolderError naming the part that is a link or a file.
 */
export async function checkDataFolder(fs: FolderFs, dataDir: string, relative: string, options: { create: boolean }): Promise<boolean> {
  const parts = relative.split('/');
  if (options.create) await fs.mkdir(dataDir, { recursive: true });
  let path = dataDir;
  for (let i = 0; i < parts.length; i++) {
    path = join(path, parts[i]!);
    const shown = parts.slice(0, i + 1).join('/');
    let info = await fs.lstat(path).catch((error: unknown) => {
      if (codeOf(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (!info) {
      if (!options.create) return false;
      await fs.mkdir(path).catch((error: unknown) => {
        if (codeOf(error) !== 'EEXIST') throw error;
      });
      info = await fs.lstat(path);
    }
    if (info.isSymbolicLink()) throw new UnsafeFolderError(`the data folder's ${shown} is a link to another place, not a real folder; Filing Desk does not read or write through it`);
    if (!info.isDirectory()) throw new UnsafeFolderError(`the data folder's ${shown} is a file, not a folder`);
  }
  return true;
}

/** Creates (when missing) and checks a folder the app is about to write into; throws when it is not a real folder. */
export async function ensureDataFolder(fs: FolderFs, dataDir: string, relative: string): Promise<void> {
  await checkDataFolder(fs, dataDir, relative, { create: true });
}
