/**
 * Contexts, units and facts as written in the document, before the report
 * model makes them usable (xbrl-report.ts keeps one context per id, dates cut
 * to ten characters, a fact's number already signed and scaled). The XBRL
 * 2.1 and Inline XBRL rules on references, periods, units and numeric
 * attributes (report-integrity.ts) judge what was written: the duplicate id,
 * the impossible date, `sign="+"`, `scale="three"`.
 */
import type { XmlElementView as Element } from '../../xml-view.js';

const XBRLI_NS = 'http://www.xbrl.org/2003/instance';

export interface WrittenMeasure {
  /** The measure's QName as written ("iso4217:GBP"). */
  text: string;
  /** Its namespace; undefined when its prefix is not declared. */
  namespace: string | undefined;
  localName: string;
}

export interface WrittenUnit {
  id: string;
  numerator: WrittenMeasure[];
  denominator: WrittenMeasure[];
  divide: boolean;
}

export interface WrittenContext {
  id: string;
  /** The identifier's scheme attribute; undefined when it has none. */
  scheme: string | undefined;
  identifier: string | undefined;
  period: 'instant' | 'duration' | 'forever' | 'missing';
  instant?: string;
  startDate?: string;
  endDate?: string;
}

export interface WrittenResources {
  contexts: WrittenContext[];
  units: WrittenUnit[];
}

/** A fact's own attributes and text as written, for the rules on them. */
export interface WrittenFact {
  hasContextRef: boolean;
  sign?: string;
  scale?: string;
  /** The format attribute as written ("ixt:num-dot-decimal"). */
  format?: string;
  /** ix:nonFraction's text before any format is applied, trimmed (the first 80 characters), when its value could not be read: what the rule on it quotes. */
  text?: string;
}

function childElements(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === XBRLI_NS && (n as Element).localName === localName) out.push(n as Element);
  }
  return out;
}

const text = (el: Element | undefined) => (el ? (el.textContent ?? '').trim() : undefined);

export function writtenContext(el: Element): WrittenContext {
  const entity = childElements(el, 'entity')[0];
  const identifier = entity ? childElements(entity, 'identifier')[0] : undefined;
  const period = childElements(el, 'period')[0];
  const one = (name: string) => (period ? text(childElements(period, name)[0]) : undefined);
  const instant = one('instant');
  const startDate = one('startDate');
  const endDate = one('endDate');
  const forever = period ? childElements(period, 'forever').length > 0 : false;
  return {
    id: el.getAttribute('id') ?? '',
    scheme: identifier?.getAttribute('scheme') ?? undefined,
    identifier: text(identifier),
    period: instant !== undefined ? 'instant' : startDate !== undefined || endDate !== undefined ? 'duration' : forever ? 'forever' : 'missing',
    ...(instant !== undefined ? { instant } : {}),
    ...(startDate !== undefined ? { startDate } : {}),
    ...(endDate !== undefined ? { endDate } : {}),
  };
}

function measures(holder: Element): WrittenMeasure[] {
  return childElements(holder, 'measure').map((m) => {
    const written = (m.textContent ?? '').trim();
    const colon = written.indexOf(':');
    const prefix = colon < 0 ? null : written.slice(0, colon);
    return { text: written, namespace: m.lookupNamespaceURI(prefix) ?? undefined, localName: colon < 0 ? written : written.slice(colon + 1) };
  });
}

export function writtenUnit(el: Element): WrittenUnit {
  const divide = childElements(el, 'divide')[0];
  if (!divide) return { id: el.getAttribute('id') ?? '', numerator: measures(el), denominator: [], divide: false };
  const part = (name: string) => childElements(divide, name).flatMap(measures);
  return { id: el.getAttribute('id') ?? '', numerator: part('unitNumerator'), denominator: part('unitDenominator'), divide: true };
}

/**
 * Most facts are written the same way: a contextRef and no sign, scale or
 * format. They share one record, since a 10 MB report's 70,000 records were
 * 4.5 MB made and kept for the few facts a rule has something to say of.
 */
const PLAINLY_WRITTEN: WrittenFact = Object.freeze({ hasContextRef: true, sign: undefined, scale: undefined, format: undefined, text: undefined });

export function writtenFact(el: Element, kind: string, readable: boolean): WrittenFact {
  const hasContextRef = el.hasAttribute('contextRef');
  const sign = el.getAttribute('sign') ?? undefined;
  const scale = el.getAttribute('scale') ?? undefined;
  const format = el.getAttribute('format') ?? undefined;
  const text = kind === 'nonFraction' && !readable ? (el.textContent ?? '').trim().slice(0, 80) : undefined;
  if (hasContextRef && sign === undefined && scale === undefined && format === undefined && text === undefined) return PLAINLY_WRITTEN;
  // One literal with every key (undefined where the fact has no such attribute).
  return { hasContextRef, sign, scale, format, text };
}
