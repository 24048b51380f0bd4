/**
 * Parses package metadata XML with @xmldom/xmldom, treating every parser
 * complaint as fatal: a metadata file that is not well-formed is invalid.
 * No DTD or external entity is ever fetched (xmldom does no I/O).
 */
import type { Document, Element } from '@xmldom/xmldom';
import { DOMParser } from '../xmldom.js';
import { MAX_XML_DEPTH, xmlTooDeepAt } from '../xml-depth.js';

export class XmlParseError extends Error {}

export function parseXml(bytes: Uint8Array): Document {
  const text = decodeXmlBytes(bytes);
  // Before parsing: the metadata readers walk the tree recursively.
  if (xmlTooDeepAt(text) !== undefined) throw new XmlParseError(`elements nest more than ${MAX_XML_DEPTH} levels deep`);
  const parser = new DOMParser({
    onError: (level, message) => {
      throw new XmlParseError(`${level}: ${message.split('\n')[0]}`);
    },
  });
  try {
    return parser.parseFromString(text, 'application/xml');
  } catch (err) {
    if (err instanceof XmlParseError) throw err;
    throw new XmlParseError((err as Error).message.split('\n')[0] ?? 'not well-formed XML');
  }
}

function decodeXmlBytes(bytes: Uint8Array): string {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new XmlParseError('the file is not UTF-8 or UTF-16 text');
  }
}

export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

/** Concatenated text and CDATA directly inside the element. */
export function ownText(el: Element): string {
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
  return out;
}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The xml:lang in scope for an element (its own or the nearest ancestor's). */
export function langInScope(el: Element): string | undefined {
  for (let n: Element | null = el; n; n = n.parentNode && n.parentNode.nodeType === 1 ? (n.parentNode as Element) : null) {
    if (n.hasAttributeNS(XML_NS, 'lang')) return n.getAttributeNS(XML_NS, 'lang') ?? undefined;
  }
  return undefined;
}

export function qname(el: Element): string {
  return el.namespaceURI ? `{${el.namespaceURI}}${el.localName}` : (el.localName ?? el.nodeName);
}

/** xml:base attributes from the root down to the element (inclusive). */
export function xmlBasesInScope(el: Element): string[] {
  const bases: string[] = [];
  for (let n: Element | null = el; n; n = n.parentNode && n.parentNode.nodeType === 1 ? (n.parentNode as Element) : null) {
    if (n.hasAttributeNS(XML_NS, 'base')) bases.unshift(n.getAttributeNS(XML_NS, 'base') ?? '');
  }
  return bases;
}
