/**
 * Our taxonomyPackage.xml / catalog.xml schema rules against the oracle:
 * xmllint --schema with the official XSDs, on generated documents mixing
 * valid and invalid order, cardinality, types and namespaces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCatalogXml } from '../../../main/engine/package/catalog-file.js';
import { checkTaxonomyPackageXml } from '../../../main/engine/package/taxonomy-package-metadata.js';
import { xmllintSchema } from './package-helpers.js';

const uri = fc.constantFrom('http://example.com/a', 'urn:example:pkg', 'rel/path.xsd', 'http://example.com/a b', '%zz', 'a#b#c', ':x', '');
const date = fc.constantFrom('2025-01-15', '2024-02-29', '2025-02-29', '15/01/2025', '2025-01-15T10:00:00', '2025-01-15Z', '2025-01-15+14:00', '2025-01-15+15:00', '-0001-01-01');
const country = fc.constantFrom('GB', 'DE', 'gb', 'G', 'GBR', 'G1');
const lang = fc.constantFrom('en', 'en-GB', 'x', 'en_GB', 'toolongtag', '1en', ' en ');

const entryPointChild = fc.oneof(
  fc.constant('<tp:name>EP</tp:name>'),
  fc.constant('<tp:description>D</tp:description>'),
  fc.constant('<tp:version>1</tp:version>'),
  uri.map((u) => `<tp:entryPointDocument href="${u}"/>`),
  fc.constant('<tp:entryPointDocument/>'),
  lang.map((l) => `<tp:languages><tp:language>${l}</tp:language></tp:languages>`),
  fc.constant('<ext:note xmlns:ext="http://ext.example/">n</ext:note>'),
);

const rootChild = fc.oneof(
  { weight: 4, arbitrary: uri.map((u) => `<tp:identifier>${u}</tp:identifier>`) },
  fc.constant('<tp:name>N</tp:name>'),
  fc.constant('<tp:description>D</tp:description>'),
  fc.constant('<tp:version>1</tp:version>'),
  uri.map((u) => `<tp:license href="${u}" name="L"/>`),
  fc.constant('<tp:license href="http://x/"/>'),
  fc.constant('<tp:publisher>P</tp:publisher>'),
  uri.map((u) => `<tp:publisherURL>${u}</tp:publisherURL>`),
  country.map((c) => `<tp:publisherCountry>${c}</tp:publisherCountry>`),
  date.map((d) => `<tp:publicationDate>${d}</tp:publicationDate>`),
  { weight: 3, arbitrary: fc.array(fc.array(entryPointChild, { maxLength: 5 }), { maxLength: 2 }).map((eps) => `<tp:entryPoints>${eps.map((c) => `<tp:entryPoint>${c.join('')}</tp:entryPoint>`).join('')}</tp:entryPoints>`) },
  uri.map((u) => `<tp:supersededTaxonomyPackages><tp:taxonomyPackageRef>${u}</tp:taxonomyPackageRef></tp:supersededTaxonomyPackages>`),
  fc.constant('<tp:versioningReports><tp:versioningReport href="v.xml"/></tp:versioningReports>'),
  fc.constant('<tp:unknownElement/>'),
  fc.constant('<ext:extra xmlns:ext="http://ext.example/"/>'),
  fc.constant('<plain/>'),
  fc.constant('stray text'),
);

const document = fc.record({
  lang,
  children: fc.array(rootChild, { maxLength: 9 }),
  ns: fc.constantFrom('http://xbrl.org/2016/taxonomy-package', 'http://xbrl.org/2016/taxonomy-package', 'http://wrong.example/'),
});

describe('taxonomy package metadata rules agree with xmllint --schema', () => {
  it('gives the same verdict as the official XSD on generated documents', () => {
    fc.assert(
      fc.property(document, (d) => {
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<tp:taxonomyPackage xmlns:tp="${d.ns}" xml:lang="${d.lang}">${d.children.join('')}</tp:taxonomyPackage>\n`;
        const bytes = new TextEncoder().encode(xml);
        const ours = checkTaxonomyPackageXml(bytes).problems.filter((p) => p.code === 'tpe:invalidMetaDataFile');
        const oracle = xmllintSchema(bytes, 'taxonomy-package.xsd');
        expect(ours.length === 0, `${xml}\nours: ${JSON.stringify(ours)}\nxmllint: ${oracle.output}`).toBe(oracle.ok);
      }),
      { numRuns: 250 },
    );
  });

  it('reports missing and duplicate languages (rules beyond the XSD)', () => {
    const missing = checkTaxonomyPackageXml(
      new TextEncoder().encode('<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package"><tp:identifier>http://x/</tp:identifier><tp:name>N</tp:name></tp:taxonomyPackage>'),
    );
    expect(missing.problems.map((p) => p.code)).toEqual(['tpe:missingLanguageAttribute']);
    const duplicate = checkTaxonomyPackageXml(
      new TextEncoder().encode(
        '<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en"><tp:identifier>http://x/</tp:identifier><tp:name>N</tp:name><tp:name xml:lang="EN">M</tp:name><tp:name xml:lang="de">O</tp:name></tp:taxonomyPackage>',
      ),
    );
    expect(duplicate.problems.map((p) => p.code)).toEqual(['tpe:duplicateLanguagesForElement']);
  });
});

// xs:ID values: NCNames (unique in the document) and values that are not NCNames at all.
const catalogId = fc.option(fc.constantFrom('a', 'b', '_x.1', 'é-1', '1bad', ' a ', '', 'x:y', 'a b'), { nil: undefined });
const idAttr = (id: string | undefined) => (id === undefined ? '' : ` id="${id}"`);
// rewriteURI has empty content: no text (even blanks or a CDATA section), no child element; comments are fine.
// (An empty "<![CDATA[]]>" is left out: xmldom drops it from the tree, so the checker cannot see what libxml2 refuses.)
const rewriteContent = fc.constantFrom('', '', ' ', 'text', '<![CDATA[ ]]>', '<!-- note -->', '<rewriteURI uriStartString="http://z/" rewritePrefix="../z/"/>', '<e:x xmlns:e="urn:e"/>');

const catalogChild = fc.oneof(
  fc
    .record({ start: fc.constantFrom('a/', 'b/'), id: catalogId, content: rewriteContent })
    .map(({ start, id, content }) =>
      content === ''
        ? `<rewriteURI${idAttr(id)} uriStartString="http://x/${start}" rewritePrefix="../x/${start}"/>`
        : `<rewriteURI${idAttr(id)} uriStartString="http://x/${start}" rewritePrefix="../x/${start}">${content}</rewriteURI>`,
    ),
  fc.constant('<rewriteURI uriStartString="http://x/"/>'),
  fc.constant('<rewriteSystem systemIdStartString="http://x/" rewritePrefix="../x/"/>'),
  fc.constant('<rewriteURI uriStartString="http://y/" rewritePrefix="../y/" bogus="1"/>'),
  fc.constant('<ext:other xmlns:ext="http://ext.example/"/>'),
);

describe('catalog.xml rules agree with xmllint --schema', () => {
  it('gives the same verdict as the official XSD on generated catalogs', () => {
    fc.assert(
      fc.property(fc.array(catalogChild, { maxLength: 4 }), catalogId, (children, rootId) => {
        const xml = `<?xml version="1.0"?>\n<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog"${idAttr(rootId)}>${children.join('')}</catalog>\n`;
        const bytes = new TextEncoder().encode(xml);
        const ours = checkCatalogXml(bytes).problems.filter((p) => p.code === 'tpe:invalidCatalogFile');
        const oracle = xmllintSchema(bytes, 'taxonomy-package-catalog.xsd');
        expect(ours.length === 0, `${xml}\nours: ${JSON.stringify(ours)}\nxmllint: ${oracle.output}`).toBe(oracle.ok);
      }),
      { numRuns: 300 },
    );
  });
});

describe('catalog.xml cases the review found looser than the XSD', () => {
  const catalog = (inner: string, rootAttrs = '') => `<?xml version="1.0"?><catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog"${rootAttrs}>${inner}</catalog>`;
  it.each([
    catalog('<rewriteURI uriStartString="http://x/" rewritePrefix="../x/">text</rewriteURI>'),
    catalog('<rewriteURI uriStartString="http://x/" rewritePrefix="../x/"><rewriteURI uriStartString="http://y/" rewritePrefix="../y/"/></rewriteURI>'),
    catalog('<rewriteURI uriStartString="http://x/" rewritePrefix="../x/"><e:x xmlns:e="urn:e"/></rewriteURI>'),
    catalog('<rewriteURI id="1bad" uriStartString="http://x/" rewritePrefix="../x/"/>'),
    catalog('<rewriteURI id="a" uriStartString="http://x/" rewritePrefix="../x/"/><rewriteURI id="a" uriStartString="http://y/" rewritePrefix="../y/"/>'),
    catalog('<rewriteURI id=" a " uriStartString="http://x/" rewritePrefix="../x/"/>', ' id="a"'),
  ])('refuses %s as xmllint does', (xml) => {
    const bytes = new TextEncoder().encode(xml);
    expect(xmllintSchema(bytes, 'taxonomy-package-catalog.xsd').ok).toBe(false);
    expect(checkCatalogXml(bytes).problems.map((p) => p.code)).toContain('tpe:invalidCatalogFile');
  });
});
