// Bundles the main process and the preload with esbuild (the renderer is
// Vite's job: `npm run build:renderer`).
//  - main:    dist/main/index.cjs, CommonJS for Node. electron is provided by
//             the runtime; @napi-rs/keyring loads a platform .node binary, so
//             it stays a real package (electron-builder unpacks it from asar).
//  - preload: dist/preload/index.cjs, one self-contained file: a sandboxed
//             preload may require nothing but electron.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const production = process.env.NODE_ENV !== 'development';

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
    outfile: 'dist/main/index.cjs',
    external: ['electron', '@napi-rs/keyring', '*.node'],
  }),
  build({
    ...common,
    entryPoints: ['preload/index.ts'],
    outfile: 'dist/preload/index.cjs',
    external: ['electron'],
  }),
]);
console.log('built dist/main/index.cjs and dist/preload/index.cjs');
