/**
 * `cli office <command>`: the firm's office server (serve, user add) and a
 * desk's place in it (join, sync, resolve, leave). Each command is loaded
 * when asked for, so a desk's sync never loads the server, nor the server
 * a desk's stores.
 */
import { findCommand } from './commands.js';
import { CliUsageError, parseArgs, type CliIo, type ParsedArgs } from './io.js';

type Handler = (parsed: ParsedArgs, io: CliIo) => Promise<number>;

const HANDLERS: Record<string, () => Promise<Handler>> = {
  serve: async () => (await import('./office-serve.js')).serveOfficeCommand,
  'user add': async () => (await import('./office-users.js')).addOfficeUserCommand,
  join: async () => (await import('./office-join.js')).joinOfficeCommand,
  sync: async () => (await import('./office-sync.js')).syncOfficeCommand,
  resolve: async () => (await import('./office-sync.js')).resolveOfficeConflictCommand,
  leave: async () => (await import('./office-join.js')).leaveOfficeCommand,
};

export async function runOfficeCommand(args: string[], io: CliIo): Promise<number> {
  // `user add` is two words; every other command one.
  const [first, ...others] = args;
  const twoWords = first === 'user' && others[0] !== undefined && !others[0].startsWith('-');
  const command = twoWords ? `user ${others[0]}` : first;
  const rest = twoWords ? others.slice(1) : others;
  const spec = command === undefined ? undefined : findCommand('office', command);
  const handler = command === undefined ? undefined : HANDLERS[command];
  if (!spec || !handler) throw new CliUsageError(command ? `unknown office command "${command}"` : 'no office command given', { area: 'office' });
  return (await handler())(parseArgs(spec, rest), io);
}
