import { realpath as fsRealpath } from 'node:fs';
import { readFile as fsReadFile } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { promisify } from 'node:util';
import { contentSecurityPolicyHeader } from './content-security-policy.js';
import { resolveAppRequest } from './protocol-path.js';

/**
 * The app:// protocol handler: serves files from the built renderer folder
 * only, with the CSP and hardening headers on every response. Written against
 * the web Request/Response types (what Electron's protocol.handle uses) so it
 * runs and is tested in plain Node.
 */
export interface AppProtocolOptions {
  rootDir: string;
  readFile?: (path: string) => Promise<Uint8Array>;
  /** Resolves symbolic links; fs.realpath by default (which Electron also teaches to read inside app.asar). */
  realpath?: (path: string) => Promise<string>;
}

/** True when `path` is `root` itself or below it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export function securityHeaders(mimeType: string): Record<string, string> {
  return {
    'Content-Type': mimeType,
    'Content-Security-Policy': contentSecurityPolicyHeader(),
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const readFile = options.readFile ?? ((path: string) => fsReadFile(path));
  const realpath = options.realpath ?? promisify(fsRealpath);
  // The folder itself may be reached through a link (an installed app under a
  // symlinked /opt, a developer's checkout): compare real paths with real paths.
  let realRoot: Promise<string> | undefined;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: securityHeaders('text/plain; charset=utf-8') });
    }
    const resolved = resolveAppRequest(request.url, options.rootDir);
    if (!resolved.ok) {
      return new Response(resolved.reason, { status: resolved.status, headers: securityHeaders('text/plain; charset=utf-8') });
    }
    let body: Uint8Array;
    try {
      // The path check above is on the name only; a symbolic link inside the
      // folder could still point anywhere on disk. Follow it and look again.
      realRoot ??= realpath(options.rootDir);
      const realFile = await realpath(resolved.filePath);
      if (!isInside(await realRoot, realFile)) {
        return new Response('outside the renderer folder', { status: 403, headers: securityHeaders('text/plain; charset=utf-8') });
      }
      body = await readFile(realFile);
    } catch {
      realRoot = undefined; // a missing root may appear later (a build in progress)
      return new Response('Not found', { status: 404, headers: securityHeaders('text/plain; charset=utf-8') });
    }
    return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: securityHeaders(resolved.mimeType),
    });
  };
}
