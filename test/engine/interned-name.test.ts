/**
 * The scan's names and namespaces are interned (interned-name.ts) so the
 * engine's comparisons with its constants are comparisons of pointers: the
 * interned text must be the text, whatever it is, including the names an
 * object treats specially (array indexes, __proto__, its own methods).
 * That the copy is the one V8 keeps cannot be seen from JavaScript; what it
 * saves is measured by the fact-reading benchmark.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interned } from '../../main/engine/interned-name.js';

const special = ['', '0', '1', '01', '-0', '4294967294', '4294967295', '1e3', 'NaN', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'ix:nonFraction', 'http://www.xbrl.org/2013/inlineXBRL'];

describe('interned names', () => {
  it('give back the same text for any string, the names objects treat specially among them', () => {
    for (const text of special) expect(interned(text)).toBe(text);
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(...special), fc.nat().map(String)), (text) => interned(text) === text), { numRuns: 2000 });
  });
});
