/**
 * --out never replaces a file the run did not make, unless --force says so;
 * and two requests of one batch never write over each other, --force or not.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import type { CliIo } from '../../main/cli/io.js';
import { runPackageCommand } from '../../main/cli/package.js';
import { b64, jszipOf, sampleInlineReport, sampleXsd } from '../engine/package/package-helpers.js';
import { fullReturn, minimumReturn } from '../fixtures/ct600-requests.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-out-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function fakeIo() {
  const seen = { stdout: '', stderr: '' };
  const io: CliIo = { out: (t) => void (seen.stdout += t), err: (t) => void (seen.stderr += t), stdoutIsTTY: false, stderrIsTTY: false };
  return { seen, io };
}

const errorsOf = (stderr: string) => (JSON.parse(stderr) as { errors: { field: string; message: string }[] }).errors;

function request(dir: string, name: string, body: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('ct600 build --out', () => {
  const input = request(join(work, 'one'), 'return.json', fullReturn());

  it('refuses to replace an existing file without --force, naming it and --force, and leaves it as it was', async () => {
    const out = join(work, 'one', 'kept.xml');
    writeFileSync(out, 'the accountant\'s own file');
    const { seen, io } = fakeIo();
    expect(await runCt600Command(['build', input, '--out', out], io)).toBe(2);
    expect(errorsOf(seen.stderr)).toEqual([{ field: 'out', message: `${out} already exists and was not written by this run; add --force to replace it` }]);
    expect(seen.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe('the accountant\'s own file');
    expect(readdirSync(join(work, 'one')).sort()).toEqual(['kept.xml', 'return.json']);
  });

  it('replaces it with --force', async () => {
    const out = join(work, 'one', 'replaced.xml');
    writeFileSync(out, 'old');
    const { seen, io } = fakeIo();
    expect(await runCt600Command(['build', input, '--out', out, '--force'], io)).toBe(0);
    expect(seen.stdout).toMatch(/^.+  IRmark \S+= \([A-Z2-7]+\)\n$/);
    expect(seen.stdout.startsWith(`${out}  IRmark `)).toBe(true);
    expect(readFileSync(out, 'utf8')).not.toBe('old');
    expect(readFileSync(out, 'utf8')).toContain('<IRmark');
  });

  it('writes a new file without --force', async () => {
    const out = join(work, 'one', 'fresh.xml');
    const { io } = fakeIo();
    expect(await runCt600Command(['build', input, '--out', out], io)).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('<IRmark');
  });

  it('in a batch: a file from before is refused without --force and replaced with it; the batch goes on', async () => {
    const inputs = join(work, 'batch');
    request(inputs, 'a.json', fullReturn());
    request(inputs, 'b.json', minimumReturn());
    const out = join(work, 'batch-out');
    mkdirSync(out);
    writeFileSync(join(out, 'a.xml'), 'from last year');
    const refused = fakeIo();
    expect(await runCt600Command(['build', inputs, '--out', out, '--json'], refused.io)).toBe(2);
    const [a, b] = refused.seen.stdout.trim().split('\n').map((l) => JSON.parse(l) as { status: string; errors?: { field: string; message: string }[] });
    expect(a).toMatchObject({ status: 'unusable', errors: [{ field: 'out', message: expect.stringMatching(/a\.xml already exists .*--force/) }] });
    expect(b!.status).toBe('built');
    expect(readFileSync(join(out, 'a.xml'), 'utf8')).toBe('from last year');
    // The next run made b.xml before this one: that is a file from before, too.
    const forced = fakeIo();
    expect(await runCt600Command(['build', inputs, '--out', out, '--json', '--force'], forced.io)).toBe(0);
    expect(readFileSync(join(out, 'a.xml'), 'utf8')).toContain('<IRmark');
  });

  it('in a batch: requests with the same output name (or one differing only in case) never write over each other, even with --force', async () => {
    const first = request(join(work, 'same', 'x'), 'acme.json', fullReturn());
    const second = request(join(work, 'same', 'y'), 'acme.json', minimumReturn());
    const third = request(join(work, 'same', 'z'), 'ACME.json', minimumReturn());
    for (const force of [[], ['--force']]) {
      const out = join(work, `same-out${force.length}`);
      const { seen, io } = fakeIo();
      expect(await runCt600Command(['build', first, second, third, '--out', out, '--json', ...force], io)).toBe(2);
      const [one, ...others] = seen.stdout.trim().split('\n').map((l) => JSON.parse(l) as { status: string; irMark?: string; errors?: { field: string; message: string }[] });
      expect(one!.status).toBe('built');
      for (const other of others) {
        expect(other).toMatchObject({ status: 'unusable', errors: [{ field: 'out', message: expect.stringContaining(`would overwrite the message built from ${first}`) }] });
      }
      expect(readdirSync(out)).toEqual(['acme.xml']);
      expect(readFileSync(join(out, 'acme.xml'), 'utf8')).toContain(one!.irMark!);
    }
  });
});

describe('package build --out', () => {
  it('refuses to replace an existing package without --force and replaces it with --force', async () => {
    const file = request(join(work, 'pkg'), 'request.json', {
      name: 'ACME 2024',
      identifier: 'http://example.com/acme/2024/package',
      reportPackageName: 'ACME-2024',
      reportName: 'acme.xhtml',
      publicationDate: '2025-01-15',
      reportBase64Content: b64(sampleInlineReport()),
      base64ZipFiles: await jszipOf({ 'example.com/acme/2024/acme-2024.xsd': sampleXsd }),
      entrypoints: [{ name: 'ACME', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' }, languages: ['en'] }],
    });
    const out = join(work, 'pkg-out');
    mkdirSync(out);
    const target = join(out, 'ACME-2024.xbri');
    writeFileSync(target, 'a package sent last year');
    const refused = fakeIo();
    expect(await runPackageCommand(['build', file, '--out', out], refused.io)).toBe(2);
    expect(errorsOf(refused.seen.stderr)).toEqual([{ field: 'out', message: `${target} already exists and was not written by this run; add --force to replace it` }]);
    expect(readFileSync(target, 'utf8')).toBe('a package sent last year');
    const forced = fakeIo();
    expect(await runPackageCommand(['build', file, '--out', out, '--force'], forced.io)).toBe(0);
    expect(readFileSync(target).toString('base64')).toBe((JSON.parse(forced.seen.stdout) as { zipContentBase64: string }).zipContentBase64);
  });
});
