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
  /** Only for tests: the platform whose rename failures are retried, and how the wait between tries is spent. */
  platform?: NodeJS.Platform;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * On Windows, antivirus scanners, the search indexer and backup tools open a
 * freshly written file for a moment, and a rename over (or of) it then fails
 * with EPERM, EBUSY or EACCES although nothing is wrong. Waiting a little and
 * trying again succeeds; the waits double and add up to about a second, so a
 * file that stays locked (or a real permission problem) is still reported
 * promptly. Elsewhere these errors are real and reported at once.
 */
export const RENAME_RETRY_DELAYS_MS: readonly number[] = [10, 20, 40, 80, 160, 320, 400];
const TRANSIENT_RENAME_CODES = new Set(['EPERM', 'EBUSY', 'EACCES']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function renameWithRetry(fs: AtomicWriteFs, from: string, to: string, options: AtomicWriteOptions): Promise<void> {
  const delays = (options.platform ?? process.platform) === 'win32' ? RENAME_RETRY_DELAYS_MS : [];
  const sleep = options.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fs.rename(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      const delay = delays[attempt];
      if (delay === undefined || !code || !TRANSIENT_RENAME_CODES.has(code)) throw error;
      await sleep(delay);
    }
  }
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
    await renameWithRetry(fs, temp, path, options);
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
