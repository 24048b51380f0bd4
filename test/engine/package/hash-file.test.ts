import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestFor, parseSha256File, readPastedSha256, sha256FileLine } from '../../../main/engine/package/hash-file.js';

const A = 'a'.repeat(64);
const B = '0123456789abcdef'.repeat(4);

describe('parseSha256File', () => {
  it('reads one line, several lines, the binary marker, CRLF, a BOM, comments and the --tag form', () => {
    expect(parseSha256File(`${A}  ACME-2024.xbri\n`)).toEqual({ ok: true, entries: [{ sha256: A, fileName: 'ACME-2024.xbri', binary: false, line: 1 }] });
    expect(parseSha256File(`\uFEFF# made on Windows\r\n${B.toUpperCase()} *ACME 2024.xbri\r\n\r\nSHA256 (other.zip) = ${A}\r\n`)).toEqual({
      ok: true,
      entries: [
        { sha256: B, fileName: 'ACME 2024.xbri', binary: true, line: 2 },
        { sha256: A, fileName: 'other.zip', binary: true, line: 4 },
      ],
    });
  });

  it('reads names escaped as GNU writes them', () => {
    expect(parseSha256File(`\\${A}  a\\\\b\\nc.zip\n`)).toMatchObject({ ok: true, entries: [{ fileName: 'a\\b\nc.zip' }] });
  });

  it('says what is wrong with each bad line, by line number', () => {
    expect(parseSha256File(`${A.slice(0, 40)}  short.xbri\nhello\n${A}_report.xbri\n`)).toEqual({
      ok: false,
      problems: [
        { line: 1, message: 'the checksum has 40 hex digits; a SHA-256 has 64' },
        { line: 2, message: 'it is not a "<SHA-256>  <file name>" line' },
        { line: 3, message: 'the checksum must be followed by two spaces (or a space and "*") and the file name' },
      ],
    });
    expect(parseSha256File('\n\n')).toEqual({ ok: false, problems: [{ line: 1, message: 'there is no checksum line in it' }] });
  });
});

describe('sha256FileLine', () => {
  it('writes what sha256sum -c accepts, escaped names included, and reads back the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-hash-'));
    for (const name of ['ACME-2024.xbri', 'ACME 2024 (final).xbri', 'back\\slash.zip', 'two\nlines.xbr']) {
      writeFileSync(join(dir, name), `content of ${name}`);
      const digest = spawnSync('sha256sum', [name], { cwd: dir, encoding: 'utf8' }).stdout.replace(/^\\/, '').slice(0, 64);
      const line = sha256FileLine(digest, name);
      writeFileSync(join(dir, 'check.sha256'), line);
      expect(spawnSync('sha256sum', ['-c', '--strict', 'check.sha256'], { cwd: dir }).status, name).toBe(0);
      expect(parseSha256File(line)).toMatchObject({ ok: true, entries: [{ sha256: digest, fileName: name }] });
    }
    writeFileSync(join(dir, 'check.sha256'), sha256FileLine(A, 'ACME-2024.xbri'));
    expect(spawnSync('sha256sum', ['-c', 'check.sha256'], { cwd: dir }).status).toBe(1);
  });

  it('refuses a name with a carriage return and a digest that is not lowercase hex', () => {
    expect(() => sha256FileLine(A, 'a\rb.zip')).toThrow();
    expect(() => sha256FileLine(A.toUpperCase(), 'a.zip')).toThrow();
  });
});

describe('digestFor and readPastedSha256', () => {
  it('finds the line for a file by its name without folders, or the only line', () => {
    const parsed = parseSha256File(`${A}  dist/ACME-2024.xbri\n${B}  ./other.zip\n`);
    if (!parsed.ok) throw new Error('did not parse');
    expect(digestFor(parsed.entries, 'ACME-2024.xbri')?.sha256).toBe(A);
    expect(digestFor(parsed.entries, 'other.zip')?.sha256).toBe(B);
    expect(digestFor(parsed.entries, 'missing.zip')).toBeUndefined();
    expect(digestFor([parsed.entries[0]!], 'renamed.xbri')?.sha256).toBe(A);
  });

  it('takes a pasted hash in either case with spaces, or a sha256sum line, and says why a bad one is refused', () => {
    expect(readPastedSha256(`  ${B.toUpperCase().match(/.{2}/g)!.join(' ')}\n`)).toEqual({ ok: true, sha256: B });
    expect(readPastedSha256(`${A}  ACME.xbri`)).toEqual({ ok: true, sha256: A });
    expect(readPastedSha256('')).toEqual({ ok: false, message: 'Enter the SHA-256: 64 characters, 0–9 and a–f.' });
    expect(readPastedSha256(A.slice(1))).toEqual({ ok: false, message: 'A SHA-256 has 64 characters; this has 63.' });
    expect(readPastedSha256(`${A.slice(1)}g`)).toEqual({ ok: false, message: 'A SHA-256 holds only the characters 0–9 and a–f.' });
  });
});
