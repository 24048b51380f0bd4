/**
 * `cli ct600 validate`: the whole local validation of CT600 returns from
 * anywhere (the schema in force, HMRC's business rules as the engine has
 * them, the attachments as the engine checks them, the IRmark), the same
 * checks a validation job runs. Each file is `valid` only when nothing
 * found would make HMRC reject it; every finding is listed with its rule and
 * boxes, so a script can point the user at the box to change.
 */
import { RequestValidationError } from '../engine/errors.js';
import { verifyIrmark } from '../engine/ct600/index.js';
import { detectFileKind } from '../engine/validation/file-kind.js';
import { boxesOf, namingBoxes } from '../engine/validation/jobs/boxes-in-messages.js';
import { runChecksOfKind, type ValidationChecks } from '../engine/validation/validate-file.js';
import type { Validation, ValidationMessage } from '../engine/validation-result.js';
import { batchFormat, expandInputs, isSingleFile, runBatch, type BatchResult, type BatchStatus } from './batch.js';
import { CT600_XML_INPUT } from './input-limits.js';
import { readInput, type CliIo, type ParsedArgs } from './io.js';
import { jsonText } from './safe-text.js';

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

/** The one result of a file: its status and every message of every check, errors first. */
export async function validateReturnFile(file: string): Promise<{ status: BatchStatus; messages: ValidateMessage[] }> {
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
  const result = await runChecksOfKind(file, bytes, kind, checks);
  const order = { error: 0, warning: 1, info: 2 } as const;
  const messages = result.validations
    .flatMap((v: Validation) => v.messages.map(toValidateMessage))
    .map((m, i) => ({ m, i }))
    .sort((a, b) => order[a.m.severity] - order[b.m.severity] || a.i - b.i)
    .map(({ m }) => m);
  // A check that could not run leaves no verdict: the file cannot be called valid or invalid.
  if (result.failedChecks.length > 0) return { status: 'unusable', messages };
  return { status: messages.some((m) => m.severity === 'error') ? 'invalid' : 'valid', messages };
}

function summary(status: BatchStatus, messages: ValidateMessage[]): string {
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

export async function validateReturns({ positional, flags }: ParsedArgs, io: CliIo): Promise<number> {
  if (await isSingleFile(positional, flags)) {
    const file = positional[0]!;
    const { status, messages } = await validateReturnFile(file);
    io.out(`${jsonText({ file, status, messages }, 2)}\n`);
    return status === 'unusable' ? 2 : status === 'invalid' ? 1 : 0;
  }
  const files = await expandInputs(positional, ['.xml']);
  return runBatch({
    files,
    format: batchFormat(flags, io),
    io,
    handle: async (file): Promise<BatchResult> => {
      const { status, messages } = await validateReturnFile(file);
      return { status, details: { messages }, summary: summary(status, messages) };
    },
  });
}
