/**
 * Secrets masked in values that are kept or shown: every form a secret takes
 * (secret-forms.ts: as typed, percent- and form-encoded, JSON-escaped,
 * base64 and base64url whole or inside a longer blob, hex) wherever it
 * stands, as written or spelled as XML character data (references, split by
 * a comment or a CDATA section). The log's redactor (redact.ts) and the
 * submission records (filing/record-limits.ts) mask through this one search,
 * so what main.log would never show, a record never keeps either.
 */
import { findSecrets, MIN_SECRET_LENGTH, replaceRanges, secretForms } from './secret-forms.js';

export interface SecretMask {
  /** True when there is no secret to look for: every value passes as it is. */
  readonly empty: boolean;
  /** `text` with every form of every secret replaced. */
  text(text: string): string;
  /** A copy of `value` with every string in it (at any depth, keys aside) masked; other values as they are. */
  value<T>(value: T): T;
}

/** The mask for `secrets` (values shorter than MIN_SECRET_LENGTH are not looked for), each find replaced by `replacement`. */
export function secretMask(secrets: Iterable<string>, replacement: string): SecretMask {
  const forms = new Set<string>();
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) for (const form of secretForms(secret)) forms.add(form);
  const text = (value: string) => (forms.size === 0 ? value : replaceRanges(value, findSecrets(value, forms), replacement));
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return {
    empty: forms.size === 0,
    text,
    value: <T,>(value: T): T => (forms.size === 0 ? value : (walk(value) as T)),
  };
}
