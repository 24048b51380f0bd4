/** A character outside the RFC 4648 alphabet (no "=", no whitespace). */
const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/]/;

/** Characters per native round trip: a multiple of 4; small pieces keep the copies in cache and off the large-object heap. */
const ROUND_TRIP_CHUNK = 65_536;
let roundTripScratch: Buffer | undefined;

/**
 * True only for text the strict rule accepts, proven piece by piece with
 * Node's native decoder and encoder. What Buffer's encoder writes is always
 * the alphabet, with "=" only as the last one or two characters of a length
 * that is a multiple of four; so a piece that decodes and re-encodes to
 * itself is such a text, a piece that is not the last and does not end in
 * "=" holds no "=" at all, and the whole text is then alphabet characters
 * with at most two "=" at its very end and a length that is a multiple of
 * four: what the rule accepts. False says nothing (a character outside the
 * alphabet, bad padding, or non-zero unused bits in the last character,
 * which the rule itself accepts); the search decides those.
 */
export function roundTripsNatively(text: string, chunk = ROUND_TRIP_CHUNK): boolean {
  if (chunk <= 0 || chunk % 4 !== 0) throw new RangeError('a round trip piece is a positive multiple of 4 characters');
  if (text.length % 4 !== 0) return false;
  // Decoded into one scratch buffer by the decoder Buffer.from uses; a piece of n characters
  // decodes to at most 3n/4 bytes, so a buffer of `chunk` bytes never cuts one short.
  const scratch = chunk === ROUND_TRIP_CHUNK ? (roundTripScratch ??= Buffer.allocUnsafe(ROUND_TRIP_CHUNK)) : Buffer.allocUnsafe(chunk);
  for (let at = 0; at < text.length; at += chunk) {
    const end = Math.min(text.length, at + chunk);
    const piece = text.slice(at, end);
    const decoded = scratch.write(piece, 0, 'base64');
    if (scratch.toString('base64', 0, decoded) !== piece) return false;
    if (end < text.length && piece.charCodeAt(piece.length - 1) === 0x3d /* = */) return false;
  }
  return true;
}

/**
 * Strict base64 (RFC 4648 alphabet, "=" padding, no whitespace). In Node
 * the native round trip (roundTripsNatively) accepts canonical text without
 * a scan, about three times faster than the search on tens of megabytes;
 * whatever it does not accept is decided by the rule's own search, so the
 * answer is the rule's on every input (test/engine/strict-base64.test.ts).
 * The search alone runs in the sandboxed renderer, which has no Buffer.
 */
export function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  if (typeof Buffer !== 'undefined' && roundTripsNatively(text)) return true;
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
