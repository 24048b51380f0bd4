/**
 * What GovTalk XML must be before any parser reads it, with no parser
 * loaded: UTF-8 (and declaring no other encoding), no DOCTYPE or ENTITY
 * declaration, no character XML forbids, no bare ampersand, no nesting past
 * MAX_XML_DEPTH. Both readers in xml-dom.ts ask these first, and the IRmark's
 * light route (irmark-light.ts) reads plain documents into the light tree from
 * here without loading xmldom at all.
 */
import { asciiText } from '../ascii-text.js';
import { MAX_XML_DEPTH, xmlTooDeepAt } from '../xml-depth.js';
import { parseLightTree } from '../xml-light-tree.js';
import type { XmlElementView } from '../xml-view.js';

export const GOVTALK_NS = 'http://www.govtalk.gov.uk/CM/envelope';
export const CT_NS = 'http://www.govtalk.gov.uk/taxation/CT/5';

export class XmlInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlInputError';
  }
}

/** Characters XML 1.0 forbids anywhere in a document (a surrogate only when it is not half of a pair). */
const XML_FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Every character the search above can find, and every surrogate: one
 * character class, which V8 runs about twice as fast as the alternation with
 * its lookarounds (6 against 12 ms on a 10 MB report). The exact search then
 * starts only where this one stops, so a text without astral characters is
 * read once.
 */
const FORBIDDEN_OR_SURROGATE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/g;

/** The first character XML forbids in `text`, and where it stands, or undefined. */
export function forbiddenCharAt(text: string, from = 0): { index: number; char: string } | undefined {
  FORBIDDEN_OR_SURROGATE.lastIndex = from;
  const candidate = FORBIDDEN_OR_SURROGATE.exec(text);
  if (!candidate) return undefined;
  // The lookbehind still sees the character before lastIndex, so the search from here is the search from `from`.
  XML_FORBIDDEN_CHAR.lastIndex = candidate.index;
  const found = XML_FORBIDDEN_CHAR.exec(text);
  return found ? { index: found.index, char: found[0] } : undefined;
}

/**
 * Whether a DOCTYPE or ENTITY declaration opens anywhere in the text (even
 * in a comment): "<!" then the keyword in any case of its ASCII letters, as
 * /<!(?:DOCTYPE|ENTITY)/i reads it (whose case folding never maps a
 * character beyond ASCII onto an ASCII letter). Found by indexOf, which is
 * twice as fast as that expression on a 10 MB report: "<!" is rare in
 * documents, so each is looked at in full.
 */
export function hasDeclaration(text: string, from = 0): boolean {
  for (let at = text.indexOf('<!', from); at >= 0; at = text.indexOf('<!', at + 2)) if (declarationAt(text, at)) return true;
  return false;
}

/** Whether the "<!" at `at` opens a DOCTYPE or ENTITY declaration. */
function declarationAt(text: string, at: number): boolean {
  return asciiCaselessAt(text, at + 2, 'doctype') || asciiCaselessAt(text, at + 2, 'entity');
}

/** Whether `word` (lower-case ASCII letters) stands at `at`, each letter in either case. */
function asciiCaselessAt(text: string, at: number, word: string): boolean {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    // Setting bit 0x20 gives the lower-case letter only for that letter and its ASCII capital.
    if ((text.charCodeAt(at + i) | 0x20) !== word.charCodeAt(i)) return false;
  }
  return true;
}
/** What may follow an & at the same place: one of XML's predefined entities or a character reference. */
const REFERENCE_AT = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/y;

/** Markup whose text is not character data: an & inside it is no reference, so it is not looked at. */
const SKIPPED_MARKUP = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
] as const;

/**
 * The offset of the first & outside comments, CDATA sections and processing
 * instructions that starts no reference XML defines, or undefined. One pass:
 * each closing marker is looked for once from where it could next matter, and
 * a marker the text never holds again is remembered as missing, so a text of
 * many unclosed "<!--" (a server's reply, say) is not scanned to its end once
 * per opener as a lazy regular expression would (quadratic: 35 s for 768 KiB).
 * An opener without its closer is then text, as it was for the expression.
 */
