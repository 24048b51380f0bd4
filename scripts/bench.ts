/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (or those named on
 * the command line), writes each one's figures to bench-results/<name>.json
 * and every ratio row to bench-results/summary.json, and prints the table.
 * Missed targets are listed (and in bench-results/targets-missed.json); with
 * --strict they fail the run. Performance targets live here, never in timed
 * unit tests; the test suite
 * runs each case once at toy size (test/bench/bench-smoke.test.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SummaryRow } from './bench/lib/measure.js';
import { benchCaseNames, loadBenchCase, resultProblems } from './bench/lib/cases.js';

export type { BenchResult, BenchOptions } from './bench/lib/cases.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(here, '..', 'bench-results');
const summaryPath = join(outDir, 'summary.json');

// --strict: a missed target fails the run too (by default the run fails only when a case cannot run or reports malformed figures).
const strict = process.argv.includes('--strict');
const wanted = process.argv.slice(2).filter((a) => a !== '--strict');
const names = benchCaseNames();
const unknown = wanted.filter((w) => !names.includes(w));
if (unknown.length > 0) throw new Error(`no benchmark named ${unknown.join(', ')}; the cases are ${names.join(', ')}`);
await mkdir(outDir, { recursive: true });
const runAt = new Date().toISOString();
// A partial run (names on the command line) replaces only its own rows.
const ran = new Set<string>();
const rows: (SummaryRow & { bench: string; runAt: string })[] = [];
let malformed = 0;
const missed: { bench: string; description: string }[] = [];
for (const name of names) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const result = await (await loadBenchCase(name)).run();
  ran.add(name);
  await writeFile(join(outDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${name}:`);
  for (const [k, v] of Object.entries(result.figures)) console.log(`  ${k}: ${v}`);
  for (const r of result.rows) rows.push({ bench: name, runAt, ...r });
  for (const problem of resultProblems(name, result)) {
    console.log(`  result MALFORMED: ${problem}`);
    malformed++;
  }
  for (const t of result.targets ?? []) {
    console.log(`  target ${t.met ? 'met' : 'MISSED'}: ${t.description}`);
    if (!t.met) missed.push({ bench: name, description: t.description });
  }
}

let previous: (SummaryRow & { bench?: string })[] = [];
if (wanted.length > 0) {
  previous = await readFile(summaryPath, 'utf8').then((t) => JSON.parse(t) as typeof previous, () => []);
}
const summary = [...previous.filter((r) => r.bench === undefined || !ran.has(r.bench)), ...rows];
await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
console.log(`\n${table(summary)}`);
await writeFile(join(outDir, 'targets-missed.json'), `${JSON.stringify({ runAt, missed }, null, 2)}\n`);
if (missed.length > 0) console.log(`\n${missed.length} target(s) missed:\n${missed.map((m) => `  ${m.bench}: ${m.description}`).join('\n')}`);
if (malformed > 0) console.error(`${malformed} malformed result(s)`);
if (malformed > 0 || (strict && missed.length > 0)) process.exitCode = 1;

/** The summary as a Markdown table: what docs/performance.md quotes. */
function table(list: readonly SummaryRow[]): string {
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '–' : String(v));
  const lines = ['| case | ours (ms) | baseline (ms) | ratio | peak RSS (MB) | note |', '|---|---:|---:|---:|---:|---|'];
  for (const r of list) lines.push(`| ${r.case} | ${cell(r.oursMs)} | ${cell(r.baselineMs)} | ${cell(r.ratio)} | ${cell(r.peakRssMB)} | ${r.note ?? ''} |`);
  return lines.join('\n');
}
