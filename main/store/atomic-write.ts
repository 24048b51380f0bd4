import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Permissions of the new file; 0o600 for files that hold a client's data only this user may read. Default 0o644. */
  mode?: number;
}

/**
 * Writes a file so that a reader (or a crash) sees either the old contents or
 * the new, never half of each: write a temporary file beside the target,
 * fsync it, rename it over the target, then fsync the folder so the rename
 * itself survives a power cut. The one implementation for the app's store,
 * saved files, the CLI's --out and the validation job files.
 */
export async function writeFileAtomic(path: string, contents: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', options.mode ?? 0o644);
  try {
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; the rename is already durable enough there.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the data itself is already synced.
  } finally {
    await handle.close();
  }
}
