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
import { decodeUtf8 } from './xml-dom.js';

/** A run of the source text, ASCII by construction, that goes into the digest as it stands. */
export interface VerbatimRun {
  source: string;
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

/** Runs of at least MIN_VERBATIM_RUN such characters directly between '>' and '<'. */
function verbatimRuns(text: string): { start: number; end: number }[] {
  // A scan rather than a regular expression: a backtracking engine runs out
  // of stack on a 20 MB repetition.
  const runs: { start: number; end: number }[] = [];
  for (let gt = text.indexOf('>'); gt >= 0; ) {
    const start = gt + 1;
    let i = start;
    for (let c = text.charCodeAt(i); c < 128 && IN_RUN[c] === 1; c = text.charCodeAt(++i));
    if (i - start >= MIN_VERBATIM_RUN && text.charCodeAt(i) === 60 /* < */) runs.push({ start, end: i });
    gt = text.indexOf('>', i);
  }
  return runs;
}

/** The canonical Body as pieces, or undefined when the DOM route must be taken. */
export function streamedCanonicalBody(xml: Uint8Array | string): StreamedCanonicalBody | undefined {
  const text = typeof xml === 'string' ? xml : decodeUtf8(xml);
  if (text === undefined) return undefined; // not UTF-8: the DOM route gives the error
  const runs = verbatimRuns(text);
  if (runs.length === 0) return undefined;

  const nonce = randomBytes(9).toString('hex');
  if (text.includes(nonce)) return undefined;
  const marker = (i: number) => `${nonce}${String(i).padStart(6, '0')}`;
  const parts: string[] = [];
  let at = 0;
  runs.forEach((r, i) => {
    parts.push(text.slice(at, r.start), marker(i));
    at = r.end;
  });
  parts.push(text.slice(at));
  const small = parts.join('');

  let located: MarkedBody;
  try {
    located = locateBody(typeof xml === 'string' ? small : Buffer.from(small, 'utf8'));
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
    pieces.push(canonical.slice(from, pos), { source: text, start: runs[i]!.start, end: runs[i]!.end });
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

/** Feeds the pieces to a hash: canonical text as UTF-8, verbatim runs (ASCII) a megabyte at a time. */
export function updateWithPieces(hash: Hash, pieces: readonly CanonicalPiece[]): Hash {
  for (const p of pieces) {
    if (typeof p === 'string') hash.update(p, 'utf8');
    else for (let i = p.start; i < p.end; i += CHUNK) hash.update(p.source.slice(i, Math.min(p.end, i + CHUNK)), 'latin1');
  }
  return hash;
}

/** The pieces as one string: for tests that compare them with the DOM route's canonical text. */
export function joinPieces(pieces: readonly CanonicalPiece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : p.source.slice(p.start, p.end))).join('');
}
