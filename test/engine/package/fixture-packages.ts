/**
 * The hand-written packages under test/fixtures/report-packages/: each
 * folder is a package's tree (its top-level directory inside), zipped here
 * in path order so a test reads the same bytes every run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { rawZip } from '../../fixtures/raw-zip.js';
import { repoRoot } from './shared-paths.js';

export const fixturePackagesDir = join(repoRoot, 'test', 'fixtures', 'report-packages');
export const referenceCasesDir = join(fixturePackagesDir, 'references');
export const acmeDir = join(fixturePackagesDir, 'acme-2024');

/** Every file under `dir`, by its path relative to it with "/" separators, sorted. */
export function filesUnder(dir: string): { path: string; bytes: Uint8Array }[] {
  const out: { path: string; bytes: Uint8Array }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ path: relative(dir, full).split(sep).join('/'), bytes: new Uint8Array(readFileSync(full)) });
    }
  };
  walk(dir);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A reference case as a zip (deflated), its tree exactly as it is on disk. */
export function referenceCaseZip(name: string): Buffer {
  return rawZip(filesUnder(join(referenceCasesDir, name)).map((f) => ({ name: f.path, data: f.bytes, method: 8 as const })));
}
