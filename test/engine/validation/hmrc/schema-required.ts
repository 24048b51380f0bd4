/**
 * What HMRC's schema requires that a failing return lacks, as edits: an edit
 * that creates an element (or a rule's context) leaves out the siblings and
 * children the schema insists on, so the return is refused before any rule
 * is reached. For every element under IRenvelope, each required child
 * (minOccurs at least 1, the first branch of a choice none of whose branches
 * is there) that is missing is given, down to its simple-typed leaves, a value
 * of its type, and each required attribute one of its own: an enumeration's first value, else the first of a few dates,
 * amounts and words that meets the type's patterns and bounds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { pathOf } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { ct600HmrcDir } from '../../../helpers/shared.js';
import type { Edit } from './edits.js';

const XSD = 'http://www.w3.org/2001/XMLSchema';
const CT = 'http://www.govtalk.gov.uk/taxation/CT/5';

type Particle =
  | { kind: 'element'; name: string; min: number; decl: Element }
  | { kind: 'sequence' | 'choice' | 'all'; min: number; items: Particle[] };

interface Facets {
  builtin: string;
  enumerations: string[];
  patterns: RegExp[];
  minLength?: number;
  maxLength?: number;
  minInclusive?: number | string;
  maxInclusive?: number | string;
  minExclusive?: number | string;
  maxExclusive?: number | string;
}

const xsdChildren = (el: Element) => {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).namespaceURI === XSD) out.push(n as Element);
  return out;
};
const local = (qname: string | null) => (qname ?? '').replace(/^\w+:/, '');
const isBuiltin = (qname: string | null) => (qname ?? '').startsWith('xsd:');
const minOf = (el: Element) => (el.hasAttribute('minOccurs') ? Number(el.getAttribute('minOccurs')) : 1);

/** Values tried, in order, for a simple type without an enumeration. */
const TRIED = ['1.00', '1', '100.00', '2024-03-31', '2024', 'Example', 'EXAMPLE1', 'X', '12345678', '123456', '1234', '1234567', '1234567890', 'ABCDEF123', 'XN123', 'AB123', '2014-v1.994', 'ab@example.com', 'AB1 2CD', 'yes', 'RXhhbXBsZQ=='];

const BUILTIN_FORMS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  gYear: /^\d{4}$/,
  decimal: /^-?\d+(\.\d+)?$/,
  integer: /^-?\d+$/,
  nonNegativeInteger: /^\d+$/,
  positiveInteger: /^0*[1-9]\d*$/,
  base64Binary: /^[A-Za-z0-9+/=]+$/,
  boolean: /^(true|false|0|1)$/,
};

class SchemaModel {
  private readonly complexTypes = new Map<string, Element>();
  private readonly simpleTypes = new Map<string, Element>();
  private readonly globals = new Map<string, Element>();
  private readonly values = new Map<Element, string | undefined>();

  constructor(xsd: Document) {
    for (const c of xsdChildren(xsd.documentElement as unknown as Element)) {
      const name = c.getAttribute('name');
      if (!name) continue;
      if (c.localName === 'complexType') this.complexTypes.set(name, c);
      if (c.localName === 'simpleType') this.simpleTypes.set(name, c);
      if (c.localName === 'element') this.globals.set(name, c);
    }
  }

  root(): Element | undefined {
    return this.globals.get('IRenvelope');
  }

  private resolve(decl: Element): Element {
    return decl.getAttribute('ref') ? (this.globals.get(local(decl.getAttribute('ref'))) ?? decl) : decl;
  }

  /** The complex type with element content of a declaration, or undefined when its content is text. */
  private complexOf(decl: Element): Element | undefined {
    const type = decl.getAttribute('type');
    const ct = type ? this.complexTypes.get(local(type)) : xsdChildren(decl).find((c) => c.localName === 'complexType');
    if (!ct || xsdChildren(ct).some((c) => c.localName === 'simpleContent')) return undefined;
    return ct;
  }

  /** The attributes a declaration's type requires (an extension's base's too). */
  private requiredAttributes(decl: Element): Element[] {
    const type = decl.getAttribute('type');
    const ct = type ? this.complexTypes.get(local(type)) : xsdChildren(decl).find((c) => c.localName === 'complexType');
    const out: Element[] = [];
    const visit = (container: Element, depth: number) => {
      if (depth > 20) return;
      for (const c of xsdChildren(container)) {
        if (c.localName === 'attribute' && c.getAttribute('use') === 'required') out.push(c);
        if (['simpleContent', 'complexContent'].includes(c.localName!)) visit(c, depth + 1);
        if (c.localName === 'extension' || c.localName === 'restriction') {
          const base = this.complexTypes.get(local(c.getAttribute('base')));
          if (base && c.localName === 'extension') visit(base, depth + 1);
          visit(c, depth + 1);
        }
      }
    };
    if (ct) visit(ct, 0);
    return out;
  }

