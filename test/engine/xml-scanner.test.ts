/**
 * The light element tree's scanner (main/engine/xml-light-tree.ts) against
 * the reader it replaced, kept as the oracle in
 * test/helpers/xml-light-tree-reference.ts: on generated documents (well
 * formed and damaged: references, CDATA, comments, processing
 * instructions, namespaces, attributes, whitespace, multi-byte characters,
 * a byte order mark) and on real ones (the published accounts in
 * ../shared/ct600/ixbrl-accounts, HMRC's conformance instances and
 * vectors), the whole reading a report gets (readXmlElements) must be the
 * same: the same tree through every call the readers make, or the same
 * refusal with the same message, line and column.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readXmlElements, readXmlText } from '../../main/engine/ct600/xml-dom.js';
import { xmlTextProblem } from '../../main/engine/ct600/xml-text.js';
import { parseLightTree } from '../../main/engine/xml-light-tree.js';
import type { XmlElementView } from '../../main/engine/xml-view.js';
import { ixbrlText } from '../../scripts/bench/lib/ct600-inputs.js';
import { parseLightTreeReference } from '../helpers/xml-light-tree-reference.js';

const shared = join(__dirname, '..', '..', '..', 'shared');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

/** Everything a reader can ask of a tree, written out (as xml-light-tree.test.ts writes it, with each attribute's prefix too). */
function described(root: XmlElementView, text: string): string {
  const prefixes = [null, '', 'xml', 'null', ...new Set([...text.matchAll(/xmlns:([A-Za-z_][\w.-]*)/g)].map((m) => m[1]!))];
  const out: string[] = [];
  const walk = (el: XmlElementView, depth: number) => {
    const pad = ' '.repeat(depth);
    out.push(`${pad}<${el.tagName}> ns=${el.namespaceURI} local=${el.localName} text=${JSON.stringify(el.textContent)}`);
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)! as { name: string; localName: string | null; namespaceURI: string | null; value: string; prefix?: string | null };
      out.push(`${pad}  @${a.name} prefix=${a.prefix} local=${a.localName} ns=${a.namespaceURI} = ${JSON.stringify(a.value)} get=${JSON.stringify(el.getAttribute(a.name))} getNS=${JSON.stringify(el.getAttributeNS(a.namespaceURI, a.localName ?? a.name))} has=${el.hasAttribute(a.name)}`);
    }
    out.push(`${pad}  lookup ${prefixes.map((p) => `${p}=${el.lookupNamespaceURI(p)}`).join(' ')} getAttribute(absent)=${el.getAttribute('absent')} item(99)=${el.attributes.item(99)}`);
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1) walk(n as XmlElementView, depth + 1);
      else out.push(`${pad}  #${n.nodeType} ${JSON.stringify(n.nodeValue)} ${JSON.stringify(n.textContent)} parent=${(n.parentNode as XmlElementView).tagName}`);
    }
    const backwards: number[] = [];
    for (let n = el.lastChild; n; n = n.previousSibling) backwards.push(n.nodeType);
    out.push(`${pad}  backwards ${backwards.join(',')} parent=${(el.parentNode as XmlElementView | null)?.tagName ?? '-'}`);
  };
  walk(root, 0);
  return out.join('\n');
}

const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What readXmlElements gave before the scanner: the reference tree for plain text, else the checks' or xmldom's refusal. */
function referenceReading(text: string): string {
  const light = DECLARATION.test(text) || FORBIDDEN.test(text) ? undefined : parseLightTreeReference(text);
  if (light) return `tree\n${described(light, text)}`;
  const problem = xmlTextProblem(text);
  if (problem) return `refused ${problem.code}: ${problem.message}`;
  const read = readXmlText(text);
  return read.ok ? `tree\n${described(read.doc.documentElement as unknown as XmlElementView, text)}` : `refused ${read.code}: ${read.message}`;
}

function reading(text: string): string {
  const read = readXmlElements(text);
  return read.ok ? `tree\n${described(read.root, text)}` : `refused ${read.code}: ${read.message}`;
}

