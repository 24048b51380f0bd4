/**
 * Files in and out of the app: file.save (main owns the dialog, the path and
 * the extension) and the files the operating system asks the app to open (a
 * double-clicked .xbri, .xbr or .fdesk).
 */
import type { IpcResult } from './contract-ipc.js';

/** What is being saved: main owns the file type, its extension and the dialog's filter for each. */
export type SaveKind = 'ct600-xml' | 'report-package' | 'validation-csv';
export type PackageExtension = 'xbri' | 'xbr' | 'zip';

/**
 * file.save: contents and a suggested base name. The renderer never names a
 * path, a filter or an extension: main picks those from the kind, cleans the
 * name and asks the user where to save.
 */
export type FileSaveRequest =
  | { kind: 'ct600-xml'; suggestedName: string; contents: Uint8Array | string }
  | {
      kind: 'report-package';
      extension: PackageExtension;
      suggestedName: string;
      contents: Uint8Array;
      /**
       * Also write "<file>.sha256" beside it, the line `sha256sum -c` checks
       * ("<64 hex>  <file name>\n"). Off when left out; the wizard's Save turns it on by default.
       */
      writeHashFile?: boolean;
    }
  /** Validation messages exported as CSV (UTF-8 text, one message a row). */
  | { kind: 'validation-csv'; suggestedName: string; contents: string }
  /** The Deadlines list exported as CSV (UTF-8 text, one accounting period a row). */
  | { kind: 'deadlines-csv'; suggestedName: string; contents: string }
  /** The due dates of the Deadlines list as an iCalendar file (RFC 5545) for Outlook and Apple Calendar. */
  | { kind: 'deadlines-ics'; suggestedName: string; contents: string };

export interface FileSaveResponse {
  saved: boolean;
  /** The saved file's name (not its folder: the full path holds the user's name). */
  fileName?: string;
  /** The checksum file written beside it ("ACME-2024.xbri.sha256"), when one was asked for and written. */
  hashFileName?: string;
  /** Why the checksum file could not be written, in words, when the package itself was saved. */
  hashFileProblem?: string;
}

// ---------------------------------------------------------------------------
// Files the operating system asks the app to open (a double-clicked .xbri,
// .xbr or .fdesk). Main checks the path (a regular file, its size, its
// extension and its first bytes) and sends the page the name and bytes only.

/** A file opened from outside the app: its name (no folder) and contents. */
export interface OpenedFile {
  fileName: string;
  bytes: Uint8Array;
}
/** main → page: one OpenedFile per file. */
export const FILE_OPENED_CHANNEL = 'file.opened';
/** page → main (send, no answer): the page listens now, so files main kept waiting can be sent. */
export const FILE_OPENED_SUBSCRIBE_CHANNEL = 'file.opened.subscribe';
/** The extensions main lets through, in lower case. */
export const openedFileExtensions = ['xbri', 'xbr', 'fdesk'] as const;

/** The preload's check of what arrives on FILE_OPENED_CHANNEL: only a plain name with a known extension, and bytes. */
export function isOpenedFile(value: unknown): value is OpenedFile {
  if (typeof value !== 'object' || value === null) return false;
  const { fileName, bytes } = value as Partial<OpenedFile>;
  if (typeof fileName !== 'string' || fileName.length === 0 || fileName.length > 255 || /[\\/\0]/.test(fileName)) return false;
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return (openedFileExtensions as readonly string[]).includes(extension) && bytes instanceof Uint8Array;
}

export interface FileChannels {
  'file.save': { request: FileSaveRequest; response: FileSaveResponse };
}

export const fileChannels = ['file.save'] as const satisfies ReadonlyArray<keyof FileChannels>;

export interface FileBridge {
  saveFile(request: FileSaveRequest): Promise<IpcResult<FileSaveResponse>>;
  /** Calls the listener for each file the operating system opened with the app; returns the function that stops it. */
  onFileOpened(listener: (file: OpenedFile) => void): () => void;
}

export const fileBridgeChannels = {
  saveFile: 'file.save',
} as const satisfies { [M in Exclude<keyof FileBridge, 'onFileOpened'>]: keyof FileChannels };
