/**
 * Deterministic zip bytes: entries in the order given, one fixed timestamp
 * (1980-01-01 00:00, written as DOS fields with no time zone involved),
 * deflate at level 6 for every entry, UTF-8 names (flagged when not ASCII),
 * no directory entries, no extra fields. Deflating is node:zlib's native
 * zlib, off this thread: a large set of files on a thread of its own
 * (startDeflating, so the builder's checks run beside it), a small one on
 * libuv's thread pool, while this thread only assembles headers. The bytes
 * are those of the zlib that Node or Electron ships, whichever thread ran
 * it: the same app build always gives the same package for the same request.
 */
import { crc32, deflateRaw } from 'node:zlib';
import { deflateOnThread } from './deflate-thread.js';

export interface ZipFile {
  path: string;
  bytes: Uint8Array;
  /** The CRC-32 of bytes when already known (a merged file the zip reader checked against it); computed otherwise. */
  crc32?: number;
  /** deflateEarly(bytes), when the caller started it before the file list was complete. */
  deflated?: Promise<Buffer>;
}

const LEVEL = 6;
/** Enough jobs in flight to keep the thread pool busy without holding every file's output at once. */
const IN_FLIGHT = 16;
const DOS_TIME = 0;
/** 1980-01-01: ((1980 - 1980) << 9) | (1 << 5) | 1. */
const DOS_DATE = 0x21;
const VERSION = 20;
const UTF8_FLAG = 0x800;
const METHOD_DEFLATE = 8;

/** zlib's default output piece, and the largest this writer asks for. */
const MIN_CHUNK = 16 * 1024;
const MAX_CHUNK = 1024 * 1024;

/**
 * On the thread pool, with an output piece as large as the file (up to
 * 1 MiB). Node's zlib goes back to this thread after each piece to start
 * the next, so with its default 16 KiB pieces a 10 MB report deflated early
 * made one piece and then waited while this thread read the report's facts,
 * and the build waited 40–60 ms at the end for the remaining pieces. The
 * bytes do not depend on the pieces (zlib's stream is the same however its
 * output is taken).
 */
function deflate(bytes: Uint8Array): Promise<Buffer> {
  const chunkSize = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, bytes.length));
  return new Promise((resolve, reject) => deflateRaw(bytes, { level: LEVEL, chunkSize }, (err, out) => (err ? reject(err) : resolve(out))));
}

/**
 * Starts deflating one file's bytes on the thread pool now (exactly what
 * writeZip would do with them), so a large file is compressed while the
 * caller still works out the rest of the list; hand the promise to writeZip
 * as that file's `deflated`. The bytes must not change meanwhile.
 */
export function deflateEarly(bytes: Uint8Array): Promise<Buffer> {
  const started = deflate(bytes);
  started.catch(() => undefined); // a caller that gives up before writeZip leaves no unhandled rejection
  return started;
}

/**
 * Below this many bytes to deflate, starting a thread (tens of milliseconds,
 * on that thread) costs more than it overlaps; the thread pool does them.
 */
const THREAD_MIN_BYTES = 4 * 1024 * 1024;

export interface Deflating {
  /** Each file's deflate output, in the order of the files. */
  result: Promise<Buffer[]>;
  /** Stops work nobody will use (a build refused meanwhile); harmless once the result is in. */
  abandon(): void;
}

/**
 * Starts deflating every file now, so that the caller's synchronous work
 * (checking the report's facts) runs beside it: a large set on a thread of
 * its own (deflate-thread.ts), a small one on the thread pool, and a file
 * with `deflated` already started keeps that.
 */
export function startDeflating(files: readonly ZipFile[]): Deflating {
  const pending = files.filter((f) => f.deflated === undefined);
  const pendingBytes = pending.reduce((n, f) => n + f.bytes.length, 0);
  if (pendingBytes < THREAD_MIN_BYTES) {
    const result = deflateAll(files);
    result.catch(() => undefined);
    return { result, abandon: () => undefined };
  }
  const job = deflateOnThread(pending.map((f) => f.bytes), LEVEL);
  const result = job.result.then((done) => {
    let next = 0;
    return Promise.all(files.map((f) => f.deflated ?? done[next++]!));
  });
  result.catch(() => undefined); // a caller that gives up first leaves no unhandled rejection
  return { result, abandon: job.abandon };
}