/** The scanner and the oracle agree on taking the text at all, and on the tree when they do. */
function sameAsReference(text: string): 'taken' | 'declined' {
  const light = parseLightTree(text);
  const reference = parseLightTreeReference(text);
  expect(light === undefined, `verdict on ${JSON.stringify(text.slice(0, 300))}`).toBe(reference === undefined);
  if (light && reference) expect(described(light, text)).toBe(described(reference, text));
  expect(reading(text)).toBe(referenceReading(text));
  return light ? 'taken' : 'declined';
}

// Generated documents: pieces chosen to reach every branch of the scan, put together by a grammar, then sometimes damaged.
/** Mostly pieces plain XML allows, sometimes one it does not: most documents are taken, enough are declined. */
const mostly = <T,>(good: readonly T[], bad: readonly T[]) => fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
const elementName = mostly(['a', 'b', 'p:a', 'q:b', 'x.y-z_1', 'xml-foo', 'A9'], ['é', 'p:', ':a', 'a:b:c', 'r:a', '1a']);
const attributeName = mostly(['id', 'class', 'p:x', 'q:x', 'xml:lang', 'onclick', 'x.y', 'xmlns:s'], ['xmlns:xml', 'xmlns:xmlns', 'r:y', 'é', 'xmlns:p']);
const value = mostly(['', 'x', 'urn:s', 'a&amp;b', '&#x263A;', '&#9;&#10;&#13;', 'a\tb\nc', '&lt;&gt;&quot;&apos;', '>', 'é😀', ']]>', 'a\r\nb'], ['&nbsp;', '&#0;', '&#xD800;', '<', '&', '"', "'", 'http://www.w3.org/2000/xmlns/']);
const text = mostly([' ', '\n', '\r\n', '\r', '\t', 'text', 'é', '😀', '\u00a0', '&amp;', '&#233;', '&#x1F600;', '&lt;b&gt;', ']]', 'a > b', '<!-- c -->', '<!---->', '<!-- - -->', '<![CDATA[ <x> & ]]>', '<![CDATA[]]>', '<?pi d?>', '<?pi?>'], [']]>', '&bogus;', '&', 'a & b', '&#xFFFE;', '\u0001', '\uFEFF', '<!-- a -- b -->', '<!-- x --->', '<!--->', '<?pi?x?>', '<?xml version="1.0"?>', '<?XmL x?>']);

const attribute = fc.tuple(attributeName, value, fc.constantFrom('"', "'"), fc.constantFrom('', ' ', '\n', '\t')).map(([n, v, q, sp]) => ` ${n}${sp}=${sp}${q}${v}${q}`);
const attributes = fc.uniqueArray(attribute, { maxLength: 4, selector: (a) => a.slice(1, a.search(/[\s=]/u)) });
const { element } = fc.letrec((tie) => ({
  element: fc
    .tuple(elementName, attributes, fc.array(fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: tie('element') }), { maxLength: 5 }), fc.constantFrom('', ' ', '\n'), fc.boolean())
    .map(([name, attrs, children, space, empty]) => (empty && children.length === 0 ? `<${name}${attrs.join('')}${space}/>` : `<${name}${attrs.join('')}${space}>${(children as string[]).join('')}</${name}${space}>`)),
}));
const rootElement = fc.tuple(element, mostly([' xmlns:p="urn:p" xmlns:q="urn:q"', ' xmlns="urn:d" xmlns:p="urn:p" xmlns:q="urn:q"', ' xmlns:p="urn:p" xmlns:q="urn:p"'], ['', ' xmlns:p=""', ' xmlns=""'])).map(([el, decls]) => el.replace(/^<([^\s/>]+)/, `<$1${decls}`));
const document = fc
  .tuple(
    mostly(['', '<?xml version="1.0" encoding="UTF-8"?>', "<?xml version='1.0'?>\n", '<?xml  version="1.0" standalone="yes" ?>'], ['\uFEFF', '<?xml version="1.1"?>', '<?xml version="1.0" encoding="é"?>']),
    fc.array(mostly([' ', '\n', '<!-- before -->', '<?pi before?>'], ['x', '<![CDATA[x]]>']), { maxLength: 2 }),
    rootElement,
    fc.array(mostly([' ', '\n', '<!-- after -->', '<?pi after?>'], ['<c/>', 'x', '</c>']), { maxLength: 2 }),
  )
  .map(([prolog, before, root, after]) => `${prolog}${before.join('')}${root}${after.join('')}`);
