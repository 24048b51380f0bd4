/**
 * The renderer built as the app ships it. Vite decides between React's
 * development and production builds by NODE_ENV, and Vitest sets it to
 * "test": built inside a test process, the window was a development build,
 * and React Aria skips parts of itself under "test" (its pressable style,
 * parts of its focus-visible and hover handling). A build made here is a
 * production build whatever the process's NODE_ENV.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export async function buildRendererAsShipped(outDir: string): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({ configFile: join(repoRoot, 'renderer', 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
