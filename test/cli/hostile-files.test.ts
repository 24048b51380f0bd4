/**
 * What a folder of inputs can hold besides returns: a named pipe, a sparse
 * file of gigabytes, a name built to fool a terminal. Each gets a named
 * reason, the batch goes on, and nothing from a name reaches the terminal raw.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import { CT600_REQUEST_INPUT, PACKAGE_REQUEST_INPUT } from '../../main/cli/input-limits.js';
import type { CliIo } from '../../main/cli/io.js';
import { runPackageCommand } from '../../main/cli/package.js';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { base64Length, DEFAULT_PAYLOAD_LIMITS } from '../../main/engine/payload-limits.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { runCli } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-hostile-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Controls and bidi characters a terminal would obey or reorder by. */
const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function fakeIo(tty: boolean) {
  const seen = { stdout: '', stderr: '' };
  const io: CliIo = { out: (t) => void (seen.stdout += t), err: (t) => void (seen.stderr += t), stdoutIsTTY: tty, stderrIsTTY: tty };
  return { seen, io };
}

function sparseFile(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

const GiB = 1024 * 1024 * 1024;
const goodReturn = Buffer.from(buildCt600(fullReturn()).xmlDoc, 'base64');
const trickyName = 'c-\x1b[31mred\nrow\u202egpj.xml';

describe.skipIf(process.platform === 'win32')('ct600 verify over a folder holding a pipe, a 1.9 GB file and a name made of controls', () => {
  const folder = join(work, 'returns');
  mkdirSync(folder);
  execFileSync('mkfifo', [join(folder, 'a-pipe.xml')]);
  sparseFile(join(folder, 'b-huge.xml'), Math.round(1.9 * GiB));
  writeFileSync(join(folder, trickyName), goodReturn);

  it('answers each with a named reason, in bounded time and memory, and the table on a terminal shows no raw control or bidi character', async () => {
    const { seen, io } = fakeIo(true);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const code = await runCt600Command(['verify', folder, '--table'], io);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    expect(code).toBe(2);

    const lines = seen.stdout.split('\n');
    expect(lines.pop()).toBe(''); // the output ends with a line break, and a name's line break made no extra row
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).not.toMatch(RAW_UNSAFE);
    expect(lines[1]).toMatch(/a-pipe\.xml +UNUSABLE +cannot read .*a-pipe\.xml: it is not an ordinary file \(a pipe, a device or a socket is in its place\)$/);
    expect(lines[2]).toMatch(/b-huge\.xml +UNUSABLE +cannot read .*b-huge\.xml: it is larger than the 30 MB Filing Desk reads for CT600 returns$/);
    expect(lines[3]).toContain('c-\\x1b[31mred\\nrow\\u202egpj.xml');
    expect(lines[3]).toMatch(/ valid +IRmark \S+ matches$/);
    expect(lines[4]).toBe('3 files: 1 valid, 0 not valid, 2 unusable');
    // stderr holds only the progress line and the sequence that clears it.
    expect(seen.stderr.replaceAll('\r\x1b[K', '')).not.toMatch(RAW_UNSAFE);
  }, 30_000);

  it('writes JSON Lines with C1 and bidi controls escaped, which parse back to the real names', async () => {
    const { seen, io } = fakeIo(false);
    expect(await runCt600Command(['verify', folder], io)).toBe(2);
    expect(seen.stdout).toContain('\\u202e');
    expect(seen.stdout.slice(0, -1)).not.toMatch(RAW_UNSAFE);
    const results = seen.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; status: string; errors?: { message: string }[] });
    expect(results.map((r) => [r.file, r.status])).toEqual([
      [join(folder, 'a-pipe.xml'), 'unusable'],
      [join(folder, 'b-huge.xml'), 'unusable'],
      [join(folder, trickyName), 'valid'],
    ]);
    expect(results[1]!.errors![0]!.message).toContain('larger than the 30 MB');
  }, 30_000);
});

describe('the command line caps what it reads at the app\'s own limits', () => {
  it('refuses a build request over the build request\'s own limit before reading it, and goes on with the rest', async () => {
    const folder = join(work, 'requests');
    mkdirSync(folder);
    sparseFile(join(folder, 'a-huge.json'), CT600_REQUEST_INPUT.maxBytes + 1);
    writeFileSync(join(folder, 'b-good.json'), JSON.stringify(fullReturn()));
    const { seen, io } = fakeIo(false);
    expect(await runCt600Command(['build', folder, '--json'], io)).toBe(2);
    const [huge, good] = seen.stdout.trim().split('\n').map((l) => JSON.parse(l) as { status: string; errors?: { message: string }[] });
    expect(huge!.errors![0]!.message).toMatch(/a-huge\.json: it is larger than the 32 MB Filing Desk reads for build-ct600 requests$/);
    expect(good!.status).toBe('built');
  });

  it('refuses a package over 256 MB before reading it', async () => {
    const file = join(work, 'huge.xbri');
    sparseFile(file, 300 * 1024 * 1024);
    const { seen, io } = fakeIo(false);
    expect(await runPackageCommand(['validate', file], io)).toBe(2);
    expect(JSON.parse(seen.stderr)).toEqual({ errors: [{ field: 'file', message: `cannot read ${file}: it is larger than the 256 MB Filing Desk reads for report packages` }] });
  });

  it('takes every request the window\'s build would take', () => {
    const ct600 = DEFAULT_PAYLOAD_LIMITS.ct600AttachmentChars + DEFAULT_PAYLOAD_LIMITS.ct600OtherChars;
    expect(CT600_REQUEST_INPUT.maxBytes).toBeGreaterThan(ct600);
    const pkg = base64Length(DEFAULT_PAYLOAD_LIMITS.packageContentBytes) + DEFAULT_PAYLOAD_LIMITS.packageJsonBase64Chars + DEFAULT_PAYLOAD_LIMITS.packageOtherChars;
    expect(PACKAGE_REQUEST_INPUT.maxBytes).toBeGreaterThan(pkg);
  });
});

describe('messages naming what the user typed are escaped', () => {
  it('a single missing file: the field errors on stderr escape the bidi control JSON.stringify leaves raw', async () => {
    const { seen, io } = fakeIo(true);
    const file = join(work, 'missing\u202egpj.xml');
    expect(await runCt600Command(['verify', file], io)).toBe(2);
    expect(seen.stderr).not.toMatch(RAW_UNSAFE);
    expect(seen.stderr).toContain('missing\\u202egpj.xml');
    expect((JSON.parse(seen.stderr) as { errors: { message: string }[] }).errors[0]!.message).toBe(`cannot read ${file}: the file does not exist`);
  });

  it('an unknown option holding an escape sequence is named visibly, not obeyed', () => {
    const run = runCli(['ct600', 'verify', 'a.xml', '--\x1b]0;owned\x07\u202e']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^unknown option --\\x1b\]0;owned\\x07\\u202e for ct600 verify\n/);
    expect(run.stderr).not.toMatch(RAW_UNSAFE);
  });
});
