/**
 * HMRC's schema's order of elements, read from its XSD: an edit that creates
 * an element puts it at the end of its parent, and the schema wants each in
 * its place, so the failing returns are put in the schema's order after the
 * edits (a rule's XPath does not depend on the order of siblings).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import { ct600HmrcDir } from '../../../helpers/shared.js';

const XSD = 'http://www.w3.org/2001/XMLSchema';
const CT = 'http://www.govtalk.gov.uk/taxation/CT/5';

const children = (el: Element) => {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).namespaceURI === XSD) out.push(n as Element);
  return out;
};

let orders: Map<string, string[]> | undefined;

/** Child element names in schema order, by the path of names under IRenvelope ("" is IRenvelope itself). */
function schemaOrders(): Map<string, string[]> {
  if (orders) return orders;
  const xsd = new DOMParser().parseFromString(readFileSync(join(ct600HmrcDir, 'CT-2014-v1-994.xsd'), 'utf8'), 'text/xml') as unknown as Document;
  const schema = xsd.documentElement as unknown as Element;
  const named = new Map<string, Element>();
  const globals = new Map<string, Element>();
  for (const c of children(schema)) {
    if (c.localName === 'complexType' && c.getAttribute('name')) named.set(c.getAttribute('name')!, c);
    if (c.localName === 'element' && c.getAttribute('name')) globals.set(c.getAttribute('name')!, c);
  }
  const map = new Map<string, string[]>();
  const particleElements = (container: Element): Element[] =>
    children(container).flatMap((c) => {
      if (c.localName === 'element') return [c];
      if (['sequence', 'choice', 'all'].includes(c.localName!)) return particleElements(c);
      if (c.localName === 'complexContent') return particleElements(c);
      if (c.localName === 'extension' || c.localName === 'restriction') {
        const base = named.get((c.getAttribute('base') ?? '').replace(/^\w+:/, ''));
        return [...(base ? particleElements(base) : []), ...particleElements(c)];
      }
      return [];
    });
  const typeOf = (decl: Element): Element | undefined => {
    const type = decl.getAttribute('type');
    if (type) return named.get(type.replace(/^\w+:/, ''));
    return children(decl).find((c) => c.localName === 'complexType');
  };
  const visit = (decl: Element, path: string, depth: number) => {
    const type = typeOf(decl);
    if (!type || depth > 40) return;
    const elements = particleElements(type).map((e) => (e.getAttribute('ref') ? (globals.get(e.getAttribute('ref')!.replace(/^\w+:/, '')) ?? e) : e));
    const names = elements.map((e) => e.getAttribute('name') ?? '').filter(Boolean);
    if (!map.has(path)) map.set(path, names);
    for (const e of elements) visit(e, path ? `${path}/${e.getAttribute('name')}` : e.getAttribute('name')!, depth + 1);
  };
  const root = globals.get('IRenvelope');
  if (root) visit(root, '', 0);
  orders = map;
  return map;
}

/** Puts every element under IRenvelope among its siblings where the schema wants it. */
export function inSchemaOrder(doc: Document): Document {
  const envelope = doc.getElementsByTagNameNS(CT, 'IRenvelope')[0] as unknown as Element | undefined;
  if (!envelope) return doc;
  const order = schemaOrders();
  const arrange = (el: Element, path: string) => {
    const names = order.get(path);
    const kids: Element[] = [];
    for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) kids.push(n as Element);
    if (names && kids.length > 1) {
      const rank = (e: Element) => {
        // A name a choice lists twice (Accounts alone, or Computation then Accounts) takes its last place, the one where it can follow the others.
        const i = names.lastIndexOf(e.localName!);
        return i < 0 ? names.length : i;
      };
      const sorted = kids.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i).map((x) => x.e);
      if (sorted.some((e, i) => e !== kids[i])) {
        for (const k of kids) el.removeChild(k as unknown as Node);
        for (const k of sorted) el.appendChild(k as unknown as Node);
      }
    }
    for (const k of kids) arrange(k, path ? `${path}/${k.localName}` : k.localName!);
  };
  arrange(envelope, '');
  return doc;
}
