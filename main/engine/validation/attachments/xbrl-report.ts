/**
 * The facts of one attached document, read the way HMRC's checks read them:
 * an Inline XBRL 1.1 document (what a return carries) or a plain XBRL 2.1
 * instance (what the joint filing conformance suite is written in). Both
 * become the same model — schema references, contexts, units and facts —
 * so every check after this runs on either.
 *
 * No taxonomy is loaded: HMRC's joint filing checks look at facts' names,
 * contexts and values, and the accepted taxonomies are known by their entry
 * point URLs (accepted-taxonomies.json).
 */
import { readXmlElements } from '../../ct600/xml-dom.js';
import type { XmlElementView as Element } from '../../xml-view.js';
import { readFactValue } from './ixt-formats.js';
import { inlineStructureProblems } from '../../xbrl/inline-structure/inline-structure.js';
import { xhtmlProblems } from './xhtml-rules.js';
import { readContextDimensions, type ContextDimensions } from '../../xbrl/dimensions/context-dimensions.js';
import type { StructureProblem } from './structure-problem.js';
import { writtenContext, writtenFact, writtenUnit, type WrittenFact, type WrittenResources } from '../../xbrl/values/written.js';

export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
export const IX_NS = 'http://www.xbrl.org/2013/inlineXBRL';
/** Inline XBRL 1.0, which accounts software still writes and HMRC still reads. */
export const IX10_NS = 'http://www.xbrl.org/2008/inlineXBRL';
const isIx = (ns: string | null) => ns === IX_NS || ns === IX10_NS;
export const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
export const LINK_NS = 'http://www.xbrl.org/2003/linkbase';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XBRLDI_NS = 'http://xbrl.org/2006/xbrldi';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export interface XbrlContext {
  id: string;
  scheme: string;
  identifier: string;
  /** Instant contexts have only `end` (the instant); forever contexts neither. */
  start?: string;
  end?: string;
  instant: boolean;
  /** Explicit members: dimension local name → member local name. */
  dims: Map<string, string>;
  /** Explicit members with their namespaces, "{namespace}localName", as the taxonomy checks compare them. */
  explicitMembers: { dimension: string; member: string }[];
  hasScenario: boolean;
  /** Its explicit and typed members by container, and other segment/scenario content, as the XBRL Dimensions checks read them. */
  dimensions?: ContextDimensions;
}

export interface XbrlFact {
  /** The fact's id attribute, when it has one (what a finding names it by). */
  id?: string;
  /** ix:nonFraction, ix:nonNumeric or ix:fraction; in an XBRL instance, nonFraction for a fact with a unit. */
  element?: 'nonFraction' | 'nonNumeric' | 'fraction';
  namespace: string;
  localName: string;
  contextRef: string;
  unitRef?: string;
  /** The fact's value after Inline XBRL transformation (numbers as plain decimals). */
  value: string;
  nil: boolean;
  numeric: boolean;
  decimals?: string;
  precision?: string;
  lang?: string;
  /** Its attributes and text as written, for the rules on them (xbrl/values/report-integrity.ts). */
  written?: WrittenFact;
  /** False when the value could not be read under its format (an unknown or failed transform). */
  readable: boolean;
  /** The format attribute as written ("ixt:num-dot-decimal"), when the fact has one. */
  format?: string;
  /** Why the value could not be read, in words (what the window shows instead of a figure). */
  unreadableReason?: string;
}

export type { StructureProblem } from './structure-problem.js';

export interface XbrlReport {
  inline: boolean;
  schemaRefs: string[];
  contexts: Map<string, XbrlContext>;
  units: Set<string>;
  /** Each unit's measures, "{namespace}localName" (numerator and denominator together for a divide). */
  unitMeasures: Map<string, string[]>;
  facts: XbrlFact[];
  /** Contexts and units as written, a duplicated id's included (the model above keeps the first). */
  written?: WrittenResources;
  /** Namespace URIs declared anywhere on the document (what identifies the taxonomy family). */
  namespaces: Set<string>;
  /** What stops the document from being Inline XBRL as HMRC reads it. */
  problems: StructureProblem[];
}

export type ReadReport = { ok: true; report: XbrlReport } | { ok: false; problem: StructureProblem };

function elements(root: Element): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    out.push(el);
    for (let n = el.lastChild; n; n = n.previousSibling) if (n.nodeType === 1) stack.push(n as Element);
  }
  return out;
}

function children(el: Element, ns: string, name?: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (name === undefined || (n as Element).localName === name)) out.push(n as Element);
  }
  return out;
}

