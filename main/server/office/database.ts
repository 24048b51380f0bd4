/**
 * The office's PostgreSQL: the pool every part of the server shares, and the
 * migration run at start. Migrations run under a session advisory lock, so
 * two office servers started together take turns and the second finds the
 * work done; each migration is its own transaction with the version it
 * reaches, so a failure leaves the database at the last whole migration.
 */
import pg from 'pg';
import { MIGRATIONS, OFFICE_SCHEMA_VERSION, type Migration } from './migrations.js';

/** Thrown for a database the office cannot use as given; the message says why and what to do. */
export class OfficeDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfficeDatabaseError';
  }
}

/** The advisory lock's key: any fixed number no other program on the database uses ("FDOFFICE" in ASCII). */
const MIGRATION_LOCK_KEY = 0x46444f4646494345n;

export interface OfficePoolOptions {
  /** Most connections at once; requests beyond it wait for one. 10 by default. */
  max?: number;
}

/** A pool on a postgres:// URL; any other URL is refused naming --database (the place the user gave it). */
export function openOfficePool(url: string, options: OfficePoolOptions = {}): pg.Pool {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OfficeDatabaseError('--database must be a PostgreSQL URL such as postgres://user@host:5432/office; what was given is not a URL');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new OfficeDatabaseError(`--database must be a postgres:// (or postgresql://) URL; ${JSON.stringify(parsed.protocol)} is not a PostgreSQL address`);
  }
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection that the database drops must not bring the server down; the next query opens another.
  pool.on('error', () => {});
  return pool;
}

export interface MigrationReport {
  /** The version the database had before. */
  from: number;
  /** The version it has now (this build's). */
  to: number;
  applied: Pick<Migration, 'version' | 'describe'>[];
}

/** Brings the database to this build's schema version, or refuses one made by a newer office without touching it. */
export async function migrateOfficeDatabase(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  const target = migrations.at(-1)?.version ?? OFFICE_SCHEMA_VERSION;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      const from = await schemaVersion(client);
      if (from > target) {
        throw new OfficeDatabaseError(
          `the office database is at schema version ${from}, made by a newer Filing Desk office than this one (which knows up to version ${target}); it was left as it is: run the newer office server, or give --database an other database`,
        );
      }
      const applied: MigrationReport['applied'] = [];
      for (const migration of migrations.filter((m) => m.version > from)) {
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('UPDATE office_schema SET version = $1', [migration.version]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new OfficeDatabaseError(`migration ${migration.version} (${migration.describe}) failed and was rolled back: ${(error as Error).message}`);
        }
        applied.push({ version: migration.version, describe: migration.describe });
      }
      return { from, to: Math.max(from, target), applied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** The version the database is at; a database that never had the office is made version 0 (one row, in one transaction). */
async function schemaVersion(client: pg.PoolClient): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('CREATE TABLE IF NOT EXISTS office_schema (version integer NOT NULL)');
    const rows = (await client.query<{ version: number }>('SELECT version FROM office_schema')).rows;
    if (rows.length > 1) throw new OfficeDatabaseError(`the office database's office_schema table has ${rows.length} rows where there is always one; it was left as it is`);
    if (rows.length === 0) await client.query('INSERT INTO office_schema (version) VALUES (0)');
    await client.query('COMMIT');
    return rows[0]?.version ?? 0;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
