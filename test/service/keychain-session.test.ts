import { describe, it, expect, afterAll } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { KeyringCredentialStore } from '../../main/credentials/keyring-credential-store.js';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { RemoteFilingService } from '../../main/service/remote-filing-service.js';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import { writeFileAtomic } from '../../main/engine/atomic-write.js';
import { startServer, TestClock } from '../server/support.js';
import { runKeychainTests } from '../credentials/secret-service.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { reportPackageRequest } from './report-package-request.js';

/**
 * A whole remote session with the real keychain: sign in, every operation,
 * a validation job, a token expiry and refresh, sign out. Afterwards the
 * secrets are in the keychain, and nowhere else this session could have put
 * them: not in anything written to stdout, stderr or the console, not in the
 * service's data folder, not in the app's data folder, not in anything new in
 * the OS temp folder. The scanner is first shown to find a planted marker in
 * each of those places, so the "nowhere" below can fail.
 */

/** Everything written to stdout, stderr and the console while it runs. */
class OutputCapture {
  readonly written: string[] = [];
  private readonly restore: (() => void)[] = [];

  start(): void {
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write;
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        this.written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
        return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
      }) as typeof stream.write;
      this.restore.push(() => (stream.write = original));
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => {
        this.written.push(format(...args));
        original.apply(console, args);
      };
      this.restore.push(() => (console[method] = original));
    }
  }

  stop(): void {
    for (const undo of this.restore.splice(0).reverse()) undo();
  }
}

interface Place {
  name: string;
  /** Each thing in the place: a file (its path and bytes) or a stretch of output. */
  items: { label: string; bytes: Buffer }[];
}

async function filesUnder(dir: string): Promise<{ label: string; bytes: Buffer }[]> {
  const out: { label: string; bytes: Buffer }[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return out; // gone or unreadable (another test's folder)
  }
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    // The name itself is scanned too: a secret in a file name is a secret on disk.
    out.push({ label: `${path} (name)`, bytes: Buffer.from(path) });
    if (!entry.isFile()) continue;
    try {
      out.push({ label: path, bytes: await readFile(path) });
    } catch {
      // removed meanwhile, or not ours to read
    }
  }
  return out;
}

/** Entries of the OS temp folder that were not there before the session, scanned whole. */
async function newTempEntries(before: Set<string>): Promise<{ label: string; bytes: Buffer }[]> {
  const out: { label: string; bytes: Buffer }[] = [];
  for (const name of await readdir(tmpdir())) {
    if (before.has(name)) continue;
    const path = join(tmpdir(), name);
    out.push({ label: `${path} (name)`, bytes: Buffer.from(path) });
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory()) out.push(...(await filesUnder(path)));
    else if (info?.isFile()) out.push({ label: path, bytes: await readFile(path).catch(() => Buffer.alloc(0)) });
  }
  return out;
}

/** Where in these places the needle occurs: as text, base64, base64url or URL-encoded. */
function whereFound(places: Place[], needle: string): string[] {
  const forms = [needle, Buffer.from(needle).toString('base64'), Buffer.from(needle).toString('base64url'), encodeURIComponent(needle)].map((f) =>
    Buffer.from(f),
  );
  const hits: string[] = [];
  for (const place of places) {
    for (const item of place.items) if (forms.some((f) => item.bytes.includes(f))) hits.push(`${place.name}: ${item.label}`);
  }
  return hits;
}

