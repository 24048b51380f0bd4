/**
 * Structure check (validationType 0): walks the document against the element
 * model and reports, for each problem, the element's path, its CT600 box and
 * its line. Like a schema validator it reports one content-model problem per
 * parent, but it keeps checking the values of every child it can place, so
 * one misplaced element does not hide a bad amount elsewhere.
 */
import type { Attr, Element } from '@xmldom/xmldom';
import type { MessageAttribute, ValidationMessage } from '../../validation-result.js';
import { declsIn, matchContent } from './content-match.js';
import type { AttributeDecl, Content, ElementDecl } from './model.js';
import { checkSimpleValue, type SimpleType } from './simple-types.js';

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
/** xsi attributes that only point at schemas and change nothing about validity. */
const HARMLESS_XSI = new Set(['schemaLocation', 'noNamespaceSchemaLocation']);

export type StructureCode =
  | 'unexpected-element'
  | 'unknown-element'
  | 'missing-element'
  | 'invalid-value'
  | 'unknown-attribute'
  | 'missing-attribute'
  | 'invalid-attribute'
  | 'text-not-allowed'
  | 'element-not-allowed'
  | 'not-checked'
  | 'padded-value';

function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

/** Text content of a simple-content element (text and CDATA; comments are not part of the value). */
function simpleText(el: Element): string {
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
  return out;
}

function hasNonBlankText(el: Element): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if ((n.nodeType === 3 || n.nodeType === 4) && /[^\t\n\r ]/.test(n.nodeValue ?? '')) return true;
  }
  return false;
}

/**
 * A date or year with XML whitespace around it is valid (the whitespace
 * facet collapses it), yet libxml2 refuses it where the type is xs:date or
 * xs:gYear itself: worth a warning, since HMRC's validator is not known.
 */
const paddedDateOrYear = (type: SimpleType, text: string) =>
  (type.primitive === 'date' || type.primitive === 'gYear' || type.primitive === 'dateTime') && !type.patterns?.length && /^[\t\n\r ]|[\t\n\r ]$/.test(text);

const nameList = (names: string[]) => (names.length === 0 ? 'nothing more' : names.map((n) => `<${n}>`).join(', '));

export class StructureChecker {
  private readonly messages: ValidationMessage[] = [];

  constructor(private readonly root: ElementDecl) {}

  check(doc: Element): ValidationMessage[] {
    this.messages.length = 0;
    if (doc.localName !== this.root.name || (doc.namespaceURI ?? '') !== this.root.ns) {
      this.report('unexpected-element', `/${doc.localName}`, undefined, doc, `the root element must be <${this.root.name}> in namespace ${this.root.ns}`);
      return [...this.messages];
    }
    this.element(doc, this.root, `/${doc.localName}`);
    return [...this.messages];
  }

  private report(code: StructureCode, path: string, decl: ElementDecl | undefined, node: Element | undefined, message: string, category: 'error' | 'warning' | 'info' = 'error') {
    const attributes: MessageAttribute[] = [{ name: 'path', value: path }];
    if (decl?.box) attributes.push({ name: 'box', value: decl.box });
    const line = (node as unknown as { lineNumber?: number } | undefined)?.lineNumber;
    if (typeof line === 'number') attributes.push({ name: 'line', value: String(line) });
    const box = decl?.box ? ` (box ${decl.box})` : '';
    this.messages.push({ category, type: 'schema', code, message: `${path}${box}: ${message}`, attributes });
  }

  private element(el: Element, decl: ElementDecl, path: string): void {
    const content = decl.content;
    this.attributes(el, decl, content, path);
    switch (content.kind) {
      case 'simple': {
        if (childElements(el).length > 0) {
          this.report('element-not-allowed', path, decl, el, `<${decl.name}> holds a value, not child elements`);
          return;
        }
        const text = simpleText(el);
        const problem = checkSimpleValue(content.type, text);
        if (problem) this.report('invalid-value', path, decl, el, problem);
        else if (paddedDateOrYear(content.type, text)) {
          this.report('padded-value', path, decl, el, `${JSON.stringify(text)} has spaces or line breaks around it: XML Schema ignores them, but some schema validators (libxml2's among them) refuse a date or year written so; remove them to be sure it is accepted`, 'warning');
        }
        return;
      }
      case 'opaque':
        this.report('not-checked', path, decl, el, content.reason, content.notice);
        return;
      case 'wildcard':
        this.wildcard(el, decl, content, path);
        return;
      case 'complex':
        this.complex(el, decl, content.particle, path);
        return;
    }
  }

