/**
 * HMRC's valid CT600 sample, read figure by figure into a build-ct600
 * request, rebuilt by the engine: the Body must match element for element.
 */
import type { Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildAndCheck } from './check-built.js';
import { at, children, parse, requestFromSample, sampleXml } from './tpvs-sample-request.js';

/** Every element of a subtree as path, attributes and own text (whitespace-only text ignored). */
function flatten(e: Element, path = ''): string[] {
  const here = `${path}/${e.localName}{${e.namespaceURI}}`;
  const attrs = Array.from(e.attributes)
    .filter((a) => a.name !== 'xmlns' && !a.name.startsWith('xmlns:'))
    .map((a) => `@${a.name}=${a.value}`)
    .sort()
    .join(' ');
  const ownText = Array.from(e.childNodes)
    .filter((n) => n.nodeType === 3)
    .map((n) => n.nodeValue)
    .join('')
    .trim();
  const line = e.localName === 'IRmark' ? `${here} ${attrs} (mark)` : `${here} ${attrs} ${ownText}`;
  return [line, ...children(e).flatMap((c) => flatten(c, here))];
}

describe("HMRC's accepted TPVS sample rebuilt through buildCt600", () => {
  const sample = parse(sampleXml);
  const request = requestFromSample(sample);
  const built = parse(buildAndCheck(request, { schemaVersion: '2022-v1.99', gatewayTest: true }));

  it('reads the figures the sample carries', () => {
    expect(request).toMatchObject({ companyName: 'Enter Company Name', reference: '8596148860', companyType: 6, chargeableProfits: { value: 100000 } });
  });

  it('gives a Body that matches the sample element for element', () => {
    const expected = flatten(at(sample, 'Body'));
    const actual = flatten(at(built, 'Body'));
    expect(actual).toEqual(expected);
    expect(actual.length).toBeGreaterThan(50);
  });

  it('gives the same GovTalkDetails keys and message details', () => {
    expect(flatten(at(built, 'GovTalkDetails/Keys'))).toEqual(flatten(at(sample, 'GovTalkDetails/Keys')));
    expect(flatten(at(built, 'Header/MessageDetails'))).toEqual(flatten(at(sample, 'Header/MessageDetails')));
  });
});
