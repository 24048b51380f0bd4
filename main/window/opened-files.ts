/**
 * Files the operating system asks the app to open: a double-clicked `.xbri`
 * or `.xbr` report package, or a `.fdesk` draft file. They arrive as paths
 * through macOS's open-file event (also before the window exists), the
 * command line on Windows and Linux, and a second instance's command line.
 *
 * Every path is checked here, in main, before anything reads it, through
 * the app's one reading rule (main/store/regular-file.ts): a known
 * extension, an ordinary file (never a pipe, which would block), a size
 * within the limit for its kind, and first bytes that start as that kind
 * must (a zip for a package, JSON for a draft: an `.exe` renamed `.xbri` is
 * refused having read a few bytes of it) before the rest is read. The page
 * receives the file's name and bytes only, never its path; a refusal is told
 * to the user in plain words.
 */
import { basename, extname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeLimit, MAX_DRAFT_FILE_BYTES, MAX_REPORT_PACKAGE_BYTES, type OpenedFile } from '../../preload/contract.js';
import { readRegularFile, type RegularFileOptions } from '../store/regular-file.js';

export type OpenedFileKind = 'report-package' | 'draft';

export const OPENABLE_FILE_TYPES: Readonly<Record<string, { kind: OpenedFileKind; maxBytes: number }>> = {
  '.xbri': { kind: 'report-package', maxBytes: MAX_REPORT_PACKAGE_BYTES },
  '.xbr': { kind: 'report-package', maxBytes: MAX_REPORT_PACKAGE_BYTES },
  '.fdesk': { kind: 'draft', maxBytes: MAX_DRAFT_FILE_BYTES },
};

export type OpenedFileCheck = { ok: true; file: OpenedFile } | { ok: false; fileName: string; message: string };

/** What Windows, Linux and a second instance pass: the file paths among the arguments. */
export function filePathsFromArgv(argv: readonly string[], options: { defaultApp: boolean; workingDirectory?: string }): string[] {
  // argv[0] is the executable; in a development run (`electron .`) argv[1] is the app folder.
  const rest = argv.slice(options.defaultApp ? 2 : 1);
  const paths: string[] = [];
  for (const arg of rest) {
    if (arg === '' || arg.startsWith('-')) continue; // Chromium's and the OS's switches (--flag, -psn_…)
    if (arg.startsWith('file://')) {
      // Linux desktop entries (%U) may pass a local file as a file:// URL.
      try {
        paths.push(fileURLToPath(arg));
      } catch {
        // not a local file URL: nothing to open
      }
      continue;
    }
    if (arg.includes('://')) continue; // any other URL is not a file
    paths.push(isAbsolute(arg) || !options.workingDirectory ? arg : resolve(options.workingDirectory, arg));
  }
  return paths;
}

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06];
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

function contentProblem(kind: OpenedFileKind, bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0) return 'is empty';
  if (kind === 'report-package') {
    return startsWith(bytes, ZIP_LOCAL_HEADER) || startsWith(bytes, ZIP_EMPTY_ARCHIVE) ? null : 'is not a report package: it is not a zip file';
  }
  // A .fdesk file is UTF-8 JSON (main/store/draft-transfer.ts): an object, after an optional BOM and white space.
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b ? null : 'is not a Filing Desk draft file';
}

const KIND_WORDS: Record<OpenedFileKind, string> = { 'report-package': 'report packages', draft: 'draft files' };
/** Enough to see a zip's signature, or a draft's opening brace after a byte order mark and some white space. */
const FIRST_BYTES = 4096;

/**
 * The first bytes' verdict: a problem only when they already show the file
 * is not of its kind. A draft whose first 4 KB are all white space is left
 * for the check of the whole file.
 */
function firstBytesProblem(kind: OpenedFileKind, head: Uint8Array): string | null {
  const problem = contentProblem(kind, head);
  if (problem === null) return null;
  // A draft may open with more white space than the first bytes hold: the whole file decides.
  if (kind === 'draft' && head.every((b) => WHITE_SPACE_OR_BOM.has(b))) return null;
  return `it ${problem}`;
}
const WHITE_SPACE_OR_BOM = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

