import { writeFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDraftHandlers } from '../../main/ipc/draft-handlers.js';
import { readOpenedFile } from '../../main/window/opened-files.js';
import { storeDeps } from '../helpers/store-deps.js';
import { makeFifo, makeSparse, MiB, peakGrowth, releaseFifos, within } from '../helpers/hostile-files.js';

afterEach(releaseFifos);

const folder = () => mkdtemp(join(tmpdir(), 'opened-files-'));

describe('a file the operating system asks Filing Desk to open', () => {
  it('refuses named pipes at once, even more of them than Node has file threads', async () => {
    const dir = await folder();
    const pipes = ['a.xbri', 'b.xbri', 'c.xbr', 'd.fdesk', 'e.fdesk'].map((name) => makeFifo(join(dir, name)));
    const checks = await within(10_000, 'checking the opened pipes', Promise.all(pipes.map((p) => readOpenedFile(p))));
    expect(checks.map((c) => !c.ok && c.message)).toEqual([
      'a.xbri cannot be opened: it is not an ordinary file (a pipe, a device or a socket is in its place).',
      'b.xbri cannot be opened: it is not an ordinary file (a pipe, a device or a socket is in its place).',
      'c.xbr cannot be opened: it is not an ordinary file (a pipe, a device or a socket is in its place).',
      'd.fdesk cannot be opened: it is not an ordinary file (a pipe, a device or a socket is in its place).',
      'e.fdesk cannot be opened: it is not an ordinary file (a pipe, a device or a socket is in its place).',
    ]);
  });

  it('looks at the first bytes of a 255 MB file before reading the rest, and refuses one that is not a zip having read almost none of it', async () => {
    const dir = await folder();
    const path = makeSparse(join(dir, 'Renamed.xbri'), 255 * MiB);
    const { value: check, grewBy } = await peakGrowth(() => within(10_000, 'checking the opened file', readOpenedFile(path)));
    expect(check).toEqual({ ok: false, fileName: 'Renamed.xbri', message: 'Renamed.xbri cannot be opened: it is not a report package: it is not a zip file.' });
    expect(grewBy).toBeLessThan(16 * MiB);
  });

  it('still reads a real package and a draft file whole', async () => {
    const dir = await folder();
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10_000, 1)]);
    await writeFile(join(dir, 'Acme.xbri'), zip);
    await writeFile(join(dir, 'Acme.fdesk'), `\uFEFF${' '.repeat(5000)}{"format":"filing-desk-draft"}`);
    expect(await readOpenedFile(join(dir, 'Acme.xbri'))).toEqual({ ok: true, file: { fileName: 'Acme.xbri', bytes: new Uint8Array(zip) } });
    expect(await readOpenedFile(join(dir, 'Acme.fdesk'))).toMatchObject({ ok: true, file: { fileName: 'Acme.fdesk' } });
  });
});

describe('Open draft file… (the open dialog)', () => {
  async function openFile(path: string) {
    const stores = await storeDeps({ showOpenDialog: async () => ({ canceled: false, filePaths: [path] }) });
    const handlers = createDraftHandlers({ ...stores, fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: tmpdir() } });
    return handlers['drafts.openFile'](undefined).catch((e: unknown) => e);
  }

  it('refuses a named pipe, a 450 MB file and text that is not UTF-8, each with its reason, in bounded time and memory', async () => {
    const dir = await folder();
    const pipe = makeFifo(join(dir, 'Pipe.fdesk'));
    const huge = makeSparse(join(dir, 'Huge.fdesk'), 450 * MiB);
    const latin = join(dir, 'Latin.fdesk');
    writeFileSync(latin, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const { value, grewBy } = await peakGrowth(() => within(10_000, 'opening the chosen files', Promise.all([openFile(pipe), openFile(huge), openFile(latin)])));
    expect(grewBy).toBeLessThan(64 * MiB);
    expect(value[0]).toMatchObject({ message: 'Pipe.fdesk cannot be opened: it is not an ordinary file (a pipe, a device or a socket is in its place). Nothing was opened.' });
    expect(value[1]).toMatchObject({ message: 'Huge.fdesk is larger than the 400 MB a Filing Desk draft may be; nothing was opened.' });
    expect(value[2]).toMatchObject({ kind: 'invalid', errors: [{ field: '', message: 'is not a Filing Desk draft: it is not UTF-8 JSON' }] });
  });
});
