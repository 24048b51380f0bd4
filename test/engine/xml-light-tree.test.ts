import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readXmlElements, readXmlText } from '../../main/engine/ct600/xml-dom.js';
import { parseLightTree } from '../../main/engine/xml-light-tree.js';
import type { XmlElementView } from '../../main/engine/xml-view.js';
import { ixbrlText } from '../../scripts/bench/lib/ct600-inputs.js';

const shared = join(__dirname, '..', '..', '..', 'shared');
const repo = join(__dirname, '..', '..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

/**
 * Everything a reader can ask of a tree through XmlElementView, written out:
 * names, namespaces, attributes (with getAttribute and getAttributeNS), the
 * answer of lookupNamespaceURI for every prefix the document declares, text
 * and CDATA nodes in order, and each element's textContent. xmldom's
 * comments and processing instructions are not part of the view.
 */
function described(root: XmlElementView, prefixes: (string | null)[]): string {
  const out: string[] = [];
  const walk = (el: XmlElementView, depth: number) => {
    const pad = ' '.repeat(depth);
    out.push(`${pad}<${el.tagName}> ns=${el.namespaceURI} local=${el.localName} text=${JSON.stringify(el.textContent)}`);
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      out.push(`${pad}  @${a.name} local=${a.localName} ns=${a.namespaceURI} = ${JSON.stringify(a.value)} get=${JSON.stringify(el.getAttribute(a.name))} getNS=${JSON.stringify(el.getAttributeNS(a.namespaceURI, a.localName ?? a.name))}`);
    }
    out.push(`${pad}  lookup ${prefixes.map((p) => `${p}=${el.lookupNamespaceURI(p)}`).join(' ')} hasAttribute(id)=${el.hasAttribute('id')} getAttribute(absent)=${el.getAttribute('absent-attribute')}`);
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1) walk(n as XmlElementView, depth + 1);
      else if (n.nodeType === 3 || n.nodeType === 4) out.push(`${pad}  #${n.nodeType} ${JSON.stringify(n.nodeValue)}`);
    }
    // The same children walked backwards, as the report reader walks them.
    const backwards: number[] = [];
    for (let n = el.lastChild; n; n = n.previousSibling) if (n.nodeType !== 7 && n.nodeType !== 8) backwards.push(n.nodeType);
    out.push(`${pad}  backwards ${backwards.join(',')} parent=${(el.parentNode as XmlElementView | null)?.tagName ?? '-'}`);
  };
  walk(root, 0);
  return out.join('\n');
}

function prefixesOf(text: string): (string | null)[] {
  return [null, '', 'xml', 'null', ...new Set([...text.matchAll(/xmlns:([A-Za-z_][\w.-]*)/g)].map((m) => m[1]!))];
}

/** The light tree's reading and xmldom's, when the light tree takes the text at all. */
function bothReadings(text: string): { light: string; xmldom: string } | undefined {
  const light = parseLightTree(text);
  if (!light) return undefined;
  const read = readXmlText(text);
  const prefixes = prefixesOf(text);
  return {
    light: described(light, prefixes),
    xmldom: read.ok ? described(read.doc.documentElement as unknown as XmlElementView, prefixes) : `xmldom refused: ${read.message}`,
  };
}

const wellFormedInline = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance"
      xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:uk-core="http://xbrl.frc.org.uk/fr/2023-01-01/core"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xml:lang="en">
