/**
 * `cli taxonomy add <zip>`, `cli taxonomy list`, `cli taxonomy remove <id>`:
 * the taxonomy packages installed in the data folder, the same store the
 * Settings "Taxonomies" panel shows. Exit codes: 0 done, 1 a package refused
 * (its reasons on stderr, one a line, each naming the file), 2 unusable input
 * or an id that is not installed.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { TaxonomyNotInstalledError, TaxonomyStore, type InstalledTaxonomy } from '../taxonomies/taxonomy-store.js';
import { appDataFolder } from './app-data-folder.js';
import { findCommand } from './commands.js';
import { TAXONOMY_PACKAGE_INPUT } from './input-limits.js';
import { CliUsageError, parseArgs, readInput, reportRequestErrors, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

export function dataFolderOf(values: Record<string, string>): string {
  return values['data-folder'] ?? appDataFolder(process.platform, process.env);
}

/**
 * A data folder a command only reads taxonomies from. One named with
 * --data-folder must exist: a mistyped path would otherwise read as a folder
 * with nothing installed, and every document as "not checked". The app's own
 * folder may not exist yet on a computer where the app never ran.
 */
export async function readableDataFolder(values: Record<string, string>, area: string, name: string): Promise<string> {
  const named = values['data-folder'];
  if (named === undefined) return dataFolderOf(values);
  const found = await stat(named).catch(() => undefined);
  if (!found?.isDirectory()) throw new CliUsageError(`--data-folder: ${named} is not a folder (name the data folder that holds the installed taxonomies)`, { area, name });
  return named;
}

export async function runTaxonomyCommand(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('taxonomy', command);
  if (!spec) throw new CliUsageError(command ? `unknown taxonomy command "${command}"` : 'no taxonomy command given', { area: 'taxonomy' });
  const parsed = parseArgs(spec, rest);
  const store = TaxonomyStore.inDataFolder(dataFolderOf(parsed.values));
  try {
    if (command === 'add') return await add(store, parsed, io);
    if (command === 'remove') return await remove(store, parsed, io);
    return await list(store, parsed, io);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(io, err);
    throw err;
  }
}

async function add(store: TaxonomyStore, { positional }: ParsedArgs, io: CliIo): Promise<number> {
  if (positional.length !== 1) throw new CliUsageError('taxonomy add takes one package zip', { area: 'taxonomy', name: 'add' });
  const file = positional[0]!;
  const outcome = await store.install(basename(file), await readInput(file, TAXONOMY_PACKAGE_INPUT, 'file'));
  if (!outcome.ok) {
    io.err(`${terminalText(`${basename(file)} was not installed:`)}\n`);
    for (const p of outcome.problems) io.err(`  ${terminalText(`${p.code}: ${p.message}`)}\n`);
    return 1;
  }
  for (const w of outcome.warnings) io.err(`note: ${terminalText(`${w.code}: ${w.message}`)}\n`);
  io.out(`${terminalText(`installed ${describe(outcome.installed)} as "${outcome.installed.id}" (${outcome.installed.entryPoints.length} entry points, ${outcome.installed.fileCount} files)`)}\n`);
  return 0;
}

async function remove(store: TaxonomyStore, { positional }: ParsedArgs, io: CliIo): Promise<number> {
  if (positional.length !== 1) throw new CliUsageError('taxonomy remove takes one id (see cli taxonomy list)', { area: 'taxonomy', name: 'remove' });
  try {
    const removed = await store.remove(positional[0]!);
    io.out(`${terminalText(`removed ${describe(removed)} ("${removed.id}")`)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof TaxonomyNotInstalledError)) throw err;
    const installed = (await store.list()).map((p) => p.id);
    io.err(`${terminalText(`${err.message}; installed: ${installed.length ? installed.join(', ') : 'none'}`)}\n`);
    return 2;
  }
}

async function list(store: TaxonomyStore, { positional, flags }: ParsedArgs, io: CliIo): Promise<number> {
  if (positional.length > 0) throw new CliUsageError(`taxonomy list takes no arguments; got ${positional[0]}`, { area: 'taxonomy', name: 'list' });
  const installed = await store.list();
  if (flags.has('json')) {
    io.out(`${jsonText(installed, 2)}\n`);
    return 0;
  }
  if (installed.length === 0) {
    io.out(`no taxonomy packages installed in ${terminalText(store.folder)}\n`);
    return 0;
  }
  for (const p of installed) {
    io.out(`${terminalText(`${p.id}  ${describe(p)}  ${p.fileName}, installed ${p.installedAt.slice(0, 10)}`)}\n`);
    for (const e of p.entryPoints) io.out(`    ${terminalText(`${e.name}: ${e.urls.join(' ')}`)}\n`);
  }
  return 0;
}

function describe(p: InstalledTaxonomy): string {
  return `${p.name}${p.version ? ` ${p.version}` : ''}`;
}
