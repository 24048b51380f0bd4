/**
 * Whether an XHTML/HTML file is inline XBRL with an ix:header: an element
 * `header` in the inline XBRL namespace, under whatever prefix the file binds
 * to it. A linear scan with Buffer.indexOf (no regular expression over the
 * whole file, no parse): find each namespace declaration of the inline XBRL
 * URI, read the prefix just before it, then look for that prefix's header
 * start tag. Bytes are searched as Latin-1, which matches UTF-8 for the
 * ASCII markup we look for.
 */
export const INLINE_XBRL_NAMESPACE = 'http://www.xbrl.org/2013/inlineXBRL';

/** More distinct prefixes than any real document binds to one namespace. */
const MAX_PREFIXES = 16;
const NAME_CHAR = /[A-Za-z0-9_.\-]/;

export function isInlineXbrlFileName(fileName: string): boolean {
  return /\.(xhtml|html?)$/i.test(fileName);
}

export function hasInlineXbrlHeader(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const prefixes = new Set<string>();
  let at = buffer.indexOf(INLINE_XBRL_NAMESPACE, 0, 'latin1');
  while (at >= 0 && prefixes.size < MAX_PREFIXES) {
    const prefix = declaredPrefix(buffer, at);
    if (prefix !== undefined) prefixes.add(prefix);
    at = buffer.indexOf(INLINE_XBRL_NAMESPACE, at + INLINE_XBRL_NAMESPACE.length, 'latin1');
  }
  for (const prefix of prefixes) {
    const tag = prefix === '' ? '<header' : `<${prefix}:header`;
    let found = buffer.indexOf(tag, 0, 'latin1');
    while (found >= 0) {
      const next = buffer[found + tag.length];
      // "<ix:header>", "<ix:header/>", "<ix:header attr=…>", not "<ix:headerX>".
      if (next === undefined || next === 0x3e || next === 0x2f || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d) return true;
      found = buffer.indexOf(tag, found + tag.length, 'latin1');
    }
  }
  return false;
}

/**
 * The prefix of `xmlns:p="URI"` (or '' for `xmlns="URI"`) when the URI at
 * `uriAt` is such a declaration's value; undefined when it is just text.
 * Reads backwards at most a short, fixed distance.
 */
function declaredPrefix(buffer: Buffer, uriAt: number): string | undefined {
  let i = uriAt - 1;
  const quote = buffer[i];
  if (quote !== 0x22 && quote !== 0x27) return undefined;
  // The value must be exactly the URI: the closing quote follows it.
  if (buffer[uriAt + INLINE_XBRL_NAMESPACE.length] !== quote) return undefined;
  i--;
  while (i >= 0 && isSpace(buffer[i]!)) i--;
  if (buffer[i] !== 0x3d) return undefined; // '='
  i--;
  while (i >= 0 && isSpace(buffer[i]!)) i--;
  const end = i + 1;
  const limit = Math.max(0, end - 64);
  while (i >= limit && (NAME_CHAR.test(String.fromCharCode(buffer[i]!)) || buffer[i] === 0x3a)) i--;
  const name = buffer.toString('latin1', i + 1, end);
  if (name === 'xmlns') return '';
  if (name.startsWith('xmlns:') && name.length > 6 && !name.slice(6).includes(':')) return name.slice(6);
  return undefined;
}

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
