/** A character outside the RFC 4648 alphabet (no "=", no whitespace). */
const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/]/;

/**
 * Strict base64 (RFC 4648 alphabet, "=" padding, no whitespace). Pure
 * JavaScript so the request schema also runs in the sandboxed renderer.
 * One character-class search for a character outside the alphabet (linear,
 * no backtracking, several times faster than a loop over char codes on
 * tens of megabytes); never a pattern of groups over the whole text, which
 * runs V8's regex engine out of stack on multi-megabyte inputs.
 */
export function isStrictBase64(text: string): boolean {
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
