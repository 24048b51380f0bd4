import { basename, isAbsolute, join } from 'node:path';
import type { FileSaveRequest, FileSaveResponse, SaveFilter } from '../../preload/contract.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { IpcFailure } from './ipc-errors.js';

/** Electron's dialog.showSaveDialog, reduced to what we use; tests pass a fake that picks a path. */
export interface SaveDialog {
  showSaveDialog(options: { defaultPath: string; filters: SaveFilter[] }): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface FileSaverDeps {
  dialog: SaveDialog;
  /** Folder the dialog opens in (the user's Documents folder in the app). */
  defaultDirectory: string;
  write?: (path: string, contents: Uint8Array | string) => Promise<void>;
}

/**
 * file.save: the renderer sends contents and a suggested name; the user picks
 * the place in a native dialog, and main writes the file atomically. The
 * renderer never names a path itself.
 */
export function createFileSaveHandler(deps: FileSaverDeps): (request: FileSaveRequest) => Promise<FileSaveResponse> {
  const write = deps.write ?? writeFileAtomic;
  return async (request) => {
    const choice = await deps.dialog.showSaveDialog({
      defaultPath: join(deps.defaultDirectory, basename(request.suggestedName)),
      filters: request.filters,
    });
    if (choice.canceled || !choice.filePath) return { saved: false };
    if (!isAbsolute(choice.filePath)) {
      throw new IpcFailure('failed', 'The save dialog returned a location that is not a full path; nothing was saved.');
    }
    try {
      await write(choice.filePath, request.contents);
    } catch (error) {
      throw new IpcFailure('failed', `Could not save ${basename(choice.filePath)}: ${describeFsError(error)}. Nothing was written.`);
    }
    return { saved: true, path: choice.filePath };
  };
}

/** A plain-words reason for the common file-system failures, without paths or stack. */
function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'the folder no longer exists';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EISDIR':
      return 'a folder with that name exists';
    default:
      return 'the file system refused the write';
  }
}