/** Checks the file at `path` and reads it when it passes; never throws, never blocks on a pipe. */
export async function readOpenedFile(path: string, fs?: RegularFileOptions['fs']): Promise<OpenedFileCheck> {
  const fileName = basename(path) || path;
  const refuse = (why: string): OpenedFileCheck => ({ ok: false, fileName, message: `${fileName} cannot be opened: ${why}.` });
  const type = OPENABLE_FILE_TYPES[extname(fileName).toLowerCase()];
  if (!type) return refuse('Filing Desk opens report packages (.xbri, .xbr) and draft files (.fdesk)');
  const read = await readRegularFile(path, {
    maxBytes: type.maxBytes,
    kind: KIND_WORDS[type.kind],
    // The user chose this file, perhaps through a shortcut: a link to an ordinary file is fine.
    followLinks: true,
    firstBytes: { length: FIRST_BYTES, problem: (head) => firstBytesProblem(type.kind, head) },
    ...(fs ? { fs } : {}),
  });
  if (!read.ok) {
    switch (read.problem) {
      case 'missing':
        return refuse('the file does not exist. It may have been moved, renamed or deleted');
      case 'folder':
        return refuse('it is a folder, not a file');
      case 'too-large':
        return refuse(`it is larger than the ${describeLimit(type.maxBytes)} Filing Desk opens for ${KIND_WORDS[type.kind]}`);
      case 'unreadable':
        return refuse(read.reason === 'permission to read it was refused' ? 'you do not have permission to read it' : 'it could not be read');
      default:
        return refuse(read.reason);
    }
  }
  const bytes = new Uint8Array(read.value.buffer, read.value.byteOffset, read.value.length);
  const problem = contentProblem(type.kind, bytes);
  if (problem) return refuse(`it ${problem}`);
  return { ok: true, file: { fileName, bytes } };
}

export interface OpenedFileQueueDeps {
  read?: (path: string) => Promise<OpenedFileCheck>;
  /** Hands a checked file to the page (FILE_OPENED_CHANNEL). */
  send: (file: OpenedFile) => void;
  /** Tells the user why a file was refused. */
  refuse: (fileName: string, message: string) => void;
  /** Brings the window forward (and opens one if there is none). */
  reveal?: () => void;
}

export interface OpenedFileQueue {
  /** A path from open-file, argv or a second instance; checked once the queue is started. */
  add(path: string): void;
  /** From "ready" on: checks what arrived before and everything after. */
  start(): void;
  /** The page has subscribed (bridge.onFileOpened): files waiting for it are sent. */
  pageReady(): void;
  /** The page is gone or reloading: files wait again until it subscribes. */
  pageGone(): void;
  /** Resolves once every path added so far has been checked and sent, queued or refused. */
  settled(): Promise<void>;
}

/**
 * Keeps files until the page can take them, so nothing opened before the
 * window exists (or while it reloads) is lost, and sends each exactly once,
 * in the order they arrived.
 */
export function createOpenedFileQueue({ read = readOpenedFile, send, refuse, reveal }: OpenedFileQueueDeps): OpenedFileQueue {
  const arrived: string[] = [];
  const waiting: OpenedFile[] = [];
  let started = false;
  let pageReady = false;
  let chain: Promise<void> = Promise.resolve();

  const flush = () => {
    while (pageReady && waiting.length > 0) send(waiting.shift()!);
  };
  const check = (path: string) => {
    chain = chain.then(async () => {
      const result = await read(path);
      reveal?.();
      if (!result.ok) return refuse(result.fileName, result.message);
      waiting.push(result.file);
      flush();
    });
  };

  return {
    add(path) {
      if (started) check(path);
      else arrived.push(path);
    },
    start() {
      if (started) return;
      started = true;
      for (const path of arrived.splice(0)) check(path);
    },
    pageReady() {
      pageReady = true;
      flush();
    },
    pageGone() {
      pageReady = false;
    },
    settled: () => chain,
  };
}
