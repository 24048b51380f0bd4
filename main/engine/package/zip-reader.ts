/**
 * A defensive zip reader. It reads the central directory itself (EOCD →
 * entry count, names, sizes) and refuses hostile archives before any byte is
 * inflated: too many entries, too large a declared total, and an inflater with
 * a hard output cap so a lying size header cannot get past. Both the builder
 * (for `base64ZipFiles`) and the validator (for dropped packages) use it.
 */
import { constants as zlibConstants, inflateRawSync, crc32 } from 'node:zlib';
import { decodeCp437 } from './cp437.js';

/** Largest single output piece of an inflate: bigger entries are inflated in pieces of this size. */
const MAX_INFLATE_CHUNK = 1 << 20;

export interface ZipLimits {
  /** Most entries (files and directories) an archive may list. */
  maxEntries: number;
  /** Most bytes all entries together may inflate to. */
  maxTotalUncompressedBytes: number;
  /**
   * Highest inflated/compressed ratio accepted for a deflated entry larger
   * than `compressionRatioFloorBytes`. Text and XML compress 5–30:1; a
   * bomb compresses about 1000:1, so a ratio guard refuses it from the
   * central directory alone, before spending seconds and hundreds of MB
   * inflating something that only passes the size caps.
   */
  maxCompressionRatio: number;
  /** Entries up to this size skip the ratio guard: a small blank file may compress 1000:1 honestly. */
  compressionRatioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalUncompressedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 200,
  compressionRatioFloorBytes: 4 * 1024 * 1024,
};

