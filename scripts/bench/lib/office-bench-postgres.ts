/**
 * The office benchmark's PostgreSQL and its baseline. The cluster is the
 * test run's when there is one (the smoke test), else a private one started
 * here and stopped at the end (`npm run bench`). The baseline is PostgreSQL's
 * own way of moving the same rows to an empty office: `pg_dump --data-only`
 * of the current records and their files piped into `psql` on an empty copy
 * of the schema. It runs as a child process, so twenty of them really run
 * at once.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase, postgresBinDir, startTestCluster, TEST_POSTGRES_ENV, type TestDatabase } from '../../../test/helpers/postgres.js';

export interface BenchCluster {
  url: string;
  /** Stops the cluster when this bench started it; leaves the test run's alone. */
  release(): void;
}

export async function benchCluster(): Promise<BenchCluster> {
  const running = process.env[TEST_POSTGRES_ENV];
  if (running) return { url: running, release: () => undefined };
  const started = await startTestCluster();
  return { url: started.url, release: () => started.stop() };
}

/** What a desk pulls: the records as they are now and the files they refer to. */
export const BASELINE_TABLES = ['office_records', 'office_attachments'] as const;

function pgProgram(name: string): string {
  const bin = postgresBinDir();
  return bin ? join(bin, name) : name;
}

/** Runs a shell pipeline; a failure rejects with its stderr, so a broken baseline never looks fast. */
function pipeline(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`baseline failed (${code}): ${command}\n${stderr}`))));
  });
}

const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A new database holding the office's schema copied from `sourceUrl` and no rows: where a baseline restore lands. */
export async function emptyCopyOfSchema(clusterUrl: string, sourceUrl: string): Promise<TestDatabase> {
  const target = await createTestDatabase(clusterUrl);
  await pipeline(`${quoted(pgProgram('pg_dump'))} --schema-only --no-owner ${quoted(sourceUrl)} | ${quoted(pgProgram('psql'))} -q -X -v ON_ERROR_STOP=1 ${quoted(target.url)}`);
  return target;
}

/** Empties the baseline's tables again between runs (not timed). */
export async function emptyBaselineTables(targetUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    await client.query(`TRUNCATE ${BASELINE_TABLES.join(', ')}`);
  } finally {
    await client.end();
  }
}

/** The baseline: the records and files dumped from the office and restored into an empty copy, in one pipe. */
export function dumpAndRestore(sourceUrl: string, targetUrl: string): Promise<void> {
  const tables = BASELINE_TABLES.map((t) => `-t ${t}`).join(' ');
  return pipeline(`${quoted(pgProgram('pg_dump'))} --data-only ${tables} ${quoted(sourceUrl)} | ${quoted(pgProgram('psql'))} -q -X -v ON_ERROR_STOP=1 ${quoted(targetUrl)}`);
}

/** How many rows a database holds in each baseline table: proves a restore moved everything. */
export async function baselineRowCounts(url: string): Promise<{ records: number; attachments: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ records: string; attachments: string }>(
      'SELECT (SELECT count(*) FROM office_records) AS records, (SELECT count(*) FROM office_attachments) AS attachments',
    );
    return { records: Number(rows[0]!.records), attachments: Number(rows[0]!.attachments) };
  } finally {
    await client.end();
  }
}
