/**
 * `cli ct600 build`, `cli ct600 verify`, `cli ct600 validate` (and `cli ct600 compute`, in ct600-compute.ts). With one
 * file they print one result (build: the service's response JSON exactly, or
 * with --out one line, the file written and its IRmark;
 * verify: the IRmark check; validate: the file's verdict and messages); with
 * several files or a folder they run as one batch.
 */
import { stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { toBase32 } from '../engine/ct600/base32.js';
import type { Ct600BuildOptions } from '../engine/ct600/build.js';
import type { IrmarkCheck } from '../engine/ct600/irmark-value.js';
import { XmlInputError } from '../engine/ct600/xml-text.js';
import { batchFormat, expandInputs, isSingleFile, runBatch, type BatchResult } from './batch.js';
import { findCommand } from './commands.js';
import { CT600_REQUEST_INPUT, CT600_XML_INPUT } from './input-limits.js';
import { CliUsageError, parseArgs, readInput, readJsonFile, reportRequestErrors, writeOutputFile, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

export async function runCt600Command(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  const spec = command === undefined ? undefined : findCommand('ct600', command);
  if (!spec) throw new CliUsageError(command ? `unknown ct600 command "${command}"` : 'no ct600 command given', { area: 'ct600' });
  const parsed = parseArgs(spec, rest);
  if (parsed.positional.length === 0) throw new CliUsageError(`ct600 ${command} needs at least one file or folder`, { area: 'ct600', name: command });
  try {
    if (command === 'build') return await build(parsed, io);
    if (command === 'verify') return await verify(parsed, io);
    if (command === 'submit') return await (await import('./submit.js')).submit(parsed, io);
    if (command === 'compute') return await (await import('./ct600-compute.js')).compute(parsed, io);
    // Loaded on demand: building and verifying need none of the rules or the structure model.
    return await (await import('./ct600-validate.js')).validateReturns(parsed, io);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(io, err);
    throw err;
  }
}

function headerOptions(values: Record<string, string>): Ct600BuildOptions {
  const options: Ct600BuildOptions = {
    vendorId: values['vendor-id'],
    product: values.product,
    productVersion: values['product-version'],
    schemaVersion: values['schema-version'],
    transactionId: values['transaction-id'],
  };
  for (const key of Object.keys(options) as (keyof Ct600BuildOptions)[]) if (options[key] === undefined) delete options[key];
  return options;
}

/**
 * A return built declaring a schema version HMRC does not take would be
 * refused at the gateway and by our own validation, so the command line
 * refuses it for the same reason before building. (The engine still builds
 * any well-formed version: the tests rebuild HMRC's 2022 sample with it.)
 */
async function refuseVersionHmrcRejects(schemaVersion: string | undefined): Promise<void> {
  const { schemaVersionVerdict } = await import('../engine/validation/schema/schema-versions.js');
  const verdict = schemaVersionVerdict(schemaVersion);
  if (!verdict.accepted) throw new RequestValidationError([{ field: 'schema-version', message: verdict.reason }]);
}

async function build({ positional, values, flags }: ParsedArgs, io: CliIo): Promise<number> {
  const options: Ct600BuildOptions = { ...headerOptions(values), gatewayTest: flags.has('gateway-test'), testInLive: flags.has('test-in-live') };
  await refuseVersionHmrcRejects(options.schemaVersion);
  // Loaded here, not at start-up: verifying needs neither the request schema (zod) nor the message writer.
  const { buildCt600 } = await import('../engine/ct600/build.js');
  const force = flags.has('force');
  // --out names a file for one request whatever the output format (--json or --table choose only what is printed); a folder only for several.
  const oneRequestToFile = values.out !== undefined && positional.length === 1 && !(await isFolder(positional[0]!));
  if (oneRequestToFile || (await isSingleFile(positional, flags))) {
    const file = positional[0]!;
    const response = buildCt600(await readJsonFile(file, CT600_REQUEST_INPUT), options);
    if (!values.out) {
      io.out(`${jsonText(response)}\n`);
      return 0;
    }
    // The message is in the file: what is printed is where it went and its IRmark, not the base64 again.
    await writeOutputFile(values.out, Buffer.from(response.xmlDoc, 'base64'), { force });
    if (flags.has('json')) io.out(`${jsonText({ file, status: 'built', irMark: response.irMark, irMarkBase32: base32Of(response.irMark), out: values.out })}\n`);
    else io.out(`${terminalText(values.out)}  IRmark ${response.irMark} (${base32Of(response.irMark)})\n`);
    return 0;
  }
  // In a batch --out is a folder: each request's message lands beside the others under its own name.
  const files = await expandInputs(positional, ['.json']);
  // Messages this run wrote, by a name that also matches on a file system that ignores case or
  // normalises Unicode: --force replaces files from before, never another request's message.
  const outNames = new Map<string, string>();
  const sameFileKey = (path: string) => path.normalize('NFC').toLowerCase();
  return runBatch({
    files,
    // Written to files, the results are a line each unless JSON is asked for, even to a pipe.
    format: values.out && !flags.has('json') ? 'table' : batchFormat(flags, io),
    io,
    handle: async (file): Promise<BatchResult> => {
      const response = buildCt600(await readJsonFile(file, CT600_REQUEST_INPUT), options);
      const details: Record<string, unknown> = { irMark: response.irMark, irMarkBase32: base32Of(response.irMark) };
      if (values.out) {
        const out = join(values.out, `${basename(file, extname(file))}.xml`);
        const earlier = outNames.get(sameFileKey(out));
        if (earlier) throw new RequestValidationError([{ field: 'out', message: `${out} would overwrite the message built from ${earlier}; nothing was written for this request` }]);
        await writeOutputFile(out, Buffer.from(response.xmlDoc, 'base64'), { force });
        outNames.set(sameFileKey(out), file);
        details.out = out;
      }
      return { status: 'built', details, summary: `IRmark ${response.irMark}${details.out ? ` → ${details.out as string}` : ''}` };
    },
  });
}

/**
 * The IRmark check of one file, as verifyIrmark makes it: the light route for
 * a plain message, the routes that need a DOM (loaded only then) for the rest.
 */
async function checkIrmark(bytes: Buffer): Promise<IrmarkCheck> {
  try {
    const { verifyPlainIrmark } = await import('../engine/ct600/irmark-light.js');
    return verifyPlainIrmark(bytes) ?? (await import('../engine/ct600/irmark.js')).verifyIrmarkWithDom(bytes);
  } catch (err) {
    throw err instanceof XmlInputError ? new RequestValidationError([{ field: '', message: err.message }]) : err;
  }
}

async function verify({ positional, flags }: ParsedArgs, io: CliIo): Promise<number> {
  if (await isSingleFile(positional, flags)) {
    const file = positional[0]!;
    const check = await checkIrmark(await readInput(file, CT600_XML_INPUT));
    io.out(`${jsonText({ file, ...check }, 2)}\n`);
    return check.matches ? 0 : 1;
  }
  const files = await expandInputs(positional, ['.xml']);
  return runBatch({
    files,
    format: batchFormat(flags, io),
    io,
    handle: async (file): Promise<BatchResult> => {
      const check = await checkIrmark(await readInput(file, CT600_XML_INPUT));
      const summary = check.matches ? `IRmark ${check.expected} matches` : `IRmark ${check.found ?? '(none)'} should be ${check.expected}`;
      return { status: check.matches ? 'valid' : 'invalid', details: { ...check }, summary };
    },
  });
}

function base32Of(irMark: string): string {
  return toBase32(Buffer.from(irMark, 'base64'));
}

/** Whether `path` is a folder (a batch of the requests in it); anything else, missing included, is taken as one file and read as such. */
async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}
