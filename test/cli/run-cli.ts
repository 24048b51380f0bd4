/** The command line as a child process, exactly as `npm run --silent cli --` starts it (scripts/cli.mjs: the bundle, rebuilt when the source changed). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../helpers/shared.js';

export function runCli(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'cli.mjs'), ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

export const examplesDir = join(repoRoot, 'examples');
