/**
 * Packages built from hand-written requests validate clean with our
 * validator, and their taxonomyPackage.xml / catalog.xml pass xmllint
 * against the official schemas.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createReportPackage,
  isValidResult,
  reportCountOf,
  reportPackageFileName,
  reportPackageRequestSchema,
  validatePackage,
} from '../../../main/engine/package/index.js';
import { ACME_SCHEMA_URL, b64, jszipOf, sampleInlineReport, sampleJsonReport, sampleXsd, unzipToMap, xmllintSchema } from './package-helpers.js';

const FRS_102_2025 = 'https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd';

/** The report's own schema: a package must carry it (or the firm have it installed), or the build is refused. */
const ACME_SCHEMA = { 'example.com/acme/2024/acme-2024.xsd': sampleXsd };

const base = {
  base64ZipFiles: await jszipOf(ACME_SCHEMA),
  name: 'ACME 2024 annual report package',
  identifier: 'http://example.com/acme/2024/package',
  description: 'Report package for ACME 2024',
  version: '2024.1',
  reportPackageLanguage: 'en',
  publicationDate: '2025-01-15',
  publisher: 'ACME Corp',
  publisherUrl: 'https://example.com/',
  publisherCountry: 'GB',
  reportPackageName: 'ACME-2024',
  reportName: 'acme-2024-12-31-en.xhtml',
  reportBase64Content: b64(sampleInlineReport(ACME_SCHEMA_URL)),
};

async function buildAndCheck(request: Record<string, unknown>) {
  const response = await createReportPackage(request, { includeHash: true });
  const bytes = Buffer.from(response.zipContentBase64, 'base64');
  expect(response.hashResult?.Hash_Result).toBe(createHash('sha256').update(bytes).digest('hex'));
  const fileName = reportPackageFileName(reportPackageRequestSchema.parse(request));
  const result = await validatePackage(fileName, bytes);
  expect(result.validations.flatMap((v) => v.messages.filter((m) => m.category === 'error'))).toEqual([]);
  expect(isValidResult(result)).toBe(true);
  expect(reportCountOf(result)).toBe(1);
  const files = unzipToMap(bytes);
  const stld = fileName.replace(/\.[^.]+$/, '');
  const tp = files.get(`${stld}/META-INF/taxonomyPackage.xml`);
  expect(tp).toBeDefined();
  const lint = xmllintSchema(tp!, 'taxonomy-package.xsd');
  expect(lint.ok, lint.output).toBe(true);
  const catalog = files.get(`${stld}/META-INF/catalog.xml`);
  if (catalog) {
    const lintCatalog = xmllintSchema(catalog, 'taxonomy-package-catalog.xsd');
    expect(lintCatalog.ok, lintCatalog.output).toBe(true);
  }
  return { fileName, files, stld, result, response };
}

