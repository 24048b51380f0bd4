/** Help, version, unknown options, and batches over many files in one process. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatch, type BatchResult } from '../../main/cli/batch.js';
import { COMMANDS } from '../../main/cli/commands.js';
import type { CliIo } from '../../main/cli/io.js';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { ct600Vectors, repoRoot } from '../helpers/shared.js';
import { fullReturn, minimumReturn } from '../fixtures/ct600-requests.js';
import { runCli } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-batch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('cli --help and --version', () => {
  it('--help exits 0 and lists every command and every option of each', () => {
    const run = runCli(['--help']);
    expect(run.code).toBe(0);
    for (const c of COMMANDS) {
      expect(run.stdout).toContain(`cli ${c.area} ${c.name}`);
      for (const o of c.options) expect(run.stdout).toMatch(new RegExp(`--${o.name}\\b.*\\S+`));
      for (const e of c.examples) expect(run.stdout).toContain(e);
    }
    for (const o of ['--vendor-id', '--product-version', '--gateway-test', '--test-in-live']) expect(run.stdout).toContain(o);
  });

  it('area and command help list only their own commands', () => {
    const area = runCli(['ct600', '--help']);
    expect(area.code).toBe(0);
    expect(area.stdout).toContain('cli ct600 build');
    expect(area.stdout).toContain('cli ct600 verify');
    expect(area.stdout).not.toContain('cli package');
    const command = runCli(['ct600', 'build', 'whatever.json', '--help']);
    expect(command.code).toBe(0);
    expect(command.stdout).toContain('--schema-version <version>');
    expect(command.stdout).not.toContain('cli ct600 verify');
  });

  it('--version prints the product and its version', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const run = runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Filing Desk ${pkg.version}\n`);
  });

  it('refuses an unknown option by name, with the command usage', () => {
    const run = runCli(['ct600', 'verify', 'a.xml', '--vendor-id', '1234']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^unknown option --vendor-id for ct600 verify\nusage:\n  cli ct600 verify/);
    const misspelt = runCli(['package', 'build', 'r.json', '--hsah']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain('unknown option --hsah for package build');
    expect(runCli(['--frobnicate']).stderr).toContain('unknown option --frobnicate');
  });
});

describe('ct600 verify over a folder', () => {
  const folder = join(work, 'returns');
  mkdirSync(folder);
  const good = Buffer.from(buildCt600(fullReturn()).xmlDoc, 'base64');
  writeFileSync(join(folder, 'a-good.xml'), good);
  writeFileSync(join(folder, 'b-tampered.xml'), good.toString('utf8').replace('<Profit>40000.00</Profit>', '<Profit>40001.00</Profit>'));
  symlinkSync(join(work, 'nowhere.xml'), join(folder, 'c-unreadable.xml'));
  writeFileSync(join(folder, 'd-minimum.xml'), Buffer.from(buildCt600(minimumReturn()).xmlDoc, 'base64'));
  writeFileSync(join(folder, 'notes.txt'), 'not a return');

  it('--json prints one line per file, reports the unreadable one and goes on, and exits 2', () => {
    const run = runCli(['ct600', 'verify', folder, '--json']);
    expect(run.code).toBe(2);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; status: string; matches?: boolean; errors?: { message: string }[] });
    expect(lines.map((l) => [l.file.slice(folder.length + 1), l.status])).toEqual([
      ['a-good.xml', 'valid'],
      ['b-tampered.xml', 'invalid'],
      ['c-unreadable.xml', 'unusable'],
      ['d-minimum.xml', 'valid'],
    ]);
    expect(lines[2]!.errors![0]!.message).toContain('cannot read');
  });

  it('exits 1 when every file was read but one does not match, 0 when all match', () => {
    const two = runCli(['ct600', 'verify', join(folder, 'a-good.xml'), join(folder, 'b-tampered.xml'), '--table']);
    expect(two.code).toBe(1);
    expect(two.stdout).toMatch(/^FILE +RESULT +DETAIL\n/);
    expect(two.stdout).toMatch(/a-good\.xml +valid +IRmark \S+ matches\n/);
    expect(two.stdout).toMatch(/b-tampered\.xml +NOT VALID +IRmark \S+ should be \S+\n/);
    expect(two.stdout).toMatch(/2 files: 1 valid, 1 not valid, 0 unusable\n$/);
    expect(runCli(['ct600', 'verify', join(folder, 'a-good.xml'), join(folder, 'd-minimum.xml')]).code).toBe(0);
  });

  it('a single file keeps the one-file output', () => {
    const run = runCli(['ct600', 'verify', join(ct600Vectors, 'tpvs-accepted-sample.xml')]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ matches: true });
  });
});

describe('runBatch', () => {
  function fakeIo(tty: boolean) {
    const io = { stdout: '', stderr: '' };
    const cli: CliIo = { out: (t) => void (io.stdout += t), err: (t) => void (io.stderr += t), stdoutIsTTY: tty, stderrIsTTY: tty };
    return { io, cli };
  }
  const handle = async (file: string): Promise<BatchResult> =>
    file.includes('bad') ? { status: 'invalid', details: { why: 'bad' }, summary: 'bad one' } : { status: 'valid', details: {}, summary: 'fine' };

  it('draws a progress line on a terminal\'s stderr and keeps stdout to results', async () => {
    const { io, cli } = fakeIo(true);
    const files = Array.from({ length: 200 }, (_, i) => `r${i}${i === 7 ? '-bad' : ''}.xml`);
    expect(await runBatch({ files, format: 'table', io: cli, handle, progressEveryMs: 0 })).toBe(1);
    expect(io.stderr).toContain('200/200 files: 1 not valid, 0 unusable');
    expect(io.stdout.split('\n').filter((l) => /^r\d+/.test(l))).toHaveLength(200);
    expect(io.stdout).not.toContain('files: 1 not valid, 0 unusable\r');
  });

  it('writes nothing to stderr when it is not a terminal', async () => {
    const { io, cli } = fakeIo(false);
    expect(await runBatch({ files: ['a.xml', 'b.xml'], format: 'json', io: cli, handle })).toBe(0);
    expect(io.stderr).toBe('');
    expect(io.stdout).toBe('{"file":"a.xml","status":"valid"}\n{"file":"b.xml","status":"valid"}\n');
  });
});