  /** Edits giving the element at `path` the required attributes it lacks (a new element, undefined, lacks all). */
  private attributes(decl: Element, el: Element | undefined, path: string): Edit[] {
    return this.requiredAttributes(decl).flatMap((a) => {
      const name = a.getAttribute('name') ?? '';
      const value = this.valueOf(a);
      return (el && el.hasAttribute(name)) || value === undefined ? [] : [{ path: `${path}/@${name}`, value }];
    });
  }

  /** The content model of a complex type: one sequence of its particles (an extension's base first). */
  private model(container: Element): Particle[] {
    return xsdChildren(container).flatMap((c): Particle[] => {
      if (c.localName === 'element') {
        const decl = this.resolve(c);
        return [{ kind: 'element', name: decl.getAttribute('name') ?? local(c.getAttribute('ref')), min: minOf(c), decl }];
      }
      if (c.localName === 'sequence' || c.localName === 'choice' || c.localName === 'all') return [{ kind: c.localName, min: minOf(c), items: this.model(c) }];
      if (c.localName === 'complexContent') return this.model(c);
      if (c.localName === 'extension' || c.localName === 'restriction') {
        const base = this.complexTypes.get(local(c.getAttribute('base')));
        return [...(base && c.localName === 'extension' ? this.model(base) : []), ...this.model(c)];
      }
      return [];
    });
  }

  private facets(decl: Element): Facets {
    const out: Facets = { builtin: 'string', enumerations: [], patterns: [] };
    const visit = (typeName: string | null, inline: Element | undefined, depth: number) => {
      if (depth > 20) return;
      let type = inline;
      if (!type && typeName) {
        if (isBuiltin(typeName)) {
          out.builtin = local(typeName);
          return;
        }
        type = this.simpleTypes.get(local(typeName)) ?? this.complexTypes.get(local(typeName));
      }
      if (!type) return;
      for (const c of xsdChildren(type)) {
        if (c.localName === 'simpleContent') {
          for (const d of xsdChildren(c)) if (d.localName === 'extension' || d.localName === 'restriction') restriction(d, depth);
        } else if (c.localName === 'restriction') restriction(c, depth);
      }
    };
    const restriction = (r: Element, depth: number) => {
      const enums: string[] = [];
      for (const f of xsdChildren(r)) {
        const v = f.getAttribute('value') ?? '';
        if (f.localName === 'enumeration') enums.push(v);
        if (f.localName === 'pattern') {
          try {
            out.patterns.push(new RegExp(`^(?:${v})$`, 'u'));
          } catch {
            /* a pattern JavaScript cannot read is left to libxml2 */
          }
        }
        if (f.localName === 'minLength' || f.localName === 'length') out.minLength = Math.max(out.minLength ?? 0, Number(v));
        if (f.localName === 'maxLength' || f.localName === 'length') out.maxLength = Math.min(out.maxLength ?? Infinity, Number(v));
        const bound = /^\d{4}(-\d{2}-\d{2})?$/.test(v) && v.includes('-') ? v : Number(v);
        if (f.localName === 'minInclusive') out.minInclusive ??= bound;
        if (f.localName === 'maxInclusive') out.maxInclusive ??= bound;
        if (f.localName === 'minExclusive') out.minExclusive ??= bound;
        if (f.localName === 'maxExclusive') out.maxExclusive ??= bound;
      }
      // The most derived type's enumeration is the one that counts: it is met first.
      if (enums.length > 0 && out.enumerations.length === 0) out.enumerations = enums;
      const inline = xsdChildren(r).find((c) => c.localName === 'simpleType');
      visit(r.getAttribute('base'), inline, depth + 1);
    };
    visit(decl.getAttribute('type'), xsdChildren(decl).find((c) => c.localName === 'simpleType' || c.localName === 'complexType'), 0);
    return out;
  }

  /** Whether the element's simple type accepts the text, as far as these checks of its facets tell. */
  accepts(decl: Element, v: string): boolean {
    const f = this.facets(decl);
    if (f.enumerations.length > 0) return f.enumerations.includes(v);
    return this.meets(f, v);
  }

  private meets(f: Facets, v: string): boolean {
    {
      const form = BUILTIN_FORMS[f.builtin];
      if (form && !form.test(v)) return false;
      if (!f.patterns.every((p) => p.test(v))) return false;
      if (f.minLength !== undefined && v.length < f.minLength) return false;
      if (f.maxLength !== undefined && v.length > f.maxLength) return false;
      // Dates and years are bounded by dates, compared as ISO text; amounts by numbers.
      const n: number | string = f.builtin === 'date' || f.builtin === 'gYear' ? v : Number(v);
      if (f.minInclusive !== undefined && !(n >= f.minInclusive)) return false;
      if (f.maxInclusive !== undefined && !(n <= f.maxInclusive)) return false;
      if (f.minExclusive !== undefined && !(n > f.minExclusive)) return false;
      if (f.maxExclusive !== undefined && !(n < f.maxExclusive)) return false;
      return true;
    }
  }

