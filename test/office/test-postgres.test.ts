import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../helpers/postgres.js';

describe("the office tests' PostgreSQL", () => {
  it('gives each test a database of its own on a real server, and drops it', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; version: string }>('select current_database() as db, version() as version');
    await client.end();
    expect(rows[0]!.db).toBe(database.name);
    expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
    await database.drop();
    const admin = new pg.Client({ connectionString: database.url.replace(`/${database.name}`, '/postgres') });
    await admin.connect();
    const left = await admin.query('select 1 from pg_database where datname = $1', [database.name]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});
