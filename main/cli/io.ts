import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { DEFAULT_JSON_SHAPE_LIMITS, jsonShapeProblem } from '../engine/json-shape.js';

export class CliUsageError extends Error {}

export function writeOut(text: string): void {
  process.stdout.write(text);
}
export function writeErr(text: string): void {
  process.stderr.write(text);
}

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

/** Pulls `--name value` and `--flag` options out of an argument list. */
export function parseArgs(args: string[], valueOptions: string[], flagOptions: string[]) {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      if (valueOptions.includes(name)) {
        const value = args[++i];
        if (value === undefined) throw new CliUsageError(`--${name} needs a value`);
        values[name] = value;
      } else if (flagOptions.includes(name)) {
        flags.add(name);
      } else {
        throw new CliUsageError(`unknown option ${arg}`);
      }
    } else {
      positional.push(arg);
    }
  }
  return { positional, values, flags };
}

/** Field errors as JSON on stderr, exit 2: what scripts around the CLI parse. */
export function reportRequestErrors(err: RequestValidationError): number {
  writeErr(`${JSON.stringify({ errors: err.errors }, null, 2)}\n`);
  return 2;
}
