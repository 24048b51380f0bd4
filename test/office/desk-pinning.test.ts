/**
 * Joining pins the office's certificate: nothing is sent before the user
 * confirms its fingerprint, and afterwards a different certificate on the
 * same address fails the handshake before any byte of a request leaves
 * the desk. Plain http is for an office on this computer only.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { OfficeCertificateRefused } from '../../main/office/office-connection.js';
import { OfficeDesk } from '../../main/office/office-desk.js';
import { readOfficeSettings } from '../../main/office/office-settings.js';
import { OfficeUrlError } from '../../main/office/office-transport.js';
import { ACME, ALICE, makeDesk, removeDesk, startTestOffice } from './desk-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function selfSigned(dir: string, name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.pem`);
  const key = join(dir, `${name}-key.pem`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', `/CN=${name}`, '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
}

describe("the office's pinned certificate", () => {
  it('asks for the fingerprint before sending anything, then refuses a different certificate on the same address before any request byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'office-pin-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const real = selfSigned(dir, 'office.example.internal');
    const impostor = selfSigned(dir, 'impostor');
    const office = await startTestOffice(real);
    cleanups.push(() => office.close());
    const a = makeDesk();
    cleanups.push(() => removeDesk(a));
    const fingerprint = new X509Certificate(real.cert).fingerprint256;

    const asked = await a.desk.join({ url: office.url, user: ALICE.name, password: ALICE.password, desk: 'front desk' });
    expect(asked).toEqual({ outcome: 'confirm-fingerprint', fingerprint, subject: 'CN=office.example.internal' });
    expect(await readOfficeSettings(a.dataDir)).toBeNull();
    expect((await office.pool.query('SELECT count(*)::int AS n FROM office_sessions')).rows[0].n).toBe(0);

    // As the administrator might read it out: lower case, no colons.
    const joined = await a.desk.join({ url: office.url, user: ALICE.name, password: ALICE.password, desk: 'front desk', confirmedFingerprint: fingerprint.replace(/:/g, '').toLowerCase() });
    expect(joined).toMatchObject({ outcome: 'joined', status: { joined: true, fingerprint, signedIn: true, admin: true } });
    await a.book.save(undefined, ACME);
    expect(await a.desk.runSync()).toMatchObject({ pushed: 1 });

    await office.stop();
    let handshakes = 0;
    let bytesReceived = 0;
    const other = tls.createServer({ cert: impostor.cert, key: impostor.key }, (socket) => {
      handshakes++;
      socket.on('data', (chunk: Buffer) => (bytesReceived += chunk.length));
      socket.on('error', () => undefined);
    });
    other.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve, reject) => other.once('error', reject).listen(office.port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => other.close(() => resolve())));

    let connections = 0;
    other.on('connection', () => connections++);
    // A fresh desk service on the same folder signs in anew: the password would be the first thing sent.
    const reopened = new OfficeDesk({ dataDir: a.dataDir, credentials: a.credentials, adapters: [] });
    const refused = reopened.runSync();
    await expect(refused).rejects.toThrow(OfficeCertificateRefused);
    await expect(refused).rejects.toThrow(/did not present the certificate this desk pinned.*nothing was sent/);
    expect(connections).toBeGreaterThan(0);
    expect(handshakes).toBe(0);
    expect(bytesReceived).toBe(0);
  });

  it('refuses plain http to another computer, naming the address', async () => {
    const a = makeDesk();
    cleanups.push(() => removeDesk(a));
    const joining = a.desk.join({ url: 'http://192.0.2.10:8477', user: ALICE.name, password: ALICE.password, desk: 'front desk' });
    await expect(joining).rejects.toThrow(OfficeUrlError);
    await expect(joining).rejects.toMatchObject({ field: 'url', message: expect.stringMatching(/^url http:\/\/192\.0\.2\.10:8477 uses plain http to another computer/) });
    expect(await readOfficeSettings(a.dataDir)).toBeNull();
  });
});
