import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import type { FileSaveRequest, FileSaveResponse } from '../../preload/contract.js';
import { sha256FileLine } from '../engine/package/hash-file.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { describeFsError } from '../store/store-fs.js';
import { IpcFailure } from './ipc-errors.js';
import { checkChosenPath, safeFileName } from './safe-file-name.js';
import { saveTargetOf, type SaveTarget } from './save-kinds.js';

/** The options main passes to Electron's dialog.showSaveDialog. */
export interface SaveDialogOptions {
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
  properties: Array<'showOverwriteConfirmation' | 'createDirectory'>;
}

/** Electron's dialog.showSaveDialog, reduced to what we use; tests pass a fake that picks a path. */
export interface SaveDialog {
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface FileSaverDeps {
  dialog: SaveDialog;
  /** Folder the dialog opens in (the user's Documents folder in the app). */
  defaultDirectory: string;
  write?: (path: string, contents: Uint8Array | string) => Promise<void>;
  /** Whether something already exists at path; fs.lstat by default. */
  exists?: (path: string) => Promise<boolean>;
}

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * file.save: the renderer sends the kind of file, contents and a suggested
 * base name. Main decides the filter and the extension, cleans the name, the
 * user picks the place in a native dialog (which confirms overwriting), and
 * main writes the file atomically. The answer names the file, not the folder:
 * the full path holds the user's name and the renderer has no use for it.
 */
export function createFileSaveHandler(deps: FileSaverDeps): (request: FileSaveRequest) => Promise<FileSaveResponse> {
  return (request) =>
    saveThroughDialog(deps, saveTargetOf(request), request.suggestedName, request.contents, {
      writeHashFile: request.kind === 'report-package' && request.writeHashFile === true,
    });
}

/** The save dialog and the write, for any kind of file main offers (file.save, drafts.export). */
export async function saveThroughDialog(
  deps: FileSaverDeps,
  target: SaveTarget,
  suggestedName: string,
  contents: Uint8Array | string,
  options: { writeHashFile?: boolean } = {},
): Promise<FileSaveResponse> {
  const write = deps.write ?? writeFileAtomic;
  const exists = deps.exists ?? pathExists;
  {
    const choice = await deps.dialog.showSaveDialog({
      defaultPath: join(deps.defaultDirectory, safeFileName(suggestedName, target.extension, target.fallbackBase)),
      filters: [target.filter],
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    });
    if (choice.canceled || !choice.filePath) return { saved: false };
    if (!isAbsolute(choice.filePath)) {
      throw new IpcFailure('failed', 'The save dialog returned a location that is not a full path; nothing was saved.');
    }
    const chosen = checkChosenPath(choice.filePath, target.extension);
    if (!chosen.ok) {
      throw new IpcFailure(
        'failed',
        `${target.description} must be saved as a .${target.extension} file, not .${chosen.foundExtension}. Nothing was saved.`,
      );
    }
    const fileName = basename(chosen.path);
    // The dialog asked about overwriting the name the user typed, not the one
    // with the extension we added: never replace that file without asking.
    if (chosen.appended && (await exists(chosen.path))) {
      throw new IpcFailure('failed', `${fileName} already exists. Choose another name; nothing was saved.`);
    }
    try {
      await write(chosen.path, contents);
    } catch (error) {
      throw new IpcFailure('failed', `Could not save ${fileName}: ${describeFsError(error)}. Nothing was written.`);
    }
    if (!options.writeHashFile) return { saved: true, fileName };
    return { saved: true, fileName, ...(await writeHashFileBeside(write, chosen.path, fileName, contents)) };
  }
}

/**
 * "<file>.sha256" beside the saved file, written after it so it always
 * describes the bytes now on disk; the digest is taken from exactly the
 * bytes written. A file already there is replaced: it described whatever
 * was saved under this name before. If it cannot be written, the saved file
 * stays and the answer says why in words.
 */
async function writeHashFileBeside(
  write: (path: string, contents: Uint8Array | string) => Promise<void>,
  savedPath: string,
  fileName: string,
  contents: Uint8Array | string,
): Promise<{ hashFileName: string } | { hashFileProblem: string }> {
  const hashFileName = `${fileName}.sha256`;
  let line: string;
  try {
    line = sha256FileLine(createHash('sha256').update(contents).digest('hex'), fileName);
  } catch {
    return { hashFileProblem: `${fileName} was saved, but its name holds a carriage return, so no ${hashFileName} checksum file that every tool reads could be written.` };
  }
  try {
    await write(`${savedPath}.sha256`, line);
  } catch (error) {
    return { hashFileProblem: `${fileName} was saved, but ${hashFileName} could not be written: ${describeFsError(error)}.` };
  }
  return { hashFileName };
}
