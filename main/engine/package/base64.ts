/**
 * Strict base64 (RFC 4648 alphabet, "=" padding, no whitespace). Pure
 * JavaScript so the request schema also runs in the sandboxed renderer.
 */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isStrictBase64(text: string): boolean {
  return BASE64.test(text);
}

export function decodeBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
