/**
 * The one reader of GovTalk XML. Both the CT600 engine (IRmark, which throws)
 * and the validator (which turns every failure into a message with a code)
 * parse through readXmlText, so both refuse the same documents.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { DOMParser } from '../xmldom.js';
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
export type XmlRead = { ok: true; doc: Document; text: string } | XmlProblem;
export type XmlElementsRead = { ok: true; root: XmlElementView } | XmlProblem;

/** UTF-8 text without a byte order mark, or undefined when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** What refuses the text before any parser sees it (both readers below ask this first). */
function xmlTextProblem(text: string): XmlProblem | undefined {
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
 * Parses GovTalk XML text strictly. A DOCTYPE or ENTITY declaration is refused
 * before parsing: GovTalk messages never carry one, and refusing it shuts out
 * external entities (XXE) and entity expansion bombs.
 */
export function readXmlText(text: string): XmlRead {
  return xmlTextProblem(text) ?? readWithXmldom(text);
}

/**
 * The root element of a document read in bulk (Inline XBRL reports): the
 * same checks and verdicts as readXmlText, but plain well-formed text is
 * read into the light tree, several times faster than xmldom's DOM; only
 * what the light tree does not take goes to xmldom, whose message stands.
 */
export function readXmlElements(text: string): XmlElementsRead {
  // The light tree itself refuses bare ampersands and nesting past MAX_XML_DEPTH (leaving
  // them to the checks below, for their messages); declarations and forbidden characters it does not look for.
  if (!DECLARATION.test(text) && !XML_FORBIDDEN_CHAR.test(text)) {
    const light = parseLightTree(text);
    if (light) return { ok: true, root: light };
  }
  const problem = xmlTextProblem(text);
  if (problem) return problem;
  const read = readWithXmldom(text);
  return read.ok ? { ok: true, root: read.doc.documentElement as unknown as XmlElementView } : read;
}

function readWithXmldom(text: string): XmlRead {
  const problems: string[] = [];
  const parser = new DOMParser({
    // Warnings too: xmldom only warns about faults such as unquoted attribute values.
    onError: (_level, message) => {
      problems.push(String(message).split('\n')[0] ?? String(message));
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (err) {
    return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: ${String((err as Error).message).split('\n')[0]}` };
  }
  if (problems.length > 0) return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: ${problems[0]}` };
  if (!doc.documentElement) return { ok: false, code: 'not-well-formed', message: 'the file has no root element' };
  return { ok: true, doc, text };
}

/**
 * Reads an uploaded file for validation: the bytes must be UTF-8 and must not
 * declare another encoding. Returns a reason instead of throwing so every
 * failure becomes a message in the validation job.
 */
export function readXml(bytes: Uint8Array): XmlRead {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { ok: false, code: 'not-utf8', message: 'the file is not UTF-8 text; GovTalk messages must be UTF-8' };
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    return { ok: false, code: 'encoding', message: `the XML declares encoding "${declared}"; GovTalk messages must be UTF-8` };
  }
  return readXmlText(text);
}

/**
 * Parses a GovTalk document (bytes or text) for the CT600 engine, throwing
 * XmlInputError with the reason. Bytes get the same strict reading as the
 * validator's: not UTF-8, or declaring another encoding, is refused rather
 * than decoded into a document whose IRmark would be silently wrong.
 */
export function parseXml(xml: Uint8Array | string): Document {
  const read = typeof xml === 'string' ? readXmlText(xml.replace(/^\uFEFF/, '')) : readXml(xml);
  if (!read.ok) throw new XmlInputError(read.message);
  return read.doc;
}

export function childElements(parent: Element): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) out.push(n as Element);
  }
  return out;
}

export function firstChild(parent: Element, localName: string): Element | undefined {
  return childElements(parent).find((e) => e.localName === localName);
}