describe('createReportPackage', () => {
  it('builds an inline .xbri with every metadata field in schema order', async () => {
    const { fileName, files } = await buildAndCheck({
      ...base,
      // A report on a published taxonomy (FRS 102), which the recipient holds: the package need carry nothing else.
      base64ZipFiles: undefined,
      reportBase64Content: b64(sampleInlineReport(FRS_102_2025)),
      entrypoints: [{ name: 'ACME 2024', description: 'Main', version: '1', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' }, languages: ['en', 'de'] }],
    });
    expect(fileName).toBe('ACME-2024.xbri');
    expect([...files.keys()]).toEqual([
      'ACME-2024/META-INF/reportPackage.json',
      'ACME-2024/META-INF/taxonomyPackage.xml',
      'ACME-2024/reports/acme-2024-12-31-en.xhtml',
    ]);
    expect(JSON.parse(files.get('ACME-2024/META-INF/reportPackage.json')!.toString())).toEqual({
      documentInfo: { documentType: 'https://xbrl.org/report-package/2023/xbri' },
    });
    const xml = files.get('ACME-2024/META-INF/taxonomyPackage.xml')!.toString();
    const order = ['identifier', 'name', 'description', 'version', 'publisher', 'publisherURL', 'publisherCountry', 'publicationDate', 'entryPoints'];
    const positions = order.map((n) => xml.indexOf(`<tp:${n}>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(xml).toContain('xml:lang="en"');
    expect(xml).toContain('<tp:language>de</tp:language>');
    // The entry point's file is not in the package, so no catalog is needed.
    expect(files.has('ACME-2024/META-INF/catalog.xml')).toBe(false);
  });

  it('builds an xBRL-JSON .xbr and an xBRL-XML .xbr', async () => {
    const json = await buildAndCheck({ ...base, reportName: 'acme.json', reportBase64Content: b64(sampleJsonReport(ACME_SCHEMA_URL)) });
    expect(json.fileName).toBe('ACME-2024.xbr');
    const xbrl = await buildAndCheck({ ...base, reportName: 'acme.xbrl', reportBase64Content: b64('<xbrl xmlns="http://www.xbrl.org/2003/instance"/>') });
    expect(xbrl.fileName).toBe('ACME-2024.xbr');
  });

  it('takes extension and documentType from base64ReportPackageJson (unconstrained .zip)', async () => {
    const { fileName, files } = await buildAndCheck({
      ...base,
      base64ReportPackageJson: b64('\uFEFF{"documentInfo":{"documentType":"https://xbrl.org/report-package/2023"}}'),
    });
    expect(fileName).toBe('ACME-2024.zip');
    expect(files.get('ACME-2024/META-INF/reportPackage.json')!.toString()).toContain('report-package/2023"');
  });

  it('maps published URLs into the package with a catalog, merging shared prefixes (several entry points)', async () => {
    const extra = await jszipOf({
      'example.com/acme/2024/acme-2024.xsd': sampleXsd,
      'example.com/acme/2024/sub/part.xsd': sampleXsd,
      'xbrl.frc.org.uk/fr/2024/core.xsd': sampleXsd,
      'local/readme.txt': 'hello',
    });
    const { files, stld } = await buildAndCheck({
      ...base,
      base64ZipFiles: extra,
      entrypoints: [
        { name: 'ACME', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' } },
        { name: 'Part', entryPointDocument: { href: 'http://example.com/acme/2024/sub/part.xsd' }, languages: ['en'] },
        { name: 'FRC', entryPointDocument: { href: 'https://xbrl.frc.org.uk/fr/2024/core.xsd' } },
        { name: 'Not here', entryPointDocument: { href: 'http://elsewhere.example/x.xsd' } },
      ],
    });
    const catalog = files.get(`${stld}/META-INF/catalog.xml`)!.toString();
    expect(catalog.match(/<rewriteURI /g)).toHaveLength(2);
    expect(catalog).toContain('uriStartString="http://example.com/acme/2024/" rewritePrefix="../example.com/acme/2024/"');
    expect(catalog).toContain('uriStartString="https://xbrl.frc.org.uk/fr/2024/" rewritePrefix="../xbrl.frc.org.uk/fr/2024/"');
    expect(files.has(`${stld}/local/readme.txt`)).toBe(true);
  });

  it('strips a single top-level folder of base64ZipFiles, and keeps several folders as they are', async () => {
    const wrapped = await buildAndCheck({ ...base, base64ZipFiles: await jszipOf({ 'ext/example.com/acme/2024/acme-2024.xsd': sampleXsd }) });
    expect(wrapped.files.has('ACME-2024/example.com/acme/2024/acme-2024.xsd')).toBe(true);
    expect(wrapped.files.get('ACME-2024/META-INF/catalog.xml')!.toString()).toContain('../example.com/acme/2024/');
    const flat = await buildAndCheck({ ...base, base64ZipFiles: await jszipOf({ ...ACME_SCHEMA, 'taxonomy/a.xsd': sampleXsd, 'images/logo.png': 'png' }) });
    expect(flat.files.has('ACME-2024/taxonomy/a.xsd')).toBe(true);
    expect(flat.files.has('ACME-2024/images/logo.png')).toBe(true);
  });

  it('handles Unicode names and multilingual metadata (Welsh package, mixed-language entry points)', async () => {
    const { fileName, files, result } = await buildAndCheck({
      ...base,
      name: 'Pecyn adroddiad ACME — 2024 <draft> & "final"',
      reportPackageLanguage: 'cy',
      reportPackageName: 'Adroddiad Blynyddol Café',
      reportName: 'adroddiad-ä.xhtml',
      base64ZipFiles: await jszipOf({ ...ACME_SCHEMA, 'taxonomy/schéma-ü.xsd': sampleXsd, 'assets/日本語.txt': 'x' }),
      entrypoints: [
        { name: 'Cymraeg', entryPointDocument: { href: '../taxonomy/sch%C3%A9ma-%C3%BC.xsd' }, languages: ['cy', 'en-GB'] },
        { description: 'Deutsch', entryPointDocument: { href: 'http://example.com/x.xsd' }, languages: ['de-DE', 'fr'] },
      ],
    });
    expect(fileName).toBe('Adroddiad Blynyddol Café.xbri');
    expect(files.has('Adroddiad Blynyddol Café/reports/adroddiad-ä.xhtml')).toBe(true);
    expect(files.has('Adroddiad Blynyddol Café/assets/日本語.txt')).toBe(true);
    expect(files.get('Adroddiad Blynyddol Café/META-INF/taxonomyPackage.xml')!.toString()).toContain('xml:lang="cy"');
    expect(result.validations.map((v) => v.validationType)).toEqual([3, 4]);
  });

  it('resolves entry points in a package whose STLD holds "#" or "%" (no warning)', async () => {
    for (const reportPackageName of ['ACME #2', 'ACME 100%', 'ACME ?']) {
      const { result } = await buildAndCheck({
        ...base,
        reportPackageName,
        base64ZipFiles: await jszipOf({ 'example.com/acme/2024/acme-2024.xsd': sampleXsd, 'other/readme.txt': 'x' }),
        entrypoints: [{ name: 'ACME', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' } }],
      });
      expect(result.validations.flatMap((v) => v.messages.filter((m) => m.category === 'warning')), reportPackageName).toEqual([]);
    }
  });

  it('makes the package name safe for file systems', async () => {
    const { fileName } = await buildAndCheck({ ...base, reportPackageName: 'ACME: 2024/25 "final"?. ' });
    expect(fileName).toBe('ACME_ 2024_25 _final__.xbri');
  });

  it('writes the date of a publicationDate given as a date-time', async () => {
    const { files } = await buildAndCheck({ ...base, publicationDate: '2025-01-15T23:30:00-05:00' });
    expect(files.get('ACME-2024/META-INF/taxonomyPackage.xml')!.toString()).toContain('<tp:publicationDate>2025-01-15</tp:publicationDate>');
  });

  it('gives identical bytes for the same request and leaves the hash out unless asked', async () => {
    const a = await createReportPackage(base, { includeHash: true });
    const b = await createReportPackage(structuredClone(base), { includeHash: true });
    expect(a).toEqual(b);
    const c = await createReportPackage(base, { includeHash: false });
    expect(c.hashResult).toBeUndefined();
    expect(c.zipContentBase64).toBe(a.zipContentBase64);
  });
});
