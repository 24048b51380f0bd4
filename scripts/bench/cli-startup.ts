/**
 * Start-up of the command line on one small return: whole-process time of
 * `npm run --silent cli -- ct600 verify <file>` and of the bundled entry run
 * by node directly, each as a ratio to `node -e 0` measured in the same run
 * (medians, runs interleaved so a busy machine slows all three alike).
 * Target: the bundled entry within 2× of bare Node.
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
// @ts-expect-error a plain ES module script without type declarations
import { CLI_BUNDLE_DIR, ensureCliBundle } from '../cli.mjs';
import { sized, type BenchOptions } from './lib/cases.js';
import { round } from './lib/measure.js';
import { runReportingChild } from './lib/child-report.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const TARGET_RATIO = 2;

function timed(command: string, args: string[]): number {
  const start = performance.now();
  const run = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return ms;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const RUNS = sized(options, 15, 1);
  const TSX_RUNS = sized(options, 5, 1);
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-cli-start-'));
  try {
    const file = join(dir, 'small-return.xml');
    writeFileSync(file, Buffer.from(buildCt600(fullReturn()).xmlDoc, 'base64'));
    await ensureCliBundle();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const samples = { node: [] as number[], npm: [] as number[], bundle: [] as number[], tsx: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      samples.node.push(timed(process.execPath, ['-e', '0']));
      samples.bundle.push(timed(process.execPath, [join(CLI_BUNDLE_DIR, 'index.mjs'), 'ct600', 'verify', file]));
      samples.npm.push(timed(npm, ['run', '--silent', 'cli', '--', 'ct600', 'verify', file]));
      if (i < TSX_RUNS) samples.tsx.push(timed(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repoRoot, 'main', 'cli', 'index.ts'), 'ct600', 'verify', file]));
    }
    // What the bundle loads for the command, reported by a load hook on the IPC channel.
    const { loaded } = await runReportingChild<{ loaded: { file: string; bytes: number }[] }>([
      '--import',
      join(repoRoot, 'scripts', 'bench', 'lib', 'loaded-modules.mjs'),
      join(CLI_BUNDLE_DIR, 'index.mjs'),
      'ct600',
      'verify',
      file,
    ]);
    const loadedKB = round(loaded.reduce((n, m) => n + m.bytes, 0) / 1024, 0);
    const node = median(samples.node);
    const bundle = median(samples.bundle);
    const viaNpm = median(samples.npm);
    const tsx = median(samples.tsx);
    const ratio = (ms: number) => Number((ms / node).toFixed(2));
    return {
      name: 'cli-startup',
      figures: {
        runs: RUNS,
        'node -e 0 (ms, median)': Math.round(node),
        'node dist/cli/index.mjs ct600 verify (ms, median)': Math.round(bundle),
        'npm run --silent cli -- ct600 verify (ms, median)': Math.round(viaNpm),
        [`from source with tsx, as before (ms, median of ${TSX_RUNS})`]: Math.round(tsx),
        'ct600 verify: bundle files loaded': loaded.length,
        'ct600 verify: bundle code loaded (KB)': loadedKB,
        'ct600 verify: largest files loaded': [...loaded].sort((a, b) => b.bytes - a.bytes).slice(0, 4).map((m) => `${m.file.split(/[\\/]/).pop()} ${round(m.bytes / 1024, 0)} KB`).join(', '),
        'bundled entry / bare node': ratio(bundle),
        'npm run cli / bare node': ratio(viaNpm),
        'tsx from source / bare node': ratio(tsx),
      },
      rows: [
        { case: 'CLI start-up: node dist/cli/index.mjs ct600 verify, vs node -e 0', oursMs: round(bundle, 1), baselineMs: round(node, 1), ratio: round(bundle / node, 2), peakRssMB: null, note: `medians of ${RUNS}, interleaved; loads ${loaded.length} bundle files, ${loadedKB} KB` },
        { case: 'CLI start-up: npm run --silent cli -- ct600 verify, vs node -e 0', oursMs: round(viaNpm, 1), baselineMs: round(node, 1), ratio: round(viaNpm / node, 2), peakRssMB: null, note: 'npm itself is most of it' },
      ],
      targets: [{ description: `the bundled entry starts and verifies within ${TARGET_RATIO}× of bare Node (${ratio(bundle)}×)`, met: bundle / node <= TARGET_RATIO }],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
