/**
 * The builder's own archive, opened again for its self-check without
 * inflating it: the builder knows, for every path, the bytes it meant to
 * write and zlib's deflate output for them. Each entry is read by checking
 * that the archive holds exactly that output after a local header that
 * matches the central one, that it is declared as deflate with that size,
 * and that its CRC-32 and uncompressed size are those of the bytes meant;
 * the bytes meant are then handed to the package rules. So a header written
 * wrongly, an entry given another file's data or an entry left out still
 * fails the self-check, as an inflating read would find, without paying to
 * inflate 50 MB that zlib has just deflated.
 */
import { crc32 } from 'node:zlib';
import { openZip, ZipFormatError, type ZipArchive, type ZipEntry, type ZipLimits } from './zip-reader.js';

const METHOD_DEFLATE = 8;

export interface WrittenFile {
  /** The bytes the entry was made from. */
  bytes: Uint8Array;
  /** zlib's deflate output for them, as written into the archive. */
  deflated: Uint8Array;
}

export function writtenArchive(zip: Uint8Array, written: ReadonlyMap<string, WrittenFile>, limits: ZipLimits): ZipArchive {
  const archive = openZip(zip, limits);
  const listed = new Set(archive.entries.map((e) => e.name));
  const missing = [...written.keys()].find((path) => !listed.has(path));
  if (missing !== undefined || listed.size !== written.size || archive.entries.length !== written.size) {
    throw new ZipFormatError(`the archive does not list exactly the ${written.size} files the builder wrote${missing === undefined ? '' : ` ("${missing}" is not there)`}`);
  }
  const read = (entry: ZipEntry): Buffer => {
    const file = written.get(entry.name);
    if (!file) throw new ZipFormatError(`"${entry.name}" is not a file the builder wrote`, entry.name);
    const data = archive.storedData(entry);
    const problem =
      entry.method !== METHOD_DEFLATE
        ? `is stored with method ${entry.method}, not deflate`
        : !data.equals(file.deflated)
          ? 'does not hold the deflate output of its file'
          : entry.uncompressedSize !== file.bytes.length
            ? `declares ${entry.uncompressedSize} bytes for a file of ${file.bytes.length}`
            : (crc32(file.bytes) >>> 0) !== entry.crc32
              ? 'declares a CRC-32 that is not its file\'s'
              : undefined;
    if (problem) throw new ZipFormatError(`entry "${entry.name}" ${problem}`, entry.name);
    // The very object the builder checked, so what was learnt of it (its references) is not worked out again.
    return Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  };
  return { entries: archive.entries, read, storedData: archive.storedData };
}
