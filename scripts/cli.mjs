// `npm run cli -- …`: runs the bundled command line (dist/cli/index.mjs),
// building it first when it is missing or older than its sources. The
// fingerprint is every source file's path, size and modification time, so an
// edited, added or deleted file (even one whose time went backwards, as after
// a checkout of an older commit) means a rebuild: a stale bundle never runs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const CLI_BUNDLE_DIR = join(root, 'dist', 'cli');
/** What the CLI bundle is built from: its code, the contract and common code it shares, the build script, and package.json (version, dependencies). */
const SOURCE_DIRS = ['main', 'preload', 'common'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'scripts/build-cli.mjs', 'tsconfig.json'];

function sourceFiles() {
  const files = [...SOURCE_FILES];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|js|mjs|cjs|json)$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  return files.sort();
}

export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) {
    const stats = statSync(join(root, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stats ? `${stats.size}\0${Math.trunc(stats.mtimeMs)}` : 'missing'}\n`);
  }
  return hash.digest('hex');
}

function builtFingerprint() {
  try {
    return readFileSync(join(CLI_BUNDLE_DIR, 'fingerprint'), 'utf8');
  } catch {
    return null;
  }
}

/** Builds the bundle when it is missing or stale; returns whether it did. */
export async function ensureCliBundle() {
  const fingerprint = sourceFingerprint();
  if (builtFingerprint() === fingerprint) return false;
  process.stderr.write('Building the command line (first run, or the source changed)…\n');
  const { buildCli } = await import('./build-cli.mjs');
  await buildCli(CLI_BUNDLE_DIR, fingerprint);
  return true;
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  await ensureCliBundle();
  await import(pathToFileURL(join(CLI_BUNDLE_DIR, 'index.mjs')).href);
}
