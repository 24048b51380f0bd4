import { describe, expect, it } from 'vitest';
import { compareBuilds, firstDifference } from '../../main/online/agreement.js';

const enc = (s: string) => new TextEncoder().encode(s);
const at = new Date('2025-06-01T09:00:00Z');
const fp = 'a'.repeat(64);

describe('engine and service agreement', () => {
  it('agrees when the document and IRmark are the same', () => {
    const r = compareBuilds('ct600', fp, { bytes: enc('<x/>'), mark: 'M' }, { bytes: enc('<x/>'), mark: 'M' }, at);
    expect(r).toEqual({
      fingerprint: fp,
      comparedAt: '2025-06-01T09:00:00.000Z',
      agrees: true,
      parts: [
        { part: 'document', agrees: true, engine: '4 bytes', service: '4 bytes' },
        { part: 'irmark', agrees: true, engine: 'M', service: 'M' },
      ],
      firstDifference: null,
    });
  });

  it('shows where the documents first differ, by offset and line', () => {
    const engine = enc('<a>\n<b>100</b>\n</a>');
    const service = enc('<a>\n<b>101</b>\n</a>');
    const r = compareBuilds('ct600', fp, { bytes: engine, mark: 'M1' }, { bytes: service, mark: 'M2' }, at);
    expect(r.agrees).toBe(false);
    expect(r.parts.map((p) => [p.part, p.agrees])).toEqual([['document', false], ['irmark', false]]);
    expect(r.firstDifference).toEqual({ offset: 9, line: 2, engine: '<a>\n<b>100</b>\n</a>', service: '<a>\n<b>101</b>\n</a>' });
  });

  it('counts a document that is a prefix of the other as different, at its end', () => {
    expect(firstDifference(enc('abc'), enc('abcd'))).toMatchObject({ offset: 3, line: 1 });
    expect(firstDifference(enc(''), enc(''))).toBeNull();
  });

  it('compares package bytes and hash, and ignores a hash only one side computed', () => {
    const same = compareBuilds('report-package', fp, { bytes: enc('PK..'), mark: 'h' }, { bytes: enc('PK..') }, at);
    expect(same.parts.map((p) => p.part)).toEqual(['package']);
    expect(same.agrees).toBe(true);
    const hashDiffers = compareBuilds('report-package', fp, { bytes: enc('PK..'), mark: 'h1' }, { bytes: enc('PK..'), mark: 'h2' }, at);
    expect(hashDiffers).toMatchObject({ agrees: false, firstDifference: null, parts: [{ part: 'package', agrees: true }, { part: 'hash', agrees: false, engine: 'h1', service: 'h2' }] });
  });
});
