/**
 * The one-pass scan the reference rule reads schemas, linkbases and reports
 * with: it must see the same elements, namespaces, attributes and xml:base a
 * parser would, and refuse what a parser would refuse.
 */
import { describe, expect, it } from 'vitest';
import { scanElements, XmlScanError } from '../../../main/engine/package/xml-reference-scan.js';

const enc = (s: string) => new TextEncoder().encode(s);
const XLINK = 'http://www.w3.org/1999/xlink';

function scan(xml: string) {
  const out: { ns: string; name: string; href?: string; loc?: string; bases: string[] }[] = [];
  scanElements(enc(xml), (el) => out.push({ ns: el.namespace, name: el.localName, href: el.attribute(XLINK, 'href'), loc: el.attribute('', 'schemaLocation'), bases: el.bases }));
  return out;
}

describe('scanning XML for references', () => {
  it('resolves prefixes as each element declares them, default namespaces included, and decodes entities in values', () => {
    const found = scan(`<?xml version="1.0"?>
<!-- <link:schemaRef xlink:href="in-a-comment.xsd"/> -->
<root xmlns="urn:a" xmlns:x="${XLINK}">
  <l:loc xmlns:l="http://www.xbrl.org/2003/linkbase" x:href="a.xsd#b&amp;c" x:type='locator' note="1 > 0"/>
  <![CDATA[ <l:loc x:href="in-cdata.xsd"/> ]]>
  <inner xmlns="urn:b"><leaf/></inner>
  <x2:y xmlns:x2="urn:c" schemaLocation="&#x61;.xsd"></x2:y>
</root>`);
    expect(found.map((e) => [e.ns, e.name])).toEqual([
      ['urn:a', 'root'],
      ['http://www.xbrl.org/2003/linkbase', 'loc'],
      ['urn:b', 'inner'],
      ['urn:b', 'leaf'],
      ['urn:c', 'y'],
    ]);
    expect(found[1]!.href).toBe('a.xsd#b&c');
    expect(found[4]!.loc).toBe('a.xsd');
  });

  it('finds an attribute in a namespace declared only part of the way down, and none once out of that scope', () => {
    const found = scan(`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="a"/>
  <xs:annotation><xs:appinfo><link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xl="${XLINK}">
    <link:loc xl:type="locator" xl:href="in-scope.xsd#a"/></link:linkbase></xs:appinfo></xs:annotation>
  <xs:element name="b" xl:href="prefix-out-of-scope.xsd"/><other xmlns:xl="${XLINK}" xl:href="declared-again.xsd"/></xs:schema>`);
    expect(found.map((e) => [e.name, e.href])).toEqual([
      ['schema', undefined],
      ['element', undefined],
      ['annotation', undefined],
      ['appinfo', undefined],
      ['linkbase', undefined],
      ['loc', 'in-scope.xsd#a'],
      ['element', undefined],
      ['other', 'declared-again.xsd'],
    ]);
  });

  it('collects xml:base from the root down', () => {
    const found = scan('<a xml:base="http://ex.com/t/"><b><c xml:base="sub/"/></b></a>');
    expect(found.map((e) => e.bases)).toEqual([['http://ex.com/t/'], ['http://ex.com/t/'], ['http://ex.com/t/', 'sub/']]);
  });

  it('skips a DOCTYPE with an internal subset', () => {
    expect(scan('<!DOCTYPE html [ <!ENTITY x "<b>"> ]><html/>').map((e) => e.name)).toEqual(['html']);
  });

  it.each([
    ['an end tag that does not match', '<a><b></a>'],
    ['an element never closed', '<a><b/>'],
    ['a tag cut off', '<a><b x="1"'],
    ['text that is not UTF-8', '\u0000'],
  ])('refuses %s', (_, xml) => {
    const bytes = xml === '\u0000' ? new Uint8Array([0x3c, 0x61, 0xff, 0x3e]) : enc(xml);
    expect(() => scanElements(bytes, () => {})).toThrow(XmlScanError);
  });

  it('reads attributes as a parser would: the later of two wins, xmlns declarations are not attributes, an unbound prefix is in no namespace, non-ASCII text is kept', () => {
    const seen: Record<string, string | undefined>[] = [];
    scanElements(
      enc(`<a xmlns="urn:d" xmlns:x="${XLINK}" x:href="first" x:href="second" q:href="unbound" href="plain" name="café &#xE9;"><b x:type = 'locator'/></a>`),
      (el) =>
        seen.push({
          linked: el.attribute(XLINK, 'href'),
          plain: el.attribute('', 'href'),
          xmlns: el.attribute('', 'xmlns'),
          name: el.attribute('', 'name'),
          type: el.attribute(XLINK, 'type'),
          ns: el.namespaceOf('x'),
        }),
    );
    expect(seen).toEqual([
      { linked: 'second', plain: 'plain', xmlns: undefined, name: 'café é', type: undefined, ns: XLINK },
      { linked: undefined, plain: undefined, xmlns: undefined, name: undefined, type: 'locator', ns: XLINK },
    ]);
  });
});
