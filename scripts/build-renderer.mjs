// The renderer built as the app ships it: a production build whatever the
// calling process's NODE_ENV. Vite chooses React's development or production
// build by NODE_ENV, and Vitest sets it to "test", under which React Aria also
// leaves parts of itself out (its pressable style, parts of its focus-visible
// and hover handling): a window built inside a test process was not the one
// users get. Used by `npm test` (scripts/run-tests.mjs, once per run) and by
// the end-to-end harness and Electron stand-in (test/helpers/renderer-build.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Builds renderer/ into `outDir` in production mode; the process's NODE_ENV is put back after. */
export async function buildRendererAsShipped(outDir) {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({ configFile: join(root, 'renderer', 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
