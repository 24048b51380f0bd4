// Bundles the command line (main/cli/index.ts) with esbuild, as main is
// bundled, so `npm run cli` starts in the time of Node plus the code it runs:
// no TypeScript compiled at run time. ES modules with code splitting keep the
// CLI's on-demand imports on demand (a CT600 batch does not load the zip code).
// Output: <out>/index.mjs and its chunks, plus <out>/fingerprint, written last,
// naming the sources the bundle was built from (scripts/cli.mjs compares it).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/**
 * Node built-ins taken with process.getBuiltinModule instead of an ES import.
 * For `import … from 'node:fs'` Node builds an ES module facade of the
 * built-in, reading every export once, and the lazy ones load what they
 * stand for: fs's stream classes, crypto's webcrypto. That was a fifth of
 * `cli ct600 verify`'s time beyond bare Node. getBuiltinModule hands over the
 * built-in itself, and a lazy export loads when the code first reads it.
 * CommonJS dependencies' require() calls are left as they are (no facade).
 */
const builtinsWithoutFacade = {
  name: 'builtins-without-es-facade',
  setup(b) {
    const builtins = new Set(builtinModules);
    b.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' && args.kind !== 'dynamic-import') return undefined;
      const name = args.path.replace(/^node:/, '');
      if (!builtins.has(name)) return undefined;
      return { path: `node:${name}`, namespace: 'node-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({ contents: `module.exports = process.getBuiltinModule(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

/** Builds into a temporary folder beside `outDir`, then swaps it in whole: a CLI running meanwhile never sees half a bundle. */
export async function buildCli(outDir, fingerprint) {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const temporary = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  await rm(temporary, { recursive: true, force: true });
  await build({
    entryPoints: { index: join(root, 'main', 'cli', 'index.ts') },
    outdir: temporary,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    sourcemap: false,
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
    // Bundled CommonJS dependencies may call require(): give the ES module one.
    banner: { js: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);" },
    plugins: [builtinsWithoutFacade],
    // The keychain library is native (a .node binary): loaded from node_modules at run time by keyring-library.ts's require.
    external: ['@napi-rs/keyring'],
    define: {
      __FILING_DESK_VERSION__: JSON.stringify(`${pkg.productName} ${pkg.version}`),
      'process.env.NODE_ENV': '"production"',
    },
  });
  await writeFile(join(temporary, 'fingerprint'), fingerprint);
  await mkdir(join(outDir, '..'), { recursive: true });
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  await rename(outDir, old).catch(() => undefined);
  try {
    await rename(temporary, outDir);
  } catch (error) {
    // Another CLI process swapped in its (identical) build first: use that one.
    await rm(temporary, { recursive: true, force: true });
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST' && error.code !== 'EPERM') throw error;
  }
  await rm(old, { recursive: true, force: true });
}
