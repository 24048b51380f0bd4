import * as fsp from 'node:fs/promises';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RENAME_RETRY_DELAYS_MS, writeFileAtomic, type AtomicWriteFs } from '../../main/engine/atomic-write.js';
import { DraftStore } from '../../main/store/draft-store.js';
import type { StoreFs } from '../../main/store/store-fs.js';

/** node:fs whose rename fails with `code`, as a file held open by antivirus or the indexer, the first `times` tries. */
function heldOpen(code: string, times: number) {
  const held = { left: times, tries: 0 };
  const fs: StoreFs = {
    ...fsp,
    rename: (async (from: string, to: string) => {
      held.tries++;
      if (held.left > 0) {
        held.left--;
        throw Object.assign(new Error(`${code}: operation not permitted, rename '${from}' -> '${to}'`), { code });
      }
      return fsp.rename(from, to);
    }) as typeof fsp.rename,
  };
  return { fs, held };
}

async function folderWith(contents: string) {
  const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
  const file = join(dir, 'settings.json');
  await writeFile(file, contents);
  return { dir, file };
}

const total = (delays: readonly number[]) => delays.reduce((a, b) => a + b, 0);

describe('atomic writes when Windows holds the file for a moment', () => {
  for (const code of ['EPERM', 'EBUSY', 'EACCES']) {
    it(`retries a rename that fails with ${code}, and the new contents land`, async () => {
      const { dir, file } = await folderWith('old');
      const { fs, held } = heldOpen(code, 3);
      const waits: number[] = [];
      await writeFileAtomic(file, 'new', { fs, platform: 'win32', sleep: async (ms) => void waits.push(ms) });
      expect(await readFile(file, 'utf8')).toBe('new');
      expect(held.tries).toBe(4);
      // Backing off: each wait longer than the one before.
      expect(waits).toEqual(RENAME_RETRY_DELAYS_MS.slice(0, 3));
      expect(waits[1]!).toBeGreaterThan(waits[0]!);
      expect(await readdir(dir)).toEqual(['settings.json']);
    });
  }

  it('gives up after about a second of tries, reports the error, keeps what was saved and leaves no temporary file', async () => {
    const { dir, file } = await folderWith('saved before');
    const { fs, held } = heldOpen('EBUSY', Number.POSITIVE_INFINITY);
    const waits: number[] = [];
    await expect(writeFileAtomic(file, 'new', { fs, platform: 'win32', sleep: async (ms) => void waits.push(ms) })).rejects.toMatchObject({ code: 'EBUSY' });
    expect(held.tries).toBe(RENAME_RETRY_DELAYS_MS.length + 1);
    expect(total(waits)).toBeGreaterThanOrEqual(500);
    expect(total(waits)).toBeLessThanOrEqual(1500);
    expect(await readFile(file, 'utf8')).toBe('saved before');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('with the real clock, a file held for a few tries is written within the bound', async () => {
    const { file } = await folderWith('old');
    const { fs } = heldOpen('EPERM', 4);
    const started = Date.now();
    await writeFileAtomic(file, 'new', { fs, platform: 'win32' });
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does not retry other failures (a full disk is reported at once)', async () => {
    const { file } = await folderWith('old');
    const { fs, held } = heldOpen('ENOSPC', 1);
    await expect(writeFileAtomic(file, 'new', { fs, platform: 'win32', sleep: async () => undefined })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(held.tries).toBe(1);
    expect(await readFile(file, 'utf8')).toBe('old');
  });

  it('on macOS and Linux a permission error is real and reported at once', async () => {
    const { file } = await folderWith('old');
    const { fs, held } = heldOpen('EACCES', 1);
    await expect(writeFileAtomic(file, 'new', { fs: fs as AtomicWriteFs, platform: 'linux', sleep: async () => undefined })).rejects.toMatchObject({ code: 'EACCES' });
    expect(held.tries).toBe(1);
  });
});

describe('a draft saved on Windows while the indexer holds its file', () => {
  const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
  afterEach(() => Object.defineProperty(process, 'platform', platform));

  it('is saved, not refused', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'drafts-held-'));
    const { fs, held } = heldOpen('EPERM', 0);
    const store = new DraftStore({ dataDir, fs, log: () => undefined });
    const draft = await store.create({ kind: 'ct600', clientId: null, title: 'Acme', form: {} });
    Object.defineProperty(process, 'platform', { ...platform, value: 'win32' });
    held.left = 2;
    await store.save({ id: draft.id, clientId: null, title: 'Acme', periodFrom: '2024-04-01', periodTo: '2025-03-31', form: { boxes: { '145': '120000' } } });
    Object.defineProperty(process, 'platform', platform);
    expect((await new DraftStore({ dataDir, log: () => undefined }).get(draft.id)).form).toEqual({ boxes: { '145': '120000' } });
  });
});