export function bareAmpersandAt(text: string): number | undefined {
  const missing = new Set<string>();
  // The next '&' and '<' at or after `at`, each looked for again only once `at` has passed it.
  let amp = -1;
  let lt = -1;
  for (let at = 0; ; ) {
    if (amp < at) amp = text.indexOf('&', at);
    if (amp < 0) return undefined;
    if (lt !== -2 && lt < at) lt = text.indexOf('<', at);
    if (lt === -1) lt = -2; // no '<' from here on: every & left is character data
    if (lt < 0 || lt > amp) {
      REFERENCE_AT.lastIndex = amp;
      if (!REFERENCE_AT.test(text)) return amp;
      at = amp + 1;
    } else at = skipMarkup(text, lt, missing);
  }
}

/** Past the comment, CDATA section or processing instruction opening at `lt` (when it closes), else just past the '<'. */
function skipMarkup(text: string, lt: number, missing: Set<string>): number {
  for (const [open, close] of SKIPPED_MARKUP) {
    if (!text.startsWith(open, lt) || missing.has(close)) continue;
    const end = text.indexOf(close, lt + open.length);
    if (end >= 0) return end + close.length;
    missing.add(close);
  }
  return lt + 1;
}

/**
 * The offset of the first "]]>" in character data, or undefined. XML 1.0
 * (production [14] CharData) allows "]]>" only to close a CDATA section;
 * xmldom takes it as text, which would let a document no other processor
 * reads carry an IRmark. Attribute values may hold it, and comments,
 * processing instructions and CDATA sections are passed over. A text that
 * never holds "]]>" is not walked at all; an opener that never closes is
 * left to the parser, whose verdict stands.
 */
export function cdataEndInTextAt(text: string): number | undefined {
  let end = text.indexOf(']]>');
  for (let at = 0; end >= 0; ) {
    const lt = text.indexOf('<', at);
    const stop = lt < 0 ? text.length : lt;
    if (end < at) end = text.indexOf(']]>', at);
    else if (end < stop) return end;
    else if (lt < 0) return undefined;
    else {
      at = pastMarkup(text, lt);
      if (at < 0) return undefined;
    }
  }
  return undefined;
}

/** Just past the markup that opens at `lt` (a tag read with its quoted attribute values), or -1 when it never closes. */
function pastMarkup(text: string, lt: number): number {
  if (text.startsWith('<!--', lt)) return afterMarker(text, '-->', lt + 4);
  if (text.startsWith('<![CDATA[', lt)) return afterMarker(text, ']]>', lt + 9);
  if (text.startsWith('<?', lt)) return afterMarker(text, '?>', lt + 2);
  let quote = 0;
  for (let j = lt + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e /* > */) return j + 1;
  }
  return -1;
}

export type XmlProblemCode = 'not-utf8' | 'doctype' | 'not-well-formed' | 'encoding' | 'too-deep';
export type XmlProblem = { ok: false; code: XmlProblemCode; message: string };

/** UTF-8 text without a byte order mark, or undefined when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  const ascii = asciiText(bytes);
  if (ascii !== undefined) return ascii;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/**
 * An uploaded file's text: the bytes must be UTF-8 and must not declare
 * another encoding (a document decoded any other way would carry an IRmark
 * HMRC computes differently).
 */
export function utf8DocumentText(bytes: Uint8Array): { ok: true; text: string } | XmlProblem {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { ok: false, code: 'not-utf8', message: 'the file is not UTF-8 text; GovTalk messages must be UTF-8' };
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    return { ok: false, code: 'encoding', message: `the XML declares encoding "${declared}"; GovTalk messages must be UTF-8` };
  }
  return { ok: true, text };
}

