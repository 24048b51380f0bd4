/**
 * base64ZipFiles names that Windows or macOS cannot extract faithfully
 * (reserved characters, control characters, reserved device names, trailing
 * dots or spaces, names differing only in case or Unicode normalisation) are
 * refused as field errors naming the entry.
 */
import { describe, expect, it } from 'vitest';
import { mergeRefusalOf, minimalPackageRequest } from './minimal-request.js';
import { createReportPackage } from '../../../main/engine/package/index.js';


describe('base64ZipFiles names that do not extract everywhere', () => {
  it.each([
    ['tax/a:b.xsd', ':'],
    ['tax/a*b.xsd', '*'],
    ['tax/a?b.xsd', '?'],
    ['tax/a"b.xsd', '"'],
    ['tax/a<b.xsd', '<'],
    ['tax/a>b.xsd', '>'],
    ['tax/a|b.xsd', '|'],
    ['tax/a\u0001b.xsd', 'control'],
    ['tax/a\u007fb.xsd', 'control'],
    ['tax/CON.xsd', 'reserved'],
    ['tax/nul', 'reserved'],
    ['tax/trailing. ', 'end in'],
  ])('refuses %j (%s)', async (name, reason) => {
    const error = await mergeRefusalOf([name, 'other/a.txt']);
    expect(error.field).toBe('base64ZipFiles');
    // Control characters are shown escaped, so the message stays one readable line.
    const shown = name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(error.message).toContain(`"${shown}"`);
    expect(error.message).toContain(reason);
  });

  it('refuses names that differ only in case or Unicode normalisation', async () => {
    const caseOnly = await mergeRefusalOf(['a/X.txt', 'a/x.txt']);
    expect(caseOnly.field).toBe('base64ZipFiles');
    expect(caseOnly.message).toContain('"a/x.txt"');
    expect(caseOnly.message).toContain('"a/X.txt"');
    const dirCase = await mergeRefusalOf(['Tax/a.xsd', 'tax/b.xsd']);
    expect(dirCase.message).toContain('"tax/b.xsd"');
    const nfd = await mergeRefusalOf(['t/caf\u00e9.xsd', 't/cafe\u0301.xsd']);
    expect(nfd.message).toContain('differ only in');
  });
});


describe('base64ZipFiles names too long to extract', () => {
  it('refuses a segment over 255 bytes (a 304-character name), naming the entry and the rule', async () => {
    const name = `tax/${'n'.repeat(300)}.xsd`;
    const error = await mergeRefusalOf([name, 'other/a.txt']);
    expect(error.field).toBe('base64ZipFiles');
    expect(error.message).toContain(`"${name}"`);
    expect(error.message).toContain('has a segment of 304 bytes; file systems allow at most 255 bytes per name');
  });

  it('counts bytes, not characters: 128 two-byte letters are 256 bytes', async () => {
    const error = await mergeRefusalOf([`tax/${'é'.repeat(128)}`, 'other/a.txt']);
    expect(error.message).toContain('has a segment of 256 bytes');
  });

  it('accepts a 255-byte segment, and refuses a path Windows cannot create under the package folder', async () => {
    await expect(mergeRefusalOf([`tax/${'é'.repeat(127)}a`, 'other/a.txt'])).rejects.toThrow(/^accepted /);
    const deep = `${Array.from({ length: 25 }, () => 'folder1234').join('/')}/a.xsd`;
    const error = await mergeRefusalOf([deep, 'other/a.txt']);
    expect(error.message).toContain(`is ${deep.length} characters long; at most 240 fit under the package folder`);
  });
});

describe('package and report names too long for a file system', () => {
  it('refuses a reportPackageName or reportName of 200 characters that take more than 255 bytes in UTF-8', async () => {
    const errors = await createReportPackage({ ...minimalPackageRequest(), reportPackageName: 'é'.repeat(200), reportName: `${'ü'.repeat(190)}.xhtml` }, { includeHash: false }).then(
      () => [],
      (err: { errors: { field: string; message: string }[] }) => err.errors,
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'reportPackageName', message: expect.stringContaining('must be at most 250 bytes in UTF-8') },
        { field: 'reportName', message: expect.stringContaining('must be at most 255 bytes in UTF-8') },
      ]),
    );
  });
});
