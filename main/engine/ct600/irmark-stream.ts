/**
 * The IRmark's canonical form without pushing megabytes of attachment text
 * through a DOM. Attachments are base64 text, and base64 (with the
 * whitespace a line-wrapped copy carries) passes through parsing and
 * inclusive C14N unchanged. So each long run of it between two tags is swapped
 * for a short marker, the small document left over is canonicalised by the
 * DOM route (irmark-dom.ts), and the SHA-1 is fed the canonical text with
 * the original runs where the markers came out. The result is the DOM
 * route's canonical text byte for byte; wherever that cannot be shown from
 * the small document (a marker that did not come out of a text node or a
 * comment exactly once), this returns undefined and the caller takes the DOM
 * route.
 */
import { randomBytes, type Hash } from 'node:crypto';
import { canonicalize, foundIrmark, locateBody, type MarkedBody } from './irmark-dom.js';

/** A run of the source, ASCII by construction, that goes into the digest as it stands. */
export interface VerbatimRun {
  /** The document as given: its text, or its UTF-8 bytes (then start and end are byte offsets). */
  source: string | Uint8Array;
  start: number;
  end: number;
}
export type CanonicalPiece = string | VerbatimRun;

export interface StreamedCanonicalBody {
  pieces: CanonicalPiece[];
  /** The IRmark element's text, or null when absent or empty. */
  found: string | null;
}

/** Runs shorter than this go through the DOM: nothing is gained on small text. */
export const MIN_VERBATIM_RUN = 4096;
/**
 * Base64 characters and the whitespace line-wrapped base64 holds. Carriage
 * returns are left out: the parser turns them into line feeds, so a run
 * holding one would not pass through verbatim.
 */
const IN_RUN = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\t\n ') IN_RUN[c.charCodeAt(0)] = 1;

/** Characters looked at per piece: a multiple of 4, so unwrapped base64 round trips piece by piece. */
const PIECE = 65_536;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function sliceOf(source: string | Buffer, start: number, end: number): string | Buffer {
  return typeof source === 'string' ? source.slice(start, end) : source.subarray(start, end);
}

/** `source[start, end)` as text: Latin-1 for bytes, so every byte is one character and ASCII stays itself. */
function textOf(source: string | Buffer, start: number, end: number): string {
  return typeof source === 'string' ? source.slice(start, end) : source.toString('latin1', start, end);
}

/**
 * True when every character of the piece is a run character. What Buffer's
 * encoder gives back unchanged is made of the base64 alphabet and "=" only,
 * all run characters, so most of an attachment is settled natively; any
 * other piece (wrapped lines, the last piece of a run, anything else) is
 * looked at character by character.
 */
function allInRun(piece: string): boolean {
  if (piece.length % 4 === 0 && Buffer.from(piece, 'base64').toString('base64') === piece) return true;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c >= 128 || IN_RUN[c] !== 1) return false;
  }
  return true;
}

/**
 * Runs of at least MIN_VERBATIM_RUN run characters directly between '>' and
 * '<': the text between a '>' and the next '<' with no other '>' in it. The
 * markup is found with indexOf (native); a regular expression over the run
 * would run a backtracking engine out of stack on a 20 MB repetition.
 */
function verbatimRuns(source: string | Buffer): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  // Each search starts where the last one of its kind ended: one pass over the
  // document, however many '>' its text holds before the next '<'.
  let lt = -1;
  for (let gt = indexOfCode(source, GT, 0); gt >= 0; ) {
    const start = gt + 1;
    const nextGt = indexOfCode(source, GT, start);
    if (lt < start) lt = indexOfCode(source, LT, start);
    if (lt < 0) break;
    if ((nextGt < 0 || lt < nextGt) && lt - start >= MIN_VERBATIM_RUN && inRunThroughout(source, start, lt)) runs.push({ start, end: lt });
    gt = nextGt;
  }
  return runs;
}

const GT = 0x3e;
const LT = 0x3c;

/** indexOf of an ASCII character, in text or in bytes (native either way). */
function indexOfCode(source: string | Buffer, code: number, from: number): number {
  return typeof source === 'string' ? source.indexOf(String.fromCharCode(code), from) : source.indexOf(code, from);
}