<head><title>Accounts &amp; notes</title><style type="text/css"><![CDATA[ p > b { color: red } ]]></style></head>
<body><!-- the header -->
<div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="https://xbrl.frc.org.uk/FRS-102/2023-01-01/FRS-102-2023-01-01.xsd"/></ix:references>
<ix:resources><xbrli:context id="c1"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="GBP"><xbrli:measure xmlns:iso4217="http://www.xbrl.org/2003/iso4217">iso4217:GBP</xbrli:measure></xbrli:unit></ix:resources></ix:header></div>
<p lang='en' title="a&#9;tab, a&#10;line &lt;&gt;&quot;&apos;&#x263A;">Turnover: <ix:nonFraction name="uk-core:Turnover" contextRef="c1" unitRef="GBP" decimals="0" format="ixt:num-dot-decimal" xsi:nil="false">1,234</ix:nonFraction>
<ix:nonNumeric name="uk-core:Name" contextRef="c1" continuedAt="k1">Acme <ix:exclude>(not this)</ix:exclude>Ltd</ix:nonNumeric>
<ix:continuation id="k1"> and <span class="first\n\tsecond\r\nthird">friends</span></ix:continuation><br/><img src="data:image/png;base64,AAAA" alt=""/>
</p><p xmlns="http://www.w3.org/1999/xhtml" xmlns:uk-core="http://example.com/other">Other <uk-core:x a = "1" >scoped</uk-core:x ></p>
</body></html>
`;

const documents: [string, string][] = [
  ...filesUnder(join(shared, 'xbrl', 'hmrc-conformance'), /\.(xbrl|xml)$/).map((f): [string, string] => [f.slice(shared.length + 1), readFileSync(f, 'utf8')]),
  ...filesUnder(join(shared, 'ct600', 'ixbrl-accounts'), /\.html$/).map((f): [string, string] => [f.slice(shared.length + 1), readFileSync(f, 'utf8')]),
  ...filesUnder(join(repo, 'test', 'fixtures'), /\.(xhtml|xsd|xml)$/).slice(0, 200).map((f): [string, string] => [f.slice(repo.length + 1), readFileSync(f, 'utf8')]),
  ['a hand-written Inline XBRL report', wellFormedInline],
  ['the same with Windows line ends', wellFormedInline.replace(/\n/g, '\r\n')],
  ['the same with old Mac line ends', wellFormedInline.replace(/\n/g, '\r')],
  ['a generated Inline XBRL table', ixbrlText(50_000, 7)],
  // Small cases at the edges of what the light tree takes.
  ...[
    '<a p:x="1" xmlns:p="urn:p"/>',
    '<a xml:space="preserve"> x </a>',
    '<a x="&#x9;&#xA;&#xD;"/>',
    '<a></a\n>',
    '<a.b-c_d/>',
    '<xml-foo/>',
    '<a><?xml-stylesheet href="x"?></a>',
    '<a><![CDATA[]]]]></a>',
    '<a><!----></a><!-- - -->',
    '<a>&#x10FFFF;&lt;&gt;&amp;&quot;&apos;</a>',
    '<?xml version="1.0" standalone="yes"?>\n<!-- c -->\n<a/>\n<!-- d -->\n',
    "<?xml version='1.0' encoding='utf-8'?><a b='\"'/>",
    '<a xmlns:p="urn:p"><p:b/><q:c xmlns:q="urn:q" q:d="1"/></a>',
    '<a>\u00e9\ud83d\ude00</a>',
  ].map((text, i): [string, string] => [`edge case ${i + 1}`, text]),
];

describe('the light element tree', () => {
  it(`reads ${documents.length} documents (HMRC's conformance instances, published accounts, the fixtures) as xmldom does`, () => {
    let taken = 0;
    for (const [name, text] of documents) {
      const readings = bothReadings(text.replace(/^\uFEFF/, ''));
      if (!readings) continue;
      taken++;
      expect(readings.light, name).toBe(readings.xmldom);
    }
    // Nearly all real documents are plain XML: the light tree must take them, or it buys nothing.
    expect(taken).toBeGreaterThan(documents.length * 0.9);
  });

  it('takes only what xmldom takes, on thousands of damaged copies, and then reads the same tree', () => {
    const published = documents.filter(([n]) => n.includes('ixbrl-accounts')).sort((a, b) => a[1].length - b[1].length)[0]![1];
    const sources = [wellFormedInline, published, documents.find(([n]) => n.endsWith('valid.xbrl'))![1]];
    const pieces = [' ', '\n', '\r\n', '\t', 'text', 'é', '&amp;', '&#x263A;', '&#9;', ' a="x"', ' xml:lang="cy"', '<b/>', '<i>t</i>', '<!-- c -->', '<![CDATA[ <x> ]]>', '<?pi d?>', '<', '>', '/', '&', '&amp;', '&#0;', '&#xD800;', '&foo;', '"', "'", '=', ':', 'x:', '!', '?', '-', '--', ']]>', '<![CDATA[', '<!--', '-->', '<?pi?>', '\r', '\n', '\t', ' ', 'é', 'xmlns=""', 'xmlns:p="urn:p"', 'p:a="1"', 'a="1" a="2"', '</p>', '<p>', '<br/>', 'xml:lang="cy"', 'xmlns:xml="urn:x"', '<!DOCTYPE a>', '<!-- <!DOCTYPE a> -->', '&nbsp;', '\u0001'];
    let taken = 0;
    let refusedByBoth = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sources.length - 1 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 2, 3, 4, 4, 4, 4), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 2 }),
        (which, edits) => {
          let text = sources[which]!;
          for (const [where, kind, piece] of edits) {
            const at = Math.floor(where * text.length);
            if (kind === 0) text = text.slice(0, at) + text.slice(at + 1);
            else if (kind === 1) text = text.slice(0, at) + piece + text.slice(at);
            else if (kind === 2) text = text.slice(0, at) + piece + text.slice(at + piece.length);
            else if (kind === 3) text = text.slice(0, at) + text.slice(at, at + 40) + text.slice(at);
            else {
              // Just after a tag ends: where text goes, so most of these stay well-formed.
              const after = text.indexOf('>', at) + 1;
              if (after > 0) text = text.slice(0, after) + piece + text.slice(after);
            }
          }
          const viaElements = readXmlElements(text);
          const viaXmldom = readXmlText(text);
          // The same verdict, and the same message when refused.
          expect(viaElements.ok).toBe(viaXmldom.ok);
          if (!viaElements.ok && !viaXmldom.ok) {
            refusedByBoth++;
            expect(viaElements.message).toBe(viaXmldom.message);
            return;
          }
          const readings = bothReadings(text);
          if (readings) {
            taken++;
            expect(readings.light).toBe(readings.xmldom);
          }
        },
      ),
      { numRuns: 4000, seed: 20261128 },
    );
    expect(taken).toBeGreaterThan(250);
    expect(refusedByBoth).toBeGreaterThan(1000);
  });

  it('gives the verdict and message of the checks before any parser: declarations, forbidden characters, bare ampersands, nesting', () => {
    const refused = [
      '<a><!-- <!DOCTYPE a> --></a>',
      '<!DOCTYPE a><a/>',
      '<a><![CDATA[<!ENTITY x "y">]]></a>',
      '<a>\u0001</a>',
      '<a x="\u0008"/>',
      '<a>fish & chips</a>',
      '<a x="&nbsp;"/>',
      `${'<d>'.repeat(257)}${'</d>'.repeat(257)}`,
    ];
    for (const text of refused) {
      const viaElements = readXmlElements(text);
      const viaXmldom = readXmlText(text);
      expect(viaElements.ok, text).toBe(false);
      expect(viaElements, text).toEqual({ ok: false, code: (viaXmldom as { code: string }).code, message: (viaXmldom as { message: string }).message });
    }
    expect(readXmlElements(`${'<d>'.repeat(256)}<e/>${'</d>'.repeat(256)}`).ok).toBe(true);
  });

  it('leaves to xmldom what is outside plain XML', () => {
    const outside = [
      '<a><b></a></b>',
      '<a></b>',
      '<a x="1" x="2"/>',
      '<a xmlns:p="urn:p" xmlns:q="urn:p" p:x="1" q:x="2"/>',
      '<p:a/>',
      '<a p:x="1"/>',
      '<a xmlns:p=""/>',
      '<a>]]></a>',
      '<a><!-- a -- b --></a>',
      '<a><?xml version="1.0"?></a>',
      '<a><?pi?x?></a>',
      '<a/><b/>',
      '<a/>text',
      '<a x=1/>',
      '<a x="<"/>',
      '<a>&#0;</a>',
      '<a>&nbsp;</a>',
      '<é/>',
      '<?xml version="1.1"?><a/>',
      '',
      '<a>',
    ];
    for (const text of outside) expect(parseLightTree(text), text).toBeUndefined();
  });
});
