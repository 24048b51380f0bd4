/**
 * `cli ixbrl validate <file.xhtml>... [--taxonomy <package.zip>]...`: Inline
 * XBRL documents checked as an attachment is (the same joint filing checks as
 * `ct600 validate`) and against their taxonomy (the installed taxonomy
 * packages of the data folder, plus any package named with --taxonomy, which
 * is read but not installed). Each document is one batch result with one of
 * three verdicts: "valid" (no error; warnings may remain), "invalid" (an
 * error), or "not-checked" (no error found, but its taxonomy is not
 * installed: the result names the package; exit 5). Exit 0 means every
 * document was checked and nothing HMRC would reject it for was found.
 */
import { basename } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { installedFromZip, TaxonomyLibrary } from '../engine/taxonomy/library.js';
import { readTaxonomyPackage } from '../engine/taxonomy/read-package.js';
import { checkDocument, type DocumentCheck } from '../engine/taxonomy/check-document.js';
import { notCheckedWords } from '../engine/validation/verdict.js';
import { TaxonomyStore } from '../taxonomies/taxonomy-store.js';
import { batchFormat, expandInputs, runBatch, type BatchResult } from './batch.js';
import { findCommand } from './commands.js';
import { IXBRL_INPUT, TAXONOMY_PACKAGE_INPUT } from './input-limits.js';
import { CliUsageError, parseArgs, readInput, reportRequestErrors, type CliIo } from './io.js';
import { readableDataFolder } from './taxonomy.js';

const IXBRL_EXTENSIONS = ['.xhtml', '.html', '.htm'];

export async function runIxbrlCommand(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('ixbrl', command);
  if (!spec) throw new CliUsageError(command ? `unknown ixbrl command "${command}"` : 'no ixbrl command given', { area: 'ixbrl' });
  const { positional, values, flags, lists } = parseArgs(spec, rest);
  if (positional.length === 0) throw new CliUsageError('ixbrl validate needs at least one file or folder', { area: 'ixbrl', name: 'validate' });
  let library: TaxonomyLibrary;
  try {
    library = await libraryFor(await readableDataFolder(values, 'ixbrl', 'validate'), lists.taxonomy ?? []);
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

const STATUS = { valid: 'valid', invalid: 'invalid', notChecked: 'not-checked' } as const;

function resultOf({ findings, facts, checked, verdict, install }: DocumentCheck): BatchResult {
  const errors = findings.filter((f) => f.category === 'error');
  const warnings = findings.length - errors.length;
  return {
    status: STATUS[verdict],
    details: { facts, checkedAgainstTaxonomy: checked, ...(verdict === 'notChecked' ? { install } : {}), errors: errors.length, warnings, findings },
    summary: summaryOf(verdict, findings, errors, install, facts),
  };
}

function summaryOf(verdict: DocumentCheck['verdict'], findings: DocumentCheck['findings'], errors: DocumentCheck['findings'], install: string[], facts: number): string {
  if (verdict === 'notChecked') return notCheckedWords(install);
  const more = (n: number) => (n > 1 ? ` (+${n - 1} more)` : '');
  if (verdict === 'invalid') return `${errors[0]!.code}: ${errors[0]!.message}${more(errors.length)}`;
  const checked = `${facts} facts checked against the taxonomy`;
  return findings.length === 0 ? checked : `${checked}; ${findings.length} warning${findings.length === 1 ? '' : 's'}: ${findings[0]!.code}: ${findings[0]!.message}`;
}
