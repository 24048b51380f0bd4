import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSaveHandler, type SaveDialog } from '../../main/ipc/file-save-handler.js';
import { IpcFailure } from '../../main/ipc/ipc-errors.js';
import { writeFileAtomic } from '../../main/engine/atomic-write.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fd-save-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A save dialog that records what it was shown and answers as told. */
function dialogAnswering(answer: { canceled: boolean; filePath?: string }) {
  const shown: Parameters<SaveDialog['showSaveDialog']>[0][] = [];
  const dialog: SaveDialog = {
    showSaveDialog: async (options) => {
      shown.push(options);
      return answer;
    },
  };
  return { dialog, shown };
}

const properties = ['showOverwriteConfirmation', 'createDirectory'];

describe('file.save', () => {
  it("opens the dialog with main's filter, extension and options, and writes the chosen file", async () => {
    const target = join(dir, 'chosen.xml');
    const { dialog, shown } = dialogAnswering({ canceled: false, filePath: target });
    const save = createFileSaveHandler({ dialog, defaultDirectory: dir });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'ct600-8596148860', contents: '<a/>' })).resolves.toEqual({
      saved: true,
      fileName: 'chosen.xml',
    });
    expect(shown).toEqual([
      { defaultPath: join(dir, 'ct600-8596148860.xml'), filters: [{ name: 'CT600 return (XML)', extensions: ['xml'] }], properties },
    ]);
    expect(await readFile(target, 'utf8')).toBe('<a/>');
    expect(await readdir(dir)).toEqual(['chosen.xml']);
  });

  it('offers each package extension with its own filter', async () => {
    for (const [extension, name] of [
      ['xbri', 'Inline XBRL report package (.xbri)'],
      ['xbr', 'XBRL report package (.xbr)'],
      ['zip', 'Report package (.zip)'],
    ] as const) {
      const { dialog, shown } = dialogAnswering({ canceled: true });
      await createFileSaveHandler({ dialog, defaultDirectory: dir })({
        kind: 'report-package',
        extension,
        suggestedName: 'ACME-2024',
        contents: new Uint8Array([0x50, 0x4b]),
      });
      expect(shown).toEqual([{ defaultPath: join(dir, `ACME-2024.${extension}`), filters: [{ name, extensions: [extension] }], properties }]);
    }
  });

  it('cleans each hostile suggested name before it reaches the dialog', async () => {
    for (const [suggested, offered] of [
      ['evil.lnk', 'evil.lnk.xml'],
      ['CON', '_CON.xml'],
      ['a:stream', 'a-stream.xml'],
      ['a\r\nb', 'ab.xml'],
      ['<>|?*x', 'x.xml'],
      ['x.xml. ', 'x.xml'],
      ['report\u202Elmx.exe', 'reportlmx.exe.xml'],
      ['../../.ssh/authorized_keys', 'ssh-authorized_keys.xml'],
    ]) {
      const { dialog, shown } = dialogAnswering({ canceled: true });
      await createFileSaveHandler({ dialog, defaultDirectory: dir })({ kind: 'ct600-xml', suggestedName: suggested!, contents: 'x' });
      expect(shown[0]!.defaultPath, suggested).toBe(join(dir, offered!));
    }
  });

  it('appends the extension when the user typed a name without one', async () => {
    const save = createFileSaveHandler({ dialog: dialogAnswering({ canceled: false, filePath: join(dir, 'my return') }).dialog, defaultDirectory: dir });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'r', contents: 'x' })).resolves.toEqual({ saved: true, fileName: 'my return.xml' });
    expect(await readdir(dir)).toEqual(['my return.xml']);
  });

  it('refuses, and writes nothing, when appending would replace a file the dialog did not warn about', async () => {
    await writeFile(join(dir, 'my return.xml'), 'keep me');
    const save = createFileSaveHandler({ dialog: dialogAnswering({ canceled: false, filePath: join(dir, 'my return') }).dialog, defaultDirectory: dir });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'r', contents: 'x' })).rejects.toEqual(
      new IpcFailure('failed', 'my return.xml already exists. Choose another name; nothing was saved.'),
    );
    expect(await readFile(join(dir, 'my return.xml'), 'utf8')).toBe('keep me');
  });

  it('refuses a chosen name with another extension', async () => {
    const save = createFileSaveHandler({ dialog: dialogAnswering({ canceled: false, filePath: join(dir, 'return.exe') }).dialog, defaultDirectory: dir });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'r', contents: 'x' })).rejects.toEqual(
      new IpcFailure('failed', 'A CT600 return must be saved as a .xml file, not .exe. Nothing was saved.'),
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes bytes exactly', async () => {
    const target = join(dir, 'p.xbri');
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]);
    const save = createFileSaveHandler({ dialog: dialogAnswering({ canceled: false, filePath: target }).dialog, defaultDirectory: dir });
    await save({ kind: 'report-package', extension: 'xbri', suggestedName: 'p', contents: bytes });
    expect(new Uint8Array(await readFile(target))).toEqual(bytes);
  });

  it('writes nothing when the user cancels', async () => {
    const save = createFileSaveHandler({ dialog: dialogAnswering({ canceled: true }).dialog, defaultDirectory: dir });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'a', contents: 'x' })).resolves.toEqual({ saved: false });
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports a write failure in plain words, without the path or the system message', async () => {
    const save = createFileSaveHandler({
      dialog: dialogAnswering({ canceled: false, filePath: join(dir, 'gone', 'a.xml') }).dialog,
      defaultDirectory: dir,
    });
    const failure = await save({ kind: 'ct600-xml', suggestedName: 'a', contents: 'x' }).catch((e: unknown) => e);
    expect(failure).toEqual(new IpcFailure('failed', 'Could not save a.xml: the folder no longer exists. Nothing was written.'));
    expect((failure as Error).message).not.toContain(dir);
  });

  it('names a permission problem as such', async () => {
    const denied = Object.assign(new Error(`EACCES: permission denied, open '${dir}/x'`), { code: 'EACCES' });
    const save = createFileSaveHandler({
      dialog: dialogAnswering({ canceled: false, filePath: join(dir, 'locked.xml') }).dialog,
      defaultDirectory: dir,
      write: async () => {
        throw denied;
      },
    });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'a', contents: 'x' })).rejects.toEqual(
      new IpcFailure('failed', 'Could not save locked.xml: permission denied. Nothing was written.'),
    );
  });

  it('refuses a dialog answer that is not a full path', async () => {
    const save = createFileSaveHandler({ dialog: dialogAnswering({ canceled: false, filePath: 'relative.xml' }).dialog, defaultDirectory: dir });
    await expect(save({ kind: 'ct600-xml', suggestedName: 'a', contents: 'x' })).rejects.toBeInstanceOf(IpcFailure);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  it('replaces a file in one step and leaves no temporary file behind', async () => {
    const target = join(dir, 'settings.json');
    await writeFile(target, 'old');
    await writeFileAtomic(target, 'new contents');
    expect(await readFile(target, 'utf8')).toBe('new contents');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it.skipIf(process.platform === 'win32')('creates files 0o644 by default and with the mode asked for', async () => {
    await writeFileAtomic(join(dir, 'shared.xml'), 'x');
    await writeFileAtomic(join(dir, 'private.json'), 'y', { mode: 0o600 });
    expect((await stat(join(dir, 'shared.xml'))).mode & 0o777).toBe(0o644 & ~process.umask());
    expect((await stat(join(dir, 'private.json'))).mode & 0o777).toBe(0o600);
  });

  it('keeps the old contents when the write fails', async () => {
    const target = join(dir, 'settings.json');
    await writeFile(target, 'old');
    // A value the file handle cannot write makes the write itself throw after the temp file exists.
    await expect(writeFileAtomic(target, 42 as unknown as string)).rejects.toThrow();
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});
