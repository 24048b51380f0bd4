/**
 * A report's references noted by the fact reader's scan
 * (main/engine/xbrl/fact-stream/reference-notes.ts) against the package's
 * own reference scan of the same bytes (package/reference-resolution.ts,
 * scanXmlReferences), which they replace for a report whose facts are read:
 * wherever the fact reader notes references, they must be the same
 * references, in the same order, with the same hrefs, kinds and xml:base
 * values in scope. Generated documents mix every kind of reference with
 * prefixes bound and rebound, default namespaces, xml:base at any depth,
 * character and entity references and literal tabs in values; the real
 * documents are the published accounts and the suites' documents.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanXmlReferences } from '../../../../main/engine/package/reference-resolution.js';
import { readXbrlReportWithReferences } from '../../../../main/engine/validation/attachments/xbrl-report.js';
import { ixbrlText } from '../../../../scripts/bench/lib/ct600-inputs.js';
import { sharedDir } from '../../../helpers/shared.js';

const LINK = 'http://www.xbrl.org/2003/linkbase';
const XLINK = 'http://www.w3.org/1999/xlink';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const XHTML = 'http://www.w3.org/1999/xhtml';

/** The package scan's references of the text, and the fact reader's (undefined where it noted none). */
function both(text: string): { scanned: unknown; noted: unknown } {
  const scanned = scanXmlReferences(Buffer.from(text, 'utf8'));
  return { scanned: 'references' in scanned ? scanned.references : scanned, noted: readXbrlReportWithReferences(text).references };
}

const hrefs = fc.constantFrom('a.xsd', 'http://example.com/t/2024/entry.xsd', 'lab.xml#x', '', ' spaced.xsd ', '../up/b.xsd', 'q.xsd?x=1&amp;y=2', '&#x41;&#66;.xsd', 'tab\there.xsd', 'x&lt;y.xsd', '&quot;q&apos;.xsd');
const bases = fc.constantFrom('http://example.com/base/', 'sub/', '', '../', 'b&amp;c/');
const attrName = fc.constantFrom('href', 'xlink:href', 'xl:href', 'xlink:type', 'xl:type', 'schemaLocation', 'xs:schemaLocation', 'xml:base', 'id', 'role');

/** One element: a name (prefixed or not, whose prefix the document declares), its attributes, its children. */
interface Node {
  name: string;
  attributes: [string, string][];
  children: Node[];
  declare?: [string, string];
}

const elementName = fc.constantFrom(
  'link:schemaRef', 'link:linkbaseRef', 'link:roleRef', 'link:arcroleRef', 'link:loc', 'link:label', 'link:constructor',
  'lb:schemaRef', 'lb:loc', 'xs:import', 'xs:include', 'xs:redefine', 'xs:element', 'div', 'span', 'schemaRef', 'loc', 'import',
);

const node: fc.Memo<Node> = fc.memo((depth) =>
  fc.record({
    name: elementName,
    attributes: fc.uniqueArray(fc.tuple(attrName, fc.oneof(hrefs, fc.constantFrom('locator', 'simple', 'extended'), bases)), { selector: ([name]) => name.replace(/^(xlink|xl):/, 'X:'), maxLength: 4 }),
    children: depth > 1 ? fc.array(node(depth - 1), { maxLength: 3 }) : fc.constant([]),
    // Some elements make their own default namespace the linkbase's or bind lb to XLink's namespace (an unusual but legal rebinding).
    declare: fc.option(fc.constantFrom<[string, string]>(['xmlns', LINK], ['xmlns', XSD], ['xmlns:lb', XLINK], ['xmlns:xl', LINK]), { nil: undefined }),
  }),
);

function written(n: Node): string {
  const attributes = [...(n.declare ? [n.declare] : []), ...n.attributes].map(([name, value]) => ` ${name}="${value}"`).join('');
  const inner = n.children.map(written).join('\n');
  return inner ? `<${n.name}${attributes}>${inner}</${n.name}>` : `<${n.name}${attributes}/>`;
}

function document(children: Node[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="${XHTML}" xmlns:link="${LINK}" xmlns:lb="${LINK}" xmlns:xlink="${XLINK}" xmlns:xl="${XLINK}" xmlns:xs="${XSD}"><body>${children.map(written).join('\n')}</body></html>\n`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(x?html?|xml|xbrl|xsd)$/i.test(name) ? [path] : [];
  });
}

describe('the references the fact reader notes are the package scan’s', () => {
  it('on generated documents of every kind of reference, prefixes, default namespaces, xml:base and escaped values', () => {
    let noted = 0;
    let withReferences = 0;
    fc.assert(
      fc.property(fc.array(node(3), { minLength: 1, maxLength: 5 }), (children) => {
        const { scanned, noted: got } = both(document(children));
        if (got === undefined) return;
        noted++;
        if ((got as unknown[]).length > 0) withReferences++;
        expect(got).toEqual(scanned);
      }),
      { numRuns: 500 },
    );
    // The generator writes plain XML, so the fact reader reads (and notes) every document; most hold references.
    expect(noted).toBe(500);
    expect(withReferences).toBeGreaterThan(350);
  });

  it('xml:base nests, an element’s own xml:base is in scope for its reference, and a locator needs no link element', () => {
    const text = document([
      { name: 'div', attributes: [['xml:base', 'http://example.com/a/']], children: [{ name: 'span', attributes: [['xml:base', 'b/'], ['xlink:type', 'locator'], ['xlink:href', 'c.xsd']], children: [] }] },
      { name: 'link:constructor', attributes: [['xlink:href', 'd.xsd']], children: [] },
    ]);
    const { scanned, noted } = both(text);
    expect(noted).toEqual([{ href: 'c.xsd', kind: 'loc', bases: ['http://example.com/a/', 'b/'] }]);
    expect(noted).toEqual(scanned);
  });

  it('notes nothing where the scan read the text with its line ends changed, or the tree route read it', () => {
    const crlf = document([{ name: 'link:schemaRef', attributes: [['xlink:href', 'a\r\nb.xsd']], children: [] }]).replace(/\n/g, '\r\n');
    expect(readXbrlReportWithReferences(crlf).references).toBeUndefined();
    const withSubset = `<!DOCTYPE html [<!ENTITY e "x.xsd">]>${document([{ name: 'link:schemaRef', attributes: [['xlink:href', '&e;']], children: [] }])}`;
    expect(readXbrlReportWithReferences(withSubset).references).toBeUndefined();
  });

  it('on the published accounts, the suites’ documents and the benchmark’s report', () => {
    const files = [...filesUnder(join(sharedDir, 'ct600', 'ixbrl-accounts')), ...filesUnder(join(sharedDir, 'xbrl'))];
    let noted = 0;
    for (const file of files) {
      const { scanned, noted: got } = both(readFileSync(file, 'utf8'));
      if (got === undefined) continue;
      noted++;
      expect(got, file).toEqual(scanned);
    }
    expect(noted).toBeGreaterThanOrEqual(filesUnder(join(sharedDir, 'ct600', 'ixbrl-accounts')).length);
    const { scanned, noted: benchmark } = both(ixbrlText(300_000, 3));
    expect(benchmark).toEqual(scanned);
    expect((benchmark as unknown[]).length).toBe(1);
  });
});