const damage = fc.oneof(
  { weight: 2, arbitrary: fc.constant([] as [number, number, string][]) },
  fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 2), fc.constantFrom('<', '>', '/', '&', '"', "'", '=', ':', '-', '!', '?', ']]>', '<!--', '\r', 'é', ' ', 'xmlns:p="urn:p"')), { minLength: 1, maxLength: 2 }),
);

function damaged(text: string, edits: [number, number, string][]): string {
  for (const [where, kind, piece] of edits) {
    const at = Math.floor(where * text.length);
    if (kind === 0) text = text.slice(0, at) + text.slice(at + 1);
    else if (kind === 1) text = text.slice(0, at) + piece + text.slice(at);
    else text = text.slice(0, at) + text.slice(at, at + 30) + text.slice(at);
  }
  return text;
}

describe('the light element tree scanner against the reader it replaced', () => {
  it('reads generated documents, well-formed and damaged, as the reference does: tree, or refusal with message and position', () => {
    const seen = { taken: 0, declined: 0 };
    fc.assert(
      fc.property(document, damage, (text, edits) => {
        seen[sameAsReference(damaged(text, edits))]++;
      }),
      { numRuns: 2500, seed: 20261202 },
    );
    // Both kinds of input must have been met in numbers, or the comparison proves little.
    expect(seen.taken).toBeGreaterThan(300);
    expect(seen.declined).toBeGreaterThan(300);
  });

  const real = [
    ...filesUnder(join(shared, 'ct600', 'ixbrl-accounts'), /\.html$/),
    ...filesUnder(join(shared, 'xbrl', 'hmrc-conformance'), /\.(xbrl|xml|xhtml|html)$/),
    ...filesUnder(join(shared, 'ct600', 'vectors'), /\.xml$/),
  ];

  it(`reads ${real.length} real documents (published accounts, HMRC's conformance instances and vectors) as the reference does`, () => {
    expect(real.filter((f) => f.includes('ixbrl-accounts')).length).toBeGreaterThan(3);
    let taken = 0;
    for (const file of real) if (sameAsReference(readFileSync(file, 'utf8')) === 'taken') taken++;
    expect(taken).toBeGreaterThan(real.length * 0.9);
  });

  it('reads damaged copies of the published accounts as the reference does', () => {
    const accounts = real.filter((f) => f.includes('ixbrl-accounts')).map((f) => readFileSync(f, 'utf8'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: accounts.length - 1 }), damage, (which, edits) => {
        sameAsReference(damaged(accounts[which]!, edits));
      }),
      { numRuns: 30, seed: 45 },
    );
  });

  it('reads a generated 300 KB Inline XBRL report, and its Windows line ends, as the reference does', () => {
    const report = ixbrlText(300_000, 5);
    expect(sameAsReference(report)).toBe('taken');
    expect(sameAsReference(report.replace(/\n/g, '\r\n'))).toBe('taken');
  });

  it('declines what the reference declines at the edges of the scan', () => {
    const declined = ['<a></a:b>', '<a></ab>', '<a></a-b>', '<a:b></a>', '<a/ >', '<a x="1"y="2"/>', '<a x="a<b"/>', '<a>x]]>y</a>', '<a><!-- x ---></a>', `${'<d>'.repeat(257)}${'</d>'.repeat(257)}`];
    for (const text of declined) {
      expect(parseLightTree(text), text).toBeUndefined();
      expect(parseLightTreeReference(text), text).toBeUndefined();
    }
    expect(sameAsReference(`${'<d>'.repeat(255)}<e/>${'</d>'.repeat(255)}`)).toBe('taken');
    expect(sameAsReference(`${'<d>'.repeat(256)}<e/>${'</d>'.repeat(256)}`)).toBe('taken');
  });

  it('reads a document whose names all fall in one slot of the name table (kept there only up to a few) as the reference does', () => {
    // "Aa" and "BB" hash alike (31·65 + 97 = 31·66 + 66), so every name made of those pairs does too.
    const colliding = Array.from({ length: 64 }, (_, i) => i.toString(2).padStart(6, '0').replace(/0/g, 'Aa').replace(/1/g, 'BB'));
    const text = `<r>${colliding.map((n) => `<${n} ${n}="1"/>`).join('')}${colliding.map((n) => `<${n}></${n}>`).join('')}</r>`;
    expect(sameAsReference(text)).toBe('taken');
  });
});
