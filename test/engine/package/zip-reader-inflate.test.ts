/**
 * The zip reader inflates each deflated entry into a buffer of its declared
 * size: every size around the single-piece limit must come out byte for
 * byte, and a header that declares a size one byte off either way is refused
 * as before.
 */
import { describe, expect, it } from 'vitest';
import { openZip } from '../../../main/engine/package/zip-reader.js';
import { rawZip } from '../../fixtures/raw-zip.js';

/** Bytes that deflate a little but not to nothing. */
function content(size: number): Uint8Array {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + (i >> 7)) & 0x7f;
  return b;
}

const MIB = 1 << 20;

describe('inflating entries', () => {
  it('gives back every entry byte for byte, at sizes from empty to several output pieces', () => {
    const sizes = [0, 1, 63, 64, 65, 16_383, 16_384, 16_385, MIB - 2, MIB - 1, MIB, MIB + 1, 3 * MIB + 5];
    const entries = sizes.map((size) => ({ name: `t/${size}.xsd`, data: content(size), method: 8 as const }));
    const archive = openZip(rawZip(entries));
    expect(archive.entries.map((e) => e.uncompressedSize)).toEqual(sizes);
    for (const [i, entry] of archive.entries.entries()) {
      expect(Buffer.compare(archive.read(entry), Buffer.from(entries[i]!.data))).toBe(0);
    }
  });

  it.each([16_384, MIB, MIB + 1])('refuses an entry of %i bytes whose header declares one byte less or one more', (size) => {
    const data = content(size);
    const fewer = openZip(rawZip([{ name: 't/a.xsd', data, method: 8, declaredSize: size - 1 }]));
    expect(() => fewer.read(fewer.entries[0]!)).toThrow(`inflates to more than the ${size - 1} bytes its header declares`);
    const more = openZip(rawZip([{ name: 't/a.xsd', data, method: 8, declaredSize: size + 1 }]));
    expect(() => more.read(more.entries[0]!)).toThrow(`inflates to ${size} bytes but declares ${size + 1}`);
  });
});
