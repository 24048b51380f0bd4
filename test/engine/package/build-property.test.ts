/**
 * Property: any valid request builds a package that our validator passes
 * with exactly one report and whose metadata passes xmllint against the
 * official schemas; building it twice gives the same bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createReportPackage,
  isValidResult,
  reportCountOf,
  reportPackageFileName,
  reportPackageRequestSchema,
  validatePackage,
} from '../../../main/engine/package/index.js';
import { b64, jszipOf, sampleInlineReport, sampleJsonReport, sampleXbrlReport, sampleXsd, unzipToMap, xmllintSchema } from './package-helpers.js';

const XML_UNSAFE = /[\u0000-\u001f\u007f\ufffe\uffff\ud800-\udfff]/;
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '' && !XML_UNSAFE.test(s));
const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/),
  fc.constantFrom('café', 'bericht-ä', '日本語', 'Ελληνικά', 'naïve file'),
);
const language = fc.constantFrom('en', 'en-GB', 'cy', 'de-DE', 'fr', 'ga-IE', 'x-private');
const host = fc.constantFrom('example.com', 'xbrl.frc.org.uk', 'taxonomies.example.org');

const request = fc
  .record({
    name: text,
    identifier: segment.map((s) => `https://example.com/packages/${encodeURIComponent(s)}`),
    description: fc.option(text, { nil: undefined }),
    version: fc.option(fc.stringMatching(/^[0-9]{1,4}(\.[0-9]{1,3})?$/), { nil: undefined }),
    reportPackageLanguage: fc.option(language, { nil: undefined }),
    publicationDate: fc.option(
      fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).chain((d) =>
        fc.constantFrom(d.toISOString().slice(0, 10), d.toISOString()),
      ),
      { nil: undefined },
    ),
    publisher: fc.option(text, { nil: undefined }),
    publisherUrl: fc.option(host.map((h) => `https://${h}/`), { nil: undefined }),
    publisherCountry: fc.option(fc.stringMatching(/^[A-Z]{2}$/), { nil: undefined }),
    reportPackageName: fc.oneof(segment, text.filter((s) => /[\p{L}\p{N}]/u.test(s))),
    reportBase: segment,
    reportKind: fc.constantFrom('xhtml', 'html', 'htm', 'xbrl', 'json'),
    taxonomy: fc.array(fc.tuple(host, fc.array(segment, { minLength: 1, maxLength: 2 }), segment), { maxLength: 5 }),
    wrapFolder: fc.option(segment, { nil: undefined }),
    entryPointCount: fc.nat({ max: 3 }),
    epLanguages: fc.array(language, { maxLength: 3 }),
    unconstrained: fc.boolean(),
  })
  .map((r) => ({ ...r, taxonomy: dedupeBy(r.taxonomy, ([h, dirs, f]) => `${h}/${dirs.join('/')}`.startsWith('') && `${h}/${dirs.join('/')}/${f}.xsd`) }));

function dedupeBy<T>(items: T[], key: (t: T) => string | false): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = String(key(i));
    // Paths must not be both a file and a folder: keep only the first of any prefix family.
    for (const s of seen) if (s.startsWith(`${k.replace(/\.xsd$/, '')}/`) || k.startsWith(`${s.replace(/\.xsd$/, '')}/`)) return false;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

describe('createReportPackage (property)', () => {
  it('builds valid, schema-clean, deterministic packages for any valid request', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const files: Record<string, string> = {};
        const urls: string[] = [];
        for (const [h, dirs, f] of r.taxonomy) {
          const path = `${h}/${dirs.join('/')}/${f}.xsd`;
          files[r.wrapFolder ? `${r.wrapFolder}/${path}` : path] = sampleXsd;
          urls.push(`http://${h}/${dirs.map(encodeURIComponent).join('/')}/${encodeURIComponent(f)}.xsd`);
        }
        const firstUrl = urls[0] ?? 'http://example.com/acme/2024/acme-2024.xsd';
        const content = r.reportKind === 'json' ? sampleJsonReport(firstUrl) : r.reportKind === 'xbrl' ? sampleXbrlReport(firstUrl) : sampleInlineReport(firstUrl);
        const req = {
          name: r.name,
          identifier: r.identifier,
          description: r.description,
          version: r.version,
          reportPackageLanguage: r.reportPackageLanguage,
          publicationDate: r.publicationDate,
          publisher: r.publisher,
          publisherUrl: r.publisherUrl,
          publisherCountry: r.publisherCountry,
          reportPackageName: r.reportPackageName,
          reportName: `${r.reportBase}.${r.reportKind}`,
          reportBase64Content: b64(content),
          entrypoints: Array.from({ length: r.entryPointCount }, (_, i) => ({
            name: `Entry ${i}`,
            entryPointDocument: { href: urls[i] ?? `http://elsewhere.example/ep${i}.xsd` },
            languages: r.epLanguages,
          })),
          base64ZipFiles: Object.keys(files).length > 0 ? await jszipOf(files) : undefined,
          base64ReportPackageJson: r.unconstrained ? b64('{"documentInfo":{"documentType":"https://xbrl.org/report-package/2023"}}') : undefined,
        };
        const response = await createReportPackage(req, { includeHash: true });
        const again = await createReportPackage(structuredClone(req), { includeHash: true });
        expect(again).toEqual(response);
        const bytes = Buffer.from(response.zipContentBase64, 'base64');
        const fileName = reportPackageFileName(reportPackageRequestSchema.parse(req));
        const result = await validatePackage(fileName, bytes);
        expect(isValidResult(result), JSON.stringify(result.validations)).toBe(true);
        expect(reportCountOf(result)).toBe(1);
        const stld = fileName.slice(0, fileName.lastIndexOf('.'));
        const unzipped = unzipToMap(bytes);
        const lint = xmllintSchema(unzipped.get(`${stld}/META-INF/taxonomyPackage.xml`)!, 'taxonomy-package.xsd');
        expect(lint.ok, lint.output).toBe(true);
        const catalog = unzipped.get(`${stld}/META-INF/catalog.xml`);
        if (catalog) expect(xmllintSchema(catalog, 'taxonomy-package-catalog.xsd').ok).toBe(true);
        // Every taxonomy file the report or an entry point names is mapped by the catalog.
        if (r.taxonomy.length > 0) expect(catalog).toBeDefined();
      }),
      { numRuns: 60 },
    );
  });
});
