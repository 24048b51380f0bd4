/**
 * What both readers of a report share (the tree route, xbrl-report-tree.ts,
 * and the tree-free one, xbrl/fact-stream/): the namespaces, and the Inline
 * XBRL model built from the ix elements and the contexts and units, so the
 * two give the same facts, contexts, units and problems in the same order.
 */
import type { XmlElementView as Element } from '../../xml-view.js';
import { readFactValue } from './ixt-formats.js';
import { inlineStructureProblems, type DocumentShape } from '../../xbrl/inline-structure/inline-structure.js';
import { readContextDimensions } from '../../xbrl/dimensions/context-dimensions.js';
import type { StructureProblem } from './structure-problem.js';
import { writtenContext, writtenFact, writtenUnit, type WrittenResources } from '../../xbrl/values/written.js';
import type { XbrlContext, XbrlFact, XbrlReport } from './xbrl-report-types.js';

export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
export const IX_NS = 'http://www.xbrl.org/2013/inlineXBRL';
/** Inline XBRL 1.0, which accounts software still writes and HMRC still reads. */
export const IX10_NS = 'http://www.xbrl.org/2008/inlineXBRL';
export const isIx = (ns: string | null) => ns === IX_NS || ns === IX10_NS;
export const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
export const LINK_NS = 'http://www.xbrl.org/2003/linkbase';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XBRLDI_NS = 'http://xbrl.org/2006/xbrldi';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export function children(el: Element, ns: string, name?: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (name === undefined || (n as Element).localName === name)) out.push(n as Element);
  }
  return out;
}

export function textOf(el: Element): string {
  return el.textContent ?? '';
}

/** A QName's prefix (null when it has none) and local name, as written. */
export function splitQName(qname: string): { prefix: string | null; localName: string } {
  const colon = qname.indexOf(':');
  return { prefix: colon < 0 ? null : qname.slice(0, colon), localName: colon < 0 ? qname : qname.slice(colon + 1) };
}

export function qnameOf(el: Element, qname: string): { namespace: string; localName: string } {
  const { prefix, localName } = splitQName(qname);
  return { namespace: el.lookupNamespaceURI(prefix) ?? '', localName };
}

const localOf = (qname: string) => qname.slice(qname.indexOf(':') + 1).trim();

export function readContext(el: Element): XbrlContext {
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

const PLAIN_WHOLE = /^(?:0|[1-9]\d*)$/;

/** A plain number as written in a fact after scale and sign: "-1234.5". */
function scaled(value: string, scale: string | null, negative: boolean): string {
  // Most figures are whole numbers written plainly with no scale: nothing to move.
  if (scale === null && !negative && PLAIN_WHOLE.test(value)) return value;
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

/**
 * How a reader answers what the Inline XBRL model needs beyond the elements
 * themselves: a tree walks for it (xbrl-report-tree.ts), the tree-free
 * reader noted it while scanning (xbrl/fact-stream/).
 */
export interface InlineReading {
  /** A fact's text: a nonNumeric's without ix:exclude and following its continuations (`continuations` by id), any other's whole text. */
  factText(el: Element, kind: 'nonFraction' | 'nonNumeric' | 'fraction', continuations: Map<string, Element>): string;
  /** The xml:lang in force on the element. */
  lang(el: Element): string | undefined;
  shape: DocumentShape;
}

/**
 * The report model of an Inline XBRL document, given its ix elements in
 * document order (a reader lists them as it meets them: a 10 MB report's
 * 70,000 are one array, not copied from a longer one), its problems so far
 * (added to) and how the reader answers the rest.
 */
export function readInline(ix: Element[], problems: StructureProblem[], reading: InlineReading): Omit<XbrlReport, 'namespaces' | 'problems' | 'inline'> {
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
  problems.push(...inlineStructureProblems(ix, reading.shape));
  const facts: XbrlFact[] = [];
  // One lookup for every fact's format (its prefix in the fact's scope), not a closure made per fact.
  let current: Element | undefined;
  // A report's thousands of facts name the same few hundred concepts: each name is split once (its prefix still looked up per fact, as qnameOf does).
  const names = new Map<string, { prefix: string | null; localName: string }>();
  const splitName = (qname: string) => {
    let parts = names.get(qname);
    if (parts === undefined) names.set(qname, (parts = splitQName(qname)));
    return parts;
  };
  const lookupNamespace = (prefix: string | null) => current!.lookupNamespaceURI(prefix);
  // Indexed, not for…of: the loop runs once per read over some 70,000 elements, and the iterator's results were garbage enough to cost scavenges.
  for (let i = 0; i < ix.length; i++) {
    const el = ix[i]!;
    const kind = el.localName;
    if (kind !== 'nonFraction' && kind !== 'nonNumeric' && kind !== 'fraction') continue;
    current = el;
    // Each attribute read once: a 10 MB report has some 70,000 facts.
    const name = el.getAttribute('name');
    const id = el.getAttribute('id');
    const { prefix, localName } = splitName(name ?? '');
    const namespace = el.lookupNamespaceURI(prefix) ?? '';
    const nil = el.getAttributeNS(XSI_NS, 'nil') === 'true' || el.getAttribute('xsi:nil') === 'true';
    const format = el.getAttribute('format');
    const raw = reading.factText(el, kind, continuations);
    const numeric = kind !== 'nonNumeric';
    let value = raw;
    let readable = true;
    let unreadableReason: string | undefined;
    if (!nil) {
      const read = readFactValue(format, raw, kind, el.namespaceURI === IX10_NS ? '1.0' : '1.1', lookupNamespace);
      readable = read.readable;
      value = read.value;
      unreadableReason = read.reason;
      if (read.fault) problems.push({ code: read.fault.code, spec: read.fault.spec, category: read.fault.category, message: `${name ?? 'a fact'}${id ? ` (id "${id}")` : ''}: ${read.fault.reason}` });
      if (numeric && readable && kind === 'nonFraction') value = scaled(value, el.getAttribute('scale'), el.getAttribute('sign') === '-');
    }
    // One literal with every key (those a fact lacks are undefined): made whole, not grown key by key or spread.
    facts.push({
      id: id || undefined,
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
      lang: reading.lang(el),
      readable,
      written: writtenFact(el, kind, readable),
      format: format || undefined,
      unreadableReason: unreadableReason || undefined,
    });
  }
  return { schemaRefs, contexts, units, unitMeasures, facts, written };
}

/** A unit's measures as "{namespace}localName": its own, or a divide's numerator and denominator. */
export function measuresOf(unit: Element): string[] {
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


/** A DOCTYPE naming html (no internal subset) is harmless in XHTML: blanked (its length kept) before reading; anything more is refused by the XML reader. */
const HTML_DOCTYPE = /<!DOCTYPE\s+html\b[^[>]*>/i;
export const withoutHtmlDoctype = (text: string) => text.replace(HTML_DOCTYPE, (d) => ' '.repeat(d.length));
