/**
 * A real office for the filing tests (its own migrated database on the run's
 * PostgreSQL, the office server on 127.0.0.1 over http) and data folders
 * joined to it as joining leaves one: `office/office.json` naming the office,
 * the user and the desk (no certificate: http on this computer), and the
 * office password in the desk's keychain.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { SecretAccount } from '../../main/credentials/credential-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { officeClaimsFor } from '../../main/office/office-claims-link.js';
import { writeOfficeSettings } from '../../main/office/office-settings.js';
import { migrateOfficeDatabase, openOfficePool } from '../../main/server/office/database.js';
import { createOfficeServer } from '../../main/server/office/office-server.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { createTestDatabase } from '../helpers/postgres.js';

const PASSWORD = 'desk-password-for-tests-1';

export interface RunningOffice {
  url: string;
  pool: pg.Pool;
  /** The office's own record of filing attempts, per return. */
  submissions(): Promise<{ user_name: string; desk: string; outcome: string | null; reference: string | null }[]>;
  close(): Promise<void>;
}

export async function startOffice(users: readonly string[] = ['alice', 'bob']): Promise<RunningOffice> {
  const database = await createTestDatabase();
  const pool = openOfficePool(database.url, { max: 4 });
  await migrateOfficeDatabase(pool);
  const officeUsers = new OfficeUsers({ pool });
  for (const name of users) await officeUsers.add({ name, password: PASSWORD, admin: false }, { user: 'test set-up', desk: null });
  const app = await createOfficeServer({ pool });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool,
    async submissions() {
      return (await pool.query('SELECT user_name, desk, outcome, reference FROM office_submissions ORDER BY started_at')).rows;
    },
    async close() {
      await app.close();
      await pool.end();
      await database.drop();
    },
  };
}

/** A data folder joined to the office at `url` as `user` on `desk`, with the office's claims its stores take first. */
export async function joinedDataFolder(url: string, user: string, desk: string, howToTakeOver = 'Take it over with --take-over.') {
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-office-desk-'));
  await writeOfficeSettings(dataDir, { version: 1, url, user, desk, fingerprint: null, joinedAt: new Date().toISOString() });
  const keychain = new MemoryCredentialStore('the tests keep secrets in memory');
  await keychain.set(SecretAccount.officePassword(url, user), PASSWORD);
  const officeClaims = officeClaimsFor(dataDir, { keychain: async () => keychain, howToTakeOver });
  return { dataDir, keychain, officeClaims };
}

/** A port on this computer nothing listens on: an office there cannot be reached. */
export async function unreachableOfficeUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
