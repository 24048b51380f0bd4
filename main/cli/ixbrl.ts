/**
 * `cli ixbrl validate <file.xhtml>... [--taxonomy <package.zip>]...`: Inline
 * XBRL documents checked against their taxonomy (the installed taxonomy
 * packages of the data folder, plus any package named with --taxonomy, which
 * is read but not installed). Each document is one batch result; it is
 * "valid" only when nothing at all is wrong: a warning such as "concepts not
 * checked: install …" makes it not valid too, so exit 0 means every fact was
 * checked and passed.
 */
import { basename } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { installedFromZip, TaxonomyLibrary } from '../engine/taxonomy/library.js';
import { readTaxonomyPackage } from '../engine/taxonomy/read-package.js';
import { checkDocument, type DocumentCheck } from '../engine/taxonomy/check-document.js';
import { TaxonomyStore } from '../taxonomies/taxonomy-store.js';
import { batchFormat, expandInputs, runBatch, type BatchResult } from './batch.js';
import { findCommand } from './commands.js';
import { IXBRL_INPUT, TAXONOMY_PACKAGE_INPUT } from './input-limits.js';
import { CliUsageError, parseArgs, readInput, reportRequestErrors, type CliIo } from './io.js';
import { dataFolderOf } from './taxonomy.js';

const IXBRL_EXTENSIONS = ['.xhtml', '.html', '.htm'];

export async function runIxbrlCommand(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('ixbrl', command);
  if (!spec) throw new CliUsageError(command ? `unknown ixbrl command "${command}"` : 'no ixbrl command given', { area: 'ixbrl' });
  const { positional, values, flags, lists } = parseArgs(spec, rest);
  if (positional.length === 0) throw new CliUsageError('ixbrl validate needs at least one file or folder', { area: 'ixbrl', name: 'validate' });
  let library: TaxonomyLibrary;
  try {
    library = await libraryFor(dataFolderOf(values), lists.taxonomy ?? []);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(io, err);
    throw err;
  }
  const files = await expandInputs(positional, IXBRL_EXTENSIONS);
  return runBatch({
    files,
    format: batchFormat(flags, io),
    io,
    handle: async (file) => {
      return resultOf(checkDocument(await readInput(file, IXBRL_INPUT, 'file'), library));
    },
  });
}

/** The installed packages, and those named with --taxonomy on top (a broken one is unusable input, with its reasons). */
async function libraryFor(dataFolder: string, zips: string[]): Promise<TaxonomyLibrary> {
  const installed = await TaxonomyStore.inDataFolder(dataFolder).library();
  if (zips.length === 0) return installed;
  const extra = [];
  for (const zip of zips) {
    const bytes = await readInput(zip, TAXONOMY_PACKAGE_INPUT, 'taxonomy');
    const read = readTaxonomyPackage(basename(zip), bytes);
    if (!read.ok) throw new RequestValidationError(read.problems.map((p) => ({ field: 'taxonomy', message: `${basename(zip)} is not a usable taxonomy package: ${p.code}: ${p.message}` })));
    extra.push(installedFromZip(read.info, bytes));
  }
  return new TaxonomyLibrary([...extra, ...installed.packages]);
}

function resultOf({ findings, facts, checked }: DocumentCheck): BatchResult {
  const errors = findings.filter((f) => f.category === 'error').length;
  const warnings = findings.length - errors;
  const first = findings[0];
  return {
    status: findings.length === 0 ? 'valid' : 'invalid',
    details: { facts, checkedAgainstTaxonomy: checked, errors, warnings, findings },
    summary: first ? `${first.code}: ${first.message}${findings.length > 1 ? ` (+${findings.length - 1} more)` : ''}` : `${facts} facts checked against the taxonomy`,
  };
}
