/**
 * The one way Filing Desk reads a file it did not just write: from its data
 * folder (drafts, the client book, the outbox, saved results), a file the
 * operating system asks it to open, or a command-line input.
 *
 * What is in a folder can be anything: a named pipe (whose open or read would
 * block forever and, four at a time, take every thread Node reads files on),
 * a device, a link to somewhere else, a sparse file of gigabytes, or bytes
 * that are not UTF-8. So the file is opened without blocking and without
 * following a link, its type and size are checked on the opened descriptor
 * (it cannot be swapped between the check and the read), at most one byte
 * past the limit is ever read, and text must be strict UTF-8: a file that is
 * not is refused with its reason, never silently repaired and written back.
 */
import { constants } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { describeLimit } from '../../preload/contract-limits.js';

export type RegularFileProblem = 'missing' | 'link' | 'folder' | 'not-a-file' | 'too-large' | 'unreadable' | 'not-utf8' | 'wrong-content';

export type RegularFileRead<T> = { ok: true; value: T; size: number } | { ok: false; problem: RegularFileProblem; reason: string };

export interface RegularFileOptions {
  /** The most bytes a file of this kind may hold; a larger one is refused before a byte is read. */
  maxBytes: number;
  /** What the file is, in the reason for a file over the limit ("draft files"). */
  kind: string;
  /**
   * Follow a link to the file it names. Never for the data folder, whose
   * files only the app writes; a file the user names on the command line or
   * opens from the operating system may be reached through one.
   */
  followLinks?: boolean;
  /**
   * A look at the file's first bytes before the rest is read, so a file that
   * is not of its kind (an .exe renamed .xbri) is refused having read a few
   * bytes, not hundreds of MB. `problem` returns why the file is refused
   * (the reason as given), or null to read the rest.
   */
  firstBytes?: { length: number; problem(head: Uint8Array): string | null };
  fs?: Pick<typeof nodeFs, 'open' | 'lstat'>;
}

// O_NONBLOCK: opening a named pipe with no writer returns at once instead of waiting for one.
// Windows has neither flag (nor named pipes in the file system); lstat covers links there.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

const REASONS: Record<Exclude<RegularFileProblem, 'too-large' | 'unreadable' | 'wrong-content'>, string> = {
  missing: 'the file does not exist',
  link: 'it is a link to another file, not an ordinary file',
  folder: 'a folder is in its place',
  'not-a-file': 'it is not an ordinary file (a pipe, a device or a socket is in its place)',
  'not-utf8': 'it is not valid UTF-8 text',
};

const refuse = <T>(problem: RegularFileProblem, reason = REASONS[problem as keyof typeof REASONS]): RegularFileRead<T> => ({ ok: false, problem, reason });

function readProblem(error: unknown): RegularFileRead<never> {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return refuse('missing');
    case 'ELOOP':
    case 'EMLINK': // FreeBSD's answer to O_NOFOLLOW on a link
      return refuse('link');
    case 'EISDIR':
      return refuse('folder');
    case 'EACCES':
    case 'EPERM':
      return refuse('unreadable', 'permission to read it was refused');
    case 'EMFILE':
    case 'ENFILE':
      return refuse('unreadable', 'too many files are open');
    case 'EIO':
      return refuse('unreadable', 'the disk reported an error');
    default:
      return refuse('unreadable', 'the file system refused the read');
  }
}

/** Fills `buffer` from `start` (the file position and the buffer offset alike) until it is full or the file ends. */
async function readInto(handle: nodeFs.FileHandle, buffer: Buffer, start: number): Promise<number> {
  let length = start;
  while (length < buffer.length) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return length;
}

/** The file's bytes, or why it was refused; never throws, never blocks on a pipe, never reads past the limit. */
export async function readRegularFile(path: string, options: RegularFileOptions): Promise<RegularFileRead<Buffer>> {
  const fs = options.fs ?? nodeFs;
  const tooLarge = () => refuse<Buffer>('too-large', `it is larger than the ${describeLimit(options.maxBytes)} Filing Desk reads for ${options.kind}`);
  // Where open() can refuse a link itself (O_NOFOLLOW: Linux, macOS), it does, and ELOOP says "link"; elsewhere (Windows) lstat asks first.
  if (!options.followLinks && NO_FOLLOW === 0) {
    try {
      const info = await fs.lstat(path);
      if (info.isSymbolicLink()) return refuse('link');
    } catch (error) {
      return readProblem(error);
    }
  }
  let handle: nodeFs.FileHandle;
  try {
    handle = await fs.open(path, OPEN_FLAGS | (options.followLinks ? 0 : NO_FOLLOW));
  } catch (error) {
    return readProblem(error);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) return refuse('folder');
    if (!info.isFile()) return refuse('not-a-file');
    if (info.size > options.maxBytes) return tooLarge();
    let head: Buffer | undefined;
    if (options.firstBytes) {
      head = Buffer.alloc(Math.min(options.firstBytes.length, info.size));
      const headLength = await readInto(handle, head, 0);
      head = head.subarray(0, headLength);
      const problem = options.firstBytes.problem(head);
      if (problem !== null) return refuse('wrong-content', problem);
    }
    // One byte past the size stat gave: a file that grew since is still caught by the limit.
    const buffer = Buffer.allocUnsafe(Math.min(info.size, options.maxBytes) + 1);
    const length = await readInto(handle, buffer, head ? head.copy(buffer) : 0);
    if (length > options.maxBytes) return tooLarge();
    return { ok: true, value: buffer.subarray(0, length), size: length };
  } catch (error) {
    return readProblem(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of UTF-8 bytes (a leading byte order mark dropped), or null when they are not strict UTF-8. */
export function decodeStrictUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** As readRegularFile, for a text file that must be strict UTF-8. */
export async function readRegularText(path: string, options: RegularFileOptions): Promise<RegularFileRead<string>> {
  const read = await readRegularFile(path, options);
  if (!read.ok) return read;
  const text = decodeStrictUtf8(read.value);
  if (text === null) return refuse('not-utf8');
  return { ok: true, value: text, size: read.size };
}
