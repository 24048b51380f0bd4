import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChosenPath, safeFileName } from '../../main/ipc/safe-file-name.js';

describe('safeFileName: the suggested name main puts in the save dialog', () => {
  const cases: [string, string][] = [
    ['ct600-8596148860-2025-03-31', 'ct600-8596148860-2025-03-31.xml'],
    // The extension is main's; one the renderer already added is not doubled.
    ['return.xml', 'return.xml'],
    ['return.XML', 'return.xml'],
    ['evil.lnk', 'evil.lnk.xml'],
    ['evil.exe', 'evil.exe.xml'],
    // Reserved device names on Windows, with or without an extension.
    ['CON', '_CON.xml'],
    ['nul', '_nul.xml'],
    ['com1.report', '_com1.report.xml'],
    ['LPT9', '_LPT9.xml'],
    ['COM¹', '_COM¹.xml'],
    // Alternate data streams, drive-relative names, paths.
    ['a:stream', 'a-stream.xml'],
    ['C:evil', 'C-evil.xml'],
    ['../../etc/passwd', 'etc-passwd.xml'],
    ['..\\..\\Windows\\evil', 'Windows-evil.xml'],
    // Line breaks and other controls are removed, not turned into anything.
    ['a\r\nb', 'ab.xml'],
    ['tab\there', 'tabhere.xml'],
    ['nul\u0000byte', 'nulbyte.xml'],
    // Characters Windows refuses.
    ['<>|?*"', 'report.xml'],
    ['q<1>|2?*', 'q-1-2.xml'],
    // Trailing dots and spaces (Windows drops them), leading dots (hidden files).
    ['x.xml.', 'x.xml'],
    ['name. . ', 'name.xml'],
    ['.bashrc', 'bashrc.xml'],
    ['...hidden', 'hidden.xml'],
    // Bidi overrides make "report‮lmx.exe" look like "reportexe.xml"; zero-width characters hide.
    ['report\u202Elmx.exe', 'reportlmx.exe.xml'],
    ['in\u200bvisible\ufeff', 'invisible.xml'],
    ['\u2066a\u2069', 'a.xml'],
    // Nothing usable left: the kind's own name.
    [' ', 'report.xml'],
    ['', 'report.xml'],
    ['....', 'report.xml'],
    // Ordinary accounting names survive.
    ['ACME Ltd (2024) accounts & notes', 'ACME Ltd (2024) accounts & notes.xml'],
    ['Société Générale, O\'Brien+Co', "Société Générale, O'Brien+Co.xml"],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      expect(safeFileName(input, 'xml', 'report')).toBe(expected);
    });
  }

  it('keeps the whole name within 200 bytes of UTF-8 and ends in the extension', () => {
    const name = safeFileName('é'.repeat(500), 'xbri', 'package');
    expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(200);
    expect(name).toMatch(/^é+\.xbri$/);
  });

  it('never lets through a separator, a control, a bidi character, a reserved name or a trailing dot (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('xml', 'xbri', 'xbr', 'zip'), (input, ext) => {
        const name = safeFileName(input, ext, 'report');
        expect(name.endsWith(`.${ext}`)).toBe(true);
        expect(name).not.toMatch(/[/\\:*?"<>|\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
        expect(name).not.toMatch(/^[. ]/);
        const stem = name.slice(0, -(ext.length + 1));
        expect(stem).not.toMatch(/[. ]$/);
        expect(stem.split('.')[0]!.trim()).not.toMatch(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i);
        expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(200);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkChosenPath: the path the user picked', () => {
  it('keeps a path with the right extension (any case)', () => {
    expect(checkChosenPath('/home/u/Documents/return.xml', 'xml')).toEqual({ ok: true, path: '/home/u/Documents/return.xml', appended: false });
    expect(checkChosenPath('/home/u/Documents/RETURN.XML', 'xml')).toEqual({ ok: true, path: '/home/u/Documents/RETURN.XML', appended: false });
  });

  it('appends the extension when the name has none', () => {
    expect(checkChosenPath('/home/u/return', 'xml')).toEqual({ ok: true, path: '/home/u/return.xml', appended: true });
    expect(checkChosenPath('/home/u/ACME Ltd. accounts', 'xbri')).toEqual({ ok: true, path: '/home/u/ACME Ltd. accounts.xbri', appended: true });
  });

  it('refuses another extension', () => {
    expect(checkChosenPath('/home/u/return.exe', 'xml')).toEqual({ ok: false, foundExtension: 'exe' });
    expect(checkChosenPath('/home/u/p.zip', 'xbri')).toEqual({ ok: false, foundExtension: 'zip' });
  });
});
