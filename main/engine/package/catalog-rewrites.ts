/**
 * Works out catalog.xml for a built package (report-package.md section 4):
 * a published taxonomy's file http://host/dir/file.xsd is stored at
 * host/dir/file.xsd under the STLD, so for every absolute http(s) URL the
 * entry points or the report use, whose file is in the package, the catalog
 * maps http://host/dir/ to ../host/dir/ (relative to META-INF/).
 */
import type { RewriteRule } from './catalog-file.js';

export function catalogRewrites(urls: string[], packagePaths: ReadonlySet<string>): RewriteRule[] {
  const directories = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.search || url.hash || url.username || url.password) continue;
    let local: string;
    try {
      local = decodeURIComponent(`${url.host}${url.pathname}`);
    } catch {
      continue;
    }
    if (!packagePaths.has(local)) continue;
    directories.add(`${url.protocol}//${url.host}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`);
  }
  // A directory under one already mapped is covered by that rewrite.
  const sorted = [...directories].sort();
  const kept = sorted.filter((d) => !sorted.some((other) => other !== d && d.startsWith(other)));
  return kept.map((d) => {
    const url = new URL(d);
    return { uriStartString: d, rewritePrefix: `../${url.host}${url.pathname}` };
  });
}

/** The taxonomy URLs a report names: link:schemaRef hrefs (XML/inline) or documentInfo.taxonomy (JSON). */
export function taxonomyReferencesOfReport(content: Uint8Array, kind: 'inline' | 'xbrl' | 'json'): string[] {
  const text = new TextDecoder('utf-8').decode(content);
  if (kind === 'json') {
    try {
      const json = JSON.parse(text.replace(/^\uFEFF/, '')) as { documentInfo?: { taxonomy?: unknown } };
      const taxonomy = json.documentInfo?.taxonomy;
      return Array.isArray(taxonomy) ? taxonomy.filter((t): t is string => typeof t === 'string') : [];
    } catch {
      return [];
    }
  }
  const out: string[] = [];
  for (const tag of text.matchAll(/<(?:[\w.-]+:)?schemaRef\b[^>]*>/g)) {
    const href = /\b(?:[\w.-]+:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag[0]);
    const value = href?.[1] ?? href?.[2];
    if (value) out.push(value.replace(/&amp;/g, '&'));
  }
  return out;
}
