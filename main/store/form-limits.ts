/**
 * Bounds on a draft's form (the wizard's state, which the renderer shapes):
 * checked before it is stored, read back or imported. The walk is iterative
 * and stops at the first bound broken, so a hostile form cannot overflow the
 * stack or keep main busy; only once depth is known to be bounded is the
 * form serialised to measure its exact size.
 */
import { MAX_DRAFT_FORM_BYTES } from '../../preload/contract.js';
import { measurePayload } from '../ipc/payload-limits.js';

export const MAX_FORM_DEPTH = 32;
export const MAX_FORM_VALUES = 50_000;

/** Why the form cannot be stored, or null when it can. */
export function formProblem(form: unknown): string | null {
  if (form === null || typeof form !== 'object' || Array.isArray(form)) return 'must be an object';
  const measured = measurePayload(form as Record<string, unknown>, { maxDepth: MAX_FORM_DEPTH, maxValues: MAX_FORM_VALUES });
  if (measured.tooDeep) return `is nested more than ${MAX_FORM_DEPTH} levels deep`;
  if (measured.tooMany) return `holds more than ${MAX_FORM_VALUES} values`;
  let chars = 0;
  for (const n of measured.charsByKey.values()) chars += n;
  // Cheap bound first: text alone over the limit means the JSON is too.
  if (chars > MAX_DRAFT_FORM_BYTES) return `is larger than ${MAX_DRAFT_FORM_BYTES / 1048576} MB as JSON`;
  for (const value of walkValues(form)) {
    if (ArrayBuffer.isView(value)) return 'may hold only text, numbers, true/false, null, lists and objects (no binary data)';
    if (typeof value === 'number' && !Number.isFinite(value)) return 'may hold only finite numbers';
    if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol' || value === undefined) {
      return 'may hold only text, numbers, true/false, null, lists and objects';
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
      return 'may hold only plain objects (no dates, maps or sets)';
    }
  }
  if (Buffer.byteLength(JSON.stringify(form), 'utf8') > MAX_DRAFT_FORM_BYTES) return `is larger than ${MAX_DRAFT_FORM_BYTES / 1048576} MB as JSON`;
  return null;
}

/** Every value inside the form, iteratively (depth already bounded by the caller's measure). */
function* walkValues(root: object): Generator<unknown> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    yield value;
    if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) stack.push(...Object.values(value));
  }
}

/**
 * JSON with object keys sorted, so the same form sent with its keys in
 * another order has the same fingerprint. Recursion is safe: forms are
 * checked to be at most MAX_FORM_DEPTH deep before they are stored.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_FORM_DEPTH + 2) throw new Error('form nested deeper than its checked bound');
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
