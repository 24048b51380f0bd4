/**
 * A real office (migrated test database, the office server listening on
 * 127.0.0.1) and desks beside it, each its own data folder with its own
 * client book, sync state and a memory keychain, joined over http on loopback
 * (or https when the office is given a certificate).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { OfficeDesk } from '../../main/office/office-desk.js';
import type { OfficeTransport } from '../../main/office/office-transport.js';
import { ClientRecords } from '../../main/office/record-adapters/client-records.js';
import { migrateOfficeDatabase, openOfficePool } from '../../main/server/office/database.js';
import { createOfficeServer } from '../../main/server/office/office-server.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { ClientBook } from '../../main/store/client-book.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

export const ALICE = { name: 'alice', password: 'alice-password-1' };
export const BOB = { name: 'bob', password: 'bob-password-22' };

export interface TestOffice {
  url: string;
  port: number;
  pool: pg.Pool;
  app: FastifyInstance;
  /** Stops the server (the database stays until close). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestOffice(tls?: { cert: string; key: string }): Promise<TestOffice> {
  const database: TestDatabase = await createTestDatabase();
  const pool = openOfficePool(database.url, { max: 4 });
  await migrateOfficeDatabase(pool);
  const users = new OfficeUsers({ pool });
  const setUp = { user: 'test set-up', desk: null };
  await users.add({ name: ALICE.name, password: ALICE.password, admin: true }, setUp);
  await users.add({ name: BOB.name, password: BOB.password, admin: false }, setUp);
  const app = await createOfficeServer({ pool, ...(tls ? { tls } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  let stopped = false;
  const stop = async () => {
    if (!stopped) await app.close();
    stopped = true;
  };
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    pool,
    app,
    stop,
    async close() {
      await stop();
      await pool.end();
      await database.drop();
    },
  };
}

export interface TestDesk {
  dataDir: string;
  book: ClientBook;
  desk: OfficeDesk;
  credentials: MemoryCredentialStore;
}

export function makeDesk(options: { transport?: OfficeTransport } = {}): TestDesk {
  const dataDir = mkdtempSync(join(tmpdir(), 'office-desk-'));
  const book = new ClientBook({ dataDir, log: () => undefined });
  const credentials = new MemoryCredentialStore('a test desk');
  const desk = new OfficeDesk({ dataDir, credentials, adapters: [new ClientRecords(book)], ...options });
  return { dataDir, book, desk, credentials };
}

export const removeDesk = (desk: TestDesk) => rmSync(desk.dataDir, { recursive: true, force: true });

export const ACME = { companyName: 'Acme Trading Ltd', registrationNumber: '01234567', utr: '1234567890', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' };

/** The office's versions of one record, oldest first. */
export async function officeVersions(pool: pg.Pool, kind: string, id: string): Promise<{ version: number; body: unknown }[]> {
  const rows = await pool.query('SELECT version, body FROM office_record_versions WHERE kind = $1 AND id = $2 ORDER BY version', [kind, id]);
  return rows.rows as { version: number; body: unknown }[];
}
