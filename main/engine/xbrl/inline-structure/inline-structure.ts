/**
 * Inline XBRL's structural rules on the document's ix elements, beyond the
 * header HMRC's own checks look for: continuation chains (§4), ix:exclude
 * only inside what it can exclude from (§5), ix:nonFraction content (§10),
 * ids unique across the document (§3.4; XML's ID rule, xml.3.3.1:idMustBeUnique), ix:header
 * kept out of view (§8.1.2) with ix:references, ix:resources and ix:hidden
 * as its children (§8), and what Inline XBRL 1.0 does not have (no
 * continuations: they came in 1.1).
 *
 * Codes are the reference processor's (Arelle's) for the same fault, so a
 * user can compare: "ix11.5.1.1:excludeMisplaced",
 * "ix11.10.1.2:nestedNonFractionProperties", …; faults Arelle finds through
 * the Inline XBRL schema carry the schema validator's code (lxml.…).
 */
import type { XmlElementView as Element } from '../../xml-view.js';
import type { StructureProblem } from '../../validation/attachments/structure-problem.js';
import { continuationProblems } from './continuations.js';

export const IX11_NS = 'http://www.xbrl.org/2013/inlineXBRL';
export const IX10_NS = 'http://www.xbrl.org/2008/inlineXBRL';
const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
const LINK_NS = 'http://www.xbrl.org/2003/linkbase';

/** Each version's elements: anything else in its namespace is outside its schema. */
const IX10_ELEMENTS = new Set(['denominator', 'exclude', 'footnote', 'fraction', 'header', 'hidden', 'nonFraction', 'nonNumeric', 'numerator', 'references', 'resources', 'tuple']);
const IX11_ELEMENTS = new Set([...IX10_ELEMENTS, 'continuation', 'relationship']);
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** Arelle's section per element and version (the "validation" sections; constraint sections where the rule is one). */
const SECTION_11: Record<string, string> = { exclude: 'ix11.5.1', footnote: 'ix11.6.1', header: 'ix11.8.1', hidden: 'ix11.9.1', nonFraction: 'ix11.10.1', nonNumeric: 'ix11.11.1', references: 'ix11.12.1', resources: 'ix11.14.1', continuation: 'ix11.4.1', fraction: 'ix11.7.1', tuple: 'ix11.15.1', relationship: 'ix11.13.1' };
const SECTION_10: Record<string, string> = { footnote: 'ix10.5.1', fraction: 'ix10.6.1', header: 'ix10.7.1', hidden: 'ix10.8.1', nonFraction: 'ix10.9.1', nonNumeric: 'ix10.10.1', references: 'ix10.11.1', resources: 'ix10.12.1', tuple: 'ix10.13.1' };

const isIx = (el: Element) => el.namespaceURI === IX11_NS || el.namespaceURI === IX10_NS;
const parentOf = (el: Element) => (el.parentNode && el.parentNode.nodeType === 1 ? (el.parentNode as Element) : null);

function ancestors(el: Element): Element[] {
  const out: Element[] = [];
  for (let p = parentOf(el); p; p = parentOf(p)) out.push(p);
  return out;
}

const isNil = (el: Element) => el.getAttributeNS(XSI_NS, 'nil') === 'true';
const factLabel = (el: Element) => `ix:${el.localName} ${el.getAttribute('name') ?? ''}${el.getAttribute('id') ? ` (id "${el.getAttribute('id')}")` : ''}`.trim();

/**
 * What the rules ask of the document beyond its ix elements and their ix
 * ancestors: a tree answers it by walking (treeShape); the tree-free fact
 * reader (xbrl/fact-stream/) answers it from what it noted while scanning.
 */
export interface DocumentShape {
  /** The element's parent as written, or null for the root. */
  parentOf(el: Element): Element | null;
  /** An ix:nonFraction's own content: its element children, and whether (and how much) text stands directly in it. */
  nonFractionContent(el: Element): { elements: Element[]; text: boolean; textLength: number };
  /** The div elements around an element (any namespace), innermost first. */
  divsAround(el: Element): Element[];
  /** The text of each <style> element (XHTML or no namespace), in document order. */
  styleTexts(): string[];
  /** The first element in document order with this id. */
  elementById(id: string): Element | undefined;
}

