/**
 * Many files in one process: the engine loads once, and each file gets one
 * result, as a JSON line or a table row, the moment it is done. A file that
 * cannot be read or used is a result of its own; the batch goes on.
 */
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { RequestValidationError, type FieldError } from '../engine/errors.js';
import type { CliIo } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

/**
 * valid / built: all good; invalid: a verdict of "not valid"; not-checked: nothing wrong found, but a
 * taxonomy to check it against is not installed (no verdict yet); unusable: unreadable or refused input.
 */
export type BatchStatus = 'valid' | 'built' | 'invalid' | 'not-checked' | 'unusable';

/** The exit status of a run whose worst result was "not checked": distinct from 3, an internal error. */
export const EXIT_NOT_CHECKED = 5;

export interface BatchResult {
  status: BatchStatus;
  /** The fields of this file's JSON line after `file` and `status`. */
  details: Record<string, unknown>;
  /** One short line for the table's last column. */
  summary: string;
}

/** The files to process: named files as given, folders as their files with one of `extensions`, by name. */
export async function expandInputs(paths: string[], extensions: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isDirectory()) {
      files.push(path); // a missing file is reported as that file's result
      continue;
    }
    const names = (await readdir(path)).filter((n) => extensions.includes(extname(n).toLowerCase()));
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    files.push(...names.map((n) => join(path, n)));
  }
  return files;
}

/** A refused or unreadable file as a batch result; any other failure is a bug and propagates. */
export function unusable(err: unknown): BatchResult {
  if (!(err instanceof RequestValidationError)) throw err;
  const errors: FieldError[] = err.errors;
  const first = errors[0];
  const summary = first ? `${first.field ? `${first.field}: ` : ''}${first.message}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}` : 'refused';
  return { status: 'unusable', details: { errors }, summary };
}

export interface BatchOptions {
  files: string[];
  format: 'json' | 'table';
  io: CliIo;
  /** One file's result; a RequestValidationError it throws makes the file unusable. */
  handle: (file: string) => Promise<BatchResult>;
  /** Progress is redrawn at most this often (ms); tests pass 0. */
  progressEveryMs?: number;
}

const STATUS_WORDS: Record<BatchStatus, string> = { valid: 'valid', built: 'built', invalid: 'NOT VALID', 'not-checked': 'NOT CHECKED', unusable: 'UNUSABLE' };

/** Runs the batch; the exit code is 2 if any file was unusable, else 1 if any was not valid, else 5 if any was not checked, else 0. */
export async function runBatch({ files, format, io, handle, progressEveryMs = 200 }: BatchOptions): Promise<number> {
  const counts: Record<BatchStatus, number> = { valid: 0, built: 0, invalid: 0, 'not-checked': 0, unusable: 0 };
  // Names are shown escaped on a terminal: a name is whatever the folder held.
  const shown = files.map(terminalText);
  const fileWidth = Math.min(60, Math.max(4, ...shown.map((f) => f.length)));
  const showProgress = io.stderrIsTTY && files.length > 1;
  let lastProgress = -Infinity;
  if (format === 'table') io.out(`${'FILE'.padEnd(fileWidth)}  ${'RESULT'.padEnd(11)}  DETAIL\n`);
  for (const [i, file] of files.entries()) {
    // A refused file is reported and the batch goes on; anything else is a bug and ends it (unusable rethrows it).
    const result = await handle(file).catch(unusable);
    counts[result.status]++;
    if (showProgress) io.err('\r\x1b[K'); // clear the progress line before the row lands on the terminal
    if (format === 'json') io.out(`${jsonText({ file, status: result.status, ...result.details })}\n`);
    else io.out(`${shown[i]!.padEnd(fileWidth)}  ${STATUS_WORDS[result.status].padEnd(11)}  ${terminalText(result.summary)}\n`);
    const now = Date.now();
    if (showProgress && (now - lastProgress >= progressEveryMs || i === files.length - 1)) {
      lastProgress = now;
      io.err(`${i + 1}/${files.length} files: ${counts.invalid} not valid, ${counts.unusable} unusable`);
    }
  }
  if (showProgress) io.err('\r\x1b[K');
  const good = counts.valid + counts.built;
  if (format === 'table') {
    const notChecked = counts['not-checked'] > 0 ? `, ${counts['not-checked']} not checked` : '';
    io.out(`${files.length} file${files.length === 1 ? '' : 's'}: ${good} ${counts.built > 0 ? 'built' : 'valid'}, ${counts.invalid} not valid${notChecked}, ${counts.unusable} unusable\n`);
  }
  return counts.unusable > 0 ? 2 : counts.invalid > 0 ? 1 : counts['not-checked'] > 0 ? EXIT_NOT_CHECKED : 0;
}

/** --json, --table, or the default: a table on a terminal, JSON Lines for scripts and pipes. */
export function batchFormat(flags: Set<string>, io: CliIo): 'json' | 'table' {
  if (flags.has('json')) return 'json';
  if (flags.has('table')) return 'table';
  return io.stdoutIsTTY ? 'table' : 'json';
}

/** The old one-file form applies when exactly one file (not a folder) is named and no batch format is asked for. */
export async function isSingleFile(positional: string[], flags: Set<string>): Promise<boolean> {
  if (positional.length !== 1 || flags.has('json') || flags.has('table')) return false;
  const info = await stat(positional[0]!).catch(() => undefined);
  return !info?.isDirectory();
}