/** What refuses the text before any parser sees it. */
export function xmlTextProblem(text: string): XmlProblem | undefined {
  // Both searches below in one pass where neither finds anything (nearly every document); each again only to say what it found.
  if (!mayBePlainXml(text)) {
    if (hasDeclaration(text)) {
      return { ok: false, code: 'doctype', message: 'the XML contains a DOCTYPE or ENTITY declaration, which is not allowed (GovTalk messages never carry one; refused to rule out external entities)' };
    }
    // xmldom is lenient where XML is not: it takes control characters and bare
    // ampersands silently. A document another processor would refuse must not
    // pass here, or we would vouch for an IRmark HMRC cannot reproduce.
    const control = forbiddenCharAt(text);
    if (control) {
      const code = control.char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: it contains the character U+${code}, which XML does not allow` };
    }
  }
  const ampersand = bareAmpersandAt(text);
  if (ampersand !== undefined) {
    const context = text.slice(ampersand, ampersand + 12).split(/\s/)[0];
    return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: "${context}" is an unescaped & or an entity XML does not define (write &amp;)` };
  }
  const cdataEnd = cdataEndInTextAt(text);
  if (cdataEnd !== undefined) {
    return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: "]]>" stands in text at character ${cdataEnd}, where XML allows it only to end a CDATA section (write ]]&gt;)` };
  }
  // Before parsing: canonicalisation and the checks walk the tree recursively.
  const tooDeep = xmlTooDeepAt(text);
  if (tooDeep !== undefined) {
    return { ok: false, code: 'too-deep', message: `the XML nests elements more than ${MAX_XML_DEPTH} levels deep (at character ${tooDeep}); a GovTalk message nests a dozen` };
  }
  return undefined;
}

/**
 * The root of plain, well-formed text in the light tree, or undefined for
 * anything the light tree does not take (xmldom then reads it and gives its
 * verdict). The light tree itself refuses bare ampersands and nesting past
 * MAX_XML_DEPTH; declarations and forbidden characters are looked for here.
 */
export function readPlainXmlElements(text: string): XmlElementView | undefined {
  return mayBePlainXml(text) ? parseLightTree(text) : undefined;
}

/**
 * What FORBIDDEN_OR_SURROGATE finds, or "<!", where a declaration would
 * open: both searches of mayBePlainXml in one pass over the text, about
 * 6 ms on a 10 MB report against 10 for the two.
 */
const FORBIDDEN_OR_DECLARATION = new RegExp(`${FORBIDDEN_OR_SURROGATE.source}|<!`, 'g');

/** Whether text may be plain XML as the light tree and its scan read it: no declarations, no forbidden characters (the scan checks the rest). */
export function mayBePlainXml(text: string): boolean {
  FORBIDDEN_OR_DECLARATION.lastIndex = 0;
  for (let found = FORBIDDEN_OR_DECLARATION.exec(text); found; found = FORBIDDEN_OR_DECLARATION.exec(text)) {
    if (found[0] !== '<!') {
      // A character XML may forbid (a surrogate is allowed in a pair): the two searches decide from here, every "<!" before it having been looked at.
      return forbiddenCharAt(text, found.index) === undefined && !hasDeclaration(text, found.index);
    }
    if (declarationAt(text, found.index)) return false;
  }
  return true;
}

/**
 * The offset of the start tag at which `text` holds more than `limit`
 * elements and attributes together, or undefined. Counted in one pass as the
 * tags are read, stopping at the limit, before any tree is built: what a
 * tree costs grows with its nodes, not its bytes (a 4 MiB reply of a million
 * empty elements took xmldom past 1 GB). Comments, CDATA sections, processing
 * instructions and declarations are skipped; an attribute is counted by its
 * "=" outside quotes. The syntax itself is left to the parser.
 */
export function xmlNodesPastLimitAt(text: string, limit: number): number | undefined {
  let nodes = 0;
  let i = text.indexOf('<');
  while (i !== -1) {
    const next = text.charCodeAt(i + 1);
    if (text.startsWith('<!--', i)) i = afterMarker(text, '-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = afterMarker(text, ']]>', i + 9);
    else if (next === 0x3f /* ? */) i = afterMarker(text, '?>', i + 2);
    else if (next === 0x21 /* ! */ || next === 0x2f /* / */) i = afterMarker(text, '>', i + 2);
    else {
      let quote = 0;
      let j = i + 1;
      nodes++;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === 0x3d /* = */) nodes++;
        else if (c === 0x3e /* > */) break;
      }
      if (nodes > limit) return i;
      i = j + 1;
    }
    if (i <= 0 || i >= text.length) return undefined;
    i = text.indexOf('<', i);
  }
  return undefined;
}

/** Index just after `marker` (searched from `from`), or -1 when the text ends first. */
function afterMarker(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? -1 : at + marker.length;
}