describe.runIf(runKeychainTests)('a full remote session with the real keychain', () => {
  const service = `Filing Desk test ${randomUUID()}`;
  const store = new KeyringCredentialStore({ service });
  // Secrets of this test alone, so a hit can only come from this session.
  const secrets = {
    clientId: `keychain-session-${randomUUID()}`,
    clientSecret: `cs-${randomBytes(16).toString('hex')}`,
    username: `clerk-${randomBytes(4).toString('hex')}@example.co.uk`,
    password: `pw-${randomBytes(16).toString('hex')}`,
  };
  let root = '';

  afterAll(async () => {
    for (const account of [SecretAccount.clientSecret(secrets.clientId), SecretAccount.password(secrets.username)]) {
      await store.delete(account).catch(() => false);
    }
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('keeps the secrets in the keychain and writes none of them to output, data folders or temp files', async () => {
    const tempBefore = new Set(await readdir(tmpdir()));
    root = await mkdtemp(join(tmpdir(), 'fd-keychain-session-'));
    const serviceData = join(root, 'service-data');
    const appData = join(root, 'app-data');
    await mkdir(serviceData);
    await mkdir(appData);
    const clock = new TestClock();
    const engine = createEngineOperations({ dataDir: serviceData, clock: clock.now });
    const capture = new OutputCapture();
    const markers = Object.fromEntries(
      ['console', 'stdout', 'stderr', 'serviceData', 'appData', 'temp'].map((p) => [p, `planted-marker-${p}-${randomUUID()}`]),
    ) as Record<'console' | 'stdout' | 'stderr' | 'serviceData' | 'appData' | 'temp', string>;
    const plantedTemp = join(tmpdir(), `fd-planted-${randomUUID()}.txt`);
    const refreshTokens: string[] = [];

    capture.start();
    const s = await startServer({ credentials: secrets, dataDir: serviceData, engine, clock: clock.now, tokenLifetimeSeconds: 2 });
    try {
      // Markers in every place the scan will look.
      console.log('marker for the scanner:', markers.console);
      process.stdout.write(`${markers.stdout}\n`);
      process.stderr.write(`${markers.stderr}\n`);
      await writeFile(join(serviceData, 'planted.txt'), markers.serviceData);
      await writeFile(join(appData, 'planted.txt'), markers.appData);
      await writeFile(plantedTemp, markers.temp);

      const client = new RemoteFilingService({
        settings: { baseUrl: s.url, authUrl: s.url, clientId: secrets.clientId, username: secrets.username, timeoutMs: 5000 },
        credentials: store,
        clock: clock.now,
      });
      await client.signIn({ clientSecret: secrets.clientSecret, password: secrets.password });
      const refreshAccount = SecretAccount.refreshToken(s.url, secrets.username);
      refreshTokens.push((await store.get(refreshAccount)) ?? '');
      expect(refreshTokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Every operation, with the app saving what it got as a user would.
      const settings = { baseUrl: s.url, authUrl: s.url, clientId: secrets.clientId, username: secrets.username };
      await writeFileAtomic(join(appData, 'settings.json'), JSON.stringify(settings));
      const built = await client.buildCt600(minimumReturn(), { clientCompany: { name: 'Acme Ltd', id: '01234567' } });
      const xml = Buffer.from(built.value.xmlDoc ?? '', 'base64');
      await writeFileAtomic(join(appData, 'return.xml'), xml);
      const pkg = await client.createReportPackage(reportPackageRequest(), { includeHash: true });
      expect(pkg.value.hashResult?.Hash_Result).toBeTruthy();
      await writeFileAtomic(join(appData, 'package.zip'), Buffer.from(pkg.value.zipContentBase64, 'base64'));
      const job = await client.createValidationJob('return.xml', xml, { idempotencyKey: `outbox-${randomUUID()}` });
      await engine.jobs.whenSettled(job.value.id);
      const filtered = await client.getFilteredValidationStatus(job.value.id);
      expect(filtered.value.jobStatus).toBe('success');

      clock.advanceSeconds(3); // the access token expires; the next call refreshes
      const status = await client.getValidationStatus(job.value.id);
      await writeFileAtomic(join(appData, 'validation.json'), JSON.stringify(status.value));
      expect(s.server.tokens.issued).toEqual({ password: 1, refresh: 1 });
      refreshTokens.push((await store.get(refreshAccount)) ?? '');
      expect(refreshTokens[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(refreshTokens[1]).not.toBe(refreshTokens[0]);

      // Where the secrets are: the keychain.
      expect(await store.get(SecretAccount.password(secrets.username))).toBe(secrets.password);
      expect(await store.get(SecretAccount.clientSecret(secrets.clientId))).toBe(secrets.clientSecret);
      expect(await store.get(refreshAccount)).toBe(refreshTokens[1]);

      await client.signOut();
      expect(await store.get(refreshAccount)).toBeUndefined();
    } finally {
      capture.stop();
      await s.stop();
    }

    const accessTokens = [...new Set(s.seen.map((r) => /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1]).filter((t): t is string => Boolean(t)))];
    expect(accessTokens).toHaveLength(2); // one per grant
    expect(s.seen.filter((r) => r.path !== '/connect/token')).toHaveLength(5); // the five operations

    const places: Place[] = [
      { name: 'output', items: capture.written.map((text, i) => ({ label: `write ${i}`, bytes: Buffer.from(text) })) },
      { name: 'service data', items: await filesUnder(serviceData) },
      { name: 'app data', items: await filesUnder(appData) },
      // The test's own root is new in the temp folder too; scanning it again there does no harm.
      { name: 'temp', items: await newTempEntries(tempBefore) },
    ];
    await rm(plantedTemp, { force: true });
    expect(places.every((p) => p.items.length > 0)).toBe(true);

    // The scanner finds what was planted, in the place it was planted.
    expect(whereFound(places, markers.console)).toEqual([expect.stringMatching(/^output: /)]);
    expect(whereFound(places, markers.stdout)).toEqual([expect.stringMatching(/^output: /)]);
    expect(whereFound(places, markers.stderr)).toEqual([expect.stringMatching(/^output: /)]);
    expect(whereFound(places, markers.appData)).toEqual([`app data: ${join(appData, 'planted.txt')}`, `temp: ${join(appData, 'planted.txt')}`]);
    expect(whereFound(places, markers.serviceData)).toEqual([
      `service data: ${join(serviceData, 'planted.txt')}`,
      `temp: ${join(serviceData, 'planted.txt')}`,
    ]);
    expect(whereFound(places, markers.temp)).toEqual([`temp: ${plantedTemp}`]);
    // …and the saved results really are in the folders scanned.
    expect(whereFound(places, secrets.username)).toContain(`app data: ${join(appData, 'settings.json')}`);

    // The secrets are nowhere of these.
    const everySecret = { clientSecret: secrets.clientSecret, password: secrets.password, ...Object.fromEntries(refreshTokens.map((t, i) => [`refresh token ${i + 1}`, t])), ...Object.fromEntries(accessTokens.map((t, i) => [`access token ${i + 1}`, t])) };
    for (const [what, secret] of Object.entries(everySecret)) expect(whereFound(places, secret), `${what} was found`).toEqual([]);
  });
});
