/**
 * `cli clients <command>`: the data folder's client book from the command
 * line (add, edit, list), with or without an office: the same book, and the
 * same rules, as the window's Clients screen.
 */
import { findCommand } from './commands.js';
import { CliUsageError, parseArgs, type CliIo, type ParsedArgs } from './io.js';

type Handler = (parsed: ParsedArgs, io: CliIo) => Promise<number>;

const HANDLERS: Record<string, () => Promise<Handler>> = {
  add: async () => (await import('./clients-commands.js')).addClientCommand,
  edit: async () => (await import('./clients-commands.js')).editClientCommand,
  list: async () => (await import('./clients-commands.js')).listClientsCommand,
};

export async function runClientsCommand(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('clients', command);
  const handler = command === undefined ? undefined : HANDLERS[command];
  if (!spec || !handler) throw new CliUsageError(command ? `unknown clients command "${command}"` : 'no clients command given', { area: 'clients' });
  return (await handler())(parseArgs(spec, rest), io);
}
