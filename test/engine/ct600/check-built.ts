import { DOMParser } from '@xmldom/xmldom';
import { expect } from 'vitest';
import { buildCt600, computeIrmark, verifyIrmark, type Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { ct600EnvelopeXsd } from '../../helpers/shared.js';
import { independentIrmark, xmllintSchema } from '../../helpers/xmllint.js';

export const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');

/** Builds, then checks everything a built document must satisfy; returns its XML. */
export function buildAndCheck(request: Ct600RequestInput, options?: Parameters<typeof buildCt600>[1]): string {
  const response = buildCt600(request, options);
  expect(Object.keys(response).sort()).toEqual(['irMark', 'originalXmlDoc', 'xmlDoc']);
  const xml = decode(response.xmlDoc);
  const original = decode(response.originalXmlDoc);

  const schema = xmllintSchema(xml, ct600EnvelopeXsd);
  expect(schema.output).toContain('validates');
  expect(schema.valid).toBe(true);

  expect(response.irMark).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  expect(independentIrmark(xml)).toBe(response.irMark);
  expect(verifyIrmark(xml)).toMatchObject({ found: response.irMark, matches: true });
  // The original is the same message with the mark left empty, so anyone can re-derive it.
  expect(original).toContain('<IRmark Type="generic"></IRmark>');
  expect(original.replace('<IRmark Type="generic"></IRmark>', `<IRmark Type="generic">${response.irMark}</IRmark>`)).toBe(xml);
  expect(computeIrmark(original).base64).toBe(response.irMark);
  return xml;
}

export function elementText(xml: string, localName: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return Array.from(doc.getElementsByTagName(localName)).map((e) => e.textContent ?? '');
}

