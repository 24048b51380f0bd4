import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, closeSync, ftruncateSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeStrictUtf8, readRegularFile, readRegularText } from '../../main/store/regular-file.js';

const MiB = 1024 * 1024;
const folder = () => mkdtempSync(join(tmpdir(), 'regular-file-'));
const options = { maxBytes: MiB, kind: 'test files' };

describe('reading a file from a folder the user or another program can change', () => {
  it('reads an ordinary file whole', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    const read = await readRegularText(join(dir, 'a.json'), options);
    expect(read).toEqual({ ok: true, value: '{"a":1}', size: 7 });
  });

  it('refuses a named pipe at once instead of waiting for a writer', async () => {
    const dir = folder();
    const fifo = join(dir, 'draft.json');
    execFileSync('mkfifo', [fifo]);
    // Five at once: more than the four threads Node reads files on, which a blocking open would all take.
    const reads = await Promise.all(Array.from({ length: 5 }, () => readRegularFile(fifo, options)));
    for (const read of reads) expect(read).toMatchObject({ ok: false, problem: 'not-a-file', reason: expect.stringContaining('pipe') });
    // The thread pool is still free: an ordinary read afterwards completes.
    writeFileSync(join(dir, 'b.json'), 'x');
    expect((await readRegularFile(join(dir, 'b.json'), options)).ok).toBe(true);
  });

  it('refuses a sparse file over the limit by its size, reading none of it', async () => {
    const dir = folder();
    const path = join(dir, 'huge.json');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, 450 * MiB);
    closeSync(fd);
    const before = process.memoryUsage().arrayBuffers;
    const read = await readRegularFile(path, options);
    expect(read).toMatchObject({ ok: false, problem: 'too-large', reason: 'it is larger than the 1 MB Filing Desk reads for test files' });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * MiB);
  });

  it('reads a file exactly at the limit and refuses one byte more', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'at.json'), Buffer.alloc(MiB, 0x61));
    writeFileSync(join(dir, 'over.json'), Buffer.alloc(MiB + 1, 0x61));
    expect((await readRegularFile(join(dir, 'at.json'), options)).ok).toBe(true);
    expect(await readRegularFile(join(dir, 'over.json'), options)).toMatchObject({ ok: false, problem: 'too-large' });
  });

  it('refuses a link in the data folder, and follows one only when asked', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'real.json'), '{}');
    symlinkSync(join(dir, 'real.json'), join(dir, 'link.json'));
    expect(await readRegularFile(join(dir, 'link.json'), options)).toMatchObject({ ok: false, problem: 'link' });
    expect(await readRegularFile(join(dir, 'link.json'), { ...options, followLinks: true })).toMatchObject({ ok: true });
  });

  it('names a folder, a missing file and a device for what they are', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'folder.json'));
    expect(await readRegularFile(join(dir, 'folder.json'), options)).toMatchObject({ ok: false, problem: 'folder', reason: 'a folder is in its place' });
    expect(await readRegularFile(join(dir, 'none.json'), options)).toMatchObject({ ok: false, problem: 'missing' });
    expect(await readRegularFile('/dev/zero', { ...options, followLinks: true })).toMatchObject({ ok: false, problem: 'not-a-file' });
  });

  it('refuses text that is not strict UTF-8 rather than replacing what it cannot decode', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'latin1.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    expect(await readRegularText(join(dir, 'latin1.json'), options)).toMatchObject({ ok: false, problem: 'not-utf8', reason: 'it is not valid UTF-8 text' });
    expect(decodeStrictUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBeNull(); // an encoded lone surrogate
    expect(decodeStrictUtf8(Buffer.from('\uFEFF£1', 'utf8'))).toBe('£1');
  });
});
