/**
 * base64ZipFiles entries that clash with the files the builder writes
 * (reportPackage.json, taxonomyPackage.xml, catalog.xml, the report) as a
 * path, as a file-or-directory prefix, or in another letter case, are refused
 * as a field error naming the entry, never let through to fail the
 * self-check (a 500).
 */
import { describe, expect, it } from 'vitest';
import { mergeRefusalOf } from './minimal-request.js';


describe('base64ZipFiles entries that clash with the generated files', () => {
  it.each([
    // A file under the generated report: the report path would have to be a directory.
    [['reports/acme.xhtml/readme.txt', 'other/a.txt'], 'reports/acme.xhtml/readme.txt'],
    [['reports/', 'reports/acme.xhtml/', 'reports/acme.xhtml/readme.txt', 'other/', 'other/a.txt'], 'reports/acme.xhtml/'],
    // A directory entry with the report's path.
    [['reports/acme.xhtml/', 'other/a.txt'], 'reports/acme.xhtml/'],
    // META-INF in any case lands in the generated META-INF on Windows and macOS.
    [['meta-inf/catalog.xml', 'other/a.txt'], 'meta-inf/catalog.xml'],
    [['Meta-Inf/', 'other/a.txt'], 'Meta-Inf/'],
    // The report's name in another case overwrites it on a case-insensitive disk.
    [['reports/ACME.XHTML', 'other/a.txt'], 'reports/ACME.XHTML'],
    [['Reports/acme.xhtml', 'other/a.txt'], 'Reports/acme.xhtml'],
  ])('refuses %j naming %s', async (names, entry) => {
    const error = await mergeRefusalOf(names);
    expect(error.field).toBe('base64ZipFiles');
    expect(error.message).toContain(`"${entry}"`);
  });

  it('refuses a file whose path is a directory of the generated report (report in a subfolder name)', async () => {
    // reportName cannot hold "/", so the only file-prefix of reports/<name> is "reports" itself.
    const error = await mergeRefusalOf(['reports', 'other/a.txt']);
    expect(error).toMatchObject({ field: 'base64ZipFiles' });
    expect(error.message).toContain('"reports"');
  });
});

