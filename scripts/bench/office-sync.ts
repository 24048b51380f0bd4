/**
 * The office at a firm's size: an office holding 1,000 clients and 5,000
 * CT600 drafts (a few KB each, every tenth with its accounts attached),
 * pushed through the real server and protocol, then
 *
 * (a) a new desk syncing everything into a fresh data folder, against
 *     PostgreSQL's own copy of the same rows (pg_dump --data-only of the
 *     records and their files piped into psql on an empty copy of the
 *     schema), and
 * (b) twenty new desks syncing at once, each in a process of its own,
 *     against twenty such copies at once.
 *
 * The office server runs in its own process and each desk in another, as
 * on a firm's network. Ours and the baseline alternate, the first run
 * alternating too; the medians are compared. Nothing is warmed up first: a
 * run at this size takes seconds, and a new desk's first sync is cold.
 */
import { mkdir, readdir, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { migrateOfficeDatabase, openOfficePool } from '../../main/server/office/database.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/postgres.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { median, round, type SummaryRow } from './lib/measure.js';
import { benchOfficeBook } from './lib/office-bench-records.js';
import { seedOffice, type OfficeSignIn } from './lib/office-bench-seed.js';
import { baselineRowCounts, benchCluster, dumpAndRestore, emptyBaselineTables, emptyCopyOfSchema } from './lib/office-bench-postgres.js';
import { startDesk, startOfficeServer, type DeskProcess, type OfficeServerProcess } from './lib/office-bench-processes.js';

/** A new desk may take this many times PostgreSQL's own copy of the same rows. */
const TARGET_ONE_DESK = 10;
/** Twenty desks at once may take this many times twenty copies at once. */
const TARGET_MANY_DESKS = 10;

const BENCH_USER = 'bench';
const BENCH_PASSWORD = 'the office bench password';

/** Runs ours and the baseline `runs` times each, alternating which goes first; each returns the time it measured. */
async function alternate(ours: () => Promise<number>, baseline: () => Promise<number>, runs: number) {
  const o: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      o.push(await ours());
      b.push(await baseline());
    } else {
      b.push(await baseline());
      o.push(await ours());
    }
  }
  return { oursMs: median(o), baselineMs: median(b), oursRuns: o, baselineRuns: b };
}

function ratioRow(name: string, pair: { oursMs: number; baselineMs: number }, note: string): SummaryRow {
  return { case: name, oursMs: round(pair.oursMs, 1), baselineMs: round(pair.baselineMs, 1), ratio: round(pair.oursMs / pair.baselineMs, 2), peakRssMB: null, note };
}

export interface OfficeBenchSize {
  clients: number;
  drafts: number;
  desks: number;
  runs: number;
}

export function run(options?: BenchOptions): Promise<BenchResult> {
  return measureOfficeSync({ clients: sized(options, 1000, 20), drafts: sized(options, 5000, 50), desks: sized(options, 20, 3), runs: sized(options, 3, 1) });
}

