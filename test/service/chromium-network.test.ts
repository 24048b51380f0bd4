import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchTransport, type FetchFunction } from '../../main/service/remote/http-transport.js';
import { startServer, TestClock, type RunningServer } from '../server/support.js';
import { signedInClient } from './remote-support.js';

/**
 * In the app the service's HTTP goes through Electron's net.fetch, that is
 * Chromium's network stack, so the system proxy (and PAC file, and the OS's
 * trusted certificates) apply as in the user's browser. Electron is not
 * available here, so these tests show the part that is ours: every request
 * of the remote client, token refresh included, goes through the fetch it is
 * given and nothing else, and when that fetch goes through a proxy, so does
 * every call. That Chromium honours the system proxy is Chromium's part.
 */

/** A forward HTTP proxy on 127.0.0.1 that records the absolute URLs it is asked for. */
async function startProxy(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A fetch that sends every request to `proxy` in absolute form, as a browser configured with that proxy does for http:// URLs. */
function fetchThroughProxy(proxy: string): FetchFunction {
  const via = new URL(proxy);
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: via.hostname, port: via.port, method: request.method, path: request.url, headers: Object.fromEntries(request.headers), signal: request.signal },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
            resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 502, headers }));
          });
          answer.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

describe('the remote client over a fetch of the app\'s choosing (net.fetch in the app)', () => {
  let s: RunningServer | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  afterEach(async () => {
    await s?.stop();
    await proxy?.close();
    s = undefined;
    proxy = undefined;
  });

  it('sends sign-in, operations and the token refresh through a proxy when the fetch goes through one', async () => {
    const clock = new TestClock();
    s = await startServer({ clock: clock.now, tokenLifetimeSeconds: 2 });
    proxy = await startProxy();
    const client = await signedInClient({ server: s, clock: clock.now, transport: fetchTransport(fetchThroughProxy(proxy.url)) });
    const first = await client.buildCt600({ companyName: 'Acme Ltd' });
    expect(first.value.irMark).toBeTruthy();
    clock.advanceSeconds(3); // the access token expires: the next call refreshes it first
    await client.buildCt600({ companyName: 'Acme Ltd' });
    expect(s.server.tokens.issued).toEqual({ password: 1, refresh: 1 });
    // Every exchange the service saw came through the proxy, in absolute form.
    const paths = s.seen.map((r) => r.path);
    expect(paths).toEqual(['/connect/token', '/hrmc/build-ct600', '/connect/token', '/hrmc/build-ct600']);
    expect(proxy.seen).toEqual(paths.map((path) => `POST ${s!.url}${path}`));
  });

  it('calls the given fetch for every request, and never Node\'s own', async () => {
    s = await startServer();
    const fetched: string[] = [];
    const nodeFetch = globalThis.fetch;
    const recording: FetchFunction = (input, init) => {
      fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return nodeFetch(input, init);
    };
    globalThis.fetch = (() => Promise.reject(new Error("Node's own fetch was used"))) as typeof fetch;
    try {
      const client = await signedInClient({ server: s, transport: fetchTransport(recording) });
      await client.buildCt600({ companyName: 'Acme Ltd' });
    } finally {
      globalThis.fetch = nodeFetch;
    }
    expect(fetched.map((url) => new URL(url).pathname)).toEqual(['/connect/token', '/hrmc/build-ct600']);
  });
});
