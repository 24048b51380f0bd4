import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin.js';

/**
 * Maps an app:// request URL to a file inside the renderer folder, or refuses
 * it. The URL parser already folds plain `..` segments, but we refuse anything
 * traversal-shaped outright (raw or percent-encoded dots, encoded slashes or
 * backslashes, drive letters, empty segments, NUL) rather than rely on it:
 * a request that needs cleaning up is not one our own page makes.
 */
export type ResolvedRequest =
  | { ok: true; filePath: string; mimeType: string }
  | { ok: false; status: 400 | 403 | 404; reason: string };

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

const traversalInRawPath = /(^|\/|%2f|\\|%5c)(\.|%2e){1,2}(\/|%2f|\\|%5c|$|\?|#)/i;

export function resolveAppRequest(requestUrl: string, rootDir: string): ResolvedRequest {
  const root = resolve(rootDir);
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
    return { ok: false, status: 403, reason: `only ${APP_SCHEME}://${APP_HOST}/ is served` };
  }
  // Check the path as written, before the parser normalised it.
  const rawPath = requestUrl.slice(requestUrl.indexOf(APP_HOST) + APP_HOST.length).split(/[?#]/)[0] ?? '';
  if (traversalInRawPath.test(rawPath) || traversalInRawPath.test(url.pathname)) {
    return { ok: false, status: 403, reason: 'path traversal refused' };
  }

  const pathname = url.pathname === '/' ? '/index.html' : url.pathname;
  const segments: string[] = [];
  for (const encoded of pathname.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return { ok: false, status: 400, reason: 'malformed percent-encoding' };
    }
    if (
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      /[/\\\0:]/.test(segment) ||
      isAbsolute(segment)
    ) {
      return { ok: false, status: 403, reason: `path segment refused: ${JSON.stringify(segment)}` };
    }
    segments.push(segment);
  }

  const filePath = resolve(root, ...segments);
  const rel = relative(root, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || !filePath.startsWith(root + sep)) {
    return { ok: false, status: 403, reason: 'outside the renderer folder' };
  }
  const mimeType = mimeTypes[extname(filePath).toLowerCase()];
  if (!mimeType) return { ok: false, status: 404, reason: 'unsupported file type' };
  return { ok: true, filePath, mimeType };
}