/** The case at any size (a single run at full size, say, on a machine where three would take too long). */
export async function measureOfficeSync(size: OfficeBenchSize): Promise<BenchResult> {
  const { clients: clientCount, drafts: draftCount, desks: deskCount, runs } = size;
  const book = benchOfficeBook(clientCount, draftCount);
  const expected = book.records.length;

  const cluster = await benchCluster();
  const databases: TestDatabase[] = [];
  const desks: DeskProcess[] = [];
  let server: OfficeServerProcess | undefined;
  const root = await mkdtemp(join(tmpdir(), 'bench-office-'));
  try {
    const source = await createTestDatabase(cluster.url);
    databases.push(source);
    // The first user, as `cli office user add … --admin` makes it on the office's computer.
    const pool = openOfficePool(source.url);
    try {
      await migrateOfficeDatabase(pool);
      await new OfficeUsers({ pool }).add({ name: BENCH_USER, password: BENCH_PASSWORD, admin: true }, { user: BENCH_USER, desk: null });
    } finally {
      await pool.end();
    }
    server = await startOfficeServer(source.url);
    const seeder: OfficeSignIn = { url: server.url, user: BENCH_USER, password: BENCH_PASSWORD, desk: 'Seeding desk' };
    const seedStart = performance.now();
    await seedOffice(seeder, book);
    const seedMs = performance.now() - seedStart;

    const targets: TestDatabase[] = [];
    for (let i = 0; i < deskCount; i++) {
      const target = await emptyCopyOfSchema(cluster.url, source.url);
      databases.push(target);
      targets.push(target);
    }
    const started = await Promise.allSettled(Array.from({ length: deskCount }, () => startDesk()));
    for (const s of started) if (s.status === 'fulfilled') desks.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;

    let folders = 0;
    const syncDesks = async (n: number): Promise<number> => {
      const dirs = Array.from({ length: n }, () => join(root, `desk-${++folders}`));
      await Promise.all(dirs.map((d) => mkdir(d)));
      const start = performance.now();
      const answers = await Promise.all(
        dirs.map((dataDir, i) => desks[i]!.sync({ dataDir, url: server!.url, user: BENCH_USER, password: BENCH_PASSWORD, desk: `Desk ${i + 1}` })),
      );
      const ms = performance.now() - start;
      for (const [i, a] of answers.entries()) {
        if (a.pulled !== expected || a.conflicts !== 0) throw new Error(`desk ${i + 1} pulled ${a.pulled} records with ${a.conflicts} conflicts, not ${expected} with none`);
      }
      const draftFiles = (await readdir(join(dirs[0]!, 'drafts'))).filter((f) => f.endsWith('.json')).length;
      if (draftFiles !== draftCount) throw new Error(`desk 1 holds ${draftFiles} drafts after its sync, not ${draftCount}`);
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
      return ms;
    };
    const restoreAll = async (n: number): Promise<number> => {
      const into = targets.slice(0, n);
      await Promise.all(into.map((t) => emptyBaselineTables(t.url)));
      const start = performance.now();
      await Promise.all(into.map((t) => dumpAndRestore(source.url, t.url)));
      const ms = performance.now() - start;
      const copied = await baselineRowCounts(into[0]!.url);
      if (copied.records !== expected || copied.attachments !== book.files.size) throw new Error(`the baseline copied ${copied.records} records and ${copied.attachments} files, not ${expected} and ${book.files.size}`);
      return ms;
    };

    const one = await alternate(() => syncDesks(1), () => restoreAll(1), runs);
    const many = await alternate(() => syncDesks(deskCount), () => restoreAll(deskCount), runs);

    const what = `${clientCount.toLocaleString('en-GB')} clients and ${draftCount.toLocaleString('en-GB')} drafts (${book.files.size} attached files)`;
    const megabytes = (book.bodyBytes + book.fileBytes) / 1_048_576;
    const oneRatio = one.oursMs / one.baselineMs;
    const manyRatio = many.oursMs / many.baselineMs;
    return {
      name: 'office-sync',
      figures: {
        'records in the office': expected,
        'records and files, as JSON and bytes (MB)': round(megabytes, 1),
        'seeding through the protocol (ms)': round(seedMs, 0),
        [`a new desk syncs everything, median of ${runs} (ms)`]: round(one.oursMs, 0),
        [`pg_dump | psql of the same rows, median of ${runs} (ms)`]: round(one.baselineMs, 0),
        'a new desk, records per second': round(expected / (one.oursMs / 1000), 0),
        [`${deskCount} new desks at once, all done, median of ${runs} (ms)`]: round(many.oursMs, 0),
        [`${deskCount} pg_dump | psql at once, all done, median of ${runs} (ms)`]: round(many.baselineMs, 0),
        'every run, ours (ms)': [...one.oursRuns, ...many.oursRuns].map((v) => round(v, 0)).join(', '),
        'every run, baseline (ms)': [...one.baselineRuns, ...many.baselineRuns].map((v) => round(v, 0)).join(', '),
      },
      rows: [
        ratioRow(`Office: a new desk syncs ${what}, vs pg_dump | psql of the same rows`, one, `target ≤ ${TARGET_ONE_DESK}×; medians of ${runs}, alternating`),
        ratioRow(
          `Office: ${deskCount} new desks sync at once (a process each), vs ${deskCount} pg_dump | psql at once`,
          many,
          `target ≤ ${TARGET_MANY_DESKS}×; medians of ${runs}, alternating; wall time until the last is done`,
        ),
        { case: `Office: seeding ${what} through the protocol`, oursMs: round(seedMs, 1), baselineMs: null, ratio: null, peakRssMB: null },
      ],
      targets: [
        { description: `a new desk's sync within ${TARGET_ONE_DESK}× pg_dump | psql of the same rows (${oneRatio.toFixed(2)}×)`, met: oneRatio <= TARGET_ONE_DESK },
        { description: `${deskCount} desks syncing at once within ${TARGET_MANY_DESKS}× as many pg_dump | psql at once (${manyRatio.toFixed(2)}×)`, met: manyRatio <= TARGET_MANY_DESKS },
      ],
    };
  } finally {
    for (const desk of desks) desk.stop();
    server?.stop();
    for (const database of databases) await database.drop().catch(() => undefined);
    cluster.release();
    await rm(root, { recursive: true, force: true });
  }
}
