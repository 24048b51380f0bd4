/**
 * `cli accounts <command>`: statutory accounts. Each command is loaded when
 * asked for, so building accounts loads nothing of filing them, and the other
 * way round.
 */
import { RequestValidationError } from '../engine/errors.js';
import { findCommand } from './commands.js';
import { CliUsageError, parseArgs, reportRequestErrors, type CliIo, type ParsedArgs } from './io.js';

type Handler = (parsed: ParsedArgs, io: CliIo) => Promise<number>;

const HANDLERS: Record<string, () => Promise<Handler>> = {
  build: async () => (await import('./accounts-build.js')).buildAccountsCommand,
  file: async () => (await import('./accounts-file.js')).fileAccountsCommand,
};

export async function runAccountsCommand(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('accounts', command);
  const handler = command === undefined ? undefined : HANDLERS[command];
  if (!spec || !handler) throw new CliUsageError(command ? `unknown accounts command "${command}"` : 'no accounts command given', { area: 'accounts' });
  const parsed = parseArgs(spec, rest);
  try {
    return await (await handler())(parsed, io);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(io, err);
    throw err;
  }
}
