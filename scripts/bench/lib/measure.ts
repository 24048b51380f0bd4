/**
 * What every ratio benchmark shares: ours and the native baseline run on the
 * same input, alternately (so a neighbour's load on this shared machine hits
 * both alike), after a warm-up of each, and the medians are compared.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** One line of bench-results/summary.json. */
export interface SummaryRow {
  case: string;
  oursMs: number | null;
  baselineMs: number | null;
  /** ours/baseline; for a memory row, the multiple of the input size. */
  ratio: number | null;
  peakRssMB: number | null;
  /** Figures that are not times (bytes, requests per second): printed beside the row. */
  note?: string;
}

export const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The process's peak resident set since the last reset (Linux VmHWM), in MB. */
export function peakRssMB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1048576;
}

/** Current resident set (Linux VmRSS), in MB. */
export function rssMB(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1048576;
}

/** Resets VmHWM to the current RSS, so peakRssMB() measures from here (Linux 4.0+). */
export function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux or not permitted: the peak then counts from process start.
  }
}

export interface Pair {
  oursMs: number;
  baselineMs: number;
  ratio: number;
  peakRssMB: number;
  oursRuns: number[];
  baselineRuns: number[];
}

/**
 * Runs ours and the baseline alternately `runs` times after one warm-up each
 * and returns the medians. The peak RSS is this process's (ours runs here;
 * the baseline runs in child processes).
 */
export async function interleaved(ours: () => unknown, baseline: () => unknown, runs = RUNS): Promise<Pair> {
  await ours();
  await baseline();
  resetPeakRss();
  const o: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const t0 = performance.now();
      await (which === 0 ? ours() : baseline());
      (which === 0 ? o : b).push(performance.now() - t0);
    }
  }
  const oursMs = median(o);
  const baselineMs = median(b);
  return { oursMs, baselineMs, ratio: oursMs / baselineMs, peakRssMB: peakRssMB(), oursRuns: o, baselineRuns: b };
}

export function row(name: string, pair: Pair, note?: string): SummaryRow {
  return {
    case: name,
    oursMs: round(pair.oursMs, 1),
    baselineMs: round(pair.baselineMs, 1),
    ratio: round(pair.ratio, 2),
    peakRssMB: round(pair.peakRssMB, 0),
    ...(note ? { note } : {}),
  };
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Runs a shell pipeline of native tools and fails loudly if it fails: a broken baseline must not look fast. */
export function sh(command: string, options: SpawnSyncOptions = {}): string {
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', command], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.status !== 0) throw new Error(`baseline failed (${r.status}): ${command}\n${r.stderr}`);
  return String(r.stdout);
}

/** The native tools the baselines need; a missing one is a setup error with the apt line that fixes it. */
export function requireTools(...tools: string[]): void {
  const missing = tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (missing.length > 0) throw new Error(`benchmark baselines need ${missing.join(', ')}: apt-get install -y zip unzip openssl libxml2-utils chromium`);
}
