// Bundles the main process, its engine worker and the preload with esbuild
// (the renderer is Vite's job: `npm run build:renderer`).
//  - main:    <out>/main/index.cjs, CommonJS for Node. electron is provided by
//             the runtime; @napi-rs/keyring loads a platform .node binary, so
//             it stays a real package (electron-builder unpacks it from asar).
//  - worker:  <out>/main/engine-worker.cjs, its own self-contained file: a
//             worker thread loads a script by path, and it holds only engine
//             code (no electron, no keyring).
//  - preload: <out>/preload/index.cjs, one self-contained file: a sandboxed
//             preload may require nothing but electron.
// <out> is dist/ unless `--out-dir <folder>` says otherwise (the tests build
// into a temporary folder so they never race a developer's `npm start`).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const production = process.env.NODE_ENV !== 'development';

function outDirArgument(args) {
  const at = args.indexOf('--out-dir');
  if (at === -1) return join(root, 'dist');
  const value = args[at + 1];
  if (!value || value.startsWith('--')) {
    console.error('build-main: --out-dir needs a folder');
    process.exit(2);
  }
  return resolve(value);
}
const outDir = outDirArgument(process.argv.slice(2));

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: production ? false : 'inline',
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/index.ts'],
    outfile: join(outDir, 'main', 'index.cjs'),
    external: ['electron', '@napi-rs/keyring', '*.node'],
    // The keyring is loaded with require (main/credentials/keyring-library.ts);
    // its ES-module fallback names import.meta.url, which CommonJS has not:
    // give it this file's own URL rather than esbuild's empty object.
    banner: { js: 'const __filingDeskMainUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { ...common.define, 'import.meta.url': '__filingDeskMainUrl' },
  }),
  build({
    ...common,
    entryPoints: ['main/engine-worker/worker.ts'],
    outfile: join(outDir, 'main', 'engine-worker.cjs'),
    // Nothing external: the worker must run from the bundle alone.
    external: [],
  }),
  build({
    ...common,
    entryPoints: ['preload/index.ts'],
    outfile: join(outDir, 'preload', 'index.cjs'),
    external: ['electron'],
  }),
]);
console.log(`built ${outDir}/main/index.cjs, ${outDir}/main/engine-worker.cjs and ${outDir}/preload/index.cjs`);
