/**
 * The benchmark cases: every `.ts` file directly in scripts/bench/ is one,
 * exporting `run(options)`. `npm run bench` runs them at full size; the test
 * suite runs each with `{ smoke: true }` (tiny inputs, one run, no timing
 * judged) so a case that no longer runs fails `npm test`, not a release.
 * A new file in the folder is a new case for both, with nothing to register.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SummaryRow } from './measure.js';

export interface BenchOptions {
  /** Tiny inputs and a single run: proves the case still runs end to end; its times mean nothing. */
  smoke?: boolean;
}

export interface BenchResult {
  name: string;
  figures: Record<string, number | string>;
  /** Ours against a baseline measured in the same run (or a figure with none), for summary.json. */
  rows: SummaryRow[];
  /** Targets checked by the benchmark itself; a failed target fails a full run (a smoke run ignores them). */
  targets?: { description: string; met: boolean }[];
}

export interface BenchCase {
  name: string;
  run(options?: BenchOptions): Promise<BenchResult>;
}

export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The case names, in the order the bench runs them. */
export function benchCaseNames(): string[] {
  return readdirSync(BENCH_DIR, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => basename(e.name, '.ts'))
    .sort();
}

export async function loadBenchCase(name: string): Promise<BenchCase> {
  const mod = (await import(pathToFileURL(join(BENCH_DIR, `${name}.ts`)).href)) as { run?: BenchCase['run'] };
  if (typeof mod.run !== 'function') throw new Error(`scripts/bench/${name}.ts does not export run(options)`);
  return { name, run: mod.run };
}

/** Picks the full-size value or the smoke run's tiny one. */
export function sized<T>(options: BenchOptions | undefined, full: T, smoke: T): T {
  return options?.smoke ? smoke : full;
}

/**
 * What every result must hold for summary.json: its own name, at least one
 * row, and each ratio the quotient of its own row's times (so a ratio is
 * never set against a baseline from another run). Returns the problems found.
 */
export function resultProblems(name: string, result: BenchResult): string[] {
  const problems: string[] = [];
  if (result.name !== name) problems.push(`named "${result.name}", not "${name}"`);
  if (!Array.isArray(result.rows) || result.rows.length === 0) problems.push('no summary rows');
  for (const r of result.rows ?? []) {
    if (typeof r.case !== 'string' || r.case === '') problems.push('a row without a case name');
    for (const key of ['oursMs', 'baselineMs', 'ratio', 'peakRssMB'] as const) {
      const v = r[key];
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) problems.push(`${r.case}: ${key} is ${String(v)}`);
    }
    if (r.oursMs !== null && r.baselineMs !== null && r.baselineMs > 0 && r.ratio !== null) {
      // Rows round their times (to 1 ms at worst) and the ratio (to 0.01) apart: allow for that, not for another run's baseline.
      const low = Math.max(0, r.oursMs - 0.5) / (r.baselineMs + 0.5) - 0.01;
      const high = (r.oursMs + 0.5) / Math.max(0.05, r.baselineMs - 0.5) + 0.01;
      if (r.ratio < low || r.ratio > high) problems.push(`${r.case}: ratio ${r.ratio} is not ${r.oursMs} / ${r.baselineMs}`);
    }
  }
  return problems;
}
