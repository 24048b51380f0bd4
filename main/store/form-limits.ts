/**
 * Bounds on a draft's form (the wizard's state, which the renderer shapes):
 * checked before it is stored, read back or imported. The walk is iterative
 * and stops at the first bound broken, so a hostile form cannot overflow the
 * stack or keep main busy; only once depth is known to be bounded is the
 * form serialised to measure its exact size.
 */
import { MAX_DRAFT_FORM_BYTES } from '../../preload/contract.js';

export const MAX_FORM_DEPTH = 32;
export const MAX_FORM_VALUES = 50_000;

/** Why the form cannot be stored, or null when it can. */
export function formProblem(form: unknown): string | null {
  if (form === null || typeof form !== 'object' || Array.isArray(form)) return 'must be an object';
  // One walk over every value (listing a firm's drafts checks each form read back, so this is on the start page's path):
  // depth and count end it at once; the text measure and the first value of a kind JSON cannot hold are kept for after it.
  const values: unknown[] = [];
  const depths: number[] = [];
  let chars = 0;
  let kindProblem: string | null = null;
  const pushChildren = (parent: object, depth: number) => {
    if (Array.isArray(parent)) {
      for (let i = 0; i < parent.length; i++) {
        chars += String(i).length;
        values.push(parent[i]);
        depths.push(depth);
      }
      return;
    }
    const keys = Object.keys(parent);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      chars += key.length;
      values.push((parent as Record<string, unknown>)[key]);
      depths.push(depth);
    }
  };
  pushChildren(form, 1);
  let count = 0;
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (++count > MAX_FORM_VALUES) return `holds more than ${MAX_FORM_VALUES} values`;
    if (depth > MAX_FORM_DEPTH) return `is nested more than ${MAX_FORM_DEPTH} levels deep`;
    switch (typeof value) {
      case 'string':
        chars += value.length;
        continue;
      case 'boolean':
        continue;
      case 'number':
        if (!Number.isFinite(value)) kindProblem ??= 'may hold only finite numbers';
        continue;
      case 'object':
        if (value === null) continue;
        if (ArrayBuffer.isView(value)) {
          chars += value.byteLength;
          kindProblem ??= 'may hold only text, numbers, true/false, null, lists and objects (no binary data)';
          continue;
        }
        if (!Array.isArray(value)) {
          const proto = Object.getPrototypeOf(value) as unknown;
          if (proto !== Object.prototype && proto !== null) kindProblem ??= 'may hold only plain objects (no dates, maps or sets)';
        }
        pushChildren(value, depth + 1);
        continue;
      default:
        kindProblem ??= 'may hold only text, numbers, true/false, null, lists and objects';
    }
  }
  // Cheap bound first: text alone over the limit means the JSON is too.
  if (chars > MAX_DRAFT_FORM_BYTES) return `is larger than ${MAX_DRAFT_FORM_BYTES / 1048576} MB as JSON`;
  if (kindProblem) return kindProblem;
  // A bound before the exact measure: each UTF-16 unit of text is at most 6 bytes of JSON (an escape such
  // as \u001F), and each value adds at most 30 around its text (quotes, colon, comma, brackets, or a
  // number's 24 characters). A form well under the limit (every draft a firm types) needs no serialising.
  if (chars * 6 + count * 30 + 2 <= MAX_DRAFT_FORM_BYTES) return null;
  if (Buffer.byteLength(JSON.stringify(form), 'utf8') > MAX_DRAFT_FORM_BYTES) return `is larger than ${MAX_DRAFT_FORM_BYTES / 1048576} MB as JSON`;
  return null;
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
