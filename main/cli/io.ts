import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { DEFAULT_JSON_SHAPE_LIMITS, jsonShapeProblem } from '../engine/json-shape.js';
import type { CommandSpec } from './commands.js';

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
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
};

/** Reads an input file; one that cannot be read is the user's input problem (exit 2), reported against `field`. */
export async function readInputFile(path: string, field = ''): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new RequestValidationError([{ field, message: `cannot read ${path}: ${(err as Error).message}` }]);
  }
}

/**
 * Writes an output file atomically, creating its folder. A path that cannot be
 * written is the user's input problem (exit 2, field "out"), not an internal
 * error, and a failure never leaves half a file behind.
 */
export async function writeOutputFile(path: string, bytes: Uint8Array, field = 'out'): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomic(path, bytes);
  } catch (err) {
    throw new RequestValidationError([{ field, message: `cannot write ${path}: ${(err as Error).message}` }]);
  }
}

/** Reads a JSON request file; a missing or malformed file is the user's input problem (exit 2). */
export async function readJsonFile(path: string): Promise<unknown> {
  const text = (await readInputFile(path)).toString('utf8');
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
    if (values[name] !== undefined) throw new CliUsageError(`--${name} is given twice`, usage);
    values[name] = value;
  }
  if (flags.has('json') && flags.has('table')) throw new CliUsageError('choose one of --json and --table', usage);
  return { positional, values, flags };
}

/** Field errors as JSON on stderr, exit 2: what scripts around the CLI parse. */
export function reportRequestErrors(io: CliIo, err: RequestValidationError): number {
  io.err(`${JSON.stringify({ errors: err.errors }, null, 2)}\n`);
  return 2;
}
