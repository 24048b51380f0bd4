import { afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { migrateOfficeDatabase, OfficeDatabaseError, openOfficePool } from '../../main/server/office/database.js';
import { MIGRATIONS, OFFICE_SCHEMA_VERSION } from '../../main/server/office/migrations.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<{ database: TestDatabase; pool: pg.Pool }> {
  const database = await createTestDatabase();
  const pool = openOfficePool(database.url, { max: 3 });
  cleanups.push(() => database.drop(), () => pool.end());
  return { database, pool };
}

const tables = async (pool: pg.Pool) =>
  (await pool.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).rows.map((r) => r.name);
const version = async (pool: pg.Pool) => (await pool.query<{ version: number }>('SELECT version FROM office_schema')).rows.map((r) => r.version);

describe('the office database', () => {
  it('migrates a fresh database to this build\'s schema, and a second start changes nothing', async () => {
    const { pool } = await freshDatabase();
    const first = await migrateOfficeDatabase(pool);
    expect(first).toMatchObject({ from: 0, to: OFFICE_SCHEMA_VERSION });
    expect(first.applied.map((m) => m.version)).toEqual([1, 2]);
    expect(await version(pool)).toEqual([OFFICE_SCHEMA_VERSION]);
    expect(await tables(pool)).toEqual(expect.arrayContaining(['office_users', 'office_sessions', 'office_records', 'office_audit', 'office_schema', 'office_submission_numbers']));

    await pool.query("INSERT INTO office_users (name, password_hash) VALUES ('kept', 'scrypt$x')");
    const tablesBefore = await tables(pool);
    const second = await migrateOfficeDatabase(pool);
    expect(second).toEqual({ from: OFFICE_SCHEMA_VERSION, to: OFFICE_SCHEMA_VERSION, applied: [] });
    expect(await tables(pool)).toEqual(tablesBefore);
    expect((await pool.query('SELECT name FROM office_users')).rows).toEqual([{ name: 'kept' }]);
  });

  it('lets two offices starting together migrate once between them', async () => {
    const { database, pool } = await freshDatabase();
    const other = openOfficePool(database.url, { max: 1 });
    cleanups.push(() => other.end());
    const [a, b] = await Promise.all([migrateOfficeDatabase(pool), migrateOfficeDatabase(other)]);
    expect([a.applied.length, b.applied.length].sort()).toEqual([0, MIGRATIONS.length]);
    expect(await version(pool)).toEqual([OFFICE_SCHEMA_VERSION]);
  });

  it('refuses a database made by a newer office and leaves it as it was', async () => {
    const { pool } = await freshDatabase();
    await migrateOfficeDatabase(pool);
    await pool.query('UPDATE office_schema SET version = $1', [OFFICE_SCHEMA_VERSION + 5]);
    const tablesBefore = await tables(pool);
    await expect(migrateOfficeDatabase(pool)).rejects.toThrow(new RegExp(`schema version ${OFFICE_SCHEMA_VERSION + 5}, made by a newer Filing Desk office`));
    expect(await version(pool)).toEqual([OFFICE_SCHEMA_VERSION + 5]);
    expect(await tables(pool)).toEqual(tablesBefore);
  });

  it('brings a database at version 1 to version 2 (submission numbers) keeping everything it held', async () => {
    const { pool } = await freshDatabase();
    await migrateOfficeDatabase(pool, MIGRATIONS.filter((m) => m.version === 1));
    await pool.query("INSERT INTO office_users (name, password_hash) VALUES ('alice', 'scrypt$32768$8$1$c2FsdA==$aGFzaA==')");
    await pool.query(
      "INSERT INTO office_filing_claims (return_key, kind, claim_id, describe, user_name, desk, since, outcome, reference) VALUES ('CH 02014751 2026-03-31 live', 'accounts', gen_random_uuid(), 'the accounts', 'alice', 'front desk', now(), 'accepted', 'FD0003')",
    );
    const report = await migrateOfficeDatabase(pool);
    expect(report).toEqual({ from: 1, to: 2, applied: [{ version: 2, describe: MIGRATIONS[1]!.describe }] });
    expect((await pool.query('SELECT name FROM office_users')).rows).toEqual([{ name: 'alice' }]);
    expect((await pool.query('SELECT return_key, outcome, reference FROM office_filing_claims')).rows).toEqual([{ return_key: 'CH 02014751 2026-03-31 live', outcome: 'accepted', reference: 'FD0003' }]);
    expect((await pool.query('SELECT count(*)::int AS n FROM office_submission_numbers')).rows).toEqual([{ n: 0 }]);
  });

  it('rolls a failing migration back whole, leaving the version where it was', async () => {
    const { pool } = await freshDatabase();
    await migrateOfficeDatabase(pool, MIGRATIONS.slice(0, 1));
    const broken = [
      { version: 1, describe: 'first', sql: 'SELECT 1' },
      { version: 2, describe: 'half a change', sql: 'CREATE TABLE office_half (n int); SELECT no_such_column FROM office_half' },
    ];
    await expect(migrateOfficeDatabase(pool, broken)).rejects.toThrow(/migration 2 \(half a change\) failed and was rolled back/);
    expect(await version(pool)).toEqual([1]);
    expect(await tables(pool)).not.toContain('office_half');
  });

  it('refuses a URL that is not PostgreSQL, naming --database', () => {
    expect(() => openOfficePool('mysql://office@db/office')).toThrow(OfficeDatabaseError);
    expect(() => openOfficePool('mysql://office@db/office')).toThrow(/--database must be a postgres:\/\//);
    expect(() => openOfficePool('office.db')).toThrow(/--database must be a PostgreSQL URL/);
  });
});
