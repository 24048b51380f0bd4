/**
 * `cli clients add|edit|list`: the data folder's client book through
 * ClientBook, with the book's own rules (client-rules.ts), so a client added
 * here is one the window's Clients screen would have accepted. Only the data
 * folder is written: with an office, the desk's next sync carries the change.
 *
 * The book keeps a period end as MM-DD ("03-31"), exactly as --period-end
 * takes it, so the option's value is stored as typed (spaces trimmed).
 */
import { stat } from 'node:fs/promises';
import type { Client, ClientDetails, FieldError } from '../../preload/contract.js';
import { RequestValidationError } from '../engine/errors.js';
import { ClientBook } from '../store/client-book.js';
import { StoreError } from '../store/store-error.js';
import { CliUsageError, reportRequestErrors, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

/** The book's fields as the options that set them, so a refusal names what the user typed. */
const OPTION_OF_FIELD: Record<string, string> = {
  'details.companyName': '--name',
  'details.utr': '--utr',
  'details.registrationNumber': '--company-number',
  'details.periodEnd': '--period-end',
};

type Command = (book: ClientBook, values: Record<string, string>, io: CliIo, parsed: ParsedArgs) => Promise<number>;

function run(name: 'add' | 'edit' | 'list', command: Command) {
  return async (parsed: ParsedArgs, io: CliIo): Promise<number> => {
    const usage = { area: 'clients', name };
    if (parsed.positional.length > 0) throw new CliUsageError(`clients ${name} takes no arguments; "${parsed.positional[0]}" was given`, usage);
    const dataFolder = parsed.values['data-folder'];
    if (!dataFolder) throw new CliUsageError('--data-folder is required: the data folder whose client book to use', usage);
    try {
      // A mistyped folder must not quietly start a new, empty client book.
      if (!(await stat(dataFolder).catch(() => undefined))?.isDirectory()) {
        throw new RequestValidationError([{ field: '--data-folder', message: `${dataFolder} is not a folder: give the data folder that holds the client book` }]);
      }
      const book = new ClientBook({ dataDir: dataFolder, log: (message) => io.err(`${terminalText(message)}\n`) });
      return await command(book, parsed.values, io, parsed);
    } catch (error) {
      if (error instanceof RequestValidationError) return reportRequestErrors(io, error);
      if (error instanceof StoreError && error.kind === 'invalid') return reportRequestErrors(io, new RequestValidationError((error.errors ?? [{ field: '', message: error.message }]).map(asOption)));
      if (error instanceof StoreError) {
        io.err(`${terminalText(error.message)}\n`);
        return 1;
      }
      throw error;
    }
  };
}

/** A book's refusal against the option that set the field; an option cannot be given empty, so the book's "or left empty" does not apply here. */
function asOption(error: FieldError): FieldError {
  return { field: OPTION_OF_FIELD[error.field] ?? error.field, message: error.message.replace(/, or left empty$/, '') };
}

/** Every client with this UTR (spaces as people type them ignored, as the book stores it without). */
async function clientsWithUtr(book: ClientBook, utr: string): Promise<Client[]> {
  const wanted = utr.replace(/\s+/g, '');
  return (await book.list({ query: '', includeArchived: true })).filter((c) => c.utr === wanted);
}

function detailsOf(client: Client): ClientDetails {
  const { id: _id, archived: _archived, createdAt: _createdAt, changedAt: _changedAt, ...details } = client;
  return details;
}

const printClient = (io: CliIo, client: Client) => io.out(`${jsonText(client, 2)}\n`);

export const addClientCommand = run('add', async (book, values, io) => {
  const usage = { area: 'clients', name: 'add' };
  if (!values.name) throw new CliUsageError('--name is required: the company name', usage);
  if (!values.utr) throw new CliUsageError("--utr is required: the company's 10-digit Unique Taxpayer Reference", usage);
  const same = await clientsWithUtr(book, values.utr);
  // `clients edit` finds a client by its UTR: a second client with it could never be edited from here.
  if (same[0]) throw new RequestValidationError([{ field: '--utr', message: `${same[0].utr} is already the UTR of ${same[0].companyName} in the client book; change that client with cli clients edit` }]);
  const details: ClientDetails = {
    companyName: values.name,
    utr: values.utr,
    registrationNumber: values['company-number'] ?? '',
    periodEnd: values['period-end'] ?? '',
    serviceClientName: '',
    serviceClientId: '',
  };
  printClient(io, await book.save(undefined, details));
  return 0;
});

export const editClientCommand = run('edit', async (book, values, io) => {
  const usage = { area: 'clients', name: 'edit' };
  if (!values.utr) throw new CliUsageError('--utr is required: the UTR of the client to change', usage);
  if (values.name === undefined && values['company-number'] === undefined && values['period-end'] === undefined) {
    throw new CliUsageError('nothing to change: give --name, --company-number or --period-end', usage);
  }
  const found = await clientsWithUtr(book, values.utr);
  if (found.length === 0) throw new RequestValidationError([{ field: '--utr', message: `no client in the client book has the UTR ${values.utr}` }]);
  if (found.length > 1) {
    const names = found.map((c) => c.companyName).join(', ');
    throw new RequestValidationError([{ field: '--utr', message: `${found.length} clients have the UTR ${values.utr} (${names}); change them in the window's Clients screen, where each is chosen by name` }]);
  }
  const client = found[0]!;
  const details: ClientDetails = {
    ...detailsOf(client),
    ...(values.name !== undefined && { companyName: values.name }),
    ...(values['company-number'] !== undefined && { registrationNumber: values['company-number'] }),
    ...(values['period-end'] !== undefined && { periodEnd: values['period-end'] }),
  };
  printClient(io, await book.save(client.id, details));
  return 0;
});

export const listClientsCommand = run('list', async (book, _values, io, parsed) => {
  const clients = await book.list({ query: '', includeArchived: true });
  const notice = await book.notice();
  if (notice) io.err(`${terminalText(`The client book ${notice.fileName} was ${notice.reason}; ${notice.readOnly ? 'it was left as it is and cannot be changed' : `it was kept as ${notice.keptAs}`}.`)}\n`);
  if (parsed.flags.has('json')) {
    io.out(`${jsonText(clients, 2)}\n`);
    return 0;
  }
  io.out(clientTable(clients));
  return 0;
});

/** A readable table; names are whatever the book holds, so every cell is shown escaped. */
export function clientTable(clients: readonly Client[]): string {
  if (clients.length === 0) return 'The client book has no clients.\n';
  const rows = [
    ['Name', 'UTR', 'Company number', 'Period end'],
    ...clients.map((c) => [`${c.companyName}${c.archived ? ' (archived)' : ''}`, c.utr, c.registrationNumber, c.periodEnd].map((cell) => terminalText(cell || '-'))),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return `${rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n')}\n`;
}
