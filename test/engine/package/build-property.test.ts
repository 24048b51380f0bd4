/**
 * Property: any valid request builds a package that our validator passes
 * with exactly one report and no warning, whose metadata passes xmllint
 * against the official schemas, whose file name and STLD follow the
 * documented rules (computed here, not by the code under test), and whose
 * catalog maps every taxonomy URL the request uses onto a file in the zip
 * (checked with an independent raw-prefix resolver); building it twice gives
 * the same bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReportPackage, isValidResult, reportCountOf, validatePackage } from '../../../main/engine/package/index.js';
import { catalogRules, resolveThroughCatalog } from './catalog-resolver.js';
import { PUBLISHED_SCHEMA, b64, jszipOf, sampleInlineReport, sampleJsonReport, sampleXbrlReport, sampleXsd, unzipToMap, xmllintSchema } from './package-helpers.js';

const XML_UNSAFE = /[\u0000-\u001f\u007f\ufffe\uffff\ud800-\udfff]/;
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '' && !XML_UNSAFE.test(s));
// Windows device names (CON, nul, …) are refused in merged paths, so the generator avoids them.
const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/).filter((s) => !/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(s)),
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
    // Compared as Windows and macOS see paths: names differing only in case are one file there.
    const k = String(key(i)).toLowerCase();
    // Paths must not be both a file and a folder: keep only the first of any prefix family.
    for (const s of seen) if (s.startsWith(`${k.replace(/\.xsd$/, '')}/`) || k.startsWith(`${s.replace(/\.xsd$/, '')}/`)) return false;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** report-package.md section 4: the report's kind decides, unless an unconstrained reportPackage.json was given. */
function expectedExtension(reportKind: string, unconstrained: boolean): string {
  if (unconstrained) return 'zip';
  return ['xhtml', 'html', 'htm'].includes(reportKind) ? 'xbri' : 'xbr';
}

/** report-package.md section 4: / \\ : * ? " < > | and control characters replaced, surrounding blanks and trailing dots dropped. */
function expectedStld(name: string): string {
  return name.trim().replace(/[\u0000-\u001f/\\:*?"<>|]/g, '_').trim().replace(/[. ]+$/, '');
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
        // Without taxonomy files the report names a published taxonomy, which a package need not carry.
        const firstUrl = urls[0] ?? PUBLISHED_SCHEMA;
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
        const stld = expectedStld(r.reportPackageName);
        const fileName = `${stld}.${expectedExtension(r.reportKind, r.unconstrained)}`;
        const result = await validatePackage(fileName, bytes);
        expect(isValidResult(result), JSON.stringify(result.validations)).toBe(true);
        expect(reportCountOf(result)).toBe(1);
        // The one warning allowed: the published taxonomy a report without taxonomy files names is not installed here.
        const notInstalled = r.taxonomy.length === 0 ? ['taxonomyNotInstalled'] : [];
        expect(result.validations.flatMap((v) => v.messages.filter((m) => m.category !== 'info').map((m) => m.code))).toEqual(notInstalled);
        const unzipped = unzipToMap(bytes);
        expect([...new Set([...unzipped.keys()].map((k) => k.split('/')[0]))]).toEqual([stld]);
        expect(unzipped.has(`${stld}/reports/${r.reportBase}.${r.reportKind}`)).toBe(true);
        const lint = xmllintSchema(unzipped.get(`${stld}/META-INF/taxonomyPackage.xml`)!, 'taxonomy-package.xsd');
        expect(lint.ok, lint.output).toBe(true);
        const catalog = unzipped.get(`${stld}/META-INF/catalog.xml`);
        if (catalog) expect(xmllintSchema(catalog, 'taxonomy-package-catalog.xsd').ok).toBe(true);
        // Every taxonomy file the report or an entry point names is mapped by the catalog onto a file in the zip.
        if (r.taxonomy.length > 0) expect(catalog).toBeDefined();
        const rules = catalog ? catalogRules(catalog.toString('utf8')) : [];
        const used = [firstUrl, ...req.entrypoints.map((ep) => ep.entryPointDocument.href)];
        for (const url of used) {
          const target = resolveThroughCatalog(url, rules, stld);
          if (urls.includes(url)) {
            expect(target, `${url} through ${catalog?.toString('utf8')}`).toBeDefined();
            expect(unzipped.has(target!), `${url} → ${target}`).toBe(true);
          } else {
            expect(target, `${url} is not in the package, so the catalog must not claim it`).toBeUndefined();
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
