/**
 * Bad requests are refused with field-level errors naming the field and the rule.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError, type FieldError } from '../../../main/engine/errors.js';
import { createReportPackage } from '../../../main/engine/package/index.js';
import { b64 } from './package-helpers.js';
import { minimalPackageRequest } from './minimal-request.js';

const good = minimalPackageRequest();

async function fieldErrors(request: unknown): Promise<FieldError[]> {
  try {
    await createReportPackage(request, { includeHash: false });
  } catch (err) {
    expect(err).toBeInstanceOf(RequestValidationError);
    return (err as RequestValidationError).errors;
  }
  throw new Error('the request was accepted');
}

describe('report package request validation', () => {
  it('lists every missing required field', async () => {
    const errors = await fieldErrors({});
    const fields = errors.map((e) => e.field).sort();
    expect(fields).toEqual(['identifier', 'name', 'reportBase64Content', 'reportName', 'reportPackageName']);
    expect(errors.every((e) => e.message === 'is required')).toBe(true);
  });

  it('refuses unknown fields by name instead of dropping them', async () => {
    expect(await fieldErrors({ ...good, publisherURL: 'https://example.com/' })).toEqual([
      { field: 'publisherURL', message: 'is not a known field of this request' },
    ]);
    expect(await fieldErrors({ ...good, entrypoints: [{ entryPointDocument: { href: 'a.xsd', ref: 'x' } }] })).toEqual([
      { field: 'entrypoints[0].entryPointDocument.ref', message: 'is not a known field of this request' },
    ]);
  });

  it('treats blank strings as missing', async () => {
    expect(await fieldErrors({ ...good, name: '   ' })).toEqual([{ field: 'name', message: 'is required' }]);
  });

  it.each([
    [{ reportBase64Content: 'not base64!' }, 'reportBase64Content', /not valid base64/],
    [{ reportBase64Content: 'QUJD\nREVG' }, 'reportBase64Content', /no line breaks/],
    [{ reportName: 'reports/acme.xhtml' }, 'reportName', /without a path/],
    [{ reportName: '..\\acme.xhtml' }, 'reportName', /without a path/],
    [{ reportName: 'acme.pdf' }, 'reportName', /must end in \.xhtml/],
    [{ reportName: 'acme.XHTML' }, 'reportName', /lower case/],
    [{ publisherCountry: 'gb' }, 'publisherCountry', /two upper-case letters/],
    [{ publisherCountry: 'GBR' }, 'publisherCountry', /two upper-case letters/],
    [{ publicationDate: '15/01/2025' }, 'publicationDate', /not a date/],
    [{ publicationDate: '2025-02-30' }, 'publicationDate', /not a date/],
    [{ identifier: 'acme package' }, 'identifier', /absolute URI/],
    [{ publisherUrl: 'example.com' }, 'publisherUrl', /absolute URI/],
    [{ reportPackageLanguage: 'en_GB' }, 'reportPackageLanguage', /language tag/],
    [{ entrypoints: [{ name: 'x' }] }, 'entrypoints[0].entryPointDocument', /is required/],
    [{ entrypoints: [{ entryPointDocument: {} }] }, 'entrypoints[0].entryPointDocument.href', /is required/],
    [{ entrypoints: [{ entryPointDocument: { href: 'a%zz.xsd' } }] }, 'entrypoints[0].entryPointDocument.href', /not a valid URI/],
    [{ entrypoints: [{ entryPointDocument: { href: 'a.xsd' }, languages: ['en', 'english language'] }] }, 'entrypoints[0].languages[1]', /language tag/],
    [{ reportPackageName: '..' }, 'reportPackageName', /usable name/],
    [{ name: 'bell\u0007' }, 'name', /control characters/],
    [{ base64ReportPackageJson: b64('{"documentInfo":') }, 'base64ReportPackageJson', /not UTF-8 JSON/],
    [{ base64ReportPackageJson: b64('{"a":1,"a":2}') }, 'base64ReportPackageJson', /duplicate key/],
    [{ base64ReportPackageJson: Buffer.from('{"documentInfo":{}}', 'utf16le').toString('base64') }, 'base64ReportPackageJson', /not UTF-8 JSON/],
    [{ base64ReportPackageJson: b64('{"documentInfo":{"documentType":1}}') }, 'base64ReportPackageJson', /string \/documentInfo\/documentType/],
    [{ base64ReportPackageJson: b64('{"documentInfo":{"documentType":"https://xbrl.org/report-package/2099"}}') }, 'base64ReportPackageJson', /is not one of/],
    [{ base64ReportPackageJson: b64('{"documentInfo":{"documentType":"https://xbrl.org/report-package/2023/xbr"}}') }, 'base64ReportPackageJson', /cannot hold this Inline XBRL report/],
    [{ reportName: 'a.json', reportBase64Content: b64('{"facts":{}}') }, 'reportBase64Content', /documentInfo\/documentType/],
    [{ base64ZipFiles: b64('plain text') }, 'base64ZipFiles', /not a readable zip/],
    [{ entrypoints: 'x' }, 'entrypoints', /array of entry points/],
  ])('refuses %j', async (patch, field, message) => {
    const errors = await fieldErrors({ ...good, ...patch });
    const match = errors.find((e) => e.field === field);
    expect(match, JSON.stringify(errors)).toBeDefined();
    expect(match!.message).toMatch(message);
  });

  it.each([
    // Names that become zip entry names and a folder on disk: Windows path limits, zip name fields.
    ['reportPackageName', { reportPackageName: 'P'.repeat(201) }, /at most 200 characters/],
    ['reportPackageName', { reportPackageName: '\u00e9'.repeat(70_000) }, /at most 200 characters/],
    ['reportName', { reportName: `${'r'.repeat(196)}.xhtml` }, /at most 200 characters/],
    // Strings written into taxonomyPackage.xml.
    ['name', { name: 'n'.repeat(1001) }, /at most 1000 characters/],
    ['description', { description: 'd'.repeat(10_001) }, /at most 10000 characters/],
    ['version', { version: 'v'.repeat(201) }, /at most 200 characters/],
    ['publisher', { publisher: 'p'.repeat(1001) }, /at most 1000 characters/],
    ['identifier', { identifier: `http://example.com/${'a'.repeat(2048)}` }, /at most 2048 characters/],
    ['publisherUrl', { publisherUrl: `http://example.com/${'a'.repeat(2048)}` }, /at most 2048 characters/],
    ['entrypoints[0].name', { entrypoints: [{ name: 'n'.repeat(1001), entryPointDocument: { href: 'a.xsd' } }] }, /at most 1000 characters/],
    ['entrypoints[0].entryPointDocument.href', { entrypoints: [{ entryPointDocument: { href: `a${'b'.repeat(2048)}.xsd` } }] }, /at most 2048 characters/],
    ['entrypoints[0].languages', { entrypoints: [{ entryPointDocument: { href: 'a.xsd' }, languages: Array.from({ length: 101 }, () => 'en') }] }, /at most 100/],
    ['entrypoints', { entrypoints: Array.from({ length: 1001 }, () => ({ entryPointDocument: { href: 'a.xsd' } })) }, /at most 1000 entry points/],
    // publicationDate: the time and zone of a date-time are checked too, not only the date.
    ['publicationDate', { publicationDate: '2025-01-15T99:99' }, /not a date/],
    ['publicationDate', { publicationDate: '2025-01-15T24:30:00' }, /not a date/],
    ['publicationDate', { publicationDate: '2025-01-15T24:00:00Z' }, /not a date/],
    ['publicationDate', { publicationDate: '2025-01-15T10:60:00Z' }, /not a date/],
    ['publicationDate', { publicationDate: '2025-01-15T10:00:61' }, /not a date/],
    ['publicationDate', { publicationDate: '2025-01-15T10:00:00+15:00' }, /not a date/],
    ['publicationDate', { publicationDate: '2025-01-15+14:30' }, /not a date/],
  ] as const)('refuses an over-long or malformed %s', async (field, patch, message) => {
    const errors = await fieldErrors({ ...good, ...patch });
    const match = errors.find((e) => e.field === field);
    expect(match, JSON.stringify(errors).slice(0, 500)).toBeDefined();
    expect(match!.message).toMatch(message);
  });

  it('accepts names and texts at their caps, and date-times with a valid time', async () => {
    for (const patch of [
      { reportPackageName: 'P'.repeat(200), reportName: `${'r'.repeat(194)}.xhtml` },
      { name: 'n'.repeat(1000), description: 'd'.repeat(10_000), version: 'v'.repeat(200) },
      { publicationDate: '2025-01-15T23:59:59.999+14:00' },
      { publicationDate: '2025-01-15-05:00' },
    ]) {
      const built = await createReportPackage({ ...good, ...patch }, { includeHash: false });
      expect(built.zipContentBase64.length, JSON.stringify(patch).slice(0, 80)).toBeGreaterThan(0);
    }
  });

  it('puts the field and the rule in the error message too', async () => {
    await expect(createReportPackage({ ...good, publisherCountry: 'de' }, { includeHash: false })).rejects.toThrow(
      /publisherCountry: must be two upper-case letters/,
    );
  });
});
