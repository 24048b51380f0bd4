import { describe, it, expect, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyringCredentialStore } from '../../main/credentials/keyring-credential-store.js';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { credentials, startServer, TestClock } from '../server/support.js';
import { runKeychainTests } from '../credentials/secret-service.js';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import { signedInClient } from './remote-support.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/** Files under `dir` that contain `needle` as text or as base64. */
async function filesContaining(files: string[], needle: string): Promise<string[]> {
  const forms = [Buffer.from(needle), Buffer.from(Buffer.from(needle).toString('base64'))];
  const hits: string[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    if (forms.some((f) => bytes.includes(f))) hits.push(file);
  }
  return hits;
}

describe.runIf(runKeychainTests)('a full remote session with the real keychain', () => {
  const service = `Filing Desk test ${randomUUID()}`;
  const store = new KeyringCredentialStore({ service });
  let root = '';

  afterAll(async () => {
    for (const account of [
      SecretAccount.clientSecret(credentials.clientId),
      SecretAccount.password(credentials.username),
    ]) {
      await store.delete(account).catch(() => false);
    }
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('keeps secrets in the keychain and writes none of them to the data folders', async () => {
    root = await mkdtemp(join(tmpdir(), 'fd-keychain-session-'));
    const serviceData = join(root, 'service-data');
    const appData = join(root, 'app-data');
    await mkdir(serviceData);
    await mkdir(appData);
    const clock = new TestClock();
    const s = await startServer({
      dataDir: serviceData,
      engine: createEngineOperations({ dataDir: serviceData, clock: clock.now }),
      clock: clock.now,
      tokenLifetimeSeconds: 2,
    });
    const seenSecrets = new Set<string>([credentials.clientSecret, credentials.password]);
    try {
      const client = await signedInClient({ server: s, store, clock: clock.now });
      const refreshAccount = SecretAccount.refreshToken(s.url, credentials.username);
      const firstRefresh = await store.get(refreshAccount);
      expect(firstRefresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      seenSecrets.add(firstRefresh ?? '');

      const built = await client.buildCt600(minimumReturn());
      expect(built.value.irMark).toHaveLength(28);
      const job = await client.createValidationJob('return.xml', Buffer.from(built.value.xmlDoc ?? '', 'base64'));
      await client.getFilteredValidationStatus(job.value.id);

      clock.advanceSeconds(3); // the access token expires; the next call refreshes
      await client.getValidationStatus(job.value.id);
      expect(s.server.tokens.issued.refresh).toBe(1);
      const secondRefresh = await store.get(refreshAccount);
      expect(secondRefresh).not.toBe(firstRefresh);
      seenSecrets.add(secondRefresh ?? '');
      for (const r of s.seen) {
        const bearer = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
        if (bearer) seenSecrets.add(bearer);
      }
      expect(seenSecrets.size).toBeGreaterThanOrEqual(6); // 2 secrets, 2 refresh tokens, ≥2 access tokens

      // Where the secrets are: the keychain has them.
      expect(await store.get(SecretAccount.password(credentials.username))).toBe(credentials.password);
      expect(await store.get(SecretAccount.clientSecret(credentials.clientId))).toBe(credentials.clientSecret);

      // Where they are not: any file. The scanner is shown to work on a marker first.
      const marker = `marker-${randomUUID()}`;
      await writeFile(join(appData, 'settings.json'), JSON.stringify({ note: marker, username: credentials.username }));
      const files = await filesUnder(root);
      expect(await filesContaining(files, marker)).toEqual([join(appData, 'settings.json')]);
      for (const secret of seenSecrets) expect(await filesContaining(files, secret), 'a secret was written to a file').toEqual([]);

      await client.signOut();
      expect(await store.get(refreshAccount)).toBeUndefined();
    } finally {
      await s.stop();
    }
  });
});
