/**
 * The one place that says how a URL and a place in the package stand for each
 * other (report-package.md section 4, Taxonomy Packages 1.0 §6):
 * - a published taxonomy keeps the file whose URL is http://host/dir/file.xsd
 *   at host/dir/file.xsd under the STLD (`publishedPlaceOf`);
 * - while references are resolved, a file of the zip has an address on a host
 *   of its own, so relative references resolve against it the way they
 *   resolve against a URL (`addressOfPath`, `pathOfAddress`);
 * - a catalog's rewriteURI applies by the longest start string that is a plain
 *   string prefix of the URL (`longestRewrite`), as Arelle compares them.
 */
import type { RewriteRule } from './catalog-file.js';

/** Stands for the zip while resolving: a URL on this host is a place in the package. */
export const PACKAGE_HOST = 'package.invalid';
const PACKAGE_ROOT = `http://${PACKAGE_HOST}/`;

/** Scheme, authority and path only: a query, fragment or user name has no place in a file path. */
const PLAIN_HTTP_URL = /^https?:\/\/[^/?#@]+\/[^?#]*$/i;

/** An absolute http(s) URL with nothing but a host and a path, as written. */
export function isPlainHttpUrl(s: string): boolean {
  return PLAIN_HTTP_URL.test(s);
}

/**
 * Where a published taxonomy keeps the file at `url`: its host and decoded
 * path, "http://example.com/acme/a.xsd" → "example.com/acme/a.xsd" (relative
 * to the STLD). Undefined for a URL that is not http(s), whose %-escapes do
 * not decode, or (a string only) that carries a query, a fragment or a user
 * name. A folder's URL gives its place with the trailing "/".
 */
export function publishedPlaceOf(url: string | URL): string | undefined {
  let parsed: URL;
  if (typeof url === 'string') {
    if (!PLAIN_HTTP_URL.test(url)) return undefined;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
  } else {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    parsed = url;
  }
  try {
    return decodeURIComponent(`${parsed.host}${parsed.pathname}`);
  } catch {
    return undefined;
  }
}

/** `publishedPlaceOf` for a file: undefined for a folder or a place with an empty, "." or ".." segment (decoded from %2E and the like). */
export function publishedFilePlaceOf(url: string): string | undefined {
  const place = publishedPlaceOf(url);
  return place === undefined || place.split('/').some((s) => s === '' || s === '.' || s === '..') ? undefined : place;
}

/** A path of the zip as a URL on the package host; each segment escaped whole so "#" or "?" in a name stays part of the path. */
export function addressOfPath(path: string): string {
  return new URL(path.split('/').map(encodeURIComponent).join('/'), PACKAGE_ROOT).href;
}

/** The zip path of an address on the package host; undefined for another host or an escape that does not decode. */
export function pathOfAddress(url: string | URL): string | undefined {
  try {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    if (parsed.host !== PACKAGE_HOST) return undefined;
    return decodeURIComponent(parsed.pathname.slice(1));
  } catch {
    return undefined;
  }
}

/** The rule with the longest start string that is a plain string prefix of `url`. */
export function longestRewrite(url: string, rewrites: readonly RewriteRule[]): RewriteRule | undefined {
  let best: RewriteRule | undefined;
  for (const r of rewrites) if (url.startsWith(r.uriStartString) && (!best || r.uriStartString.length > best.uriStartString.length)) best = r;
  return best;
}
