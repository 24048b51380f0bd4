import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationJobs } from '../../../main/engine/validation/index.js';
import { checkSimpleValue, type SimpleType } from '../../../main/engine/validation/schema/simple-types.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { builtXml, byType, bytes, tradingReturn } from './fixtures.js';

const base64: SimpleType = { describe: 'base64 data', primitive: 'base64Binary' };
const MiB = 1024 * 1024;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fd-large-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('large values', () => {
  it('a return with an 18 MiB iXBRL attachment gives a success job with a valid structure', async () => {
    const request = tradingReturn();
    const files = request.attachedFiles as { filename: string; value: string; itemsElementName: number }[];
    // Real accounts, grown to 18 MiB by their notes: every attachment check reads all of it.
    const accounts = Buffer.from(files[0]!.value, 'base64').toString('utf8');
    const note = '<p>Notes to the financial statements: the company trades from leased premises and has no contingent liabilities.</p>\n';
    const padded = accounts.replace('</body>', `${note.repeat(Math.ceil((18 * MiB - accounts.length) / note.length))}</body>`);
    files[0] = { ...files[0]!, value: Buffer.from(padded).toString('base64') };
    const jobs = new ValidationJobs({ dataDir });
    try {
      const { id } = await jobs.create('return.xml', bytes(builtXml(request)));
      await jobs.whenSettled(id);
      const result = (await jobs.getStatus(id))!;
      expect(result.jobStatus).toBe('success');
      expect(byType(result.validations, ValidationType.schema).validationResult).toBe('valid');
      expect(byType(result.validations, ValidationType.businessRules).validationResult).toBe('valid');
    } finally {
      await jobs.close();
    }
  }, 60_000);

  it('checks a 25 MiB base64 value without overflowing the stack, and still finds a bad character at its end', () => {
    const value = Buffer.alloc(25 * MiB, 7).toString('base64');
    expect(checkSimpleValue(base64, value)).toBeUndefined();
    expect(checkSimpleValue(base64, `${value.slice(0, -4)}AAA!`)).toMatch(/is not base64 data/);
  });

  it.each([
    ['', true],
    ['QUJD', true],
    ['QUI=', true],
    ['QQ==', true],
    ['QUJD RA==', true], // whitespace inside is collapsed away (xs:base64Binary allows single spaces)
    ['QUJ', false], // length not a multiple of 4
    ['Q===', false], // at most two padding characters
    ['QR==', false], // R carries non-zero bits that "==" padding leaves unused
    ['QUJ=', false], // J carries non-zero bits that "=" padding leaves unused
    ['QU=D', false], // padding only at the end
    ['QUJ-', false],
  ])('base64 %j valid: %s', (value, valid) => {
    expect(checkSimpleValue(base64, value) === undefined).toBe(valid);
  });

  // The value's check takes Node's decoder's proof of canonical base64 first: it must answer as the rule written out does, on any text.
  it('answers for base64 as the rule written out: a multiple of 4, the alphabet, at most two "=" at the end over unused bits that are zero', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const byRule = (value: string) => {
      const s = value.trim().replace(/[\t\n\r ]+/g, '');
      if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return false;
      const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
      return padding === 0 || (ALPHABET.indexOf(s.charAt(s.length - padding - 1)) & (padding === 2 ? 0b1111 : 0b11)) === 0;
    };
    const piece = fc.constantFrom('QUJD', 'QQ==', 'QR==', 'QUI=', 'QUJ=', 'A', '=', '==', ' ', '-', '_', '!', 'é', '\u0000', '+/+/', 'AAAA');
    fc.assert(
      fc.property(fc.oneof(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('base64'))), (value) => {
        expect(checkSimpleValue(base64, value) === undefined).toBe(byRule(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('counts characters (not UTF-16 units) when a length facet exists', () => {
    const name: SimpleType = { describe: 'a name', primitive: 'string', maxLength: 2 };
    expect(checkSimpleValue(name, '😀😀')).toBeUndefined();
    expect(checkSimpleValue(name, '😀😀😀')).toMatch(/3 characters/);
  });
});
