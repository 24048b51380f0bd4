/** Loopback networking helpers for tests that talk HTTP to our own servers. */
import { createServer, request as httpRequest, type Server } from 'node:http';

/** A raw HTTP request: path, headers and body reach the server exactly as written (fetch would normalise "../"). */
export function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: string | Buffer) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A loopback port nothing listens on (bound once, then closed). */
export async function refusedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
