import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStrictBase64, isStrictBase64BySearch, decodesAsCanonicalBase64 } from '../../main/engine/base64.js';

/** The rule spelled out character by character: the reference the fast check must agree with. */
function reference(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  for (let i = 0; i < text.length - padding; i++) {
    if (!'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.includes(text[i]!)) return false;
  }
  return true;
}

describe('strict base64 check', () => {
  const cases = ['', 'QQ==', 'QUI=', 'QUJD', 'QQ=A', 'Q===', '====', 'QU I', 'QUJD\n', 'QU-_', 'QUJ\u00e9', 'QUJD'.repeat(1000), `${'QUJD'.repeat(1000)}Q\u0000==`, 'AB=='];
  it.each(cases.map((c) => [JSON.stringify(c).slice(0, 40), c]))('%s agrees with the character-by-character rule', (_, text) => {
    expect(isStrictBase64(text)).toBe(reference(text));
  });

  it('agrees on generated texts, valid and one character off', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \n-_.\u00ff\u0100';
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    let valid = 0;
    for (let i = 0; i < 3000; i++) {
      const good = Buffer.from(Array.from({ length: rand(40) }, () => rand(256))).toString('base64');
      const chars = [...good];
      if (i % 2 === 1 && chars.length > 0) chars[rand(chars.length)] = alphabet[rand(alphabet.length)]!;
      const text = chars.join('');
      if (reference(text)) valid++;
      expect(isStrictBase64(text)).toBe(reference(text));
    }
    expect(valid).toBeGreaterThan(1500);
  });

  it('agrees with the rule and with the search alone on generated texts: valid, a character outside the alphabet anywhere, bad padding, non-zero unused bits', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const valid = fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.from(b).toString('base64'));
    const stray = fc.oneof(
      fc.constantFrom(...'= \n\r\t-_.!%*~\u0000\u007f\u0080\u00ff\u0100\u00e9\u20ac\uFFFD'.split('')),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    /** Each way a text can fail (or pass) the rule, from a valid one. */
    const texts = fc.oneof(
      valid,
      // A character replaced, inserted or appended anywhere.
      fc.tuple(valid, fc.nat(), stray).map(([t, i, c]) => (t.length === 0 ? c : t.slice(0, i % t.length) + c + t.slice((i % t.length) + 1))),
      fc.tuple(valid, fc.nat(), stray).map(([t, i, c]) => t.slice(0, i % (t.length + 1)) + c + t.slice(i % (t.length + 1))),
      // Two valid texts end to end: padding in the middle when the first is padded.
      fc.tuple(valid, valid).map(([a, b]) => a + b),
      // Padding removed, added or moved.
      valid.map((t) => t.replace(/=+$/, '')),
      fc.tuple(valid, fc.constantFrom('=', '==', '===', 'A=', '=A', 'AA=A')).map(([t, p]) => t + p),
      // The last data character changed to any letter of the alphabet: non-zero unused bits, which the rule accepts.
      fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.constantFrom(...ALPHABET.split(''))).map(([b, c]) => {
        const t = Buffer.from(b).toString('base64');
        const last = t.length - 1 - (t.match(/=*$/)![0].length);
        return t.slice(0, last) + c + t.slice(last + 1);
      }),
      // Any text at all.
      fc.string({ unit: fc.constantFrom(...`${ALPHABET}= -_`.split('')), maxLength: 24 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    let roundTrips = 0;
    let searched = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const native = decodesAsCanonicalBase64(text);
        // What the fast route stands on: the native check accepts exactly the texts the rule accepts whose unused bits are zero
        // (what decodes and encodes back to itself), in pieces of any size.
        const canonical = reference(text) && Buffer.from(text, 'base64').toString('base64') === text;
        expect(native).toBe(canonical);
        for (const chunk of [4, 8, 12, 64]) expect(decodesAsCanonicalBase64(text, chunk)).toBe(canonical);
        if (native) {
          roundTrips++;
          expect(reference(text)).toBe(true);
        } else searched++;
        expect(isStrictBase64(text)).toBe(reference(text));
        expect(isStrictBase64BySearch(text)).toBe(reference(text));
      }),
      { numRuns: 20_000 },
    );
    expect(roundTrips).toBeGreaterThan(2_000);
    expect(searched).toBeGreaterThan(2_000);
  });

  it('refuses natively every character outside the alphabet, anywhere: whitespace, base64url, ASCII punctuation and controls, and beyond ASCII (one whose low byte is a letter too)', () => {
    const valid = Buffer.from('Filing Desk attachments, canonical base64!').toString('base64');
    const strays = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).filter((c) => !/[A-Za-z0-9+/]/.test(c)), '\u00e9', '\u0141', '\u0100', '\uff21', '\ud800', '\ud83d\ude00'];
    for (const stray of strays) {
      for (const at of [0, 1, 5, valid.length - 3, valid.length - 1]) {
        const text = valid.slice(0, at) + stray + valid.slice(at + stray.length);
        // Only "=" in the last place can leave base64 (of other bytes): every other stray is refused.
        const canonical = reference(text) && Buffer.from(text, 'base64').toString('base64') === text;
        expect(canonical).toBe(stray === '=' && at === valid.length - 1);
        expect(decodesAsCanonicalBase64(text), JSON.stringify(text)).toBe(canonical);
        expect(isStrictBase64(text), JSON.stringify(text)).toBe(reference(text));
      }
    }
    // And the native check does accept canonical text: the fast route is the one taken.
    expect(decodesAsCanonicalBase64(valid)).toBe(true);
    expect(decodesAsCanonicalBase64(Buffer.alloc(200_000, 7).toString('base64'))).toBe(true);
  });

  it('accepts non-zero unused bits as the rule does, through the search when the native check declines them', () => {
    for (const text of ['QR==', 'QUJ=', 'AB==', 'QUJE']) expect(isStrictBase64(text)).toBe(reference(text));
    expect(reference('QR==')).toBe(true);
    expect(Buffer.from('QR==', 'base64').toString('base64')).not.toBe('QR==');
  });

  it('accepts "=" only at the very end when the native check goes piece by piece', () => {
    const piece = 65_536;
    const quads = 'QUJD'.repeat(piece / 4);
    // Padding that ends a piece, with more text after it: each piece decodes as padded, the whole is not base64.
    const paddedAtBoundary = `${quads.slice(0, -4)}QQ==${quads}`;
    expect(decodesAsCanonicalBase64(paddedAtBoundary)).toBe(false);
    expect(isStrictBase64(paddedAtBoundary)).toBe(false);
    expect(reference(paddedAtBoundary)).toBe(false);
    for (const text of [quads, `${quads}QQ==`, `${quads}${quads}QUI=`, `${quads}-UJD`, `${quads.slice(0, -1)}!${quads}`]) {
      expect(isStrictBase64(text)).toBe(reference(text));
      if (decodesAsCanonicalBase64(text)) expect(reference(text)).toBe(true);
    }
    expect(() => decodesAsCanonicalBase64('QUJD', 6)).toThrow(RangeError);
  });

  it('checks tens of megabytes without running out of stack', () => {
    const big = Buffer.alloc(30_000_000, 0xa5).toString('base64');
    expect(isStrictBase64(big)).toBe(true);
    expect(isStrictBase64(`${big.slice(0, -4)}AB!=`)).toBe(false);
    expect(isStrictBase64(`-${big.slice(1)}`)).toBe(false);
    expect(isStrictBase64(`${big.slice(0, 20_000_000)}\n${big.slice(20_000_001)}`)).toBe(false);
  });
});
