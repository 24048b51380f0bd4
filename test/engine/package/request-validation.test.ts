/**
 * Bad requests are refused with field-level errors naming the field and the rule.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError, type FieldError } from '../../../main/engine/errors.js';
import { createReportPackage } from '../../../main/engine/package/index.js';
import { b64, sampleInlineReport } from './package-helpers.js';

const good = {
  name: 'ACME',
  identifier: 'http://example.com/acme/package',
  reportPackageName: 'ACME-2024',
  reportName: 'acme.xhtml',
  reportBase64Content: b64(sampleInlineReport()),
};

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

  it('puts the field and the rule in the error message too', async () => {
    await expect(createReportPackage({ ...good, publisherCountry: 'de' }, { includeHash: false })).rejects.toThrow(
      /publisherCountry: must be two upper-case letters/,
    );
  });
});
