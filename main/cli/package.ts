/**
 * `cli package build <request.json> [--hash] [--out <dir>]` prints the
 * service's response JSON exactly; with --out it also writes <name>.<ext>.
 * `cli package validate <file>` prints the validation job result and exits
 * 0 valid, 1 not valid, 2 unusable input (unreadable, or over the safety limits).
 */
import { basename, join } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import {
  createReportPackage,
  isValidResult,
  reportPackageFileName,
  reportPackageRequestSchema,
  validatePackage,
} from '../engine/package/index.js';
import { parseRequest } from '../engine/zod-errors.js';
import { CliUsageError, parseArgs, readInputFile, readJsonFile, reportRequestErrors, writeOut, writeOutputFile } from './io.js';

export async function runPackageCommand(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'build') return await build(rest);
    if (command === 'validate') return await validate(rest);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(err);
    throw err;
  }
  throw new CliUsageError(command ? `unknown package command "${command}"` : 'no package command given');
}

async function build(args: string[]): Promise<number> {
  const { positional, values, flags } = parseArgs(args, ['out'], ['hash']);
  if (positional.length !== 1) throw new CliUsageError('package build takes one request file');
  const request = await readJsonFile(positional[0]!);
  const response = await createReportPackage(request, { includeHash: flags.has('hash') });
  if (values.out !== undefined) {
    const fileName = reportPackageFileName(parseRequest(reportPackageRequestSchema, request));
    await writeOutputFile(join(values.out, fileName), Buffer.from(response.zipContentBase64, 'base64'));
  }
  writeOut(`${JSON.stringify(response)}\n`);
  return 0;
}


async function validate(args: string[]): Promise<number> {
  const { positional } = parseArgs(args, [], []);
  if (positional.length !== 1) throw new CliUsageError('package validate takes one package file');
  const file = positional[0]!;
  const bytes = await readInputFile(file, 'file');
  const result = await validatePackage(basename(file), bytes);
  writeOut(`${JSON.stringify(result, null, 2)}\n`);
  return isValidResult(result) ? 0 : 1;
}