function textOf(el: Element): string {
  return el.textContent ?? '';
}

/** Text of an Inline XBRL fact: its descendants' text, without ix:exclude, following ix:continuation. */
function inlineText(el: Element, continuations: Map<string, Element>, seen = new Set<string>()): string {
  let out = '';
  const walk = (node: Element) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
      else if (n.nodeType === 1) {
        const child = n as Element;
        if (isIx(child.namespaceURI) && child.localName === 'exclude') continue;
        walk(child);
      }
    }
  };
  walk(el);
  const next = el.getAttribute('continuedAt');
  // A chain that loops back is a fault of the document; it is read once.
  if (next && !seen.has(next)) {
    seen.add(next);
    const cont = continuations.get(next);
    if (cont) out += inlineText(cont, continuations, seen);
  }
  return out;
}

function qnameOf(el: Element, qname: string): { namespace: string; localName: string } {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? null : qname.slice(0, colon);
  const localName = colon < 0 ? qname : qname.slice(colon + 1);
  return { namespace: el.lookupNamespaceURI(prefix) ?? '', localName };
}

const localOf = (qname: string) => qname.slice(qname.indexOf(':') + 1).trim();

function readContext(el: Element): XbrlContext {
  const entity = children(el, XBRLI_NS, 'entity')[0];
  const identifier = entity ? children(entity, XBRLI_NS, 'identifier')[0] : undefined;
  const period = children(el, XBRLI_NS, 'period')[0];
  const dims = new Map<string, string>();
  const explicitMembers: XbrlContext['explicitMembers'] = [];
  const segments = entity ? children(entity, XBRLI_NS, 'segment') : [];
  const scenarios = children(el, XBRLI_NS, 'scenario');
  for (const holder of [...segments, ...scenarios]) {
    for (const m of children(holder, XBRLDI_NS, 'explicitMember')) {
      dims.set(localOf(m.getAttribute('dimension') ?? ''), localOf(textOf(m)));
      const dimension = qnameOf(m, (m.getAttribute('dimension') ?? '').trim());
      const member = qnameOf(m, textOf(m).trim());
      explicitMembers.push({ dimension: `{${dimension.namespace}}${dimension.localName}`, member: `{${member.namespace}}${member.localName}` });
    }
    // Typed members (an analysis number, say) tell contexts apart as much as explicit ones do.
    for (const m of children(holder, XBRLDI_NS, 'typedMember')) dims.set(localOf(m.getAttribute('dimension') ?? ''), `typed:${textOf(m).replace(/\s+/g, ' ').trim()}`);
  }
  const date = (name: string) => {
    const d = period ? children(period, XBRLI_NS, name)[0] : undefined;
    return d ? textOf(d).trim().slice(0, 10) : undefined;
  };
  const instant = date('instant');
  return {
    id: el.getAttribute('id') ?? '',
    scheme: identifier?.getAttribute('scheme')?.trim() ?? '',
    identifier: identifier ? textOf(identifier).trim() : '',
    start: instant ? undefined : date('startDate'),
    end: instant ?? date('endDate'),
    instant: instant !== undefined,
    dims,
    explicitMembers,
    hasScenario: scenarios.length > 0,
    dimensions: readContextDimensions([...segments.map((element) => ({ element, container: 'segment' as const })), ...scenarios.map((element) => ({ element, container: 'scenario' as const }))]),
  };
}

function declaredNamespaces(all: Element[]): Set<string> {
  const out = new Set<string>();
  for (const el of all) {
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i)!;
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) out.add(a.value);
    }
  }
  return out;
}

function langOf(el: Element): string | undefined {
  for (let n: Element | null = el; n && n.nodeType === 1; n = n.parentNode as Element | null) {
    const lang = n.getAttributeNS?.(XML_NS, 'lang') || n.getAttribute('xml:lang');
    if (lang) return lang;
  }
  return undefined;
}

