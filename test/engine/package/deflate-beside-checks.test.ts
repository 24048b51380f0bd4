/**
 * A package's files deflate on a thread of their own while the report is
 * checked, and the builder's self-check reads its own archive against what
 * it wrote instead of inflating it. Neither may change a package's bytes or
 * let a damaged archive through.
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateOnThread } from '../../../main/engine/package/deflate-thread.js';
import { assembleZip, startDeflating, writeZip, type ZipFile } from '../../../main/engine/package/zip-writer.js';
import { writtenArchive, type WrittenFile } from '../../../main/engine/package/written-archive.js';
import { DEFAULT_ZIP_LIMITS, openZip, ZipFormatError } from '../../../main/engine/package/zip-reader.js';

/** Schema-like text (compressible, as taxonomies are) with some noise, `bytes` long. */
function schemaText(i: number, bytes: number): Uint8Array {
  const parts: string[] = [];
  let size = 0;
  for (let j = 0; size < bytes; j++) {
    const line = `<xs:element name="Item${i}x${j}" id="e${randomBytes(3).toString('hex')}" type="xbrli:monetaryItemType"/>\n`;
    parts.push(line);
    size += line.length;
  }
  return new TextEncoder().encode(parts.join('').slice(0, bytes));
}

function shared(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

function filesOf(count: number, each: number): ZipFile[] {
  return Array.from({ length: count }, (_, i) => ({ path: `ACME/taxonomy/part-${String(i).padStart(3, '0')}.xsd`, bytes: schemaText(i, each) }));
}

describe('deflating on a thread of its own', () => {
  it('gives zlib’s level-6 output byte for byte, for shared and for copied bytes', async () => {
    const plain = filesOf(20, 30_000).map((f) => f.bytes);
    const inShared = plain.map(shared);
    const [fromPlain, fromShared] = await Promise.all([deflateOnThread(plain, 6).result, deflateOnThread(inShared, 6).result]);
    plain.forEach((bytes, i) => {
      const expected = deflateRawSync(bytes, { level: 6 });
      expect(fromPlain[i]!.equals(expected)).toBe(true);
      expect(fromShared[i]!.equals(expected)).toBe(true);
    });
  });

  it('makes the same package bytes as the thread pool does', async () => {
    // Over the size at which startDeflating hands the files to a thread.
    const files = filesOf(120, 50_000).map((f) => ({ ...f, bytes: shared(f.bytes) }));
    const report = { path: 'ACME/reports/acme.xhtml', bytes: schemaText(999, 200_000) };
    const all = [report, ...files];
    const onThread = assembleZip(all, await startDeflating(all).result);
    const onPool = await writeZip(all);
    expect(Buffer.compare(onThread, onPool)).toBe(0);
  });

  it('keeps a file’s deflate already started, and the order of the files', async () => {
    const files = filesOf(100, 50_000);
    const early = Promise.resolve(deflateRawSync(files[3]!.bytes, { level: 6 }));
    const withEarly = files.map((f, i) => (i === 3 ? { ...f, deflated: early } : f));
    const out = await startDeflating(withEarly).result;
    expect(out).toHaveLength(files.length);
    files.forEach((f, i) => expect(out[i]!.equals(deflateRawSync(f.bytes, { level: 6 }))).toBe(true));
  });

  it('stops when abandoned before it answers, and gives no answer nor error afterwards', async () => {
    const job = deflateOnThread(filesOf(50, 100_000).map((f) => f.bytes), 6);
    job.abandon();
    job.abandon();
    const settled = await Promise.race([job.result.then(() => 'answered', () => 'failed'), new Promise((r) => setTimeout(() => r('nothing'), 300))]);
    expect(settled).toBe('nothing');
  });
});

describe('the builder reading its own archive back', () => {
  async function built(): Promise<{ zip: Buffer; files: ZipFile[]; written: Map<string, WrittenFile> }> {
    const files = filesOf(5, 4_000);
    const compressed = await startDeflating(files).result;
    const written = new Map(files.map((f, i) => [f.path, { bytes: f.bytes, deflated: compressed[i]! }]));
    return { zip: assembleZip(files, compressed), files, written };
  }

  it('hands out the bytes each entry was made from', async () => {
    const { zip, files, written } = await built();
    const archive = writtenArchive(zip, written, DEFAULT_ZIP_LIMITS);
    const plain = openZip(zip);
    archive.entries.forEach((entry, i) => {
      expect(Buffer.compare(archive.read(entry), files[i]!.bytes)).toBe(0);
      expect(Buffer.compare(plain.read(entry), files[i]!.bytes)).toBe(0);
    });
  });

  it('refuses an entry that holds another file’s data', async () => {
    const { zip, files, written } = await built();
    // The archive is right; what the builder says it wrote for the first path is the second file's.
    written.set(files[0]!.path, written.get(files[1]!.path)!);
    const archive = writtenArchive(zip, written, DEFAULT_ZIP_LIMITS);
    expect(() => archive.read(archive.entries[0]!)).toThrow(ZipFormatError);
    expect(() => archive.read(archive.entries[0]!)).toThrow(/does not hold the deflate output of its file/);
  });

  it('refuses a CRC-32 or a size that is not the file’s', async () => {
    const { zip, written } = await built();
    const damaged = Buffer.from(zip);
    const central = damaged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    damaged.writeUInt32LE((damaged.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16); // the first entry's CRC in the central directory
    const archive = writtenArchive(damaged, written, DEFAULT_ZIP_LIMITS);
    expect(() => archive.read(archive.entries[0]!)).toThrow(/declares a CRC-32 that is not its file's/);
    const resized = Buffer.from(zip);
    resized.writeUInt32LE(resized.readUInt32LE(central + 24) + 1, central + 24);
    const other = writtenArchive(resized, written, DEFAULT_ZIP_LIMITS);
    expect(() => other.read(other.entries[0]!)).toThrow(/declares \d+ bytes for a file of/);
  });

  it('refuses an archive that leaves out a file the builder wrote', async () => {
    const { files, written } = await built();
    const fewer = files.slice(1);
    const zip = assembleZip(fewer, fewer.map((f) => Buffer.from(written.get(f.path)!.deflated)));
    expect(() => writtenArchive(zip, written, DEFAULT_ZIP_LIMITS)).toThrow(/does not list exactly the 5 files the builder wrote \("ACME\/taxonomy\/part-000.xsd" is not there\)/);
  });
});
