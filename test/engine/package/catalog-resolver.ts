/**
 * An independent catalog resolver for tests, written the way Arelle applies
 * a taxonomy package catalog: the href exactly as written is compared with
 * each uriStartString as a plain string prefix (the longest wins), the rest
 * is appended to rewritePrefix, the result is resolved against META-INF/ and
 * its %-escapes decoded into a path inside the zip. No URL normalisation, so a
 * catalog written from normalised URLs does not match raw hrefs here either.
 */
export interface CatalogRule {
  uriStartString: string;
  rewritePrefix: string;
}

const unescapeXml = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d))).replace(/&amp;/g, '&');

export function catalogRules(catalogXml: string): CatalogRule[] {
  const rules: CatalogRule[] = [];
  for (const [tag] of catalogXml.matchAll(/<rewriteURI\b[^>]*>/g)) {
    const start = /uriStartString="([^"]*)"/.exec(tag)?.[1];
    const prefix = /rewritePrefix="([^"]*)"/.exec(tag)?.[1];
    if (start !== undefined && prefix !== undefined) rules.push({ uriStartString: unescapeXml(start), rewritePrefix: unescapeXml(prefix) });
  }
  return rules;
}

/** The zip entry an absolute URL maps to, or undefined when no rule's start string is a prefix of the URL as written. */
export function resolveThroughCatalog(url: string, rules: CatalogRule[], stld: string): string | undefined {
  const rule = rules.filter((r) => url.startsWith(r.uriStartString)).sort((a, b) => b.uriStartString.length - a.uriStartString.length)[0];
  if (!rule) return undefined;
  const mapped = rule.rewritePrefix + url.slice(rule.uriStartString.length);
  // The STLD is a zip path, not part of the URI: only the mapped reference's segments are %-decoded.
  const segments = [stld, 'META-INF'];
  for (const segment of mapped.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(decodeURIComponent(segment));
  }
  return segments.join('/');
}
