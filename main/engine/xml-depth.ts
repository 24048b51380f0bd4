/**
 * How deep elements nest in an XML text, found in one pass before a parser
 * builds a tree that canonicalisation, the schema check and the rules then
 * walk recursively: a few thousand levels overflow the stack there. GovTalk
 * returns and package metadata nest a dozen levels; a limit far above that
 * refuses only hostile input.
 */

export const MAX_XML_DEPTH = 256;

/**
 * The offset of the first start tag deeper than `limit`, or undefined.
 * Comments, CDATA sections, processing instructions and declarations are
 * skipped; quoted attribute values may hold ">". The syntax itself is left
 * to the parser.
 */
export function xmlTooDeepAt(text: string, limit: number = MAX_XML_DEPTH): number | undefined {
  let depth = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    const next = text.charCodeAt(i + 1);
    if (text.startsWith('<!--', i)) i = skipPast(text, '-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = skipPast(text, ']]>', i + 9);
    else if (next === 0x3f /* ? */) i = skipPast(text, '?>', i + 2);
    else if (next === 0x21 /* ! */) i = skipPast(text, '>', i + 2);
    else if (next === 0x2f /* / */) {
      depth--;
      i = skipPast(text, '>', i + 2);
    } else {
      const end = endOfTag(text, i + 1);
      if (text.charCodeAt(end - 1) !== 0x2f /* a self-closing "/>" opens nothing */) {
        if (++depth > limit) return i;
      }
      i = end + 1;
    }
    if (i <= 0) return undefined;
    i = text.indexOf('<', i);
  }
  return undefined;
}

/** Index just after `marker` (searched from `from`), or -1 when the text ends first. */
function skipPast(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? -1 : at + marker.length;
}

/** Index of the ">" that ends a start tag, outside quoted attribute values; the text's length when none. */
function endOfTag(text: string, from: number): number {
  let quote = 0;
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return j;
  }
  return text.length;
}
