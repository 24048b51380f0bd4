import { describe, it, expect, afterEach } from 'vitest';
import { startServer, type RunningServer } from '../server/support.js';
import { signedInClient } from './remote-support.js';
import { refusedPort } from '../helpers/net.js';

/**
 * axios, left alone, sends every request through HTTP_PROXY / HTTPS_PROXY
 * from the environment: a stale variable would break the client, and a
 * hostile one would see the password. The client ignores them (a proxy, if
 * one is ever needed, becomes an explicit setting).
 */

describe('proxy variables in the environment', () => {
  let s: RunningServer;
  const saved = { ...process.env };
  afterEach(async () => {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await s.stop();
  });

  it('do not redirect the client: with HTTP_PROXY on a dead port it still signs in and calls the service', async () => {
    s = await startServer();
    const proxy = `http://127.0.0.1:${await refusedPort()}`;
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']) process.env[name] = proxy;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    const client = await signedInClient({ server: s, settings: { timeoutMs: 1000 }, waits: [] });
    const built = await client.buildCt600({ companyName: 'Acme Ltd' });
    expect(built.value.irMark).toBeTruthy();
    expect(s.seen.map((r) => r.path)).toEqual(['/connect/token', '/hrmc/build-ct600']);
  });
});
