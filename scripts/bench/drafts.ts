/**
 * The draft store at the sizes a firm reaches: listing 1,000 drafts (the
 * start page's draft list; target within 150 ms) against the bare minimum of
 * reading and parsing every draft file (readdir, readFile, JSON.parse, all
 * at once) in the same run, and a burst of 100 saves sent as fast as the
 * renderer can (coalesced into few writes).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { median, round, RUNS } from './lib/measure.js';

const TARGET_MS = 150;

/** A wizard form of a realistic size: every box of a return as typed text. */
function form(i: number): Record<string, unknown> {
  const boxes: Record<string, string> = {};
  for (let box = 1; box <= 120; box++) boxes[String(box * 5)] = String((i * 7919 + box) % 1000000);
  return { companyName: `Company ${i} Ltd`, step: 'figures', boxes, declaration: { name: 'Jane Director', status: 'Director' } };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const count = sized(options, 1000, 10);
  const burst = sized(options, 100, 5);
  const runs = sized(options, RUNS, 1);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-drafts-'));
  try {
    const store = new DraftStore({ dataDir, log: () => undefined });
    for (let i = 0; i < count; i++) await store.create({ kind: 'ct600', clientId: null, title: `Company ${i} 2025`, form: form(i) });
    const draftsDir = join(dataDir, 'drafts');
    const readEveryFile = async () => {
      const names = (await readdir(draftsDir)).filter((n) => n.endsWith('.json'));
      const parsed = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(draftsDir, n), 'utf8')) as unknown));
      if (parsed.length !== count) throw new Error(`read ${parsed.length} draft files, not ${count}`);
    };
    await readEveryFile();

    // A fresh store each time, as at start-up: nothing cached in memory. Interleaved with the baseline, so a busy neighbour slows both.
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let r = 0; r < runs; r++) {
      const fresh = new DraftStore({ dataDir, log: () => undefined });
      await fresh.open();
      const start = performance.now();
      const list = await fresh.list();
      ours.push(performance.now() - start);
      if (list.drafts.length !== count) throw new Error(`listed ${list.drafts.length} drafts, not ${count}`);
      const b0 = performance.now();
      await readEveryFile();
      baseline.push(performance.now() - b0);
    }
    const oursMs = median(ours);
    const baselineMs = median(baseline);

    const id = (await store.list()).drafts[0]!.id;
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        store.save({ id, clientId: null, title: 'Burst', periodFrom: null, periodTo: null, form: { ...form(i), keystroke: i } }),
      ),
    );
    const burstMs = performance.now() - burstStart;
    const last = await new DraftStore({ dataDir, log: () => undefined }).get(id);
    if ((last.form as { keystroke?: number }).keystroke !== burst - 1) throw new Error('the burst did not end with the last content on disk');

    const label = `${count.toLocaleString('en-GB')} drafts`;
    return {
      name: 'drafts',
      figures: {
        [`list ${label}, median of ${runs} (ms)`]: round(oursMs, 1),
        [`list ${label}, slowest of ${runs} (ms)`]: round(Math.max(...ours), 1),
        [`read and parse every draft file, median of ${runs} (ms)`]: round(baselineMs, 1),
        [`burst of ${burst} saves, all settled and durable (ms)`]: round(burstMs, 1),
      },
      rows: [
        {
          case: `Drafts: list ${label} from a fresh store, vs reading and parsing every draft file`,
          oursMs: round(oursMs, 1),
          baselineMs: round(baselineMs, 1),
          ratio: round(oursMs / baselineMs, 2),
          peakRssMB: null,
          note: `target ≤ ${TARGET_MS} ms; medians of ${runs}, interleaved`,
        },
        { case: `Drafts: burst of ${burst} saves, all settled and durable`, oursMs: round(burstMs, 1), baselineMs: null, ratio: null, peakRssMB: null },
      ],
      targets: [{ description: `listing ${label} within ${TARGET_MS} ms (median ${oursMs.toFixed(0)} ms)`, met: oursMs <= TARGET_MS }],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
