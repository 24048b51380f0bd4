/**
 * `cli ct600 validate`: the whole local validation of CT600 returns from
 * anywhere (the schema in force, HMRC's business rules as the engine has
 * them, the attachments as the engine checks them, the IRmark), the same
 * checks a validation job runs. Each file is `valid` only when nothing
 * found would make HMRC reject it; every finding is listed with its rule and
 * boxes, so a script can point the user at the box to change. With
 * --data-folder the attachments' facts are checked against the taxonomy
 * packages installed there, as the window checks them; a return with no
 * error whose attachment's taxonomy is not installed is `not-checked`,
 * naming the package (exit 5).
 */
import { RequestValidationError } from '../engine/errors.js';
import type { TaxonomyLibrary } from '../engine/taxonomy/library.js';
import { TaxonomyStore } from '../taxonomies/taxonomy-store.js';
import { verifyIrmark } from '../engine/ct600/index.js';
import { detectFileKind } from '../engine/validation/file-kind.js';
import { boxesOf, namingBoxes } from '../engine/validation/jobs/boxes-in-messages.js';
import { runChecksOfKind, type ValidationChecks } from '../engine/validation/validate-file.js';
import type { Validation, ValidationMessage } from '../engine/validation-result.js';
import { notCheckedWords } from '../engine/validation/verdict.js';
import { batchFormat, EXIT_NOT_CHECKED, expandInputs, isSingleFile, runBatch, type BatchResult, type BatchStatus } from './batch.js';
import { CT600_XML_INPUT } from './input-limits.js';
import { readInput, type CliIo, type ParsedArgs } from './io.js';
import { jsonText } from './safe-text.js';
import { readableDataFolder } from './taxonomy.js';

/** One finding as the command prints it. */
export interface ValidateMessage {
  /** HMRC's rule number for a business rule ("9200"); otherwise the check and its code ("schema:missing-element"). */
  rule: string;
  /** The CT600 boxes the finding concerns, as the return's form numbers them; empty when it concerns none. */
  boxes: string[];
  severity: 'error' | 'warning' | 'info';
  message: string;
}

// Only CT600 returns are handed to the checks: a package never reaches the package validator from here,
// so this command need not load the zip code.
const checks: ValidationChecks = {
  validatePackage: () => Promise.reject(new Error('report packages are validated by `cli package validate`')),
  verifyIrmark,
};

export function toValidateMessage(m: ValidationMessage): ValidateMessage {
  const rule = m.type === 'business-rule' ? m.code : `${m.type}:${m.code}`;
  return { rule, boxes: boxesOf(m), severity: m.category, message: namingBoxes(m).message };
}

const unusableMessage = (message: string): ValidateMessage => ({ rule: 'input:unusable', boxes: [], severity: 'error', message });

export interface ReturnVerdict {
  status: BatchStatus;
  messages: ValidateMessage[];
  /** For `not-checked`: the taxonomy packages to install before the attachments can be checked. */
  install?: string[];
}

/**
 * The one result of a file: its status and every message of every check,
 * errors first. With `taxonomies` (the packages installed in a data folder)
 * the attachments' facts are checked against them too.
 */
export async function validateReturnFile(file: string, taxonomies?: TaxonomyLibrary): Promise<ReturnVerdict> {
  let bytes: Buffer;
  try {
    bytes = await readInput(file, CT600_XML_INPUT);
  } catch (err) {
    if (err instanceof RequestValidationError) return { status: 'unusable', messages: err.errors.map((e) => unusableMessage(e.message)) };
    throw err;
  }
  const kind = detectFileKind(file, bytes);
  if (kind.kind === 'package') return { status: 'unusable', messages: [unusableMessage(`${file} is a report package, not a CT600 return; use cli package validate`)] };
  if (kind.kind === 'unsupported') return { status: 'unusable', messages: [unusableMessage(`${file} is not a CT600 return: ${kind.reason}`)] };
  if (kind.kind === 'broken-xml') return { status: 'unusable', messages: [unusableMessage(`${file} cannot be read as XML: ${kind.problem.message}`)] };
  // The return parsed once: the checks take the document the kind was found from.
  const result = await runChecksOfKind(file, bytes, kind, taxonomies ? { ...checks, taxonomies } : checks);
  const order = { error: 0, warning: 1, info: 2 } as const;
  const messages = result.validations
    .flatMap((v: Validation) => v.messages.map(toValidateMessage))
    .map((m, i) => ({ m, i }))
    .sort((a, b) => order[a.m.severity] - order[b.m.severity] || a.i - b.i)
    .map(({ m }) => m);
  // A check that could not run leaves no verdict: the file cannot be called valid or invalid.
  if (result.failedChecks.length > 0) return { status: 'unusable', messages };
  if (messages.some((m) => m.severity === 'error')) return { status: 'invalid', messages };
  // Nothing wrong found, but an attachment's facts waited for a taxonomy package: no verdict on them yet.
  const install = [...new Set(result.validations.flatMap((v) => v.notChecked?.install ?? []))];
  return install.length > 0 ? { status: 'not-checked', messages, install } : { status: 'valid', messages };
}

function summary({ status, messages, install }: ReturnVerdict): string {
  if (status === 'not-checked') return `${notCheckedWords(install ?? [])} (nothing else HMRC would reject it for)`;
  const errors = messages.filter((m) => m.severity === 'error');
  if (status === 'valid') {
    const warnings = messages.filter((m) => m.severity === 'warning').length;
    if (warnings === 0) return 'HMRC would accept it';
    // A warning is something the local checks could not settle (a supplementary page not checked, say).
    const first = messages.find((m) => m.severity === 'warning')!;
    return `nothing HMRC would reject it for; ${warnings} warning${warnings === 1 ? '' : 's'}: ${first.message}`;
  }
  const first = errors[0] ?? messages[0];
  if (!first) return 'no verdict';
  const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : '';
  return `${first.message}${more}`;
}

const exitOf = (status: BatchStatus) => (status === 'unusable' ? 2 : status === 'invalid' ? 1 : status === 'not-checked' ? EXIT_NOT_CHECKED : 0);

export async function validateReturns({ positional, flags, values }: ParsedArgs, io: CliIo): Promise<number> {
  // Only when asked: without --data-folder the attachments are checked as before, without a taxonomy.
  const taxonomies = values['data-folder'] === undefined ? undefined : await TaxonomyStore.inDataFolder(await readableDataFolder(values, 'ct600', 'validate')).library();
  if (await isSingleFile(positional, flags)) {
    const file = positional[0]!;
    const { status, messages, install } = await validateReturnFile(file, taxonomies);
    io.out(`${jsonText({ file, status, ...(install ? { install } : {}), messages }, 2)}\n`);
    return exitOf(status);
  }
  const files = await expandInputs(positional, ['.xml']);
  return runBatch({
    files,
    format: batchFormat(flags, io),
    io,
    handle: async (file): Promise<BatchResult> => {
      const verdict = await validateReturnFile(file, taxonomies);
      return { status: verdict.status, details: { ...(verdict.install ? { install: verdict.install } : {}), messages: verdict.messages }, summary: summary(verdict) };
    },
  });
}
