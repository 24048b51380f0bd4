/**
 * `cli ct600 build <request.json> [--out <file.xml>]` and `cli ct600 verify <file.xml>`.
 * build prints the service's response JSON exactly; verify prints the IRmark check.
 */
import { RequestValidationError } from '../engine/errors.js';
import { buildCt600, verifyIrmark, XmlInputError, type Ct600BuildOptions } from '../engine/ct600/index.js';
import { CliUsageError, parseArgs, readInputFile, readJsonFile, reportRequestErrors, writeErr, writeOut, writeOutputFile } from './io.js';

const HEADER_OPTIONS = ['vendor-id', 'product', 'product-version', 'schema-version', 'transaction-id'];

export async function runCt600Command(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'build') return await build(rest);
    if (command === 'verify') return await verify(rest);
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(err);
    if (err instanceof XmlInputError) {
      writeErr(`${JSON.stringify({ errors: [{ field: '', message: err.message }] }, null, 2)}\n`);
      return 2;
    }
    throw err;
  }
  throw new CliUsageError(command ? `unknown ct600 command "${command}"` : 'no ct600 command given');
}

async function build(args: string[]): Promise<number> {
  const { positional, values, flags } = parseArgs(args, ['out', ...HEADER_OPTIONS], ['gateway-test', 'test-in-live']);
  if (positional.length !== 1) throw new CliUsageError('ct600 build takes one request file');
  const request = await readJsonFile(positional[0]!);
  const options: Ct600BuildOptions = {
    vendorId: values['vendor-id'],
    product: values.product,
    productVersion: values['product-version'],
    schemaVersion: values['schema-version'],
    transactionId: values['transaction-id'],
    gatewayTest: flags.has('gateway-test'),
    testInLive: flags.has('test-in-live'),
  };
  for (const key of Object.keys(options) as (keyof Ct600BuildOptions)[]) if (options[key] === undefined) delete options[key];
  const response = buildCt600(request, options);
  if (values.out) await writeOutputFile(values.out, Buffer.from(response.xmlDoc, 'base64'));
  writeOut(`${JSON.stringify(response)}\n`);
  return 0;
}

async function verify(args: string[]): Promise<number> {
  const { positional } = parseArgs(args, [], []);
  if (positional.length !== 1) throw new CliUsageError('ct600 verify takes one XML file');
  const file = positional[0]!;
  const bytes = await readInputFile(file);
  const check = verifyIrmark(bytes);
  writeOut(`${JSON.stringify({ file, ...check }, null, 2)}\n`);
  return check.matches ? 0 : 1;
}
