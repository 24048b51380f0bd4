/**
 * The shapes a secret takes on its way into a line of text. A password or a
 * token rarely reaches a log as itself: it arrives inside a form body
 * (URL- or form-encoded), inside JSON (escaped), inside an Authorization
 * header or a blob (base64), or as bytes printed as hex. Each of those is a
 * different string, so a redactor that only looks for the value as typed lets
 * every one of them through. These forms are worked out once, when a secret
 * is learnt, and looked for as plain substrings wherever text is written.
 */

import { characterDataView, percentDecodedView, type CharacterDataView } from './character-data-view.js';

/** Values shorter than this are not looked for: they would mask ordinary words and numbers. */
export const MIN_SECRET_LENGTH = 4;

/** base64 characters that depend on nothing but the secret's own bytes need at least this many to be looked for inside a longer blob. */
const MIN_EMBEDDED_BASE64 = 8;

const utf8 = (value: string) => Buffer.from(value, 'utf8');
const toUrlAlphabet = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_');
const unpadded = (base64: string) => base64.replace(/=+$/, '');

/** application/x-www-form-urlencoded, as URLSearchParams writes it (space as '+', '*-._' kept, everything else escaped). */
const formEncoded = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);

/** JSON's escaping, and the stricter one some writers use that also escapes every non-ASCII character as \uXXXX. */
const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1);
const jsonAsciiEscaped = (value: string) => jsonEscaped(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Percent escapes written with lower-case hex digits (%2f): as valid as upper case, and some encoders write them. */
const lowerEscapes = (value: string) => value.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());

/**
 * The base64 characters of the secret when its bytes start 0, 1 or 2 bytes
 * into a longer run of encoded bytes (an Authorization: Basic header of
 * "client:secret", a JSON document sent as base64). base64 packs 3 bytes into
 * 4 characters, so where the secret starts decides its characters: for each
 * of the three alignments, only the characters made from the secret's bits
 * alone are kept, which are the same whatever bytes surround it.
 */
function embeddedBase64(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let lead = 0; lead < 3; lead++) {
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64');
    const first = Math.ceil((8 * lead) / 6);
    const end = Math.floor((8 * (lead + bytes.length)) / 6);
    const core = encoded.slice(first, end);
    if (core.length >= MIN_EMBEDDED_BASE64) cores.push(core, toUrlAlphabet(core));
  }
  return cores;
}

/** Every form of `secret` worth looking for, the secret itself first; no duplicates, no empty strings. */
export function secretForms(secret: string): string[] {
  if (secret === '') return [];
  const bytes = utf8(secret);
  const base64 = bytes.toString('base64');
  const hex = bytes.toString('hex');
  const uri = encodeURIComponent(secret);
  const forms = [
    secret,
    uri,
    lowerEscapes(uri),
    uri.replace(/%20/g, '+'), // encodeURIComponent then spaces as '+', the usual hand-made form encoding
    formEncoded(secret),
    lowerEscapes(formEncoded(secret)),
    encodeURIComponent(uri), // encoded twice: a form value inside a URL
    jsonEscaped(secret),
    jsonAsciiEscaped(secret),
    base64,
    unpadded(base64),
    toUrlAlphabet(base64),
    unpadded(toUrlAlphabet(base64)),
    ...embeddedBase64(bytes),
    hex,
    hex.toUpperCase(),
  ];
  return [...new Set(forms)].filter((form) => form !== '');
}

/** Where any of `forms` occurs in `text` as written, as sorted, merged [start, end) ranges; overlapping finds make one range, so no piece of either is left showing. */
export function findForms(text: string, forms: Iterable<string>): [number, number][] {
  const found: [number, number][] = [];
  for (const form of forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) found.push([at, at + form.length]);
  }
  return merged(found);
}

/**
 * Where any of `forms` occurs in `text`, as written, as the XML character
 * data it spells (references decoded, comments dropped, CDATA markers
 * dropped), with its ASCII percent escapes decoded, or both
 * (character-data-view.ts), as sorted, merged ranges of `text`. The one
 * search behind every mask: the log's and the submission records'.
 */
export function findSecrets(text: string, forms: Iterable<string>): [number, number][] {
  const list = [...forms];
  const found = findForms(text, list);
  const inView = (view: CharacterDataView | undefined, toText: (range: [number, number]) => [number, number]) => {
    if (!view) return;
    for (const range of findForms(view.text, list)) found.push(toText(view.sourceOf(range[0], range[1])));
    return view;
  };
  const same = (range: [number, number]) => range;
  const xml = inView(characterDataView(text), same);
  inView(percentDecodedView(text), same);
  // Percent escapes inside character data ("%47&#119;-pass…"): the view of the view, mapped back twice.
  if (xml) inView(percentDecodedView(xml.text), ([start, end]) => xml.sourceOf(start, end));
  return merged(found);
}

function merged(found: [number, number][]): [number, number][] {
  if (found.length < 2) return found;
  found.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [found[0]!];
  for (const [start, end] of found.slice(1)) {
    const last = out[out.length - 1]!;
    if (start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** `text` with each range replaced by `replacement`. */
export function replaceRanges(text: string, ranges: readonly (readonly [number, number])[], replacement: string): string {
  if (ranges.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += text.slice(from, start) + replacement;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * `text` with every form of `value` replaced: for a value that is not a
 * registered secret but must stay out of one line (what was typed as the
 * user name of a sign-in that failed may be the password).
 */
export function withoutValue(text: string, value: string, replacement: string): string {
  if (value.length < MIN_SECRET_LENGTH) return text;
  return replaceRanges(text, findSecrets(text, secretForms(value)), replacement);
}
