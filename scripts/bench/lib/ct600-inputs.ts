/**
 * CT600 benchmark inputs: the tests' trading company with inline XBRL
 * accounts and computations of a given size attached, and the Body file the
 * native route (xmllint --c14n | openssl sha1) hashes, cut out by plain string
 * handling as ct600.md section 4 describes.
 */
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { fullReturn } from '../../../test/fixtures/ct600-requests.js';

/** The taxonomy a generated report's facts are drawn from: its entry point and the namespace of `concepts` items named Item0, Item1, … */
export interface GeneratedTaxonomy {
  schemaRef: string;
  prefix: string;
  namespace: string;
  concepts: number;
}

export const FRS_102_ITEMS: GeneratedTaxonomy = {
  schemaRef: 'https://xbrl.frc.org.uk/FRS-102/2023-01-01/FRS-102-2023-01-01.xsd',
  prefix: 'uk-core',
  namespace: 'http://xbrl.frc.org.uk/fr/2023-01-01/core',
  concepts: 977,
};

/** Fewer bytes than any row takes, so there are contexts enough for every fact to be the only one of its concept in its context. */
const ROW_BYTES = 100;

/**
 * A well-formed Inline XBRL report of exactly `bytes` bytes (or the smallest
 * one, when `bytes` is less): a header with its schemaRef, contexts and unit,
 * then a table of numbers, each concept at most once per context as in real
 * accounts, varied by `seed`. The checks read every fact, as they would read
 * a firm's accounts; a truncated document would stop them at the first fault.
 */
export function ixbrlText(bytes: number, seed: number, taxonomy: GeneratedTaxonomy = FRS_102_ITEMS): string {
  const contexts = Math.ceil(bytes / ROW_BYTES / taxonomy.concepts) + 1;
  const contextXml = Array.from({ length: contexts }, (_, k) =>
    `<xbrli:context id="c${k}"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>${1900 + k}-01-01</xbrli:startDate><xbrli:endDate>${1900 + k}-12-31</xbrli:endDate></xbrli:period></xbrli:context>\n`,
  ).join('');
  const head =
    `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:${taxonomy.prefix}="${taxonomy.namespace}">` +
    `<head><title>Accounts</title></head><body><div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="${taxonomy.schemaRef}"/></ix:references><ix:resources>\n${contextXml}` +
    `<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit></ix:resources></ix:header></div><table>\n`;
  const tail = '</p></body></html>\n';
  const parts: string[] = [head];
  let size = head.length + '</table><p>'.length + tail.length;
  for (let i = 0; ; i++) {
    const concept = (i * seed) % taxonomy.concepts;
    const context = Math.floor(i / taxonomy.concepts) % contexts;
    const row = `<tr><td>Line ${i}</td><td><ix:nonFraction name="${taxonomy.prefix}:Item${concept}" contextRef="c${context}" unitRef="GBP" decimals="0">${(i * 7919 + seed) % 1000003}</ix:nonFraction></td></tr>\n`;
    if (size + row.length > bytes) break;
    parts.push(row);
    size += row.length;
  }
  parts.push('</table><p>', ' '.repeat(Math.max(0, bytes - size)), tail);
  return parts.join('');
}

/**
 * A full return whose attachments are `attachmentBytes` of base64 text, as the
 * message carries them and as HMRC's 25 MB cap counts them: three quarters
 * accounts, one quarter computations (inline XBRL of 3/4 that size).
 */
export function returnWithAttachments(attachmentBytes: number): Ct600RequestInput {
  const ixbrl = Math.floor((attachmentBytes * 3) / 4);
  const accounts = Math.floor((ixbrl * 3) / 4);
  return {
    ...fullReturn(),
    attachedFiles: [
      { filename: 'accounts.xhtml', value: Buffer.from(ixbrlText(accounts, 7)).toString('base64'), itemsElementName: 0 },
      { filename: 'computations.xhtml', value: Buffer.from(ixbrlText(ixbrl - accounts, 11)).toString('base64'), itemsElementName: 1 },
    ],
  };
}

/** Body with the root's namespace declarations copied onto it and the IRmark element removed. */
export function bodyForNativeRoute(message: string): string {
  const rootOpen = /<GovTalkMessage\b([^>]*)>/.exec(message);
  if (!rootOpen) throw new Error('no GovTalkMessage start tag');
  const decls = [...rootOpen[1]!.matchAll(/\s(xmlns(?::[A-Za-z0-9_.-]+)?)\s*=\s*("[^"]*"|'[^']*')/g)].map((m) => `${m[1]}=${m[2]}`);
  const start = message.indexOf('<Body>');
  const end = message.lastIndexOf('</Body>');
  if (start < 0 || end < 0) throw new Error('no <Body> … </Body> in the message');
  const body = `<Body ${decls.join(' ')}>${message.slice(start + '<Body>'.length, end)}</Body>`;
  return body.replace(/<IRmark\b[^>]*>[^<]*<\/IRmark>|<IRmark\b[^>]*\/>/, '');
}
