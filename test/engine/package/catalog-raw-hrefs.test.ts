/**
 * catalog.xml must match the hrefs as the request spells them: processors
 * such as Arelle compare raw string prefixes (url.startswith(uriStartString)),
 * so a catalog written from normalised URLs (lower-case host, no default
 * port, %-encoded non-ASCII, resolved "..") never matches. Each spelling
 * below is built into a package and resolved with an independent raw-prefix
 * resolver; the validator's own resolver must see a catalog that does not match.
 */
import { describe, expect, it } from 'vitest';
import { createReportPackage, validatePackage } from '../../../main/engine/package/index.js';
import { rawZip } from '../../fixtures/raw-zip.js';
import { catalogRules, resolveThroughCatalog } from './catalog-resolver.js';
import { b64, jszipOf, sampleInlineReport, sampleXsd, unzipToMap } from './package-helpers.js';

const base = {
  name: 'ACME',
  identifier: 'http://example.com/acme/package',
  reportPackageName: 'P',
  reportName: 'acme.xhtml',
};

describe('catalog rewrites from hrefs as written', () => {
  it.each([
    ['HTTP://EXAMPLE.COM/acme/x.xsd', 'example.com/acme/x.xsd'],
    ['http://example.com/café/x.xsd', 'example.com/café/x.xsd'],
    ['http://example.com/caf%C3%A9/x.xsd', 'example.com/café/x.xsd'],
    ['http://example.com/a b/x.xsd', 'example.com/a b/x.xsd'],
    ['http://example.com/b/../acme/x.xsd', 'example.com/acme/x.xsd'],
    ['http://example.com:80/acme/x.xsd', 'example.com/acme/x.xsd'],
    ['https://example.com:443/acme/x.xsd', 'example.com/acme/x.xsd'],
  ])('%s (file at %s) resolves through the catalog as written', async (href, path) => {
    const response = await createReportPackage(
      {
        ...base,
        reportBase64Content: b64(sampleInlineReport(href)),
        entrypoints: [{ name: 'EP', entryPointDocument: { href } }],
        base64ZipFiles: await jszipOf({ [path]: sampleXsd, 'other/readme.txt': 'x' }),
      },
      { includeHash: false },
    );
    const files = unzipToMap(Buffer.from(response.zipContentBase64, 'base64'));
    const catalog = files.get('P/META-INF/catalog.xml');
    expect(catalog, 'a catalog is written').toBeDefined();
    const target = resolveThroughCatalog(href, catalogRules(catalog!.toString('utf8')), 'P');
    expect(target, catalog!.toString('utf8')).toBe(`P/${path}`);
    expect(files.has(target!)).toBe(true);
  });
});

describe('the validator resolves entry points by raw prefix too', () => {
  const tp = (href: string) =>
    `<?xml version="1.0"?><tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en"><tp:identifier>http://x/</tp:identifier><tp:entryPoints><tp:entryPoint><tp:entryPointDocument href="${href}"/></tp:entryPoint></tp:entryPoints></tp:taxonomyPackage>`;
  const catalog = (start: string) =>
    `<?xml version="1.0"?><catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog"><rewriteURI uriStartString="${start}" rewritePrefix="../example.com/acme/"/></catalog>`;
  const pkg = (href: string, start: string) =>
    rawZip([
      { name: 'P/META-INF/taxonomyPackage.xml', data: new TextEncoder().encode(tp(href)) },
      { name: 'P/META-INF/catalog.xml', data: new TextEncoder().encode(catalog(start)) },
      { name: 'P/example.com/acme/x.xsd', data: new TextEncoder().encode(sampleXsd) },
    ]);
  const warnings = async (href: string, start: string) =>
    (await validatePackage('p.zip', pkg(href, start))).validations.flatMap((v) => v.messages.filter((m) => m.category === 'warning'));

  it('is clean when the start string is a prefix of the href as written', async () => {
    expect(await warnings('HTTP://EXAMPLE.COM/acme/x.xsd', 'HTTP://EXAMPLE.COM/acme/')).toEqual([]);
    expect(await warnings('http://example.com/acme/x.xsd', 'http://example.com/acme/')).toEqual([]);
  });

  it('warns, naming the href, when only the normalised URL matches the catalog', async () => {
    const found = await warnings('HTTP://EXAMPLE.COM/acme/x.xsd', 'http://example.com/acme/');
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe('entryPointNotMappedByCatalog');
    expect(found[0]!.message).toContain('HTTP://EXAMPLE.COM/acme/x.xsd');
    const port = await warnings('http://example.com:80/acme/x.xsd', 'http://example.com/acme/');
    expect(port.map((w) => w.code)).toEqual(['entryPointNotMappedByCatalog']);
  });
});