/** A plain number as written in a fact after scale and sign: "-1234.5". */
function scaled(value: string, scale: string | null, negative: boolean): string {
  let [int = '0', frac = ''] = value.split('.');
  const s = Number(scale ?? '0');
  if (Number.isInteger(s) && s !== 0) {
    if (s > 0) {
      frac = frac.padEnd(s, '0');
      int += frac.slice(0, s);
      frac = frac.slice(s);
    } else {
      int = int.padStart(-s + 1, '0');
      frac = int.slice(int.length + s) + frac;
      int = int.slice(0, int.length + s);
    }
  }
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

function readInline(all: Element[], problems: StructureProblem[]): Omit<XbrlReport, 'namespaces' | 'problems' | 'inline'> {
  const ix = all.filter((e) => isIx(e.namespaceURI));
  const headers = ix.filter((e) => e.localName === 'header');
  if (headers.length === 0) problems.push({ code: 'xbrl.ixbrl.HeaderAbsent', message: 'there is no ix:header element, so HMRC cannot find the document’s references, contexts or units' });
  const references = headers.flatMap((h) => [...children(h, IX_NS, 'references'), ...children(h, IX10_NS, 'references')]);
  const resources = headers.flatMap((h) => [...children(h, IX_NS, 'resources'), ...children(h, IX10_NS, 'resources')]);
  if (headers.length > 0 && references.length === 0) problems.push({ code: 'xbrl.ixbrl.ReferencesAbsent', message: 'ix:header has no ix:references, so the document names no taxonomy (link:schemaRef)' });
  if (headers.length > 0 && resources.length === 0) problems.push({ code: 'xbrl.ixbrl.ResourcesAbsent', message: 'ix:header has no ix:resources, so the document has no contexts or units for its facts' });
  const schemaRefs = references.flatMap((r) => children(r, LINK_NS, 'schemaRef')).map((s) => (s.getAttributeNS(XLINK_NS, 'href') ?? s.getAttribute('xlink:href') ?? '').trim());
  if (references.length > 0 && schemaRefs.length === 0) problems.push({ code: 'xbrl.ixbrl.SchemaRefAbsent', message: 'ix:references holds no link:schemaRef naming the taxonomy the facts come from' });
  const contexts = new Map<string, XbrlContext>();
  const units = new Set<string>();
  const unitMeasures = new Map<string, string[]>();
  const written: WrittenResources = { contexts: [], units: [] };
  for (const r of resources) {
    for (const c of children(r, XBRLI_NS, 'context')) {
      written.contexts.push(writtenContext(c));
      // The first of a duplicated id stands; the duplicate is one finding of its own (report-integrity.ts).
      if (!contexts.has(c.getAttribute('id') ?? '')) contexts.set(c.getAttribute('id') ?? '', readContext(c));
    }
    for (const u of children(r, XBRLI_NS, 'unit')) {
      written.units.push(writtenUnit(u));
      units.add(u.getAttribute('id') ?? '');
      unitMeasures.set(u.getAttribute('id') ?? '', measuresOf(u));
    }
  }
  const continuations = new Map<string, Element>();
  for (const c of ix.filter((e) => e.localName === 'continuation')) continuations.set(c.getAttribute('id') ?? '', c);
  problems.push(...inlineStructureProblems(all));
  const facts: XbrlFact[] = [];
  for (const el of ix) {
    const kind = el.localName;
    if (kind !== 'nonFraction' && kind !== 'nonNumeric' && kind !== 'fraction') continue;
    const { namespace, localName } = qnameOf(el, el.getAttribute('name') ?? '');
    const nil = el.getAttributeNS(XSI_NS, 'nil') === 'true' || el.getAttribute('xsi:nil') === 'true';
    const format = el.getAttribute('format');
    const raw = kind === 'nonNumeric' ? inlineText(el, continuations) : textOf(el);
    const numeric = kind !== 'nonNumeric';
    let value = raw;
    let readable = true;
    let unreadableReason: string | undefined;
    if (!nil) {
      const reading = readFactValue(format, raw, kind, el.namespaceURI === IX10_NS ? '1.0' : '1.1', (prefix) => el.lookupNamespaceURI(prefix));
      ({ readable, value } = reading);
      unreadableReason = reading.reason;
      if (reading.fault) problems.push({ code: reading.fault.code, spec: reading.fault.spec, category: reading.fault.category, message: `${el.getAttribute('name') ?? 'a fact'}${el.getAttribute('id') ? ` (id "${el.getAttribute('id')}")` : ''}: ${reading.fault.reason}` });
      if (numeric && readable && kind === 'nonFraction') value = scaled(value, el.getAttribute('scale'), el.getAttribute('sign') === '-');
    }
    facts.push({
      ...(el.getAttribute('id') ? { id: el.getAttribute('id')! } : {}),
      element: kind,
      namespace,
      localName,
      contextRef: el.getAttribute('contextRef') ?? '',
      unitRef: el.getAttribute('unitRef') ?? undefined,
      value: nil ? '' : value,
      nil,
      numeric,
      decimals: el.getAttribute('decimals') ?? undefined,
      precision: el.getAttribute('precision') ?? undefined,
      lang: langOf(el),
      readable,
      written: writtenFact(el, kind),
      ...(format ? { format } : {}),
      ...(unreadableReason ? { unreadableReason } : {}),
    });
  }
  return { schemaRefs, contexts, units, unitMeasures, facts, written };
}

/** A unit's measures as "{namespace}localName": its own, or a divide's numerator and denominator. */
function measuresOf(unit: Element): string[] {
  const out: string[] = [];
  const walk = (el: Element) => {
    for (const m of children(el, XBRLI_NS, 'measure')) {
      const q = qnameOf(m, textOf(m).trim());
      out.push(`{${q.namespace}}${q.localName}`);
    }
    for (const d of children(el, XBRLI_NS, 'divide')) for (const part of [...children(d, XBRLI_NS, 'unitNumerator'), ...children(d, XBRLI_NS, 'unitDenominator')]) walk(part);
  };
  walk(unit);
  return out;
}

const NOT_FACTS = new Set([XBRLI_NS, LINK_NS, XLINK_NS]);

function readInstance(root: Element): Omit<XbrlReport, 'namespaces' | 'problems' | 'inline'> {
  const schemaRefs = children(root, LINK_NS, 'schemaRef').map((s) => (s.getAttributeNS(XLINK_NS, 'href') ?? '').trim());
  const contexts = new Map<string, XbrlContext>();
  const written: WrittenResources = { contexts: children(root, XBRLI_NS, 'context').map(writtenContext), units: children(root, XBRLI_NS, 'unit').map(writtenUnit) };
  for (const c of children(root, XBRLI_NS, 'context')) if (!contexts.has(c.getAttribute('id') ?? '')) contexts.set(c.getAttribute('id') ?? '', readContext(c));
  const units = new Set(children(root, XBRLI_NS, 'unit').map((u) => u.getAttribute('id') ?? ''));
  const unitMeasures = new Map(children(root, XBRLI_NS, 'unit').map((u) => [u.getAttribute('id') ?? '', measuresOf(u)]));
  const facts: XbrlFact[] = [];
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (NOT_FACTS.has(el.namespaceURI ?? '') || !el.hasAttribute('contextRef')) continue;
    const unitRef = el.getAttribute('unitRef') ?? undefined;
    facts.push({
      ...(el.getAttribute('id') ? { id: el.getAttribute('id')! } : {}),
      element: unitRef !== undefined ? 'nonFraction' : 'nonNumeric',
      namespace: el.namespaceURI ?? '',
      localName: el.localName ?? '',
      contextRef: el.getAttribute('contextRef') ?? '',
      unitRef,
      value: textOf(el).trim(),
      nil: el.getAttributeNS(XSI_NS, 'nil') === 'true',
      numeric: unitRef !== undefined,
      decimals: el.getAttribute('decimals') ?? undefined,
      precision: el.getAttribute('precision') ?? undefined,
      lang: langOf(el),
      readable: true,
      written: writtenFact(el, unitRef !== undefined ? 'nonFraction' : 'nonNumeric'),
    });
  }
  return { schemaRefs, contexts, units, unitMeasures, facts, written };
}