/** The bytes are not a usable zip (the spec's invalidArchiveFormat). */
export class ZipFormatError extends Error {
  constructor(
    message: string,
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

/** The archive is over our safety limits (a refusal, not a verdict on the package). */
export class ZipLimitError extends Error {
  constructor(
    message: string,
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

export interface ZipEntry {
  /** The name exactly as stored (directories end with "/"). */
  name: string;
  isDirectory: boolean;
  /** General-purpose bit 0 / 6 or the AES method: the package uses zip encryption. */
  encrypted: boolean;
  /** Unix symbolic link (from the external attributes of a Unix-made entry). */
  symlink: boolean;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  rawName: Uint8Array;
}

export interface ZipArchive {
  entries: ZipEntry[];
  /**
   * Inflates one entry, capped at its declared size and checked against its
   * CRC-32. A stored entry comes back as a view of the archive's bytes (no copy).
   */
  read(entry: ZipEntry): Buffer;
  /** The entry's data exactly as it lies in the archive (compressed, not checked), after its local header is checked. */
  storedData(entry: ZipEntry): Buffer;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const MAX_U32 = 0xffffffff;

export function openZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipArchive {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dir = findCentralDirectory(buf);
  if (dir.count > limits.maxEntries) {
    throw new ZipLimitError(`the archive lists ${dir.count} entries; at most ${limits.maxEntries} are accepted`);
  }
  const entries = readCentralDirectory(buf, dir, limits);
  return { entries, read: (entry) => readEntry(buf, entry, dir.offset), storedData: (entry) => storedData(buf, entry, dir.offset) };
}

interface CentralDirectory {
  count: number;
  offset: number;
  size: number;
}

function findCentralDirectory(buf: Buffer): CentralDirectory {
  if (buf.length < 22) throw new ZipFormatError('the file is too short to be a zip archive');
  // The EOCD record sits at the end, followed only by a comment of at most 65,535 bytes.
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  let pos = -1;
  for (let i = buf.length - 22; i >= lowest; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG && i + 22 + buf.readUInt16LE(i + 20) === buf.length) {
      pos = i;
      break;
    }
  }
  if (pos < 0) throw new ZipFormatError('no end-of-central-directory record: the file is not a zip archive');
  const disk = buf.readUInt16LE(pos + 4);
  const cdDisk = buf.readUInt16LE(pos + 6);
  let countOnDisk = buf.readUInt16LE(pos + 8);
  let count = buf.readUInt16LE(pos + 10);
  let size = buf.readUInt32LE(pos + 12);
  let offset = buf.readUInt32LE(pos + 16);
  if (disk !== 0 || cdDisk !== 0 || countOnDisk !== count) {
    throw new ZipFormatError('multi-part (spanned) zip archives are not supported');
  }
  const locator = pos - 20;
  if (locator >= 0 && buf.readUInt32LE(locator) === EOCD64_LOCATOR_SIG) {
    const rec = safeNumber(buf.readBigUInt64LE(locator + 8));
    if (rec + 56 > buf.length || buf.readUInt32LE(rec) !== EOCD64_SIG) {
      throw new ZipFormatError('the zip64 end-of-central-directory record is missing or damaged');
    }
    countOnDisk = safeNumber(buf.readBigUInt64LE(rec + 24));
    count = safeNumber(buf.readBigUInt64LE(rec + 32));
    size = safeNumber(buf.readBigUInt64LE(rec + 40));
    offset = safeNumber(buf.readBigUInt64LE(rec + 48));
    if (countOnDisk !== count) throw new ZipFormatError('multi-part (spanned) zip archives are not supported');
  }
  if (offset + size > buf.length) throw new ZipFormatError('the central directory lies outside the file');
  // Each central header is at least 46 bytes: a count the directory cannot hold is a lie.
  if (count * 46 > size) throw new ZipFormatError(`the archive claims ${count} entries but its central directory is too small`);
  return { count, offset, size };
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('a zip64 field is out of range');
  return Number(value);
}

function readCentralDirectory(buf: Buffer, dir: CentralDirectory, limits: ZipLimits): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let pos = dir.offset;
  const end = dir.offset + dir.size;
  let declaredTotal = 0;
  for (let i = 0; i < dir.count; i++) {
    if (pos + 46 > end || buf.readUInt32LE(pos) !== CENTRAL_SIG) {
      throw new ZipFormatError(`central directory entry ${i + 1} is damaged`);
    }
    const madeBy = buf.readUInt16LE(pos + 4);
    const flags = buf.readUInt16LE(pos + 8);
    const method = buf.readUInt16LE(pos + 10);
    const crc = buf.readUInt32LE(pos + 16);
    let compressedSize = buf.readUInt32LE(pos + 20);
    let uncompressedSize = buf.readUInt32LE(pos + 24);
    const nameLen = buf.readUInt16LE(pos + 28);
    const extraLen = buf.readUInt16LE(pos + 30);
    const commentLen = buf.readUInt16LE(pos + 32);
    const external = buf.readUInt32LE(pos + 38);
    let localHeaderOffset = buf.readUInt32LE(pos + 42);
    const next = pos + 46 + nameLen + extraLen + commentLen;
    if (next > end) throw new ZipFormatError(`central directory entry ${i + 1} runs past the directory`);
    const rawName = buf.subarray(pos + 46, pos + 46 + nameLen);
    const name = decodeName(rawName, (flags & 0x800) !== 0);
    const extra = buf.subarray(pos + 46 + nameLen, pos + 46 + nameLen + extraLen);
    const zip64 = findExtra(extra, 0x0001);
    if (zip64) {
      let at = 0;
      const take = (): number => {
        if (at + 8 > zip64.length) throw new ZipFormatError('the zip64 extra field is too short', name);
        const v = safeNumber(zip64.readBigUInt64LE(at));
        at += 8;
        return v;
      };
      if (uncompressedSize === MAX_U32) uncompressedSize = take();
      if (compressedSize === MAX_U32) compressedSize = take();
      if (localHeaderOffset === MAX_U32) localHeaderOffset = take();
    }
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxTotalUncompressedBytes) {
      throw new ZipLimitError(
        `entry "${name}" brings the declared uncompressed size to ${declaredTotal} bytes; at most ${limits.maxTotalUncompressedBytes} are accepted`,
        name,
      );
    }
    refuseBombRatio(name, method, compressedSize, uncompressedSize, limits);
    const unixMode = madeBy >> 8 === 3 ? external >>> 16 : 0;
    entries.push({
      name,
      isDirectory: name.endsWith('/'),
      encrypted: (flags & 0x41) !== 0 || method === 99,
      symlink: (unixMode & 0o170000) === 0o120000,
      method,
      crc32: crc,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      rawName,
    });
    pos = next;
  }
  // Entries past the stated count would be invisible to us but not to other tools.
  if (pos !== end) throw new ZipFormatError(`the central directory holds more than the ${dir.count} entries the archive states`);
  return entries;
}

/**
 * Deflated entries only: a stored entry's sizes must match (checked on read),
 * so its ratio is 1 whatever its header claims.
 */
function refuseBombRatio(name: string, method: number, compressed: number, uncompressed: number, limits: ZipLimits): void {
  if (method === 0 || uncompressed <= limits.compressionRatioFloorBytes) return;
  const ratio = uncompressed / Math.max(1, compressed);
  if (ratio > limits.maxCompressionRatio) {
    throw new ZipLimitError(
      `entry "${name}" declares ${uncompressed} bytes from ${compressed} compressed (compression ratio ${Math.round(ratio)}:1); entries over ${limits.compressionRatioFloorBytes} bytes may compress at most ${limits.maxCompressionRatio}:1 (a zip bomb guard)`,
      name,
    );
  }
}

function findExtra(extra: Buffer, id: number): Buffer | undefined {
  let at = 0;
  while (at + 4 <= extra.length) {
    const tag = extra.readUInt16LE(at);
    const len = extra.readUInt16LE(at + 2);
    if (tag === id) return extra.subarray(at + 4, Math.min(extra.length, at + 4 + len));
    at += 4 + len;
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bit 11 means UTF-8; otherwise the zip spec says CP437, but many tools write UTF-8 anyway. */
function decodeName(raw: Uint8Array, utf8Flag: boolean): string {
  try {
    return utf8.decode(raw);
  } catch {
    if (utf8Flag) throw new ZipFormatError('an entry name is flagged UTF-8 but is not valid UTF-8');
    return decodeCp437(raw);
  }
}

function readEntry(buf: Buffer, entry: ZipEntry, centralOffset: number): Buffer {
  const data = storedData(buf, entry, centralOffset);
  if (entry.encrypted) throw new ZipFormatError(`"${entry.name}" is encrypted`, entry.name);
  let out: Buffer;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) {
      throw new ZipFormatError(`stored entry "${entry.name}" has different compressed and uncompressed sizes`, entry.name);
    }
    out = data; // a view of the archive's bytes: no reader writes to what it reads
  } else if (entry.method === 8) {
    try {
      // The cap is the declared size: inflating past it means the header lied. An output
      // chunk one byte larger than that size takes an honest entry in one allocation, with
      // no second chunk and no concatenation (zlib's default is 16 KiB pieces); large
      // entries still go in pieces, so a lying header cannot claim a huge buffer at once.
      out = inflateRawSync(data, {
        maxOutputLength: Math.max(1, entry.uncompressedSize),
        chunkSize: Math.min(Math.max(zlibConstants.Z_MIN_CHUNK, entry.uncompressedSize + 1), MAX_INFLATE_CHUNK),
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipLimitError(
          `entry "${entry.name}" inflates to more than the ${entry.uncompressedSize} bytes its header declares`,
          entry.name,
        );
      }
      throw new ZipFormatError(`entry "${entry.name}" cannot be inflated: ${(err as Error).message}`, entry.name);
    }
  } else {
    throw new ZipFormatError(`entry "${entry.name}" uses compression method ${entry.method}; only stored and deflate are supported`, entry.name);
  }
  if (out.length !== entry.uncompressedSize) {
    throw new ZipFormatError(`entry "${entry.name}" inflates to ${out.length} bytes but declares ${entry.uncompressedSize}`, entry.name);
  }
  if ((crc32(out) >>> 0) !== entry.crc32) throw new ZipFormatError(`entry "${entry.name}" fails its CRC-32 check`, entry.name);
  return out;
}

/** The local header checked against the central one, and the entry's data as it lies after it. */
function storedData(buf: Buffer, entry: ZipEntry, centralOffset: number): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > centralOffset || buf.readUInt32LE(at) !== LOCAL_SIG) {
    throw new ZipFormatError(`the local header of "${entry.name}" is missing`, entry.name);
  }
  const nameLen = buf.readUInt16LE(at + 26);
  const extraLen = buf.readUInt16LE(at + 28);
  const localName = buf.subarray(at + 30, at + 30 + nameLen);
  if (!localName.equals(entry.rawName)) {
    throw new ZipFormatError(`the local header of "${entry.name}" names a different file`, entry.name);
  }
  const start = at + 30 + nameLen + extraLen;
  const end = start + entry.compressedSize;
  if (end > centralOffset) throw new ZipFormatError(`the data of "${entry.name}" runs past the archive`, entry.name);
  return buf.subarray(start, end);
}
