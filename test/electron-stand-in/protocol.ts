/**
 * protocol: registerSchemesAsPrivileged and handle. Stock Chromium cannot
 * register a custom standard scheme, and an unknown scheme gets an opaque
 * origin (no module scripts, no secure context). So the one privileged
 * standard + secure scheme (app://) is given to Chromium as https:// with the
 * same host, every request Chromium makes is intercepted (Playwright
 * context.route) and answered by the app's own protocol.handle handler with a
 * Request for the app:// URL, and URLs are translated back at the stand-in's
 * edge (senderFrame.url, getURL): main only ever sees app:// URLs. Requests to
 * anything else are refused, as the app's CSP would.
 */
import type { BrowserContext, Route } from 'playwright-core';

type Handler = (request: Request) => Promise<Response> | Response;

export class StandInProtocol {
  private mapped: string | null = null;
  private readonly handlers = new Map<string, Handler>();
  readonly privileged: unknown[] = [];
  /** Every URL Chromium asked for, in app terms, with the status served. */
  readonly served: { url: string; status: number }[] = [];

  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: { standard?: boolean; secure?: boolean } }[]): void {
    this.privileged.push(...schemes);
    for (const { scheme, privileges } of schemes) {
      if (!privileges?.standard || !privileges.secure) continue;
      if (this.mapped && this.mapped !== scheme) throw new Error('the Electron stand-in maps one standard, secure scheme onto https');
      this.mapped = scheme;
    }
  }

  handle(scheme: string, handler: Handler): void {
    if (this.handlers.has(scheme)) throw new Error(`The scheme has been handled: ${scheme}`);
    this.handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }

  toPageUrl(url: string): string {
    return this.mapped && url.startsWith(`${this.mapped}://`) ? `https://${url.slice(this.mapped.length + 3)}` : url;
  }

  toAppUrl(url: string): string {
    return this.mapped && url.startsWith('https://') ? `${this.mapped}://${url.slice(8)}` : url;
  }

  async route(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => this.serve(route));
  }

  private async serve(route: Route): Promise<void> {
    const request = route.request();
    const url = request.url();
    const handler = this.mapped ? this.handlers.get(this.mapped) : undefined;
    if (!handler || !url.startsWith('https://')) {
      this.served.push({ url, status: 0 });
      await route.abort('blockedbyclient');
      return;
    }
    const appUrl = this.toAppUrl(url);
    const body = request.postDataBuffer();
    const response = await handler(new Request(appUrl, { method: request.method(), headers: request.headers(), ...(body ? { body: new Uint8Array(body) } : {}) }));
    this.served.push({ url: appUrl, status: response.status });
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
  }
}
