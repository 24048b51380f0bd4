/**
 * The taxonomy-package rules of report-package.md section 3: META-INF and
 * taxonomyPackage.xml present, the metadata valid, catalog.xml valid, and
 * (as a warning) entry point documents that the package does not contain.
 */
import { checkCatalogXml, type RewriteRule } from './catalog-file.js';
import type { Findings } from './findings.js';
import { addressOfPath, longestRewrite, PACKAGE_HOST } from './package-addresses.js';
import type { ReadEntry } from './report-package-checks.js';
import { checkTaxonomyPackageXml } from './taxonomy-package-metadata.js';

/** Returns catalog.xml's rewrites ([] without a catalog) once taxonomyPackage.xml is there, so later checks need not read the catalog again; undefined when it is not. */
export function checkTaxonomyPackage(
  names: string[],
  stld: string,
  read: ReadEntry,
  findings: Findings,
  required: boolean,
): RewriteRule[] | undefined {
  const metaInf = `${stld}/META-INF/`;
  const metadataName = `${metaInf}taxonomyPackage.xml`;
  const catalogName = `${metaInf}catalog.xml`;
  const metadata = read(metadataName);
  if (metadata === undefined) {
    if (!required) return undefined;
    if (!names.some((n) => n.startsWith(metaInf))) {
      findings.error('taxonomy', 'tpe:metadataDirectoryNotFound', `the package has no ${metaInf} directory under its top-level directory`, `${stld}/`);
    } else {
      findings.error('taxonomy', 'tpe:metadataFileNotFound', `META-INF has no taxonomyPackage.xml (looked for ${metadataName})`, metaInf);
    }
    return undefined;
  }
  findings.taxonomyChecked = true;
  const { problems, metadata: parsed } = checkTaxonomyPackageXml(metadata);
  for (const p of problems) findings.error('taxonomy', p.code, p.message, metadataName);

  let rewrites: RewriteRule[] = [];
  const catalog = read(catalogName);
  if (catalog !== undefined) {
    const result = checkCatalogXml(catalog);
    for (const p of result.problems) findings.error('taxonomy', p.code, p.message, catalogName);
    rewrites = result.rewrites;
  }
  const present = new Set(names.map((n) => (n.endsWith('/') ? n.slice(0, -1) : n)));
  for (const { href, bases } of parsed.entryPointHrefs) {
    const resolution = resolveInPackage(href, bases, rewrites, metaInf);
    if (resolution?.kind === 'inPackage' && !present.has(resolution.path)) {
      findings.add('taxonomy', 'warning', 'entryPointNotInPackage', `entry point document "${href}" is not in the package (looked for ${resolution.path})`, metadataName);
    }
    if (resolution?.kind === 'onlyWhenNormalised') {
      findings.add(
        'taxonomy',
        'warning',
        'entryPointNotMappedByCatalog',
        `entry point document "${href}" matches the catalog's rewriteURI "${resolution.uriStartString}" only after URL normalisation; processors that compare the href as written (Arelle among them) will not map it into the package`,
        catalogName,
      );
    }
  }
  return rewrites;
}

export type EntryPointResolution =
  | { kind: 'inPackage'; path: string }
  /** A rewrite would apply to the normalised URL but not to the href as written. */
  | { kind: 'onlyWhenNormalised'; uriStartString: string };

/**
 * Where an entry point's href lands inside the package: relative hrefs (after
 * any xml:base) resolve against META-INF/; absolute ones through the longest
 * rewriteURI whose start string is a prefix of the URL as written, compared
 * as plain strings the way Arelle does. Undefined when the document is
 * outside the package by design (no rewrite applies at all) or the href
 * cannot be resolved.
 */
export function resolveInPackage(href: string, bases: string[], rewrites: RewriteRule[], metaInf: string): EntryPointResolution | undefined {
  try {
    const metaInfUrl = new URL(addressOfPath(metaInf));
    let base = metaInfUrl;
    for (const b of bases) base = new URL(b, base);
    const target = new URL(href, base);
    if (target.host === PACKAGE_HOST) return { kind: 'inPackage', path: decodeURIComponent(target.pathname.slice(1)) };
    // The URL as written: the href itself when it is absolute, else what xml:base made of it.
    const written = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(href.trim()) ? href.trim() : target.href;
    const rule = longestRewrite(written, rewrites);
    if (!rule) {
      const normalisedRule = longestRewrite(target.href, rewrites);
      return normalisedRule ? { kind: 'onlyWhenNormalised', uriStartString: normalisedRule.uriStartString } : undefined;
    }
    const mapped = new URL(rule.rewritePrefix + written.slice(rule.uriStartString.length), metaInfUrl);
    if (mapped.host !== PACKAGE_HOST) return undefined;
    return { kind: 'inPackage', path: decodeURIComponent(mapped.pathname.slice(1)) };
  } catch {
    return undefined;
  }
}
