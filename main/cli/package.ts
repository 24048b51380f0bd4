/**
 * `cli package build <request.json> [--hash] [--out <dir>]` prints the
 * service's response JSON exactly; with --out it also writes <name>.<ext>.
 * `cli package validate <file>` prints the validation job result and exits
 * 0 valid, 1 not valid, 2 unusable input (unreadable, or over the safety
 * limits); with several files or a folder it runs them as one batch.
 */
import { basename, join } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import {
  createReportPackage,
  isValidResult,
  reportCountOf,
  reportPackageFileName,
  reportPackageRequestSchema,
  validatePackage,
} from '../engine/package/index.js';
import { parseRequest } from '../engine/zod-errors.js';
import type { ValidationJobResult } from '../engine/validation-result.js';
import { batchFormat, expandInputs, isSingleFile, runBatch, type BatchResult } from './batch.js';
import { findCommand } from './commands.js';
import { PACKAGE_REQUEST_INPUT, REPORT_PACKAGE_INPUT } from './input-limits.js';
import { CliUsageError, parseArgs, readInput, readJsonFile, reportRequestErrors, writeOutputFile, type CliIo, type ParsedArgs } from './io.js';
import { jsonText } from './safe-text.js';
import { dataFolderOf } from './taxonomy.js';
import type { TaxonomyLibrary } from '../engine/taxonomy/library.js';
import { TaxonomyStore } from '../taxonomies/taxonomy-store.js';

/** What a folder of packages is taken to hold (report-package.md: .xbri, .xbr, and plain .zip taxonomy packages). */
const PACKAGE_EXTENSIONS = ['.xbri', '.xbr', '.zip'];

export async function runPackageCommand(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('package', command);
  if (!spec) throw new CliUsageError(command ? `unknown package command "${command}"` : 'no package command given', { area: 'package' });
  const parsed = parseArgs(spec, rest);
  try {
    return command === 'build' ? await build(parsed, io) : await validate(parsed, io);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(io, err);
    throw err;
  }
}

/** The taxonomy packages installed in the data folder (--data-folder, else the installed app's). */
function installedTaxonomies(values: Record<string, string>): Promise<TaxonomyLibrary> {
  return TaxonomyStore.inDataFolder(dataFolderOf(values)).library();
}

async function build({ positional, values, flags }: ParsedArgs, io: CliIo): Promise<number> {
  if (positional.length !== 1) throw new CliUsageError('package build takes one request file', { area: 'package', name: 'build' });
  const request = await readJsonFile(positional[0]!, PACKAGE_REQUEST_INPUT);
  const response = await createReportPackage(request, { includeHash: flags.has('hash') }, { installed: await installedTaxonomies(values) });
  if (values.out !== undefined) {
    const fileName = reportPackageFileName(parseRequest(reportPackageRequestSchema, request));
    await writeOutputFile(join(values.out, fileName), Buffer.from(response.zipContentBase64, 'base64'), { force: flags.has('force') });
  }
  io.out(`${jsonText(response)}\n`);
  return 0;
}

async function checkPackage(file: string, installed: TaxonomyLibrary): Promise<ValidationJobResult> {
  return validatePackage(basename(file), await readInput(file, REPORT_PACKAGE_INPUT, 'file'), { installed });
}

async function validate({ positional, flags, values }: ParsedArgs, io: CliIo): Promise<number> {
  const installed = await installedTaxonomies(values);
  if (positional.length === 0) throw new CliUsageError('package validate needs at least one file or folder', { area: 'package', name: 'validate' });
  if (await isSingleFile(positional, flags)) {
    const result = await checkPackage(positional[0]!, installed);
    io.out(`${jsonText(result, 2)}\n`);
    return isValidResult(result) ? 0 : 1;
  }
  const files = await expandInputs(positional, PACKAGE_EXTENSIONS);
  return runBatch({
    files,
    format: batchFormat(flags, io),
    io,
    handle: async (file): Promise<BatchResult> => {
      const result = await checkPackage(file, installed);
      const valid = isValidResult(result);
      const errors = result.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
      const first = errors[0];
      const summary = valid
        ? `${reportCountOf(result) ?? 0} report(s)`
        : first
          ? `${first.code}: ${first.message}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}`
          : 'not valid';
      return { status: valid ? 'valid' : 'invalid', details: { result }, summary };
    },
  });
}
