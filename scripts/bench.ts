/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (or those named on
 * the command line) and writes their figures to bench-results/<name>.json.
 * Performance targets live here, never in timed unit tests.
 */
import { readdir, mkdir, writeFile } from 'node:fs/promises';
import { join, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  figures: Record<string, number | string>;
  /** Targets checked by the benchmark itself; a failed target fails the run. */
  targets?: { description: string; met: boolean }[];
}

const here = fileURLToPath(new URL('.', import.meta.url));
const benchDir = join(here, 'bench');
const outDir = join(here, '..', 'bench-results');

const wanted = process.argv.slice(2);
const files = (await readdir(benchDir)).filter((f) => f.endsWith('.ts')).sort();
await mkdir(outDir, { recursive: true });
let failed = 0;
for (const file of files) {
  const name = basename(file, '.ts');
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const mod = (await import(pathToFileURL(join(benchDir, file)).href)) as { run: () => Promise<BenchResult> };
  const result = await mod.run();
  await writeFile(join(outDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${name}:`);
  for (const [k, v] of Object.entries(result.figures)) console.log(`  ${k}: ${v}`);
  for (const t of result.targets ?? []) {
    console.log(`  target ${t.met ? 'met' : 'MISSED'}: ${t.description}`);
    if (!t.met) failed++;
  }
}
if (failed > 0) {
  console.error(`${failed} benchmark target(s) missed`);
  process.exitCode = 1;
}
