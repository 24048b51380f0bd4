/**
 * Hand-rolled zip writer for tests: it writes exactly the bytes a hostile or
 * odd archive needs (backslash names, duplicates, lying sizes, encryption
 * flags, 100,000 entries with zip64 counts) — things JSZip would refuse or fix.
 */
import { crc32, deflateRawSync, constants } from 'node:zlib';

export interface RawEntry {
  name: string;
  data?: Uint8Array;
  /** Pre-compressed deflate data (overrides data; then `size` and `crc` must be given). */
  deflated?: Uint8Array;
  method?: 0 | 8;
  /** Size written into the headers (defaults to the real one). */
  declaredSize?: number;
  crc?: number;
  flags?: number;
}

export function rawZip(entries: RawEntry[], options: { zip64Count?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = e.data ?? new Uint8Array();
    const method = e.method ?? (e.deflated ? 8 : 0);
    const body = e.deflated ?? (method === 8 ? deflateRawSync(data) : Buffer.from(data));
    const size = e.declaredSize ?? data.length;
    const crc = e.crc ?? crc32(data);
    const flags = (e.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(body));
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const count = entries.length;
  const tail: Buffer[] = [];
  if (options.zip64Count || count > 0xffff) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4);
    rec.writeUInt16LE(45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(count), 24);
    rec.writeBigUInt64LE(BigInt(count), 32);
    rec.writeBigUInt64LE(BigInt(cd.length), 40);
    rec.writeBigUInt64LE(BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    loc.writeUInt32LE(1, 16);
    tail.push(rec, loc);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Math.min(count, 0xffff), 8);
  eocd.writeUInt16LE(Math.min(count, 0xffff), 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, ...tail, eocd]);
}

/**
 * Deflate data that inflates to `totalBytes` zeros, built from one
 * sync-flushed block repeated: about 1 KB per MiB, generated in milliseconds.
 */
export function zeroBomb(totalBytes: number): { deflated: Buffer; crc: number } {
  const chunk = 1024 * 1024;
  const zeros = Buffer.alloc(chunk);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const count = Math.floor(totalBytes / chunk);
  const final = deflateRawSync(Buffer.alloc(0)); // one empty final block
  const deflated = Buffer.concat([...Array.from({ length: count }, () => block), final]);
  let crc = 0;
  for (let i = 0; i < count; i++) crc = crc32(zeros, crc);
  return { deflated, crc };
}
