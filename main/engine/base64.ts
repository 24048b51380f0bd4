/** A character outside the RFC 4648 alphabet (no "=", no whitespace). */
const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/]/;

/** Characters per native decode: a multiple of 4; small pieces keep the scratch buffer in cache. */
const DECODE_CHUNK = 65_536;
let decodeScratch: Buffer | undefined;

/**
 * True only for text the strict rule accepts that is also canonical (the
 * unused bits before any padding zero), proven with Node's native decoder
 * and without making a string the size of the text: a check that
 * re-encoded each piece made as many bytes of strings as the text holds
 * (20 MB for a return's attachments, twice per build), and that garbage was
 * what pushed the CT600 build's peak memory past four times its attachments.
 *
 * Node's decoder skips whitespace and any character outside the alphabet,
 * stops or skips at "=", and reads base64url's "-" and "_" as "+" and "/".
 * So, once the text is known to be ASCII without "-" or "_", every
 * character that is not the alphabet's leaves fewer decoded bytes than its
 * length promises (three per four characters, less the padding, which only
 * the very end may hold): a text every piece of which decodes to exactly
 * that is alphabet characters with at most two "=" at its end. The last
 * four characters are then decoded and encoded again, which proves the
 * unused bits zero. False says nothing (a character outside the alphabet,
 * bad padding, or non-zero unused bits, which the rule itself accepts); the
 * search decides those.
 */
export function decodesAsCanonicalBase64(text: string, chunk = DECODE_CHUNK): boolean {
  if (chunk <= 0 || chunk % 4 !== 0) throw new RangeError('a piece to decode is a positive multiple of 4 characters');
  const length = text.length;
  if (length % 4 !== 0) return false;
  if (length === 0) return true;
  // A character beyond ASCII takes more than one byte in UTF-8 (counted natively, nothing made).
  if (Buffer.byteLength(text, 'utf8') !== length) return false;
  if (text.indexOf('-') >= 0 || text.indexOf('_') >= 0) return false;
  const padding = text.charCodeAt(length - 1) === 0x3d /* = */ ? (text.charCodeAt(length - 2) === 0x3d ? 2 : 1) : 0;
  // A piece of n characters decodes to at most 3n/4 bytes, so a buffer of `chunk` bytes never cuts one short.
  const scratch = chunk === DECODE_CHUNK ? (decodeScratch ??= Buffer.allocUnsafe(DECODE_CHUNK)) : Buffer.allocUnsafe(chunk);
  for (let at = 0; at < length; at += chunk) {
    const end = Math.min(length, at + chunk);
    const promised = ((end - at) / 4) * 3 - (end === length ? padding : 0);
    if (scratch.write(text.slice(at, end), 0, 'base64') !== promised) return false;
  }
  const last = text.slice(length - 4);
  return Buffer.from(last, 'base64').toString('base64') === last;
}

/**
 * Strict base64 (RFC 4648 alphabet, "=" padding, no whitespace). In Node
 * the native decoder (decodesAsCanonicalBase64) accepts canonical text
 * without a scan, some forty times faster than the search on tens of
 * megabytes;
 * whatever it does not accept is decided by the rule's own search, so the
 * answer is the rule's on every input (test/engine/strict-base64.test.ts).
 * The search alone runs in the sandboxed renderer, which has no Buffer.
 */
export function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  if (typeof Buffer !== 'undefined' && decodesAsCanonicalBase64(text)) return true;
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

/**
 * Decodes base64 the schema has checked, in Node, into memory a worker
 * thread can read without a copy (a SharedArrayBuffer): for a large input
 * that is handed on to one, such as a package's merged files, which the
 * builder deflates on a thread of its own.
 */
export function decodeBase64Shared(text: string): Uint8Array {
  const length = Buffer.byteLength(text, 'base64');
  const out = Buffer.from(new SharedArrayBuffer(length));
  const written = out.write(text, 'base64');
  return new Uint8Array(out.buffer, 0, written);
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
