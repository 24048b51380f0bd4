/**
 * The draft store at the sizes a firm reaches: listing 1,000 drafts (the
 * start page's draft list; target under 300 ms), and a burst of 100 saves
 * sent as fast as the renderer can (coalesced into few writes).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { DraftStore } from '../../main/store/draft-store.js';

/** A wizard form of a realistic size: every box of a return as typed text. */
function form(i: number): Record<string, unknown> {
  const boxes: Record<string, string> = {};
  for (let box = 1; box <= 120; box++) boxes[String(box * 5)] = String((i * 7919 + box) % 1000000);
  return { companyName: `Company ${i} Ltd`, step: 'figures', boxes, declaration: { name: 'Jane Director', status: 'Director' } };
}

export async function run(): Promise<BenchResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-drafts-'));
  try {
    const store = new DraftStore({ dataDir, log: () => undefined });
    for (let i = 0; i < 1000; i++) await store.create({ kind: 'ct600', clientId: null, title: `Company ${i} 2025`, form: form(i) });

    // A fresh store, as at start-up: nothing cached.
    const runs: number[] = [];
    for (let r = 0; r < 5; r++) {
      const fresh = new DraftStore({ dataDir, log: () => undefined });
      await fresh.open();
      const start = performance.now();
      const list = await fresh.list();
      runs.push(performance.now() - start);
      if (list.drafts.length !== 1000) throw new Error(`listed ${list.drafts.length} drafts, not 1000`);
    }
    runs.sort((a, b) => a - b);
    const median = runs[2]!;

    const id = (await store.list()).drafts[0]!.id;
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        store.save({ id, clientId: null, title: 'Burst', periodFrom: null, periodTo: null, form: { ...form(i), keystroke: i } }),
      ),
    );
    const burstMs = performance.now() - burstStart;
    const last = await new DraftStore({ dataDir, log: () => undefined }).get(id);
    if ((last.form as { keystroke?: number }).keystroke !== 99) throw new Error('the burst did not end with the last content on disk');

    return {
      name: 'drafts',
      figures: {
        'list 1,000 drafts, median of 5 (ms)': Number(median.toFixed(1)),
        'list 1,000 drafts, slowest of 5 (ms)': Number(runs[4]!.toFixed(1)),
        'burst of 100 saves, all settled and durable (ms)': Number(burstMs.toFixed(1)),
      },
      targets: [{ description: `listing 1,000 drafts under 300 ms (median ${median.toFixed(0)} ms)`, met: median < 300 }],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
