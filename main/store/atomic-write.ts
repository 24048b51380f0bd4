import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file operations an atomic write needs; tests pass one whose rename or write fails. */
export interface AtomicWriteFs {
  open: typeof nodeFs.open;
  rename: typeof nodeFs.rename;
  unlink: typeof nodeFs.unlink;
}

export interface AtomicWriteOptions {
  /** Permissions of the new file; 0o600 for files that hold a client's data only this user may read. Default 0o644. */
  mode?: number;
  fs?: AtomicWriteFs;
}

/** Matches the temporary files writeFileAtomic leaves behind when the process dies mid-write. */
export const ATOMIC_TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Writes a file so that a reader (or a crash) sees either the old contents or
 * the new, never half of each: write a temporary file beside the target,
 * fsync it, rename it over the target, then fsync the folder so the rename
 * itself survives a power cut. The one implementation for the app's store,
 * saved files, the CLI's --out and the validation job files.
 */
export async function writeFileAtomic(path: string, contents: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const fs = options.fs ?? nodeFs;
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', options.mode ?? 0o644);
  try {
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path);
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir, fs);
}

async function syncDirectory(dir: string, fs: AtomicWriteFs): Promise<void> {
  // Windows cannot open a directory for fsync; the rename is already durable enough there.
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the data itself is already synced.
  } finally {
    await handle.close();
  }
}
