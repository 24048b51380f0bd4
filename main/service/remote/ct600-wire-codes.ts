/**
 * The engine and the UI accept the CT600 schema's words ("amended",
 * "Acting in Capacity", "GBP"); the service's interface has integers only.
 * Before a build-ct600 request goes on the wire, every word the code tables
 * know becomes its integer. Anything else is sent as given, so the service
 * (not this file) names what is wrong with it.
 */
import {
  ACCOUNTS_ITEMS,
  ATTACHMENT_ITEMS,
  COMPUTATIONS_ITEMS,
  CURRENCIES,
  NO_ACCOUNTS_REASONS,
  NO_COMPUTATIONS_REASONS,
  RETURN_TYPES,
  SENDERS,
} from '../../engine/ct600/codes.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function code(words: readonly string[], value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const index = words.indexOf(value);
  return index >= 0 ? index : value;
}

function withCodes(obj: unknown, fields: Record<string, readonly string[]>): unknown {
  if (!isObject(obj)) return obj;
  const out: Json = { ...obj };
  for (const [field, words] of Object.entries(fields)) if (field in out) out[field] = code(words, out[field]);
  return out;
}

/** A monetary amount is any object with a `value` and a `currency`. */
function amountCodes(value: unknown): unknown {
  return isObject(value) && 'value' in value && 'currency' in value ? withCodes(value, { currency: CURRENCIES }) : value;
}

export function ct600RequestForWire(request: unknown): unknown {
  if (!isObject(request)) return request;
  const out: Json = {};
  for (const [key, value] of Object.entries(request)) out[key] = amountCodes(value);
  if ('returnType' in out) out.returnType = code(RETURN_TYPES, out.returnType);
  if ('sender' in out) out.sender = code(SENDERS, out.sender);
  if ('accounts' in out) out.accounts = withCodes(out.accounts, { itemElementName: ACCOUNTS_ITEMS, noAccountsReason: NO_ACCOUNTS_REASONS });
  if ('computations' in out) {
    out.computations = withCodes(out.computations, {
      itemElementName: COMPUTATIONS_ITEMS,
      nocomputationsReason: NO_COMPUTATIONS_REASONS,
    });
  }
  if (isObject(out.financialYearTwo)) {
    const fy2: Json = {};
    for (const [key, value] of Object.entries(out.financialYearTwo)) fy2[key] = amountCodes(value);
    out.financialYearTwo = fy2;
  }
  const attachment = (f: unknown) => withCodes(f, { itemsElementName: ATTACHMENT_ITEMS });
  if (Array.isArray(out.attachedFiles)) out.attachedFiles = out.attachedFiles.map(attachment);
  else if ('attachedFiles' in out) out.attachedFiles = attachment(out.attachedFiles);
  return out;
}
