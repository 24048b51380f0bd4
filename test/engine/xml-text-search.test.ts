/**
 * What every XML read starts with (xml-text.ts): the bytes decoded, then
 * two searches. Each against what it replaced: the decoder's text (ASCII
 * now read without it), and the regular expressions' verdicts (for a
 * forbidden character the same one at the same place), on any input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, forbiddenCharAt, hasDeclaration, mayBePlainXml, xmlTextProblem } from '../../main/engine/ct600/xml-text.js';

const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;
const XML_FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Pieces that make the searches' edges likely: markup, the keywords in mixed case, look-alikes beyond ASCII, surrogates alone and in pairs. */
const pieces = [
  '<', '!', '<!', '<!--', 'DOCTYPE', 'doctype', 'DocType', 'ENTITY', 'entity', 'EnTiTy', 'DOCTYP', 'ENTIT', 'D', 'E', 'y', 'T',
  'ı', 'İ', 'ſ', '\u212A', 'é', 'a', ' ', '\n', '\t', '\r', '\u0000', '\u0008', '\u000B', '\u001F', '\uFFFE', '\uFFFF', '\uFFFD',
  '\uD83D', '\uDE00', '\uD83D\uDE00', '\uDBFF', '\uDC00', '&amp;', 'x',
];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((p) => p.join(''));

describe('the searches an XML read starts with', () => {
  it('finds a DOCTYPE or ENTITY declaration exactly where the case-insensitive expression does', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(hasDeclaration(t)).toBe(DECLARATION.test(t));
      }),
      { numRuns: 5000 },
    );
  });

  it('says text may be plain XML exactly when neither expression finds anything, the two searches made in one pass', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(mayBePlainXml(t)).toBe(!DECLARATION.test(t) && !XML_FORBIDDEN_CHAR.test(t));
      }),
      { numRuns: 5000 },
    );
    // Each search's edge: a declaration after a surrogate pair, a lone half after a harmless "<!", each on its own.
    expect(mayBePlainXml('<a>\uD83D\uDE00<!-- --><!doctype x></a>')).toBe(false);
    expect(mayBePlainXml('<a><!-- -->\uD83D\uDE00\uD83D</a>')).toBe(false);
    expect(mayBePlainXml('<a><!-- --><![CDATA[\uD83D\uDE00]]></a>')).toBe(true);
  });

  it('finds the first forbidden character, and where it stands, as the exact expression does', () => {
    fc.assert(
      fc.property(text, (t) => {
        const m = XML_FORBIDDEN_CHAR.exec(t);
        expect(forbiddenCharAt(t)).toEqual(m ? { index: m.index, char: m[0] } : undefined);
      }),
      { numRuns: 5000 },
    );
  });

  it('passes a valid surrogate pair and stops at a lone half after one', () => {
    expect(forbiddenCharAt('a\uD83D\uDE00b')).toBeUndefined();
    expect(forbiddenCharAt('a\uD83D\uDE00\uDE00')).toEqual({ index: 3, char: '\uDE00' });
    expect(forbiddenCharAt('\uD83D')).toEqual({ index: 0, char: '\uD83D' });
  });

  it('does not take a letter beyond ASCII for the keyword, as the expression does not', () => {
    expect(hasDeclaration('<!ENTıTY x "y">')).toBe(false);
    expect(hasDeclaration('<!doctype html>')).toBe(true);
    expect(hasDeclaration('<!DOCTYP')).toBe(false);
  });

  it('still refuses a declaration and names a forbidden character in its message', () => {
    expect(xmlTextProblem('<!DocType x><x/>')).toMatchObject({ ok: false, code: 'doctype' });
    expect(xmlTextProblem('<x>\u0001</x>')).toMatchObject({ ok: false, code: 'not-well-formed', message: expect.stringContaining('U+0001') });
    expect(xmlTextProblem('<x>\uD83D\uDE00</x>')).toBeUndefined();
  });

  it('refuses a declaration first, then names the first forbidden character, as the two expressions find them, on any text', () => {
    fc.assert(
      fc.property(text, (t) => {
        const problem = xmlTextProblem(t);
        const forbidden = XML_FORBIDDEN_CHAR.exec(t);
        if (DECLARATION.test(t)) expect(problem?.code).toBe('doctype');
        else if (forbidden) expect(problem?.message).toContain(`U+${forbidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')},`);
        else {
          expect(problem?.code).not.toBe('doctype');
          expect(problem?.message ?? '').not.toMatch(/contains the character U\+/);
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe('the bytes an XML read starts from', () => {
  /** As decoded before ASCII was read on its own: the decoder, BOM dropped, undefined for bytes that are not UTF-8. */
  const byDecoder = (bytes: Uint8Array) => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      return undefined;
    }
  };
  const bytes = fc.array(fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 0x7f }) }, { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) }), { maxLength: 60 });

  it('gives the decoder’s text, ASCII or not, and refuses what it refuses', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        expect(decodeUtf8(new Uint8Array(b))).toBe(byDecoder(new Uint8Array(b)));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a large ASCII document, and one slice of a larger buffer, as the decoder does', () => {
    const text = `<?xml version="1.0"?><r>${'<a x="1">&amp;</a>'.repeat(200_000)}</r>`;
    const whole = Buffer.from(`..${text}..`);
    const slice = whole.subarray(2, whole.length - 2);
    expect(decodeUtf8(slice)).toBe(text);
    expect(decodeUtf8(new TextEncoder().encode('\uFEFF<r>£</r>'))).toBe('<r>£</r>');
    expect(decodeUtf8(new Uint8Array([0x3c, 0xc3, 0x28]))).toBeUndefined();
  });
});
