/**
 * Reading taxonomy packages as a firm installs them: HMRC's CT2015 package in
 * the older .taxonomyPackage.xml format and converted to Taxonomy Packages
 * 1.0, the FRC's 2014 suite (the 2014 working-draft namespace), and broken
 * packages refused with reasons that name the file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathOfUrl } from '../../../main/engine/taxonomy/package-info.js';
import { readTaxonomyPackage } from '../../../main/engine/taxonomy/read-package.js';
import { rawZip } from '../../fixtures/raw-zip.js';
import { ct2015AsTaxonomyPackages10, ct2015Zip, FRC_2014_ZIP, smallTaxonomyPackage } from './ct2015.js';

const enc = (s: string) => new TextEncoder().encode(s);
const CT_ENTRY = 'http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd';

describe('reading a taxonomy package', () => {
  it("HMRC's CT2015 package in the older format: name, version, entry points and remappings into the zip", () => {
    const read = readTaxonomyPackage('CT2015-v1.3.0.zip', ct2015Zip());
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.info).toMatchObject({ id: 'ct2015-taxonomy-1.3.0', name: 'CT2015 Taxonomy', version: '1.3.0', format: 'taxonomy-package-remappings', stld: 'CT2015-v1.3.0', fileCount: 547 });
    expect(read.info.entryPoints).toHaveLength(13);
    expect(read.info.entryPoints).toContainEqual({ name: 'CT Computations Taxonomy', urls: [CT_ENTRY] });
    // The package lists some remappings twice with the same target: kept once.
    expect(new Set(read.info.remappings.map((r) => r.urlPrefix)).size).toBe(read.info.remappings.length);
    expect(pathOfUrl(CT_ENTRY, read.info)).toBe('CT2015-v1.3.0/www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd');
  });

  it('the same package converted to Taxonomy Packages 1.0 reads to the same entry points and mappings', () => {
    const legacy = readTaxonomyPackage('CT2015-v1.3.0.zip', ct2015Zip());
    const tp10 = readTaxonomyPackage('CT2015-tp10.zip', ct2015AsTaxonomyPackages10());
    if (!legacy.ok || !tp10.ok) throw new Error('not read');
    expect(tp10.info).toMatchObject({ id: 'ct2015-taxonomy-1.3.0', format: 'taxonomy-packages-1.0', identifier: 'http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/package', publisher: 'HM Revenue & Customs', publicationDate: '2015-10-16' });
    expect(tp10.info.entryPoints).toEqual(legacy.info.entryPoints);
    for (const url of legacy.info.entryPoints.flatMap((e) => e.urls)) expect(pathOfUrl(url, tp10.info)).toBe(pathOfUrl(url, legacy.info));
  });

  it("the FRC's 2014 suite, in the 2014 working draft's namespace, is read too", () => {
    const read = readTaxonomyPackage('FRC-Taxonomy-v2-1-0.zip', new Uint8Array(readFileSync(FRC_2014_ZIP)));
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.info).toMatchObject({ name: 'FRC Taxonomy', version: '2.1.0', stld: 'FRC-Taxonomy-v2.1.0' });
    expect(read.info.entryPoints.map((e) => e.name)).toContain('FRS-102');
  });
});

describe('a broken taxonomy package is refused with its reasons', () => {
  const problemsOf = (bytes: Uint8Array) => {
    const read = readTaxonomyPackage('broken.zip', bytes);
    expect(read.ok).toBe(false);
    return read.ok ? [] : read.problems;
  };

  it('not a zip', () => {
    expect(problemsOf(enc('hello'))).toEqual([expect.objectContaining({ code: 'tpe:invalidArchiveFormat', message: expect.stringMatching(/^broken\.zip is not a readable zip/) })]);
  });

  it('a zip with neither metadata file names both formats it looked for', () => {
    const problems = problemsOf(new Uint8Array(rawZip([{ name: 'pkg/a.xsd', data: enc('<schema/>') }])));
    expect(problems.map((p) => p.code)).toContain('tpe:metadataDirectoryNotFound');
    expect(problems.at(-1)!.message).toMatch(/neither META-INF\/taxonomyPackage\.xml .* nor \.taxonomyPackage\.xml/);
  });

  it('two top-level directories', () => {
    const problems = problemsOf(new Uint8Array(rawZip([{ name: 'a/x.xsd', data: enc('<x/>') }, { name: 'b/y.xsd', data: enc('<y/>') }])));
    expect(problems.map((p) => p.code)).toEqual(['tpe:invalidDirectoryStructure']);
  });

  it('a catalog with rewriteSystem names catalog.xml', () => {
    const bytes = smallTaxonomyPackage({
      files: { 'example.com/t.xsd': '<x/>' },
      rewrites: {},
      catalog: '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog"><rewriteSystem systemIdStartString="http://example.com/" rewritePrefix="../example.com/"/></catalog>',
    });
    expect(problemsOf(bytes)).toContainEqual(expect.objectContaining({ code: 'tpe:invalidCatalogFile', message: expect.stringMatching(/^pkg\/META-INF\/catalog\.xml: .*rewriteSystem/) }));
  });

  it('a remapping to a folder the package does not hold', () => {
    const bytes = smallTaxonomyPackage({ files: { 'example.com/t.xsd': '<x/>' }, rewrites: { 'http://example.com/': '../elsewhere/' } });
    expect(problemsOf(bytes)).toContainEqual({ code: 'remappingNotInPackage', message: 'pkg/META-INF/catalog.xml: "http://example.com/" is mapped to pkg/elsewhere/, which the package does not hold' });
  });

  it('a remapping that leaves the package', () => {
    const bytes = smallTaxonomyPackage({ files: { 'example.com/t.xsd': '<x/>' }, rewrites: { 'http://example.com/': '../../../outside/' } });
    expect(problemsOf(bytes)).toContainEqual(expect.objectContaining({ code: 'tpe:invalidCatalogFile', message: expect.stringMatching(/outside the package's top-level directory/) }));
  });

  it('a publication date that is not a date (the Taxonomy Packages schema)', () => {
    const bytes = smallTaxonomyPackage({
      files: { 'example.com/t.xsd': '<x/>' },
      rewrites: { 'http://example.com/': '../example.com/' },
      metadata:
        '<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en"><tp:identifier>http://example.com/p</tp:identifier><tp:name>P</tp:name><tp:publicationDate>15/01/2025</tp:publicationDate></tp:taxonomyPackage>',
    });
    expect(problemsOf(bytes)).toContainEqual(expect.objectContaining({ code: 'tpe:invalidMetaDataFile', message: expect.stringMatching(/taxonomyPackage\.xml: .*15\/01\/2025/) }));
  });

  it('the older format with one prefix sent to two places', () => {
    const legacy = `<taxonomyPackage xmlns="http://www.corefiling.com/xbrl/taxonomypackage/v1"><name>T</name><version>1</version><remappings>
      <remapping prefix="http://example.com/" replaceWith="a/"/><remapping prefix="http://example.com/" replaceWith="b/"/></remappings></taxonomyPackage>`;
    const problems = problemsOf(new Uint8Array(rawZip([{ name: 'p/.taxonomyPackage.xml', data: enc(legacy) }, { name: 'p/a/t.xsd', data: enc('<x/>') }])));
    expect(problems).toEqual([{ code: 'invalidLegacyMetadata', message: 'p/.taxonomyPackage.xml: the prefix "http://example.com/" is remapped twice, to "a/" and to "b/"' }]);
  });

  it('entry points none of which is in the package', () => {
    const bytes = smallTaxonomyPackage({ files: { 'example.com/t.xsd': '<x/>' }, rewrites: { 'http://example.com/': '../example.com/' }, entryPoints: ['http://example.com/missing.xsd'] });
    expect(problemsOf(bytes).map((p) => p.code)).toContain('entryPointNotInPackage');
  });
});
