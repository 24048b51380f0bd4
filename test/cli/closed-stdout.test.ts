/**
 * The command line in a pipeline whose reader stops early (`cli taxonomy
 * list | head -1`): a closed stdout ends the command quietly, with no stack
 * and no "internal error", whatever the command; and `ct600 build --out` of
 * one request writes a file, whatever the output format.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/shared.js';
import { runCli } from './run-cli.js';

/** Runs the CLI with its stdout a pipe this side closes before the first byte is read. */
function withReaderGone(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'cli.mjs'), ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a closed stdout ends the command quietly', () => {
  const commands: [string, string[]][] = [
    ['taxonomy list', ['taxonomy', 'list', '--data-folder', mkdtempSync(join(tmpdir(), 'fd-cli-pipe-'))]],
    ['ct600 build (a JSON response of some 30 KB)', ['ct600', 'build', join(repoRoot, 'examples', 'ct600', 'small-company.json')]],
    ['help', ['--help']],
  ];
  for (const [what, args] of commands) {
    it(`${what}: exit 0, nothing on stderr`, { timeout: 60_000 }, async () => {
      const r = await withReaderGone(args);
      expect(r.stderr.replace(/^Building the command line.*\n/m, '')).toBe('');
      expect(r.code).toBe(0);
    });
  }
});

describe('ct600 build --out for one request writes a file whatever the output format', () => {
  for (const format of [[], ['--json'], ['--table']]) {
    it(`--out r.xml ${format.join(' ')}: r.xml is a file holding the message`, { timeout: 60_000 }, () => {
      const dir = mkdtempSync(join(tmpdir(), 'fd-cli-out-'));
      const out = join(dir, 'r.xml');
      const r = runCli(['ct600', 'build', join(repoRoot, 'examples', 'ct600', 'small-company.json'), '--out', out, ...format]);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(out) && statSync(out).isFile()).toBe(true);
      expect(readFileSync(out, 'utf8')).toMatch(/^<\?xml[\s\S]*<GovTalkMessage/);
      if (format[0] === '--json') expect(JSON.parse(r.stdout)).toMatchObject({ status: 'built', out, irMark: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/) });
      else expect(r.stdout).toContain('IRmark');
    });
  }
});