/** The shape of a whole tree, given all its elements in document order. */
export function treeShape(all: Element[]): DocumentShape {
  let byId: Map<string, Element> | undefined;
  return {
    parentOf,
    nonFractionContent(el) {
      const elements: Element[] = [];
      let text = false;
      let textLength = 0;
      for (let n = el.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 1) elements.push(n as Element);
        else if (n.nodeType === 3 || n.nodeType === 4) {
          text = true;
          textLength += (n.nodeValue ?? '').length;
        }
      }
      return { elements, text, textLength };
    },
    divsAround: (el) => ancestors(el).filter((a) => a.localName === 'div'),
    styleTexts: () => all.filter((e) => e.localName === 'style' && (e.namespaceURI === XHTML_NS || e.namespaceURI === null)).map((e) => e.textContent ?? ''),
    // Built only when a continuedAt misses (to say what it names instead): most documents never need it.
    elementById(id) {
      if (!byId) {
        byId = new Map();
        for (const el of all) {
          const key = el.getAttribute('id');
          if (key && !byId.has(key)) byId.set(key, el);
        }
      }
      return byId.get(id);
    },
  };
}

/** CSS class names whose rule in the document's <style> elements sets display:none. */
function hiddenClasses(shape: DocumentShape): Set<string> {
  const out = new Set<string>();
  for (const style of shape.styleTexts()) {
    for (const rule of style.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      if (!/display\s*:\s*none/i.test(rule[2]!)) continue;
      for (const selector of rule[1]!.split(',')) {
        const m = /^\s*(?:[a-z]+)?\.([\w-]+)\s*$/i.exec(selector);
        if (m) out.add(m[1]!);
      }
    }
  }
  return out;
}

/** Whether no div around the header hides it, by its style or (read only then) a class the document's style rules hide. */
function headerShown(header: Element, divs: Element[], classes: () => Set<string>): boolean {
  if (divs.some((a) => /display\s*:\s*none/i.test(a.getAttribute('style') ?? ''))) return false;
  return !divs.some((a) => (a.getAttribute('class') ?? '').split(/\s+/).some((c) => classes().has(c)));
}

const nonFractionSpec = (section: string) => (section.startsWith('ix10') ? 'Inline XBRL 1.0 §9.1' : 'Inline XBRL 1.1 §10.1');

/** Adds an ix:nonFraction's problems to `out` (most have none: nothing is made for them). */
function nonFractionProblems(el: Element, sectionOf: (el: Element) => string, shape: DocumentShape, out: StructureProblem[]): void {
  if (isNil(el)) {
    const outer = ancestors(el).find((a) => a.namespaceURI === el.namespaceURI && a.localName === 'nonFraction');
    const section = sectionOf(el);
    if (outer) out.push({ code: `${section}.2:nestedNonFractionIsNil`, spec: `${nonFractionSpec(section)}.2`, message: `${factLabel(el)} is nil but nested inside ${factLabel(outer)}` });
    return;
  }
  const { elements, text, textLength } = shape.nonFractionContent(el);
  if (elements.length === 0) {
    if (textLength === 0) out.push({ code: `${sectionOf(el)}.1:nonFraction`, spec: `${nonFractionSpec(sectionOf(el))}.1`, message: `${factLabel(el)} is empty; a number that is not nil must have its text` });
    return;
  }
  const section = sectionOf(el);
  if (text) out.push({ code: `${section}.1:nonFractionChildren`, spec: `${nonFractionSpec(section)}.1`, message: `${factLabel(el)} holds both text and elements; an ix:nonFraction holds either its number as text or one ix:nonFraction` });
  const nested = elements.filter((c) => c.namespaceURI === el.namespaceURI && c.localName === 'nonFraction');
  if (elements.length !== 1 || nested.length !== 1) {
    out.push({ code: `${section}.2:nonFractionChildren`, spec: `${nonFractionSpec(section)}.2`, message: `${factLabel(el)} holds ${elements.map((c) => `<${c.tagName}>`).join(', ')}; its only element may be one ix:nonFraction` });
  }
  for (const inner of nested) {
    const differs = ['format', 'scale', 'unitRef'].filter((a) => (inner.getAttribute(a) ?? '').trim() !== (el.getAttribute(a) ?? '').trim());
    if (differs.length) out.push({ code: `${section}.2:nestedNonFractionProperties`, spec: `${nonFractionSpec(section)}.2`, message: `${factLabel(inner)} is nested inside ${factLabel(el)} with a different ${differs.join(', ')}; nested numbers must share format, scale and unitRef` });
  }
}

