/**
 * Strict base64 (RFC 4648 alphabet, "=" padding, no whitespace). Pure
 * JavaScript so the request schema also runs in the sandboxed renderer.
 * A plain loop rather than a regular expression: V8's regex engine runs out
 * of stack on multi-megabyte inputs.
 */
export function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const end = text.length - padding;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const ok =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 /* + */ || c === 47; /* / */
    if (!ok) return false;
  }
  return true;
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
