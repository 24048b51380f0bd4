import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OnlineSettings } from '../../preload/contract.js';
import { testConnection } from '../../main/online/connection-test.js';
import { DEFAULT_ONLINE_SETTINGS } from '../../main/online/online-settings.js';
import { axiosTransport } from '../../main/service/remote/http-transport.js';
import { credentials, startServer, type RunningServer } from '../server/support.js';

const transport = axiosTransport();
const at = (url: string): OnlineSettings => ({ ...DEFAULT_ONLINE_SETTINGS, baseUrl: url, authUrl: url });
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('Test connection', () => {
  it('says it worked when the service accepts the stored credentials', async () => {
    running = await startServer();
    const r = await testConnection(at(running.url), transport, credentials);
    expect(r).toEqual({ ok: true, message: expect.stringMatching(/^Connected to 127\.0\.0\.1:\d+: the service accepted/) });
  });

  it('without credentials, says the endpoint answers and asks to sign in', async () => {
    running = await startServer();
    const r = await testConnection(at(running.url), transport);
    expect(r.ok).toBe(true);
    expect(r.message).toMatch(/is answering\. No credentials are stored, so only that was checked/);
  });

  it('names wrong client credentials (401) and a wrong password (403) apart', async () => {
    running = await startServer();
    expect(await testConnection(at(running.url), transport, { ...credentials, clientSecret: 'wrong' })).toMatchObject({ ok: false, problem: 'wrong-client', message: expect.stringMatching(/refused the client id or client secret \(401\)/) });
    expect(await testConnection(at(running.url), transport, { ...credentials, password: 'wrong' })).toMatchObject({ ok: false, problem: 'wrong-user' });
  });

  it('says the token address is wrong when there is no token endpoint there', async () => {
    running = await startServer();
    const r = await testConnection({ ...at(running.url), authUrl: `${running.url}/somewhere-else` }, transport, credentials);
    expect(r).toMatchObject({ ok: false, problem: 'not-found', message: expect.stringMatching(/no token endpoint at \/somewhere-else\/connect\/token/) });
  });

  it('says the service is down when nothing answers, or when it fails', async () => {
    running = await startServer();
    const url = running.url;
    running.server.faults.add({ path: '/connect/token', fault: { kind: 'status', status: 503 }, times: 1 });
    expect(await testConnection(at(url), transport, credentials)).toMatchObject({ problem: 'service-down', message: expect.stringMatching(/having trouble \(503\)/) });
    await running.stop();
    running = undefined;
    expect(await testConnection(at(url), transport, credentials)).toMatchObject({ ok: false, problem: 'service-down', message: expect.stringMatching(/^Nothing is answering at 127\.0\.0\.1:\d+/) });
  });

  it('passes on the wait a throttled token endpoint asks for', async () => {
    running = await startServer();
    running.server.faults.add({ path: '/connect/token', fault: { kind: 'rate-limit', retryAfterSeconds: 30 }, times: 1 });
    expect(await testConnection(at(running.url), transport, credentials)).toMatchObject({ problem: 'rate-limited', message: expect.stringMatching(/try again in 30 seconds/) });
  });

  it('names an untrusted certificate', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fd-cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const server = createServer({ key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await testConnection(at(url), transport, credentials);
      expect(r).toMatchObject({ ok: false, problem: 'certificate', message: expect.stringMatching(/certificate is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/) });
    } finally {
      server.close();
    }
  });

  it('asks for the addresses first when none are set', async () => {
    expect(await testConnection(DEFAULT_ONLINE_SETTINGS, transport)).toEqual({ ok: false, problem: 'not-configured', message: 'Enter the service address and the token address first.' });
  });
});
