/**
 * Which checks a file gets. A zip (by its signature, or by a package
 * extension) goes to the package validator; XML whose root is GovTalkMessage
 * with Body/IRenvelope/CompanyTaxReturn is a CT600 return; XML that is not
 * well-formed but was clearly meant as XML gets the parse error as a schema
 * message; anything else is reported as a kind we do not validate.
 */
import type { Document } from '@xmldom/xmldom';
import { decodeUtf8, firstChild, readXml, type XmlRead } from '../ct600/xml-dom.js';

export type FileKind =
  | { kind: 'package' }
  | { kind: 'ct600'; doc: Document; text: string }
  | { kind: 'broken-xml'; problem: Extract<XmlRead, { ok: false }> }
  | { kind: 'unsupported'; reason: string };

const PACKAGE_EXTENSIONS = ['.xbri', '.xbr', '.zip'];

function isZip(bytes: Uint8Array): boolean {
  // Local file header, or the end-of-central-directory record of an empty archive.
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

export function detectFileKind(fileName: string, bytes: Uint8Array): FileKind {
  const lower = fileName.toLowerCase();
  if (isZip(bytes) || PACKAGE_EXTENSIONS.some((ext) => lower.endsWith(ext))) return { kind: 'package' };
  const read = readXml(bytes);
  if (!read.ok) {
    const text = decodeUtf8(bytes);
    const looksLikeXml = lower.endsWith('.xml') || (text !== undefined && /^\s*</.test(text));
    if (looksLikeXml) return { kind: 'broken-xml', problem: read };
    return { kind: 'unsupported', reason: 'it is neither XML nor a zip package' };
  }
  const root = read.doc.documentElement!;
  const body = root.localName === 'GovTalkMessage' ? firstChild(root, 'Body') : undefined;
  const irenvelope = body && firstChild(body, 'IRenvelope');
  if (irenvelope && firstChild(irenvelope, 'CompanyTaxReturn')) return { kind: 'ct600', doc: read.doc, text: read.text };
  return {
    kind: 'unsupported',
    reason: `it is XML with root <${root.localName}>, not a CT600 return (GovTalkMessage with Body/IRenvelope/CompanyTaxReturn)`,
  };
}
