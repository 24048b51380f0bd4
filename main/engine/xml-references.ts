/**
 * XML's references as the light element tree reads them (xml-light-tree.ts):
 * the five predefined entities and character references, nothing else.
 * Anything outside that is "not plain" and the caller parses with xmldom,
 * whose verdict and message stand.
 */

/** Thrown inside the light tree's parse for input outside the plain subset; never leaves the parse. */
export class NotPlain extends Error {}

export const notPlain = (): never => {
  throw new NotPlain();
};

const PREDEFINED: Record<string, string | undefined> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const isXmlChar = (c: number) => c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);

/**
 * `raw` with its references decoded: &amp; &lt; &gt; &quot; &apos;, &#NNN;
 * (up to 7 digits) and &#xHHH; (up to 6 hex digits); throws NotPlain for any
 * other. Read character by character, not by a replace with a callback: a
 * reference-heavy text (a server's 4 MiB reply of nothing else) has a
 * million of them, and a match array and a call for each cost seconds.
 */
export function decodeReferences(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    out += raw.slice(from, amp);
    let at = amp + 1;
    if (raw.charCodeAt(at) === 0x23 /* # */) {
      const hex = raw.charCodeAt(at + 1) === 0x78; /* x */
      at += hex ? 2 : 1;
      const start = at;
      let code = 0;
      for (; at - start <= (hex ? 6 : 7); at++) {
        const digit = digitValue(raw.charCodeAt(at), hex);
        if (digit < 0) break;
        code = code * (hex ? 16 : 10) + digit;
      }
      if (at === start || at - start > (hex ? 6 : 7) || raw.charCodeAt(at) !== 0x3b /* ; */ || !isXmlChar(code)) notPlain();
      out += String.fromCodePoint(code);
    } else {
      let semi = at;
      while (semi < at + 5 && semi < raw.length && raw.charCodeAt(semi) !== 0x3b) semi++;
      const name = raw.charCodeAt(semi) === 0x3b ? raw.slice(at, semi) : '';
      out += (Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined) ?? notPlain();
      at = semi;
    }
    from = at + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

/** A decimal (or, with `hex`, hexadecimal) digit's value, or -1. */
function digitValue(c: number, hex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hex) return -1;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** An attribute value as the tree gives it: tabs and line feeds as spaces (line ends are already normalised), references decoded. */
export function attributeValue(literal: string): string {
  const normalised = literal.indexOf('\t') < 0 && literal.indexOf('\n') < 0 ? literal : literal.replace(/[\t\n]/g, ' ');
  return decodeReferences(normalised);
}
