/**
 * Hostile base64ZipFiles are refused with a 400 naming base64ZipFiles and the
 * entry, before memory is spent; hostile packages dropped for validation are
 * refused (limits) or reported (rule breaches) the same way. Archives are
 * generated here, never committed.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { createReportPackage, validatePackage } from '../../../main/engine/package/index.js';
import { minimalPackageRequest } from './minimal-request.js';
import { rawZip, zeroBomb } from '../../fixtures/raw-zip.js';

const base = minimalPackageRequest();
const xsd = new TextEncoder().encode('<schema/>');

async function refusal(zip: Buffer): Promise<RequestValidationError> {
  try {
    await createReportPackage({ ...base, base64ZipFiles: zip.toString('base64') }, { includeHash: false });
  } catch (err) {
    expect(err).toBeInstanceOf(RequestValidationError);
    return err as RequestValidationError;
  }
  throw new Error('the hostile zip was accepted');
}

describe('hostile base64ZipFiles', () => {
  it.each([
    ['../evil.xsd', 'evil', '".." path segment'],
    ['tax/../../evil.xsd', 'evil', '".." path segment'],
    ['/etc/passwd', 'passwd', 'absolute path'],
    ['C:/Windows/evil.xsd', 'evil', 'Windows path'],
    ['tax\\evil.xsd', 'evil', 'backslash'],
    ['tax//evil.xsd', 'evil', 'empty path segment'],
    ['./evil.xsd', 'evil', '"." or ".." path segment'],
  ])('refuses %s', async (name, _label, reason) => {
    const err = await refusal(rawZip([{ name: 'ok/a.xsd', data: xsd }, { name, data: xsd }]));
    expect(err.errors[0]!.field).toBe('base64ZipFiles');
    expect(err.errors[0]!.message).toContain(name);
    expect(err.errors[0]!.message).toContain(reason.replace(/ path$/, ''));
  });

  it('refuses duplicates, file/directory clashes and collisions with generated files', async () => {
    const dup = await refusal(rawZip([{ name: 'a/x.xsd', data: xsd }, { name: 'b/y.xsd', data: xsd }, { name: 'a/x.xsd', data: xsd }]));
    expect(dup.errors[0]!.message).toMatch(/"a\/x.xsd".*more than once/);
    const clash = await refusal(rawZip([{ name: 'a/x', data: xsd }, { name: 'a/x/y.xsd', data: xsd }, { name: 'b/z', data: xsd }]));
    expect(clash.errors[0]!.message).toContain('both a file and a directory');
    const meta = await refusal(rawZip([{ name: 'META-INF/catalog.xml', data: xsd }, { name: 'x/y.xsd', data: xsd }]));
    expect(meta.errors[0]!.message).toContain('META-INF/catalog.xml');
    const report = await refusal(rawZip([{ name: 'reports/acme.xhtml', data: xsd }, { name: 'x/y.xsd', data: xsd }]));
    expect(report.errors[0]!.message).toContain('overwrite the report');
    const extraReport = await refusal(rawZip([{ name: 'reports/other/b.xbrl', data: xsd }, { name: 'x/y.xsd', data: xsd }]));
    expect(extraReport.errors[0]!.message).toContain('counted as another report');
  });

  it('refuses encrypted entries and data that fails its CRC', async () => {
    const enc = await refusal(rawZip([{ name: 'a/x.xsd', data: xsd, flags: 1 }, { name: 'b/y', data: xsd }]));
    expect(enc.errors[0]!.message).toContain('encrypted');
    const crc = await refusal(rawZip([{ name: 'a/x.xsd', data: xsd, crc: 1234 }, { name: 'b/y', data: xsd }]));
    expect(crc.errors[0]!.message).toContain('CRC-32');
  });

  it('refuses a 1 GB-inflating bomb by its declared size, without inflating it', async () => {
    const bomb = zeroBomb(1024 * 1024 * 1024);
    const zip = rawZip([{ name: 'tax/bomb.xsd', deflated: bomb.deflated, declaredSize: 1024 * 1024 * 1024, crc: bomb.crc }, { name: 'tax/a.xsd', data: xsd }]);
    const rssBefore = process.memoryUsage().rss;
    const err = await refusal(zip);
    expect(err.errors[0]).toMatchObject({ field: 'base64ZipFiles' });
    expect(err.errors[0]!.message).toContain('tax/bomb.xsd');
    expect(err.errors[0]!.message).toMatch(/declared uncompressed size/);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a bomb whose header lies about its size, stopping at the declared size', async () => {
    const bomb = zeroBomb(1024 * 1024 * 1024);
    const zip = rawZip([{ name: 'tax/bomb.xsd', deflated: bomb.deflated, declaredSize: 1000, crc: bomb.crc }, { name: 'tax/a.xsd', data: xsd }]);
    const rssBefore = process.memoryUsage().rss;
    const err = await refusal(zip);
    expect(err.errors[0]!.message).toContain('tax/bomb.xsd');
    expect(err.errors[0]!.message).toContain('inflates to more than the 1000 bytes its header declares');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a bomb under every size cap by its compression ratio, without inflating it', async () => {
    // 90 MB of zeros from about 90 KB: under the 100 MB merge cap, but no taxonomy file compresses 1000:1.
    const size = 90 * 1024 * 1024;
    const bomb = zeroBomb(size);
    const zip = rawZip([{ name: 'tax/bomb.xsd', deflated: bomb.deflated, declaredSize: size, crc: bomb.crc }, { name: 'tax/a.xsd', data: xsd }]);
    const rssBefore = process.memoryUsage().rss;
    const err = await refusal(zip);
    expect(err.errors).toHaveLength(1);
    expect(err.errors[0]!.field).toBe('base64ZipFiles');
    expect(err.errors[0]!.message).toContain('"tax/bomb.xsd"');
    expect(err.errors[0]!.message).toMatch(/compression ratio/);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('accepts small files that compress extremely well (the ratio guard starts above a few MB)', async () => {
    const size = 1024 * 1024;
    const zeros = zeroBomb(size);
    const zip = rawZip([{ name: 'tax/blank.xsd', deflated: zeros.deflated, declaredSize: size, crc: zeros.crc }, { name: 'tax/a.xsd', data: xsd }]);
    const built = await createReportPackage({ ...base, base64ZipFiles: zip.toString('base64') }, { includeHash: false });
    expect(built.zipContentBase64.length).toBeGreaterThan(0);
  });

  it('refuses more than 100 MB of base64ZipFiles in all, from the declared sizes', async () => {
    // Stored entries whose headers claim 60 MB each: the total is refused before any byte is read.
    const claim = 60 * 1024 * 1024;
    const zip = rawZip([
      { name: 'tax/a.xsd', data: xsd, method: 0, declaredSize: claim },
      { name: 'tax/b.xsd', data: xsd, method: 0, declaredSize: claim },
    ]);
    const err = await refusal(zip);
    expect(err.errors[0]!.field).toBe('base64ZipFiles');
    expect(err.errors[0]!.message).toContain('"tax/b.xsd"');
    expect(err.errors[0]!.message).toContain(`at most ${100 * 1024 * 1024}`);
  });

  it('refuses 100,000 entries from the central directory count (zip64)', async () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ name: `t/${i}.xsd` }));
    const err = await refusal(rawZip(entries));
    expect(err.errors[0]!.message).toContain('100000 entries');
  });

  it('refuses 100,000 entries even when the 16-bit count lies', async () => {
    const zip = rawZip(Array.from({ length: 100_000 }, (_, i) => ({ name: `t/${i}.xsd` })));
    // Drop the zip64 records and claim 5 entries: the directory no longer matches.
    const eocd = zip.subarray(zip.length - 22);
    const patched = Buffer.concat([zip.subarray(0, zip.length - 22 - 76), eocd]);
    patched.writeUInt16LE(5, patched.length - 22 + 8);
    patched.writeUInt16LE(5, patched.length - 22 + 10);
    const err = await refusal(patched);
    expect(err.errors[0]!.field).toBe('base64ZipFiles');
  });

  it('refuses bytes that are not a zip', async () => {
    const err = await refusal(Buffer.from('definitely not a zip archive, just text'));
    expect(err.errors[0]!.message).toMatch(/not a readable zip/);
  });
});

describe('hostile packages dropped for validation', () => {
  it('refuses a 1 GB bomb and 100,000 entries as unusable input', async () => {
    const bomb = zeroBomb(1024 * 1024 * 1024);
    const bombZip = rawZip([{ name: 'P/reports/a.xhtml', deflated: bomb.deflated, declaredSize: 1000, crc: bomb.crc }]);
    await expect(validatePackage('bomb.xbri', bombZip)).rejects.toThrow(/inflates to more than the 1000 bytes/);
    const many = rawZip(Array.from({ length: 100_000 }, (_, i) => ({ name: `P/${i}.txt` })));
    await expect(validatePackage('many.xbri', many)).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('refuses a dropped package holding a 250 MB bomb by its compression ratio', async () => {
    const size = 250 * 1024 * 1024;
    const bomb = zeroBomb(size);
    const zip = rawZip([{ name: 'P/reports/a.xhtml', deflated: bomb.deflated, declaredSize: size, crc: bomb.crc }]);
    const err = await validatePackage('bomb.xbri', zip).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RequestValidationError);
    const [error] = (err as RequestValidationError).errors;
    expect(error!.field).toBe('file');
    expect(error!.message).toContain('P/reports/a.xhtml');
    expect(error!.message).toMatch(/compression ratio/);
  });

  it('reports zip-slip names, encryption and damaged data with rpe:invalidArchiveFormat', async () => {
    const cases: [string, Buffer][] = [
      ['traversal', rawZip([{ name: 'P/META-INF/reportPackage.json', data: xsd }, { name: '/P/reports/a.xhtml', data: xsd }])],
      ['encrypted', rawZip([{ name: 'P/reports/a.xhtml', data: xsd, flags: 1 }])],
      ['crc', rawZip([{ name: 'P/reports/a.xhtml', data: xsd, crc: 7 }])],
    ];
    for (const [label, zip] of cases) {
      const result = await validatePackage(`${label}.xbri`, zip);
      const codes = result.validations.flatMap((v) => v.messages.map((m) => m.code));
      expect(codes, label).toContain('rpe:invalidArchiveFormat');
    }
  });

  it('calls a package holding a symbolic link entry invalid, as the builder refuses one, naming the entry', async () => {
    const rpJson = new TextEncoder().encode('{"documentInfo":{"documentType":"https://xbrl.org/report-package/2023/xbri"}}');
    const inline = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>');
    const files = [
      { name: 'P/META-INF/reportPackage.json', data: rpJson },
      { name: 'P/reports/a.xhtml', data: inline },
    ];
    // The same package without the link is valid: the link alone makes the difference.
    const plain = await validatePackage('plain.xbri', rawZip(files));
    expect(plain.validations[0]!.messages.filter((m) => m.category === 'error')).toEqual([]);
    const linked = rawZip([...files, { name: 'P/tax/passwd.xsd', data: new TextEncoder().encode('/etc/passwd'), unixMode: 0o120777 }]);
    const result = await validatePackage('linked.xbri', linked);
    const errors = result.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
    expect(errors).toEqual([expect.objectContaining({ code: 'rpe:invalidArchiveFormat', attributes: [{ name: 'entry', value: 'P/tax/passwd.xsd' }] })]);
    expect(errors[0]!.message).toContain('symbolic link');
    // The builder refuses the same entry in base64ZipFiles.
    const err = await refusal(rawZip([{ name: 'tax/passwd.xsd', data: new TextEncoder().encode('/etc/passwd'), unixMode: 0o120777 }]));
    expect(err.errors[0]!.message).toContain('symbolic link');
  });

  it('reports dot segments and an empty archive with rpe:invalidDirectoryStructure', async () => {
    const dot = await validatePackage('dot.xbri', rawZip([{ name: 'P/./reports/a.xhtml', data: xsd }]));
    expect(dot.validations[0]!.messages.map((m) => m.code)).toContain('rpe:invalidDirectoryStructure');
    const empty = await validatePackage('empty.xbri', rawZip([]));
    expect(empty.validations[0]!.messages.map((m) => m.code)).toContain('rpe:invalidDirectoryStructure');
  });
});