/**
 * The structural problems of an Inline XBRL document, given its ix elements
 * in document order (each one's parentNode its nearest ancestor among them
 * or, inside ix:resources, its real parent) and its shape.
 */
export function inlineStructureProblems(ix: Element[], shape: DocumentShape): StructureProblem[] {
  const out: StructureProblem[] = [];
  const ix10 = ix.some((e) => e.namespaceURI === IX10_NS) && !ix.some((e) => e.namespaceURI === IX11_NS);
  const sectionOf = (el: Element) => (el.namespaceURI === IX10_NS ? SECTION_10 : SECTION_11)[el.localName ?? ''] ?? (el.namespaceURI === IX10_NS ? 'ix10' : 'ix11');

  // Inline XBRL 1.0 has no continuations: the element and the attribute are outside its schema.
  if (ix10) {
    for (const el of ix) {
      if (el.localName === 'continuation') {
        out.push({ code: 'lxml.SCHEMAV_ELEMENT_CONTENT', spec: 'Inline XBRL 1.0 (ix:continuation is Inline XBRL 1.1 §4)', message: `ix:continuation${el.getAttribute('id') ? ` "${el.getAttribute('id')}"` : ''} is in an Inline XBRL 1.0 document (${IX10_NS}), which has no continuations; write the document as Inline XBRL 1.1 (${IX11_NS}) to continue text` });
        continue;
      }
      // Attributes Inline XBRL 1.1 added: continuedAt (§4), target (§3.5).
      for (const attribute of ['continuedAt', 'target']) {
        if (el.hasAttribute(attribute)) out.push({ code: 'lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_1', spec: `Inline XBRL 1.0 (${attribute} is Inline XBRL 1.1's)`, message: `${factLabel(el)} has ${attribute}, which Inline XBRL 1.0 does not allow` });
      }
    }
  } else {
    const starts = ix.filter((e) => e.localName === 'nonNumeric' || e.localName === 'footnote');
    const continuations = ix.filter((e) => e.localName === 'continuation');
    const inHidden = (el: Element) => ancestors(el).some((a) => isIx(a) && a.localName === 'hidden');
    out.push(...continuationProblems(starts, continuations, (id) => shape.elementById(id), inHidden));
    out.push(...targetProblems(ix));
  }

  // Indexed loops over every ix element: they run once per read over some 70,000 elements, and for…of's results were garbage enough to cost scavenges.
  for (let i = 0; i < ix.length; i++) {
    const el = ix[i]!;
    const name = el.localName ?? '';
    const vocabulary = el.namespaceURI === IX10_NS ? IX10_ELEMENTS : IX11_ELEMENTS;
    // (A continuation in a 1.0 document is said above, in words of its own.)
    if (!vocabulary.has(name) && !(ix10 && name === 'continuation')) {
      out.push({ code: 'lxml.SCHEMAV_ELEMENT_CONTENT', spec: el.namespaceURI === IX10_NS ? 'Inline XBRL 1.0 §4 (elements)' : 'Inline XBRL 1.1 §4–15 (elements)', message: `<${el.tagName}> is no Inline XBRL ${el.namespaceURI === IX10_NS ? '1.0' : '1.1'} element` });
      continue;
    }
    if (name === 'resources') {
      for (let n = el.firstChild; n; n = n.nextSibling) {
        if (n.nodeType !== 1) continue;
        const child = n as Element;
        const allowed = (child.namespaceURI === XBRLI_NS && (child.localName === 'context' || child.localName === 'unit')) || (child.namespaceURI === LINK_NS && (child.localName === 'roleRef' || child.localName === 'arcroleRef'));
        if (!allowed) out.push({ code: 'lxml.SCHEMAV_ELEMENT_CONTENT', spec: `${ix10 ? 'Inline XBRL 1.0 §4.9' : 'Inline XBRL 1.1 §14.1'}.1`, message: `<${child.tagName}> is inside ix:resources, which holds only contexts, units and role references` });
      }
    }
    if (name === 'exclude') {
      const within = ancestors(el).some((a) => isIx(a) && (a.localName === 'continuation' || a.localName === 'footnote' || a.localName === 'nonNumeric'));
      if (!within) out.push({ code: `${ix10 ? 'ix10' : 'ix11.5.1.1'}:excludeMisplaced`, spec: ix10 ? 'Inline XBRL 1.0 §4' : 'Inline XBRL 1.1 §5.1.1', message: 'ix:exclude is outside any ix:nonNumeric, ix:footnote or ix:continuation, so it excludes nothing from any fact' });
    } else if (name === 'nonFraction') {
      nonFractionProblems(el, sectionOf, shape, out);
    } else if (name === 'references' || name === 'resources' || name === 'hidden') {
      const parent = shape.parentOf(el);
      if (!parent || !isIx(parent) || parent.localName !== 'header') {
        out.push({ code: 'lxml.SCHEMAV_ELEMENT_CONTENT', spec: `${ix10 ? 'Inline XBRL 1.0 §7.1' : 'Inline XBRL 1.1 §8.1'}.1`, message: `ix:${name} is inside <${parent?.tagName ?? 'nothing'}>; it must be a child of ix:header` });
      }
    }
  }

  let classes: Set<string> | undefined;
  const hidingClasses = () => (classes ??= hiddenClasses(shape));
  for (const header of ix.filter((e) => e.localName === 'header')) {
    if (headerShown(header, shape.divsAround(header), hidingClasses)) {
      out.push({ code: `${sectionOf(header)}.2:headerDisplayNone`, spec: `${ix10 ? 'Inline XBRL 1.0 §7.1' : 'Inline XBRL 1.1 §8.1'}.2`, category: 'warning', message: 'ix:header is not inside a <div> with display:none, so a browser may show the contexts and hidden facts as text' });
    }
  }

  // Ids are unique across the document's ix elements, contexts and units (XML's ID rule: the reference processor reports xml.3.3.1:idMustBeUnique).
  const seen = new Map<string, Element[]>();
  const resourceChildren = ix.filter((e) => e.localName === 'resources').flatMap((r) => {
    const kids: Element[] = [];
    for (let n = r.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).namespaceURI === XBRLI_NS) kids.push(n as Element);
    return kids;
  });
  const note = (el: Element) => {
    const id = el.getAttribute('id');
    if (!id) return;
    const list = seen.get(id);
    if (list) list.push(el);
    else seen.set(id, [el]);
  };
  for (let i = 0; i < ix.length; i++) note(ix[i]!);
  for (const el of resourceChildren) note(el);
  for (const [id, els] of seen) {
    if (els.length < 2) continue;
    out.push({ code: 'xml.3.3.1:idMustBeUnique', spec: ix10 ? 'Inline XBRL 1.0 §3.2; XML 1.0 §3.3.1 (ID)' : 'Inline XBRL 1.1 §3.4; XML 1.0 §3.3.1 (ID)', message: `the id "${id}" is used by ${els.length} elements (${[...new Set(els.map((e) => e.tagName))].join(', ')}); an id must name one element` });
  }
  return out;
}

