/**
 * The Node options `npm run service` starts the filing server with, read
 * from package.json so the benchmark's servers (ours and the ceiling alike)
 * run exactly as a firm's office server does: whatever sits between `node`
 * and `--import` in the script.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function serviceNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.service!.split(/\s+/);
  const importAt = words.indexOf('--import');
  if (words[0] !== 'node' || importAt < 0) throw new Error('package.json\'s "service" script must read "node [options] --import tsx main/server/cli.ts"');
  return words.slice(1, importAt);
}
