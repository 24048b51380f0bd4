/**
 * `cli schema ct600|package`: the JSON Schema of a request, generated from the
 * zod schema the engine parses with, so a firm's scripts can check requests
 * before sending them. Rules that JSON Schema cannot state (cross-field rules,
 * calendar dates, canonical base64) are left to the engine; README lists them.
 */
import { requestJsonSchema } from '../engine/request-json-schema.js';
import { findCommand } from './commands.js';
import { CliUsageError, parseArgs, type CliIo } from './io.js';

export async function runSchemaCommand(args: string[], io: CliIo): Promise<number> {
  const [which, ...rest] = args;
  const spec = which === undefined ? undefined : findCommand('schema', which);
  if (!spec) throw new CliUsageError(which ? `unknown schema "${which}" (use ct600 or package)` : 'name the schema: ct600 or package', { area: 'schema' });
  const { positional } = parseArgs(spec, rest);
  if (positional.length > 0) throw new CliUsageError(`schema ${which} takes no arguments`, { area: 'schema', name: which });
  io.out(`${JSON.stringify(await requestJsonSchema(which as 'ct600' | 'package'), null, 2)}\n`);
  return 0;
}
