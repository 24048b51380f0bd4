/** A character outside the RFC 4648 alphabet (no "=", no whitespace). */
const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/]/;

/**
 * Strict base64 (RFC 4648 alphabet, "=" padding, no whitespace). In Node a
 * native round trip answers first: what Buffer's encoder writes is always
 * strict base64 (the alphabet, "=" padding, a length that is a multiple of
 * four), so a text that decodes and re-encodes to itself passes the rule
 * without a scan. Any other text (a character outside the alphabet, bad
 * padding, or non-zero unused bits in the last character, which the rule
 * itself accepts) is decided by the rule's own search below, so the answer
 * is the rule's on every input (test/engine/package/strict-base64.test.ts).
 * The search alone runs in the sandboxed renderer, which has no Buffer.
 */
export function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  if (typeof Buffer !== 'undefined' && Buffer.from(text, 'base64').toString('base64') === text) return true;
  return isStrictBase64BySearch(text);
}

/**
 * The rule as one character-class search for a character outside the
 * alphabet (linear, no backtracking, several times faster than a loop over
 * char codes on tens of megabytes); never a pattern of groups over the
 * whole text, which runs V8's regex engine out of stack on multi-megabyte
 * inputs.
 */
export function isStrictBase64BySearch(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return !OUTSIDE_ALPHABET.test(padding === 0 ? text : text.slice(0, text.length - padding));
}

/** Decodes base64 the schema has checked; in Node through Buffer's native decoder, in the renderer through atob. */
export function decodeBase64(text: string): Uint8Array {
  if (typeof Buffer !== 'undefined') {
    const b = Buffer.from(text, 'base64');
    // A fresh ArrayBuffer of its own, as the atob route gives: small Buffers share a pool.
    return b.byteOffset === 0 && b.buffer.byteLength === b.length ? new Uint8Array(b.buffer) : new Uint8Array(b);
  }
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
