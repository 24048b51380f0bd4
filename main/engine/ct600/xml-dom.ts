/**
 * The one reader of GovTalk XML. Both the CT600 engine (IRmark, which throws)
 * and the validator (which turns every failure into a message with a code)
 * parse through readXmlText, so both refuse the same documents.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { DOMParser } from '../xmldom.js';
import type { XmlElementView } from '../xml-view.js';
import { readPlainXmlElements, utf8DocumentText, XmlInputError, xmlTextProblem, type XmlProblem } from './xml-text.js';

export { CT_NS, decodeUtf8, GOVTALK_NS, XmlInputError, type XmlProblem, type XmlProblemCode } from './xml-text.js';

export type XmlRead = { ok: true; doc: Document; text: string } | XmlProblem;
export type XmlElementsRead = { ok: true; root: XmlElementView } | XmlProblem;

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
  const light = readPlainXmlElements(text);
  if (light) return { ok: true, root: light };
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
  const decoded = utf8DocumentText(bytes);
  return decoded.ok ? readXmlText(decoded.text) : decoded;
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
