import { mkdir, open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { decodeStrictUtf8, readRegularFile } from '../store/regular-file.js';
import { DEFAULT_JSON_SHAPE_LIMITS, jsonShapeProblem } from '../engine/json-shape.js';
import type { CommandSpec } from './commands.js';
import { jsonText } from './safe-text.js';

/** A usage mistake; `help` names the command whose usage is printed with it. */
export class CliUsageError extends Error {
  constructor(
    message: string,
    readonly help?: { area?: string; name?: string },
  ) {
    super(message);
  }
}

/** Where a command writes: the process's streams, or fakes in tests. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
}

/** Errors of a stream whose reader has gone: a pipe closed (`| head -1`), or a write after that. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

/**
 * What ends the command when stdout's reader has gone: `cli taxonomy list |
 * head -1` wants one line, and the rest has nowhere to go. The command ends
 * quietly with the exit code it has so far (0 unless something failed before),
 * as any filter in a pipeline does, instead of an unhandled 'error' event
 * printing a stack. Any other error of the stream is not ours to hide.
 */
export function endQuietlyWhenReaderGone(stream: NodeJS.WritableStream, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (!READER_GONE.has(err.code ?? '')) throw err;
    exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}

/** Whether the error listeners are on the process's streams yet. */
const guarded = new WeakSet<NodeJS.WritableStream>();

function guardedStream(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (!guarded.has(stream)) {
    guarded.add(stream);
    endQuietlyWhenReaderGone(stream);
  }
  return stream;
}

/**
 * The process's own streams, each made when first used: Node builds
 * process.stdout on first access (for a pipe, a socket and the stream
 * machinery), and a command that writes nothing to stderr need not pay for it.
 * Each is guarded when first written: a closed reader ends the command quietly.
 */
export const processIo: CliIo = {
  out: (text) => void guardedStream(process.stdout).write(text),
  err: (text) => void guardedStream(process.stderr).write(text),
  get stdoutIsTTY() {
    return process.stdout.isTTY === true;
  },
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
};

/** How much of one kind of input the command line reads: the app's own caps, so a huge file is refused before it is read. */
export interface InputLimit {
  maxBytes: number;
  /** The kind of file, in the refusal ("CT600 returns"). */
  kind: string;
}

/**
 * Reads an input file as the app reads any file it did not write: never
 * blocking on a pipe, never reading past the limit. A link is followed, since
 * a user may name one. A file that cannot be used is the user's input problem
 * (exit 2), reported against `field` with its reason.
 */
export async function readInput(path: string, limit: InputLimit, field = ''): Promise<Buffer> {
  const read = await readRegularFile(path, { ...limit, followLinks: true });
  if (!read.ok) throw new RequestValidationError([{ field, message: `cannot read ${path}: ${read.reason}` }]);
  return read.value;
}

/**
 * Writes an output file atomically, creating its folder. A file already
 * there is replaced only with `force`: the name is claimed with an exclusive
 * create first, so a file that appears between a check and the write is not
 * replaced either. A path that cannot be written is the user's input problem
 * (exit 2, field "out"), and a failure never leaves half a file behind.
 */
export async function writeOutputFile(path: string, bytes: Uint8Array, { force, field = 'out' }: { force: boolean; field?: string }): Promise<void> {
  const cannotWrite = (err: unknown) => new RequestValidationError([{ field, message: `cannot write ${path}: ${(err as Error).message}` }]);
  try {
    await mkdir(dirname(path), { recursive: true });
  } catch (err) {
    throw cannotWrite(err);
  }
  let claimed = false;
  if (!force) {
    try {
      await (await open(path, 'wx')).close();
      claimed = true;
    } catch (err) {
      if ((err as { code?: unknown }).code === 'EEXIST') {
        throw new RequestValidationError([{ field, message: `${path} already exists and was not written by this run; add --force to replace it` }]);
      }
      throw cannotWrite(err);
    }
  }
  try {
    await writeFileAtomic(path, bytes);
  } catch (err) {
    // Only the empty placeholder this run created is removed; a file that was there stays as it was.
    if (claimed) await unlink(path).catch(() => undefined);
    throw cannotWrite(err);
  }
}

/** Reads a JSON request file; a missing, oversized, non-UTF-8 or malformed file is the user's input problem (exit 2). */
export async function readJsonFile(path: string, limit: InputLimit): Promise<unknown> {
  const text = decodeStrictUtf8(await readInput(path, limit));
  if (text === null) throw new RequestValidationError([{ field: '', message: `cannot read ${path}: it is not valid UTF-8 text` }]);
  // The schemas recurse over what JSON.parse returns: a hostile file's depth is refused first.
  const shape = jsonShapeProblem(text);
  if (shape?.kind === 'too-deep') throw new RequestValidationError([{ field: '', message: `${path} nests JSON more than ${DEFAULT_JSON_SHAPE_LIMITS.maxDepth} levels deep` }]);
  if (shape) throw new RequestValidationError([{ field: '', message: `${path} holds more than ${DEFAULT_JSON_SHAPE_LIMITS.maxValues} JSON values` }]);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new RequestValidationError([{ field: '', message: `${path} is not valid JSON: ${(err as Error).message}` }]);
  }
}

/** Thrown by parseArgs on --help, so a command prints its help and exits 0 whatever else was typed. */
export class HelpRequested extends Error {
  constructor(readonly help: { area?: string; name?: string }) {
    super('help requested');
  }
}

export interface ParsedArgs {
  positional: string[];
  values: Record<string, string>;
  flags: Set<string>;
  /** Every value of an option that may be given more than once. */
  lists: Record<string, string[]>;
}

/**
 * `--name value`, `--name=value` and `--switch`, exactly as the command table
 * lists them; any other option is refused by name. `--` ends the options, so
 * a file whose name starts with "--" can still be given.
 */
export function parseArgs(spec: CommandSpec, args: string[]): ParsedArgs {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const lists: Record<string, string[]> = {};
  const command = `${spec.area} ${spec.name}`;
  const usage = { area: spec.area, name: spec.name };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (arg === '--help' || arg === '-h') throw new HelpRequested(usage);
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const option = arg.startsWith('--') ? spec.options.find((o) => o.name === name) : undefined;
    if (!option) throw new CliUsageError(`unknown option ${eq < 0 ? arg : arg.slice(0, eq)} for ${command}`, usage);
    if (option.value === undefined) {
      if (eq >= 0) throw new CliUsageError(`--${name} takes no value`, usage);
      flags.add(name);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || value === '') throw new CliUsageError(`--${name} needs a value (<${option.value}>)`, usage);
    if (option.repeatable) {
      (lists[name] ??= []).push(value);
      continue;
    }
    if (values[name] !== undefined) throw new CliUsageError(`--${name} is given twice`, usage);
    values[name] = value;
  }
  if (flags.has('json') && flags.has('table')) throw new CliUsageError('choose one of --json and --table', usage);
  return { positional, values, flags, lists };
}

/** Field errors as JSON on stderr, exit 2: what scripts around the CLI parse. */
export function reportRequestErrors(io: CliIo, err: RequestValidationError): number {
  io.err(`${jsonText({ errors: err.errors }, 2)}\n`);
  return 2;
}
