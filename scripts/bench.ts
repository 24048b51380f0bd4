/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (or those named on
 * the command line), writes each one's figures to bench-results/<name>.json
 * and every ratio row to bench-results/summary.json, and prints the table.
 * Performance targets live here, never in timed unit tests.
 */
import { readdir, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SummaryRow } from './bench/lib/measure.js';

export interface BenchResult {
  name: string;
  figures: Record<string, number | string>;
  /** Ours against a native baseline (or a figure with none), for summary.json. */
  rows?: SummaryRow[];
  /** Targets checked by the benchmark itself; a failed target fails the run. */
  targets?: { description: string; met: boolean }[];
}

const here = fileURLToPath(new URL('.', import.meta.url));
const benchDir = join(here, 'bench');
const outDir = join(here, '..', 'bench-results');
const summaryPath = join(outDir, 'summary.json');

const wanted = process.argv.slice(2);
const files = (await readdir(benchDir)).filter((f) => f.endsWith('.ts')).sort();
await mkdir(outDir, { recursive: true });
// A partial run (names on the command line) replaces only its own rows.
const ran = new Set<string>();
const rows: (SummaryRow & { bench: string })[] = [];
let failed = 0;
for (const file of files) {
  const name = basename(file, '.ts');
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const mod = (await import(pathToFileURL(join(benchDir, file)).href)) as { run: () => Promise<BenchResult> };
  const result = await mod.run();
  ran.add(name);
  await writeFile(join(outDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${name}:`);
  for (const [k, v] of Object.entries(result.figures)) console.log(`  ${k}: ${v}`);
  for (const r of result.rows ?? []) rows.push({ bench: name, ...r });
  for (const t of result.targets ?? []) {
    console.log(`  target ${t.met ? 'met' : 'MISSED'}: ${t.description}`);
    if (!t.met) failed++;
  }
}

let previous: (SummaryRow & { bench?: string })[] = [];
if (wanted.length > 0) {
  previous = await readFile(summaryPath, 'utf8').then((t) => JSON.parse(t) as typeof previous, () => []);
}
const summary = [...previous.filter((r) => r.bench === undefined || !ran.has(r.bench)), ...rows];
await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
console.log(`\n${table(summary)}`);
if (failed > 0) {
  console.error(`${failed} benchmark target(s) missed`);
  process.exitCode = 1;
}

/** The summary as a Markdown table: what docs/performance.md quotes. */
function table(list: readonly SummaryRow[]): string {
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '–' : String(v));
  const lines = ['| case | ours (ms) | baseline (ms) | ratio | peak RSS (MB) | note |', '|---|---:|---:|---:|---:|---|'];
  for (const r of list) lines.push(`| ${r.case} | ${cell(r.oursMs)} | ${cell(r.baselineMs)} | ${cell(r.ratio)} | ${cell(r.peakRssMB)} | ${r.note ?? ''} |`);
  return lines.join('\n');
}
