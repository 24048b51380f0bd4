/**
 * The office benchmark's parts, at toy size against the run's real
 * PostgreSQL: the book it pushes is what the desk's stores accept, the
 * seeding goes through the real office server and protocol, and the
 * baseline (pg_dump piped into psql) copies every row or fails loudly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { benchOfficeBook } from '../../scripts/bench/lib/office-bench-records.js';
import { countPulled, seedOffice, type OfficeSignIn } from '../../scripts/bench/lib/office-bench-seed.js';
import { baselineRowCounts, dumpAndRestore, emptyBaselineTables, emptyCopyOfSchema } from '../../scripts/bench/lib/office-bench-postgres.js';
import { readDraftText } from '../../main/store/draft-record.js';
import { parseClientBook } from '../../main/store/client-book.js';
import { migrateOfficeDatabase, openOfficePool } from '../../main/server/office/database.js';
import { createOfficeServer } from '../../main/server/office/office-server.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { createTestDatabase, testClusterUrl, type TestDatabase } from '../helpers/postgres.js';

describe("the office benchmark's book", () => {
  const book = benchOfficeBook(4, 12, 5);

  it('holds drafts the draft store reads and clients the client book reads', () => {
    const drafts = book.records.filter((r) => r.kind === 'draft');
    const clients = book.records.filter((r) => r.kind === 'client');
    expect(drafts).toHaveLength(12);
    // As the draft adapter reads an office version: the fields that are this desk's own added back.
    for (const d of drafts) expect(readDraftText(JSON.stringify({ ...(d.body as object), changedAt: '', lastBuild: null, lastValidation: null }), d.id)).toMatchObject({ ok: true });
    for (const d of drafts) expect(Object.keys(d.body as object)).not.toContain('lastBuild');
    const parsed = parseClientBook(JSON.stringify({ schemaVersion: 1, clients: clients.map((c) => c.body) }));
    expect(parsed.kind).toBe('book');
    expect(parsed.kind === 'book' && parsed.clients.map((c) => c.id)).toEqual(clients.map((c) => c.id));
  });

  it('gives drafts bodies of a few KB and every fifth its accounts file', () => {
    const drafts = book.records.filter((r) => r.kind === 'draft');
    for (const d of drafts) expect(JSON.stringify(d.body).length).toBeGreaterThan(2000);
    expect(drafts.filter((d) => d.attachments.length === 1).map((d) => drafts.indexOf(d))).toEqual([0, 5, 10]);
    for (const d of drafts) for (const sha of d.attachments) expect(book.files.get(sha)?.byteLength).toBeGreaterThan(10_000);
  });

  it('is the same book on every run, so the baseline copies what was pushed', () => {
    expect(JSON.stringify(benchOfficeBook(4, 12, 5).records)).toBe(JSON.stringify(book.records));
  });
});

describe('seeding through the office and the dump-and-restore baseline', () => {
  const book = benchOfficeBook(5, 20, 4);
  let source: TestDatabase;
  let pool: pg.Pool;
  let server: FastifyInstance;
  let office: OfficeSignIn;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await createTestDatabase();
    pool = openOfficePool(source.url);
    await migrateOfficeDatabase(pool);
    await new OfficeUsers({ pool }).add({ name: 'bench', password: 'a bench password', admin: true }, { user: 'bench', desk: null });
    server = await createOfficeServer({ pool });
    await server.listen({ host: '127.0.0.1', port: 0 });
    office = { url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`, user: 'bench', password: 'a bench password', desk: 'Bench desk' };
  });

  afterAll(async () => {
    await server?.close();
    await pool?.end();
    for (const t of targets) await t.drop();
    await source?.drop();
  });

  it('pushes every record and file through the protocol, and a new desk is handed them all', async () => {
    expect(await seedOffice(office, book)).toBe(25);
    expect(await countPulled(office)).toBe(25);
    expect(await baselineRowCounts(source.url)).toEqual({ records: 25, attachments: 5 });
  });

  it('copies every record and file into an empty copy of the schema, and again after emptying it', async () => {
    const target = await emptyCopyOfSchema(testClusterUrl(), source.url);
    targets.push(target);
    expect(await baselineRowCounts(target.url)).toEqual({ records: 0, attachments: 0 });
    await dumpAndRestore(source.url, target.url);
    expect(await baselineRowCounts(target.url)).toEqual({ records: 25, attachments: 5 });
    const bodies = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ kind: string; id: string; body: unknown }>('SELECT kind, id, body FROM office_records ORDER BY kind, id');
      await client.end();
      return rows;
    };
    expect(await bodies(target.url)).toEqual(await bodies(source.url));
    await emptyBaselineTables(target.url);
    expect(await baselineRowCounts(target.url)).toEqual({ records: 0, attachments: 0 });
    await dumpAndRestore(source.url, target.url);
    expect(await baselineRowCounts(target.url)).toEqual({ records: 25, attachments: 5 });
  });

  it('fails loudly when the restore cannot land, rather than timing nothing', async () => {
    const bare = await createTestDatabase();
    targets.push(bare);
    await expect(dumpAndRestore(source.url, bare.url)).rejects.toThrow(/baseline failed .*office_records/s);
  });
});
