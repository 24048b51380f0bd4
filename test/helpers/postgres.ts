/**
 * A real PostgreSQL for the office's tests and benchmarks: a private cluster
 * (initdb in a temporary folder, its own port, trust on loopback, fsync off
 * since it is thrown away), started once per run by the global set-up; each
 * test creates and drops its own database in it. Nothing is mocked at the
 * database. On CI the machine is Debian as root: PostgreSQL refuses to run
 * as root, so the cluster is made and run as the `postgres` user Debian's
 * package creates.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the run's cluster is, for the test processes (set by the global set-up). */
export const TEST_POSTGRES_ENV = 'FILING_DESK_TEST_POSTGRES';
/** Why there is none, when the set-up could not start one. */
export const TEST_POSTGRES_PROBLEM_ENV = 'FILING_DESK_TEST_POSTGRES_PROBLEM';

/** PostgreSQL's programs: FILING_DESK_PG_BIN, else Debian's newest /usr/lib/postgresql/<version>/bin, else pg_config's. */
export function postgresBinDir(): string | undefined {
  const given = process.env.FILING_DESK_PG_BIN;
  if (given) return given;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return found.status === 0 && existsSync(join(found.stdout.trim(), 'initdb')) ? found.stdout.trim() : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface TestCluster {
  /** postgres://…/postgres: the cluster's maintenance database, from which test databases are made. */
  url: string;
  stop(): void;
}

/** Starts a private cluster; throws saying what to install when PostgreSQL is not on this machine. */
export async function startTestCluster(): Promise<TestCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: the office tests need its server programs (Debian: apt-get install postgresql), or FILING_DESK_PG_BIN naming their folder');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'filing-desk-pg-'));
  chmodSync(dir, 0o700);
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, program);
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
    execFileSync(command, full, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const user = 'filingdesk_test';
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', user, '-E', 'UTF8', '--locale=C', '--no-sync']);
    run('pg_ctl', [
      '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a test PostgreSQL with ${bin}: ${stderr || (error as Error).message}`);
  }
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The run's cluster, or an error saying why there is none (so an office test fails with the reason, never passes without a database). */
export function testClusterUrl(): string {
  const url = process.env[TEST_POSTGRES_ENV];
  if (!url) throw new Error(process.env[TEST_POSTGRES_PROBLEM_ENV] ?? 'no test PostgreSQL: run the tests with npm test (the global set-up starts one)');
  return url;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new, empty database of the run's cluster for one test; drop() ends its connections and removes it. */
export async function createTestDatabase(clusterUrl = testClusterUrl()): Promise<TestDatabase> {
  const name = `fd_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: clusterUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