  private complex(el: Element, decl: ElementDecl, model: Extract<Content, { kind: 'complex' }>['particle'], path: string): void {
    if (hasNonBlankText(el)) this.report('text-not-allowed', path, decl, el, `<${decl.name}> holds elements only; it has text of its own`);
    const kids = childElements(el);
    const { outcome, assigned } = matchContent(model, kids);
    const known = declsIn(model);
    const pathOf = (i: number): string => {
      const kid = kids[i]!;
      const same = kids.filter((k) => k.localName === kid.localName);
      return same.length > 1 ? `${path}/${kid.localName}[${same.indexOf(kid) + 1}]` : `${path}/${kid.localName}`;
    };
    if (!outcome.ok) {
      if (outcome.kind === 'missing') {
        const names = outcome.missing.map((d) => d.name);
        const first = outcome.missing[0];
        const what = names.length > 1 ? `one of ${nameList(names)}` : `<${names[0]}>`;
        this.report('missing-element', first && names.length === 1 ? `${path}/${first.name}` : path, names.length === 1 ? first : undefined, el, `required element ${what} is missing from <${decl.name}>`);
      } else {
        const kid = kids[outcome.at]!;
        const sameName = known.filter((d) => d.name === kid.localName);
        const expected = `expected ${nameList(outcome.expected)}`;
        const kidIndex = known.findIndex((d) => d.name === kid.localName && d.ns === (kid.namespaceURI ?? ''));
        const skipped = outcome.missing.length === 1 ? outcome.missing[0]! : undefined;
        if (skipped && kidIndex > known.indexOf(skipped)) {
          // The child belongs further down: the required element before it was left out.
          this.report('missing-element', `${path}/${skipped.name}`, skipped, kid, `required element <${skipped.name}> is missing from <${decl.name}> (found <${kid.localName}> where it should be)`);
        } else if (kidIndex >= 0) {
          this.report('unexpected-element', pathOf(outcome.at), sameName[0], kid, `<${kid.localName}> is out of order or repeated here; ${expected}`);
        } else if (sameName.length > 0) {
          this.report('unknown-element', pathOf(outcome.at), sameName[0], kid, `<${kid.localName}> is in namespace ${kid.namespaceURI ?? '(none)'}, not ${sameName[0]!.ns}`);
        } else {
          this.report('unknown-element', pathOf(outcome.at), undefined, kid, `<${kid.localName}> is not an element of <${decl.name}> in the schema; ${expected}`);
        }
      }
    }
    kids.forEach((kid, i) => {
      // Children the match could not place are still checked against their
      // declaration by name, so their values get reported too.
      const kidDecl = assigned.get(i) ?? known.find((d) => d.name === kid.localName && d.ns === (kid.namespaceURI ?? ''));
      if (kidDecl) this.element(kid, kidDecl, pathOf(i));
    });
  }

  private wildcard(el: Element, decl: ElementDecl, content: Extract<Content, { kind: 'wildcard' }>, path: string): void {
    const kids = childElements(el);
    const fits = (k: Element) =>
      typeof content.namespace === 'string' ? k.namespaceURI === content.namespace : (k.namespaceURI ?? '') !== content.namespace.not;
    const bad = kids.find((k) => !fits(k));
    const want = typeof content.namespace === 'string' ? `from namespace ${content.namespace}` : `from a namespace other than ${content.namespace.not}`;
    if (bad) this.report('unexpected-element', `${path}/${bad.localName}`, undefined, bad, `<${decl.name}> may only hold elements ${want}`);
    else if (kids.length < content.min) this.report('missing-element', path, decl, el, `<${decl.name}> must hold ${content.min === 1 ? 'an element' : `${content.min} elements`} ${want}`);
    else if (kids.length > content.max) this.report('unexpected-element', path, decl, el, `<${decl.name}> may hold at most ${content.max} element(s) ${want}`);
    if (hasNonBlankText(el)) this.report('text-not-allowed', path, decl, el, `<${decl.name}> holds elements only; it has text of its own`);
  }

  private attributes(el: Element, decl: ElementDecl, content: Content, path: string): void {
    const declared: AttributeDecl[] = content.kind === 'opaque' ? [] : content.attributes;
    const otherAllowed = content.kind !== 'simple' && content.kind !== 'opaque' && content.otherAttributes === true;
    if (content.kind === 'opaque') return;
    const attrs = el.attributes;
    const seen = new Set<string>();
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i) as Attr;
      const ns = a.namespaceURI ?? '';
      if (ns === XMLNS_NS || a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
      if (ns === XSI_NS && HARMLESS_XSI.has(a.localName ?? '')) continue;
      const ad = ns === '' ? declared.find((d) => d.name === a.name) : undefined;
      if (!ad) {
        if (otherAllowed && ns !== '' && ns !== decl.ns) continue;
        this.report('unknown-attribute', `${path}/@${a.name}`, decl, el, `attribute ${a.name} is not allowed on <${decl.name}>`);
        continue;
      }
      seen.add(ad.name);
      const problem = checkSimpleValue(ad.type, a.value);
      if (problem) this.report('invalid-attribute', `${path}/@${a.name}`, decl, el, problem);
    }
    for (const ad of declared) {
      if (ad.required && !seen.has(ad.name)) this.report('missing-attribute', `${path}/@${ad.name}`, decl, el, `required attribute ${ad.name} is missing from <${decl.name}>`);
    }
  }
}