const TARGETED = new Set(['nonFraction', 'nonNumeric', 'fraction', 'tuple', 'footnote']);

/**
 * Inline XBRL 1.1 §3.5, §12.1.2: the facts of each target document take
 * their taxonomy from the ix:references of the same target, so a fact
 * whose target no ix:references has belongs to a target document with no
 * schemaRef. A document with no ix:references at all is the header checks'
 * finding (xbrl.ixbrl.ReferencesAbsent), not said again here.
 */
function targetProblems(ix: Element[]): StructureProblem[] {
  const references = new Set(ix.filter((e) => e.localName === 'references').map((e) => e.getAttribute('target') ?? ''));
  if (references.size === 0) return [];
  const unmatched = new Map<string, Element[]>();
  for (let i = 0; i < ix.length; i++) {
    const el = ix[i]!;
    if (!TARGETED.has(el.localName ?? '')) continue;
    const target = el.getAttribute('target') ?? '';
    if (references.has(target)) continue;
    const list = unmatched.get(target);
    if (list) list.push(el);
    else unmatched.set(target, [el]);
  }
  return [...unmatched].map(([target, els]) => ({
    code: 'ix11.12.1.2:missingReferenceTargets',
    spec: 'Inline XBRL 1.1 §12.1.2',
    message: `${els.length === 1 ? factLabel(els[0]!) : `${els.length} facts (${factLabel(els[0]!)}, …)`} ${els.length === 1 ? 'is' : 'are'} for ${target ? `the target document "${target}"` : 'the default target document'}, which no ix:references names, so ${els.length === 1 ? 'it has' : 'they have'} no taxonomy`,
  }));
}
