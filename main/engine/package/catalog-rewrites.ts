/**
 * Works out catalog.xml for a built package (report-package.md section 4):
 * a published taxonomy's file http://host/dir/file.xsd is stored at
 * host/dir/file.xsd under the STLD, so for every absolute http(s) URL the
 * entry points or the report use, whose file is in the package, the catalog
 * maps the URL's directory to ../host/dir/ (relative to META-INF/).
 *
 * The start string is the directory exactly as the href spells it: Arelle
 * and other processors compare the href as written with uriStartString as a
 * plain string prefix, so a start string taken from the normalised URL
 * (lower-case host, no default port, %-encoded non-ASCII, resolved "..")
 * would never match "HTTP://EXAMPLE.COM/…" or "…/café/…". When normalising
 * changes the directory, its normalised spelling is mapped as well, for
 * processors that normalise before they look the URL up.
 */
import type { RewriteRule } from './catalog-file.js';
import { publishedFilePlaceOf } from './package-addresses.js';

export function catalogRewrites(urls: string[], packagePaths: ReadonlySet<string>): RewriteRule[] {
  const prefixOfStart = new Map<string, string>();
  for (const raw of urls) {
    const mapping = directoryMapping(raw, packagePaths);
    if (!mapping) continue;
    for (const start of mapping.startStrings) {
      if (!prefixOfStart.has(start)) prefixOfStart.set(start, mapping.rewritePrefix);
    }
  }
  const rules = [...prefixOfStart]
    .map(([uriStartString, rewritePrefix]) => ({ uriStartString, rewritePrefix }))
    .sort((a, b) => (a.uriStartString < b.uriStartString ? -1 : a.uriStartString > b.uriStartString ? 1 : 0));
  return rules.filter((rule) => !rules.some((other) => other !== rule && covers(other, rule)));
}

/**
 * A rule is redundant when a shorter one maps every URL it matches to the
 * same place: the rest of the start string carries over unchanged (no
 * %-escape or case the longer rule had to translate).
 */
function covers(shorter: RewriteRule, longer: RewriteRule): boolean {
  return (
    longer.uriStartString.startsWith(shorter.uriStartString) &&
    shorter.rewritePrefix + longer.uriStartString.slice(shorter.uriStartString.length) === longer.rewritePrefix
  );
}

/** For an http(s) URL whose file is in the package: its directory as written (and normalised) → ../<its directory in the package>/. */
function directoryMapping(raw: string, packagePaths: ReadonlySet<string>): { startStrings: string[]; rewritePrefix: string } | undefined {
  const local = publishedFilePlaceOf(raw);
  if (local === undefined) return undefined;
  if (!packagePaths.has(local)) return undefined;
  const directoryOf = (s: string) => s.slice(0, s.lastIndexOf('/') + 1);
  const written = directoryOf(raw);
  const normalised = directoryOf(new URL(raw).href);
  return {
    startStrings: written === normalised ? [written] : [written, normalised],
    rewritePrefix: `../${uriPathOf(directoryOf(local))}`,
  };
}

/** The package path as a URI reference: only the characters that would change its meaning are escaped. */
function uriPathOf(path: string): string {
  return path.replace(/%/g, '%25').replace(/#/g, '%23').replace(/\?/g, '%3F');
}