function inRunThroughout(source: string | Buffer, start: number, end: number): boolean {
  for (let at = start; at < end; at += PIECE) {
    if (!allInRun(textOf(source, at, Math.min(end, at + PIECE)))) return false;
  }
  return true;
}

/** The canonical Body as pieces, or undefined when the DOM route must be taken. */
export function streamedCanonicalBody(xml: Uint8Array | string): StreamedCanonicalBody | undefined {
  // Bytes stay bytes: only what is left between the runs is decoded, and the runs
  // are hashed from the buffer. Runs are ASCII and cut at '>' and '<', never inside
  // a UTF-8 sequence, so the small document is valid UTF-8 exactly when the whole is.
  const source = typeof xml === 'string' ? xml : asBuffer(xml);
  const runs = verbatimRuns(source);
  if (runs.length === 0) return undefined;

  const nonce = randomBytes(9).toString('hex');
  if (source.includes(nonce)) return undefined;
  const marker = (i: number) => `${nonce}${String(i).padStart(6, '0')}`;
  // The document with each run replaced by its marker, as text or as bytes like the document.
  const parts: (string | Buffer)[] = [];
  let at = 0;
  runs.forEach((r, i) => {
    parts.push(sliceOf(source, at, r.start), typeof source === 'string' ? marker(i) : Buffer.from(marker(i), 'latin1'));
    at = r.end;
  });
  parts.push(sliceOf(source, at, source.length));
  const small = typeof source === 'string' ? parts.join('') : Buffer.concat(parts as Buffer[]);

  let located: MarkedBody;
  try {
    located = locateBody(small);
  } catch {
    return undefined; // the DOM route on the whole document throws the exact error
  }
  const found = foundIrmark(located);
  if (found?.includes(nonce)) return undefined;
  const canonical = canonicalize(located);
  if (countOf(canonical, nonce) !== markersInTextAndComments(located, nonce)) return undefined;

  const pieces: CanonicalPiece[] = [];
  let from = 0;
  let searchFrom = 0;
  for (let i = 0; i < runs.length; i++) {
    const pos = canonical.indexOf(marker(i), searchFrom);
    if (pos < 0) {
      // Outside Body (or in the removed IRmark): this run is not in the digest at all.
      if (canonical.includes(marker(i))) return undefined;
      continue;
    }
    if (canonical.indexOf(marker(i), pos + 1) >= 0) return undefined;
    pieces.push(canonical.slice(from, pos), { source, start: runs[i]!.start, end: runs[i]!.end });
    from = pos + marker(i).length;
    searchFrom = from;
  }
  if (countOf(canonical.slice(from), nonce) !== 0) return undefined; // a marker out of order
  pieces.push(canonical.slice(from));
  return { pieces, found };
}

function countOf(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** Markers in the text, CDATA and comment nodes of Body: the only places a run passes through verbatim. */
function markersInTextAndComments(located: MarkedBody, nonce: string): number {
  let n = 0;
  const walk = (node: { firstChild: unknown }) => {
    for (let c = node.firstChild as { nodeType: number; data?: string; nextSibling: unknown; firstChild: unknown } | null; c; c = c.nextSibling as typeof c) {
      if (c.nodeType === 3 || c.nodeType === 4 || c.nodeType === 8) n += countOf(c.data ?? '', nonce);
      else if (c.nodeType === 1) walk(c);
    }
  };
  walk(located.body as unknown as { firstChild: unknown });
  return n;
}

const CHUNK = 1 << 20;

/** Feeds the pieces to a hash: canonical text as UTF-8, verbatim runs (ASCII) as they stand in the source. */
export function updateWithPieces(hash: Hash, pieces: readonly CanonicalPiece[]): Hash {
  for (const p of pieces) {
    if (typeof p === 'string') hash.update(p, 'utf8');
    else if (typeof p.source !== 'string') hash.update(p.source.subarray(p.start, p.end));
    else for (let i = p.start; i < p.end; i += CHUNK) hash.update(p.source.slice(i, Math.min(p.end, i + CHUNK)), 'latin1');
  }
  return hash;
}

/** The pieces as one string: for tests that compare them with the DOM route's canonical text. */
export function joinPieces(pieces: readonly CanonicalPiece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : textOf(typeof p.source === 'string' ? p.source : asBuffer(p.source), p.start, p.end))).join('');
}
