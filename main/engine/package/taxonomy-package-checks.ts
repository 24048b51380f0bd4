/**
 * The taxonomy-package rules of report-package.md section 3: META-INF and
 * taxonomyPackage.xml present, the metadata valid, catalog.xml valid, and
 * (as a warning) entry point documents that the package does not contain.
 */
import { checkCatalogXml, type RewriteRule } from './catalog-file.js';
import type { Findings } from './findings.js';
import type { ReadEntry } from './report-package-checks.js';
import { checkTaxonomyPackageXml } from './taxonomy-package-metadata.js';

export function checkTaxonomyPackage(
  names: string[],
  stld: string,
  read: ReadEntry,
  findings: Findings,
  required: boolean,
): void {
  const metaInf = `${stld}/META-INF/`;
  const metadataName = `${metaInf}taxonomyPackage.xml`;
  const catalogName = `${metaInf}catalog.xml`;
  const metadata = read(metadataName);
  if (metadata === undefined) {
    if (!required) return;
    if (!names.some((n) => n.startsWith(metaInf))) {
      findings.error('taxonomy', 'tpe:metadataDirectoryNotFound', 'the package has no META-INF directory under its top-level directory', metaInf);
    } else {
      findings.error('taxonomy', 'tpe:metadataFileNotFound', 'META-INF has no taxonomyPackage.xml', metadataName);
    }
    return;
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
    const target = resolveInPackage(href, bases, rewrites, metaInf);
    if (target !== undefined && !present.has(target)) {
      findings.add('taxonomy', 'warning', 'entryPointNotInPackage', `entry point document "${href}" is not in the package (looked for ${target})`, metadataName);
    }
  }
}

/**
 * Where an entry point's href lands inside the package: relative hrefs (after
 * any xml:base) resolve against META-INF/, absolute ones through the longest
 * matching rewriteURI. Undefined when the document is outside the package by
 * design (no rewrite applies) or the href cannot be resolved.
 */
export function resolveInPackage(href: string, bases: string[], rewrites: RewriteRule[], metaInf: string): string | undefined {
  const packageRoot = 'http://package.invalid/';
  try {
    let base = new URL(encodeURI(metaInf), packageRoot);
    for (const b of bases) base = new URL(b, base);
    let target = new URL(href, base);
    if (target.host !== 'package.invalid') {
      const absolute = target.href;
      const rule = rewrites
        .filter((r) => absolute.startsWith(r.uriStartString))
        .sort((a, b) => b.uriStartString.length - a.uriStartString.length)[0];
      if (!rule) return undefined;
      target = new URL(rule.rewritePrefix + absolute.slice(rule.uriStartString.length), new URL(encodeURI(metaInf), packageRoot));
      if (target.host !== 'package.invalid') return undefined;
    }
    return decodeURIComponent(target.pathname.slice(1));
  } catch {
    return undefined;
  }
}
