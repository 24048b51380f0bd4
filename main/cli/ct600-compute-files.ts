/**
 * `cli ct600 compute <computation.json> --ixbrl <file.xhtml> --request <file.json>`:
 * the computation written as HMRC's Inline XBRL, and a build-ct600 request
 * with the computed boxes, the declaration, that computation and the accounts
 * (the input's accountsFile, beside the input) attached, so `ct600 build` and
 * `ct600 validate` follow. Both files are made before either is written: a
 * bad input or a missing accounts file writes nothing.
 */
import { basename, dirname, resolve } from 'node:path';
import { readAccountsFigures, STARTING_FIELDS, type AccountsFigures } from '../engine/computation/accounts-figures.js';
import { computeParsed, parseComputationInput, type ComputationInput } from '../engine/computation/index.js';
import { computationDocument } from '../engine/computation/ixbrl/write-computation.js';
import { returnRequest } from '../engine/computation/return-request.js';
import { RequestValidationError } from '../engine/errors.js';
import { COMPUTATION_INPUT } from './input-limits.js';
import { readInput, readJsonFile, writeOutputFile, type CliIo, type InputLimit } from './io.js';
import { jsonText } from './safe-text.js';

/** An attached accounts or computations document: HMRC takes at most 25 MB of attachments in a message. */
const ACCOUNTS_DOCUMENT_INPUT: InputLimit = { maxBytes: 25 * 1024 * 1024, kind: 'accounts documents' };

export interface ComputeFileOptions {
  ixbrl?: string;
  request?: string;
  force: boolean;
  producedBy: string;
}

/** Writes the files asked for and says where. */
export async function writeComputationFiles(file: string, options: ComputeFileOptions, io: CliIo): Promise<void> {
  const parsed = parseComputationInput(await readJsonFile(file, COMPUTATION_INPUT));
  if (!parsed.ok) throw new RequestValidationError(parsed.errors);
  const input = parsed.input;
  const out = computeParsed(input);
  const accounts = input.accountsFile ? { filename: basename(input.accountsFile), bytes: await readInput(resolve(dirname(file), input.accountsFile), ACCOUNTS_DOCUMENT_INPUT, 'accountsFile') } : null;
  const figures = accounts ? readAccountsFigures(accounts.bytes, input.period) : undefined;
  if (figures) for (const note of differences(input, figures)) io.err(`Note: ${note}\n`);
  const document = new TextEncoder().encode(computationDocument(input, out, { producedBy: options.producedBy, ...(figures?.principalActivity ? { tradeDescription: figures.principalActivity } : {}) }));
  const computationName = options.ixbrl ? basename(options.ixbrl) : `${basename(file).replace(/\.json$/i, '')}.xhtml`;

  let requestBytes: Uint8Array | undefined;
  if (options.request) {
    // A computation made by other software, named in the input, is attached in place of the one written here.
    const attached = input.computationsFile
      ? { filename: basename(input.computationsFile), bytes: await readInput(resolve(dirname(file), input.computationsFile), ACCOUNTS_DOCUMENT_INPUT, 'computationsFile') }
      : { filename: computationName, bytes: document };
    const request = returnRequest(input, out, attached, accounts);
    requestBytes = new TextEncoder().encode(`${jsonText(request, 2)}\n`);
  }
  if (options.ixbrl) {
    await writeOutputFile(options.ixbrl, document, { force: options.force, field: 'ixbrl' });
    io.out(`Wrote the computation to ${options.ixbrl}\n`);
  }
  if (options.request && requestBytes) {
    await writeOutputFile(options.request, requestBytes, { force: options.force, field: 'request' });
    io.out(`Wrote the build-ct600 request to ${options.request}; next: cli ct600 build ${options.request} --out <return.xml>, then cli ct600 validate <return.xml>\n`);
  }
}

const FIELD_WORDS = { turnover: 'turnover', profitBeforeTax: 'profit before tax', depreciation: 'depreciation' } as const;

/** Where the input's starting figures differ from what the attached accounts tag: said, never changed. */
function differences(input: ComputationInput, figures: AccountsFigures): string[] {
  const out: string[] = [];
  for (const field of STARTING_FIELDS) {
    const figure = figures[field];
    const typed = input.profitAndLoss[field] / 100;
    if (figure && Math.abs(figure.value - typed) >= 0.005) {
      out.push(`the accounts give ${FIELD_WORDS[field]} £${figure.value.toLocaleString('en-GB')} (${figure.source}); this input has £${typed.toLocaleString('en-GB')} (profitAndLoss.${field}), which the computation uses`);
    }
  }
  return out;
}