async function deflateAll(files: readonly ZipFile[]): Promise<Buffer[]> {
  const out = new Array<Buffer>(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const file = files[i]!;
      out[i] = await (file.deflated ?? deflate(file.bytes));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, files.length) }, worker));
  return out;
}

export async function writeZip(files: ZipFile[]): Promise<Uint8Array> {
  return assembleZip(files, await deflateAll(files));
}

/** The archive's bytes from the files and each one's deflate output (startDeflating's result). */
export function assembleZip(files: readonly ZipFile[], compressed: readonly Uint8Array[]): Buffer {
  if (compressed.length !== files.length) throw new Error('each file needs its deflate output');
  const names = files.map((f) => Buffer.from(f.path, 'utf8'));
  const crcs = files.map((f) => f.crc32 ?? crc32(f.bytes) >>> 0);
  let size = 22;
  for (let i = 0; i < files.length; i++) size += 30 + 46 + 2 * names[i]!.length + compressed[i]!.length;
  if (files.length > 0xffff || size > 0xffffffff) throw new RangeError('the package needs zip64, which the builder does not write');

  const out = Buffer.alloc(size);
  const offsets: number[] = [];
  let at = 0;
  const flagsOf = (name: Buffer, path: string) => (name.length !== path.length ? UTF8_FLAG : 0);
  for (let i = 0; i < files.length; i++) {
    const name = names[i]!;
    const data = compressed[i]!;
    offsets.push(at);
    at = out.writeUInt32LE(0x04034b50, at);
    at = out.writeUInt16LE(VERSION, at);
    at = out.writeUInt16LE(flagsOf(name, files[i]!.path), at);
    at = out.writeUInt16LE(METHOD_DEFLATE, at);
    at = out.writeUInt16LE(DOS_TIME, at);
    at = out.writeUInt16LE(DOS_DATE, at);
    at = out.writeUInt32LE(crcs[i]!, at);
    at = out.writeUInt32LE(data.length, at);
    at = out.writeUInt32LE(files[i]!.bytes.length, at);
    at = out.writeUInt16LE(name.length, at);
    at = out.writeUInt16LE(0, at);
    at += name.copy(out, at);
    out.set(data, at);
    at += data.length;
  }
  const centralStart = at;
  for (let i = 0; i < files.length; i++) {
    const name = names[i]!;
    at = out.writeUInt32LE(0x02014b50, at);
    at = out.writeUInt16LE(VERSION, at); // made by: MS-DOS, zip 2.0
    at = out.writeUInt16LE(VERSION, at);
    at = out.writeUInt16LE(flagsOf(name, files[i]!.path), at);
    at = out.writeUInt16LE(METHOD_DEFLATE, at);
    at = out.writeUInt16LE(DOS_TIME, at);
    at = out.writeUInt16LE(DOS_DATE, at);
    at = out.writeUInt32LE(crcs[i]!, at);
    at = out.writeUInt32LE(compressed[i]!.length, at);
    at = out.writeUInt32LE(files[i]!.bytes.length, at);
    at = out.writeUInt16LE(name.length, at);
    at = out.writeUInt16LE(0, at); // extra
    at = out.writeUInt16LE(0, at); // comment
    at = out.writeUInt16LE(0, at); // disk
    at = out.writeUInt16LE(0, at); // internal attributes
    at = out.writeUInt32LE(0, at); // external attributes
    at = out.writeUInt32LE(offsets[i]!, at);
    at += name.copy(out, at);
  }
  const centralSize = at - centralStart;
  at = out.writeUInt32LE(0x06054b50, at);
  at = out.writeUInt16LE(0, at);
  at = out.writeUInt16LE(0, at);
  at = out.writeUInt16LE(files.length, at);
  at = out.writeUInt16LE(files.length, at);
  at = out.writeUInt32LE(centralSize, at);
  at = out.writeUInt32LE(centralStart, at);
  at = out.writeUInt16LE(0, at);
  if (at !== size) throw new Error('the zip was not written to its computed size');
  return out;
}