  /** A value the element's simple type accepts, or undefined when none of those tried does. */
  valueOf(decl: Element): string | undefined {
    if (this.values.has(decl)) return this.values.get(decl);
    const f = this.facets(decl);
    const value = f.enumerations.length > 0 ? f.enumerations[0] : TRIED.find((v) => this.meets(f, v));
    this.values.set(decl, value);
    return value;
  }

  /** Edits giving a new element at `path` what the schema requires under it (its value when it holds text). */
  private creating(decl: Element, path: string, depth: number): Edit[] {
    const complex = this.complexOf(decl);
    if (!complex) {
      const value = this.valueOf(decl);
      return value === undefined ? [] : [{ path, value }, ...this.attributes(decl, undefined, path)];
    }
    if (depth > 30) return [];
    const edits = this.required(this.model(complex), undefined, path, depth + 1);
    // An element whose children are all optional is made empty.
    return [...(edits.length > 0 ? edits : [{ path, value: '' }]), ...this.attributes(decl, undefined, path)];
  }

  /** Edits for what a content model requires and the element (undefined: a new one) lacks. */
  private required(particles: Particle[], el: Element | undefined, path: string, depth: number): Edit[] {
    const present = (p: Particle): boolean => (p.kind === 'element' ? !!el && childrenNamed(el, p.name).length > 0 : p.items.some(present));
    const fill = (p: Particle, needed: boolean): Edit[] => {
      if (p.kind === 'element') return needed && p.min >= 1 && !present(p) ? this.creating(p.decl, `${path}/ct:${p.name}`, depth) : [];
      const wanted = needed && (p.min >= 1 || present(p));
      if (!wanted) return [];
      if (p.kind === 'choice') {
        const chosen = p.items.find(present) ?? p.items[0];
        return chosen ? fill(chosen, true) : [];
      }
      return p.items.flatMap((i) => fill(i, true));
    };
    return particles.flatMap((p) => fill(p, true));
  }

  /**
   * Edits, from the root, for everything the schema requires under an element
   * of the return and the return lacks; with `retype`, also text its type
   * refuses replaced by a value it accepts, and text dropped from an element
   * the schema gives only children.
   */
  missingUnder(el: Element, decl: Element, retype: boolean, depth = 0): Edit[] {
    const complex = this.complexOf(decl);
    const text = textOf(el);
    const retyped: Edit[] = [];
    if (retype && !hasElementChildren(el)) {
      if (!complex && !this.accepts(decl, text)) {
        const value = this.valueOf(decl);
        if (value !== undefined) retyped.push({ path: pathOf(el as never), value });
      }
      // Only elements with no children of their own lose their text: setting text replaces what an element holds.
      if (complex && text.trim() !== '') retyped.push({ path: pathOf(el as never), value: '' });
    }
    // Attributes come after any new text: setting an element's text keeps its attributes.
    const attributes = this.attributes(decl, el, pathOf(el as never));
    if (!complex || depth > 40) return [...retyped, ...attributes];
    const particles = this.model(complex);
    const edits = [...retyped, ...attributes, ...this.required(particles, el, pathOf(el as never), depth)];
    const byName = new Map<string, Element>();
    const collect = (ps: Particle[]) => {
      for (const p of ps) {
        if (p.kind === 'element') byName.set(p.name, p.decl);
        else collect(p.items);
      }
    };
    collect(particles);
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const childDecl = byName.get((n as Element).localName!);
      if (childDecl) edits.push(...this.missingUnder(n as Element, childDecl, retype, depth + 1));
    }
    return edits;
  }
}

function textOf(el: Element): string {
  let text = '';
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 || n.nodeType === 4) text += n.nodeValue ?? '';
  return text;
}

function hasElementChildren(el: Element): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) return true;
  return false;
}

function childrenNamed(el: Element, name: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === name) out.push(n as Element);
  return out;
}

let model: SchemaModel | undefined;

/**
 * Edits (paths from the root) that give the return what HMRC's schema
 * requires and it lacks; with `retype`, also a value of its type for text an
 * element's type refuses, and no text where the schema wants only children.
 */
export function schemaRequiredEdits(doc: Document, retype = false): Edit[] {
  model ??= new SchemaModel(new DOMParser().parseFromString(readFileSync(join(ct600HmrcDir, 'CT-2014-v1-994.xsd'), 'utf8'), 'text/xml') as unknown as Document);
  const envelope = doc.getElementsByTagNameNS(CT, 'IRenvelope')[0] as unknown as Element | undefined;
  const root = model.root();
  if (!envelope || !root) return [];
  return model.missingUnder(envelope, root, retype);
}