/** A DOCTYPE naming html (no internal subset) is harmless in XHTML; anything more is refused by the XML reader. */
const HTML_DOCTYPE = /<!DOCTYPE\s+html\b[^[>]*>/i;

/** Reads a document's text as HMRC does: well-formed XML, then Inline XBRL or an XBRL instance. */
export function readXbrlReport(text: string): ReadReport {
  const blanked = text.replace(HTML_DOCTYPE, (d) => ' '.repeat(d.length));
  const read = readXmlElements(blanked);
  if (!read.ok) {
    const message = read.code === 'doctype' ? 'the file declares a DOCTYPE with entities or an internal subset, which HMRC’s XHTML rules do not allow' : read.message;
    return { ok: false, problem: { code: 'HMRC.SG.3.2', message } };
  }
  const root = read.root;
  const all = elements(root);
  const problems: StructureProblem[] = [];
  const namespaces = declaredNamespaces(all);
  if (root.namespaceURI === XBRLI_NS && root.localName === 'xbrl') {
    return { ok: true, report: { inline: false, namespaces, problems, ...readInstance(root) } };
  }
  if (root.namespaceURI !== XHTML_NS || root.localName !== 'html') {
    problems.push({ code: 'HMRC.SG.3.3', message: `the root element is <${root.tagName}>; an Inline XBRL document must be an XHTML <html> element in the namespace ${XHTML_NS}` });
  }
  problems.push(...xhtmlProblems(all));
  return { ok: true, report: { inline: true, namespaces, problems, ...readInline(all, problems) } };
}
