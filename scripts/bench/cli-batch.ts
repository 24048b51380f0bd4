/**
 * `ct600 verify` over a folder of 200 small returns: one process for the whole
 * folder against one process per file (what a shell loop over the files pays).
 * Per-file processes are sampled (20 files) and scaled, to keep the run short.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../../test/fixtures/ct600-requests.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { round } from './lib/measure.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const cliArgs = [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repoRoot, 'main', 'cli', 'index.ts')];

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [...cliArgs, ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const FILES = sized(options, 200, 3);
  const SAMPLE = sized(options, 20, 1);
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-cli-'));
  try {
    for (let i = 0; i < FILES; i++) {
      const request = { ...fullReturn(), companyName: `Example Trading ${i} Ltd` };
      writeFileSync(join(dir, `return-${String(i).padStart(3, '0')}.xml`), Buffer.from(buildCt600(request).xmlDoc, 'base64'));
    }
    let start = performance.now();
    const batch = cli(['ct600', 'verify', dir, '--json']);
    const batchMs = performance.now() - start;
    const results = batch.stdout.trim().split('\n').length;

    start = performance.now();
    for (let i = 0; i < SAMPLE; i++) cli(['ct600', 'verify', join(dir, `return-${String(i).padStart(3, '0')}.xml`)]);
    const perFileMs = (performance.now() - start) / SAMPLE;
    const batchRate = FILES / (batchMs / 1000);
    const perFileRate = 1000 / perFileMs;
    return {
      name: 'cli-batch',
      figures: {
        'files in the folder': FILES,
        'results printed by the batch': results,
        'batch exit code': batch.code ?? -1,
        'batch, one process (ms)': Math.round(batchMs),
        'batch (files per second)': Number(batchRate.toFixed(1)),
        'one process per file (ms per file)': Math.round(perFileMs),
        'one process per file (files per second)': Number(perFileRate.toFixed(1)),
        'speed-up': Number((batchRate / perFileRate).toFixed(1)),
      },
      rows: [
        {
          case: `CLI ct600 verify over ${FILES} returns: one process for the folder, vs one process per file (per-file time sampled on ${SAMPLE} and scaled)`,
          oursMs: round(batchMs, 0),
          baselineMs: round(perFileMs * FILES, 0),
          ratio: round(batchMs / (perFileMs * FILES), 2),
          peakRssMB: null,
          note: `speed-up ${(batchRate / perFileRate).toFixed(1)}×`,
        },
      ],
      targets: [
        { description: `the batch prints ${FILES} results and exits 0`, met: results === FILES && batch.code === 0 },
        { description: 'one process for the folder is at least 10 times faster than a process per file', met: batchRate >= 10 * perFileRate },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
