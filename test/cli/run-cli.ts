/** The command line as a child process, exactly as `npm run --silent cli --` starts it (scripts/cli.mjs: the bundle, rebuilt when the source changed). */
import { spawn, spawnSync } from 'node:child_process';
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

/** The command line as a child process that does not block this one: a server in the test's own process can answer it. */
export function startCli(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'cli.mjs'), ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}
