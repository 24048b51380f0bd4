/**
 * What GovTalk XML must be before any parser reads it, with no parser
 * loaded: UTF-8 (and declaring no other encoding), no DOCTYPE or ENTITY
 * declaration, no character XML forbids, no bare ampersand, no nesting past
 * MAX_XML_DEPTH. Both readers in xml-dom.ts ask these first, and the IRmark's
 * light route (irmark-light.ts) reads plain documents into the light tree from
 * here without loading xmldom at all.
 */
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

/** Characters XML 1.0 forbids anywhere in a document. */
const XML_FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A DOCTYPE or ENTITY declaration, anywhere in the text (even in a comment). */
const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;
/** An & that does not start one of XML's predefined entities or a character reference. */
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)/;

export type XmlProblemCode = 'not-utf8' | 'doctype' | 'not-well-formed' | 'encoding' | 'too-deep';
export type XmlProblem = { ok: false; code: XmlProblemCode; message: string };

/** UTF-8 text without a byte order mark, or undefined when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
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
  if (DECLARATION.test(text)) {
    return { ok: false, code: 'doctype', message: 'the XML contains a DOCTYPE or ENTITY declaration, which is not allowed (GovTalk messages never carry one; refused to rule out external entities)' };
  }
  // xmldom is lenient where XML is not: it takes control characters and bare
  // ampersands silently. A document another processor would refuse must not
  // pass here, or we would vouch for an IRmark HMRC cannot reproduce.
  const control = XML_FORBIDDEN_CHAR.exec(text);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: it contains the character U+${code}, which XML does not allow` };
  }
  const markupText = text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g, '');
  const ampersand = BARE_AMPERSAND.exec(markupText);
  if (ampersand) {
    const context = markupText.slice(ampersand.index, ampersand.index + 12).split(/\s/)[0];
    return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: "${context}" is an unescaped & or an entity XML does not define (write &amp;)` };
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
  if (DECLARATION.test(text) || XML_FORBIDDEN_CHAR.test(text)) return undefined;
  return parseLightTree(text);
}
