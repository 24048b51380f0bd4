/**
 * HMRC's CT2015 computations taxonomy package as published (the older
 * .taxonomyPackage.xml format), and the same package converted to Taxonomy
 * Packages 1.0: its remappings written as META-INF/catalog.xml rewriteURI
 * entries (relative to META-INF/, so "../" in front), its name, version and
 * entry points as META-INF/taxonomyPackage.xml, and .taxonomyPackage.xml
 * dropped. Read from ../shared, never copied into the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDir } from '../../helpers/shared.js';
import { rawZip, type RawEntry } from '../../fixtures/raw-zip.js';
import { openZip } from '../../../main/engine/package/zip-reader.js';
import { TAXONOMY_ZIP_LIMITS } from '../../../main/engine/taxonomy/read-package.js';

export const taxonomyPackagesDir = join(sharedDir, 'xbrl', 'taxonomy-packages');
export const CT2015_ZIP = join(taxonomyPackagesDir, 'CT2015-v1.3.0.zip');
export const FRC_2014_ZIP = join(taxonomyPackagesDir, 'FRC-Taxonomy-v2-1-0.zip');
export const CT2015_STLD = 'CT2015-v1.3.0';
export const CT2015_SAMPLE = `${CT2015_STLD}/instances/iXBRL-sample-ct-comp-2015.xhtml`;

let cached: Uint8Array | undefined;
export function ct2015Zip(): Uint8Array {
  return (cached ??= new Uint8Array(readFileSync(CT2015_ZIP)));
}

/** Every file of a zip by its name (directories left out). */
export function zipFiles(bytes: Uint8Array): Map<string, Uint8Array> {
  const archive = openZip(bytes, TAXONOMY_ZIP_LIMITS);
  return new Map(archive.entries.filter((e) => !e.isDirectory).map((e) => [e.name, new Uint8Array(archive.read(e))]));
}

/** HMRC's own sample computation from inside the package. */
export function ct2015Sample(): string {
  return new TextDecoder().decode(zipFiles(ct2015Zip()).get(CT2015_SAMPLE)!);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function ct2015AsTaxonomyPackages10(): Uint8Array {
  return legacyAsTaxonomyPackages10(ct2015Zip(), CT2015_STLD, {
    identifier: 'http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/package',
    publisher: 'HM Revenue &amp; Customs',
    publicationDate: '2015-10-16',
  });
}

/** The FRC's 2.1.0 package (the 2014-09-01 suite, older format) converted the same way. */
export function frc2014AsTaxonomyPackages10(): Uint8Array {
  return legacyAsTaxonomyPackages10(new Uint8Array(readFileSync(FRC_2014_ZIP)), 'FRC-Taxonomy-v2.1.0', {
    identifier: 'https://xbrl.frc.org.uk/2014-09-01/package',
    publisher: 'Financial Reporting Council',
    publicationDate: '2015-12-23',
  });
}

/** An older-format (.taxonomyPackage.xml) package as Taxonomy Packages 1.0: name and version from its metadata, the rest given. */
function legacyAsTaxonomyPackages10(bytes: Uint8Array, stld: string, about: { identifier: string; publisher: string; publicationDate: string }): Uint8Array {
  const files = zipFiles(bytes);
  const legacy = new TextDecoder().decode(files.get(`${stld}/.taxonomyPackage.xml`)!);
  const remappings = new Map<string, string>();
  for (const m of legacy.matchAll(/<remapping prefix="([^"]+)" replaceWith="([^"]+)"\/>/g)) remappings.set(m[1]!, m[2]!);
  const entryPoints = [...legacy.matchAll(/<entryPoint>\s*<name>([^<]+)<\/name>\s*<entryPointDocument href="([^"]+)"\/>/g)];
  const name = /<name>([^<]+)<\/name>/.exec(legacy)?.[1] ?? stld;
  const version = /<version>([^<]+)<\/version>/.exec(legacy)?.[1] ?? '';
  const catalog = `<?xml version="1.0" encoding="UTF-8"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
${[...remappings].map(([prefix, to]) => `  <rewriteURI uriStartString="${escape(prefix)}" rewritePrefix="../${escape(to)}"/>`).join('\n')}
</catalog>
`;
  const metadata = `<?xml version="1.0" encoding="UTF-8"?>
<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en">
  <tp:identifier>${about.identifier}</tp:identifier>
  <tp:name>${name}</tp:name>
  <tp:version>${version}</tp:version>
  <tp:publisher>${about.publisher}</tp:publisher>
  <tp:publicationDate>${about.publicationDate}</tp:publicationDate>
  <tp:entryPoints>
${entryPoints.map((m) => `    <tp:entryPoint><tp:name>${m[1]}</tp:name><tp:entryPointDocument href="${escape(m[2]!)}"/></tp:entryPoint>`).join('\n')}
  </tp:entryPoints>
</tp:taxonomyPackage>
`;
  const entries: RawEntry[] = [];
  for (const [file, data] of files) if (file !== `${stld}/.taxonomyPackage.xml`) entries.push({ name: file, data });
  entries.push({ name: `${stld}/META-INF/taxonomyPackage.xml`, data: new TextEncoder().encode(metadata) });
  entries.push({ name: `${stld}/META-INF/catalog.xml`, data: new TextEncoder().encode(catalog) });
  return new Uint8Array(rawZip(entries));
}

/** A small Taxonomy Packages 1.0 package of the given files (paths under its STLD) with its catalog and metadata. */
export function smallTaxonomyPackage(options: {
  stld?: string;
  name?: string;
  version?: string;
  identifier?: string;
  files: Record<string, string>;
  rewrites: Record<string, string>;
  entryPoints?: string[];
  metadata?: string;
  catalog?: string;
}): Uint8Array {
  const stld = options.stld ?? 'pkg';
  const enc = (s: string) => new TextEncoder().encode(s);
  const metadata =
    options.metadata ??
    `<?xml version="1.0" encoding="UTF-8"?>
<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en">
  <tp:identifier>${escape(options.identifier ?? `http://example.com/${options.name ?? 'test'}`)}</tp:identifier>
  <tp:name>${escape(options.name ?? 'Test taxonomy')}</tp:name>
  <tp:version>${escape(options.version ?? '1.0')}</tp:version>
  <tp:entryPoints>
${(options.entryPoints ?? []).map((e) => `    <tp:entryPoint><tp:name>${escape(e)}</tp:name><tp:entryPointDocument href="${escape(e)}"/></tp:entryPoint>`).join('\n')}
  </tp:entryPoints>
</tp:taxonomyPackage>
`;
  const catalog =
    options.catalog ??
    `<?xml version="1.0" encoding="UTF-8"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
${Object.entries(options.rewrites)
  .map(([from, to]) => `  <rewriteURI uriStartString="${escape(from)}" rewritePrefix="${escape(to)}"/>`)
  .join('\n')}
</catalog>
`;
  return new Uint8Array(
    rawZip([
      { name: `${stld}/META-INF/taxonomyPackage.xml`, data: enc(metadata) },
      { name: `${stld}/META-INF/catalog.xml`, data: enc(catalog) },
      ...Object.entries(options.files).map(([name, text]) => ({ name: `${stld}/${name}`, data: enc(text) })),
    ]),
  );
}
