import { readFile as fsReadFile } from 'node:fs/promises';
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
      body = await readFile(resolved.filePath);
    } catch {
      return new Response('Not found', { status: 404, headers: securityHeaders('text/plain; charset=utf-8') });
    }
    return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: securityHeaders(resolved.mimeType),
    });
  };
}
