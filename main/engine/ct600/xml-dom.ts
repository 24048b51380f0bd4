import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export const GOVTALK_NS = 'http://www.govtalk.gov.uk/CM/envelope';
export const CT_NS = 'http://www.govtalk.gov.uk/taxation/CT/5';

export class XmlInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlInputError';
  }
}

/** UTF-8 text of an XML file as opened by the user, without a byte order mark. */
export function xmlText(xml: Uint8Array | string): string {
  const text = typeof xml === 'string' ? xml : new TextDecoder('utf-8', { fatal: false }).decode(xml);
  return text.replace(/^\uFEFF/, '');
}

/**
 * Parses a GovTalk document strictly. A DOCTYPE is refused outright: HMRC
 * messages never carry one, and refusing it closes the entity-expansion door.
 */
export function parseXml(xml: Uint8Array | string): Document {
  const text = xmlText(xml);
  if (/<!DOCTYPE/i.test(text)) throw new XmlInputError('the XML has a DOCTYPE declaration, which GovTalk messages must not have');
  const problems: string[] = [];
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') problems.push(String(message).split('\n')[0] ?? String(message));
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (err) {
    throw new XmlInputError(`the file is not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (problems.length > 0) throw new XmlInputError(`the file is not well-formed XML: ${problems[0]}`);
  if (!doc.documentElement) throw new XmlInputError('the file has no root element');
  return doc;
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
