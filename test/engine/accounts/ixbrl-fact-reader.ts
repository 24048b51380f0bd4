/**
 * A taxonomy-free Inline XBRL 1.1 fact reader written for these tests alone,
 * independent of the project's own reader (main/engine/validation/attachments/
 * xbrl-report.ts), which it cross-checks: the XML is parsed by xmldom (and its
 * well-formedness confirmed by libxml2's xmllint), and everything after that —
 * QName resolution, contexts, units, dimensions, the two TR4 transformations
 * the writer uses, sign and scale — is done here from the specifications.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, type Element as XElement, type Node as XNode } from '@xmldom/xmldom';

export const NS = {
  xhtml: 'http://www.w3.org/1999/xhtml',
  ix: 'http://www.xbrl.org/2013/inlineXBRL',
  xbrli: 'http://www.xbrl.org/2003/instance',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
  link: 'http://www.xbrl.org/2003/linkbase',
  xlink: 'http://www.w3.org/1999/xlink',
  tr4: 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12',
};

/** `{namespace}local`, so prefixes never matter. */
export type Clark = string;

export interface ReadContext {
  id: string;
  scheme: string;
  identifier: string;
  instant?: string;
  start?: string;
  end?: string;
  /** dimension → member, both in Clark notation. */
  dims: Map<Clark, Clark>;
  hasScenario: boolean;
}

export interface ReadFact {
  name: Clark;
  localName: string;
  kind: 'nonFraction' | 'nonNumeric';
  contextRef: string;
  unitRef?: string;
  decimals?: string;
  /** Numbers as numbers (sign and scale applied); text and dates as strings. */
  value: number | string;
  /** Whether the element sits inside ix:hidden. */
  hidden: boolean;
}

export interface ReadDocument {
  rootName: Clark;
  schemaRefs: string[];
  contexts: Map<string, ReadContext>;
  units: Map<string, Clark[]>;
  facts: ReadFact[];
  /** The text a person reads (body text outside ix:header). */
  visibleText: string;
}

const clark = (ns: string | null, local: string) => `{${ns ?? ''}}${local}`;

function resolveQName(el: XElement, qname: string): Clark {
  const trimmed = qname.trim();
  const i = trimmed.indexOf(':');
  const prefix = i < 0 ? null : trimmed.slice(0, i);
  const ns = el.lookupNamespaceURI(prefix);
  if (ns === null && prefix !== null) throw new Error(`the prefix ${prefix} in "${trimmed}" is not declared`);
  return clark(ns, i < 0 ? trimmed : trimmed.slice(i + 1));
}

function elements(root: XElement, ns: string, local: string): XElement[] {
  return Array.from(root.getElementsByTagNameNS(ns, local)) as unknown as XElement[];
}

function only(el: XElement, ns: string, local: string): XElement | undefined {
  return elements(el, ns, local)[0];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** TR4 num-dot-decimal: digits with any grouping by commas or spaces, a dot before decimals. */
function numDotDecimal(text: string): number {
  const t = text.trim();
  if (!/^\d{1,3}((,| |\u00a0)?\d{3})*(\.\d+)?$/.test(t) && !/^\d+(\.\d+)?$/.test(t)) throw new Error(`"${t}" is not num-dot-decimal`);
  return Number(t.replace(/[, \u00a0]/g, ''));
}

/** TR4 date-day-monthname-year-en: "31 March 2026" → 2026-03-31. */
function dateDayMonthnameYearEn(text: string): string {
  const m = /^\s*(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\s*$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
  if (!m || month < 0) throw new Error(`"${text}" is not date-day-monthname-year-en`);
  const iso = `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) throw new Error(`"${text}" is not a real date`);
  return iso;
}

function insideHidden(el: XElement): boolean {
  for (let p = el.parentNode as XElement | null; p; p = p.parentNode as XElement | null) {
    if (p.namespaceURI === NS.ix && p.localName === 'hidden') return true;
  }
  return false;
}

function insideHeader(el: { parentNode: unknown }): boolean {
  for (let p = el.parentNode as XElement | null; p; p = p.parentNode as XElement | null) {
    if (p.namespaceURI === NS.ix && p.localName === 'header') return true;
  }
  return false;
}

const BLOCKS = new Set(['td', 'th', 'tr', 'p', 'div', 'h1', 'h2', 'h3', 'br', 'table']);

function visibleText(node: XElement): string {
  let out = '';
  const walk = (n: XNode) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) out += insideHeader(c) ? '' : (c.nodeValue ?? '');
      else if (c.nodeType === 1 && !(c.namespaceURI === NS.ix && c.localName === 'header') && c.localName !== 'style' && c.localName !== 'title') {
        // Cells, paragraphs and line breaks are apart on the page.
        const apart = c.namespaceURI === NS.xhtml && BLOCKS.has(c.localName ?? '');
        if (apart) out += ' ';
        walk(c);
        if (apart) out += ' ';
      }
    }
  };
  walk(node);
  return out.replace(/\s+/g, ' ');
}

/** libxml2's verdict on well-formedness, as a second parser. */
export function xmllintWellFormed(xml: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fd-ixbrl-reader-'));
  try {
    const path = join(dir, 'doc.xhtml');
    writeFileSync(path, xml, 'utf8');
    const r = spawnSync('xmllint', ['--nonet', '--noout', path], { encoding: 'utf8' });
    if (r.error) throw r.error;
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function readInlineXbrl(xml: string): ReadDocument {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, msg) => (level !== 'warning' ? errors.push(msg) : undefined) }).parseFromString(xml, 'application/xhtml+xml');
  if (errors.length) throw new Error(`not well-formed: ${errors.join('; ')}`);
  const root = doc.documentElement as unknown as XElement;
  const contexts = new Map<string, ReadContext>();
  for (const el of elements(root, NS.xbrli, 'context')) {
    const id = el.getAttribute('id')!;
    const identifier = only(el, NS.xbrli, 'identifier')!;
    const dims = new Map<Clark, Clark>();
    const segment = only(el, NS.xbrli, 'segment');
    for (const m of segment ? elements(segment, NS.xbrldi, 'explicitMember') : []) {
      dims.set(resolveQName(m, m.getAttribute('dimension')!), resolveQName(m, m.textContent ?? ''));
    }
    const text = (local: string) => only(el, NS.xbrli, local)?.textContent?.trim();
    contexts.set(id, {
      id,
      scheme: identifier.getAttribute('scheme')!,
      identifier: identifier.textContent!.trim(),
      instant: text('instant'),
      start: text('startDate'),
      end: text('endDate'),
      dims,
      hasScenario: only(el, NS.xbrli, 'scenario') !== undefined,
    });
  }
  const units = new Map<string, Clark[]>();
  for (const el of elements(root, NS.xbrli, 'unit')) {
    units.set(el.getAttribute('id')!, elements(el, NS.xbrli, 'measure').map((m) => resolveQName(m, m.textContent ?? '')));
  }
  const facts: ReadFact[] = [];
  for (const kind of ['nonFraction', 'nonNumeric'] as const) {
    for (const el of elements(root, NS.ix, kind)) {
      const name = resolveQName(el, el.getAttribute('name')!);
      const format = el.getAttribute('format');
      const formatName = format ? resolveQName(el, format) : undefined;
      const text = el.textContent ?? '';
      let value: number | string;
      if (kind === 'nonFraction') {
        if (formatName !== undefined && formatName !== clark(NS.tr4, 'num-dot-decimal')) throw new Error(`unexpected number format ${formatName}`);
        const scale = Number(el.getAttribute('scale') ?? '0');
        const n = numDotDecimal(text) * 10 ** scale;
        value = el.getAttribute('sign') === '-' ? -n : n;
      } else if (formatName === clark(NS.tr4, 'date-day-monthname-year-en')) {
        value = dateDayMonthnameYearEn(text);
      } else {
        if (formatName !== undefined) throw new Error(`unexpected text format ${formatName}`);
        value = text;
      }
      facts.push({
        name,
        localName: name.slice(name.indexOf('}') + 1),
        kind,
        contextRef: el.getAttribute('contextRef')!,
        unitRef: el.getAttribute('unitRef') ?? undefined,
        decimals: el.getAttribute('decimals') ?? undefined,
        value,
        hidden: insideHidden(el),
      });
    }
  }
  const schemaRefs = elements(root, NS.link, 'schemaRef').map((e) => e.getAttributeNS(NS.xlink, 'href') ?? '');
  const body = elements(root, NS.xhtml, 'body')[0];
  return { rootName: clark(root.namespaceURI, root.localName!), schemaRefs, contexts, units, facts, visibleText: body ? visibleText(body) : '' };
}

/** The facts of a local name in contexts of the given period and dimensions (none unless given). */
export function factsOf(doc: ReadDocument, localName: string, where: { instant?: string; start?: string; end?: string; dims?: Record<Clark, Clark> } = {}): ReadFact[] {
  return doc.facts.filter((f) => {
    if (f.localName !== localName) return false;
    const c = doc.contexts.get(f.contextRef);
    if (!c) return false;
    if (where.instant !== undefined && c.instant !== where.instant) return false;
    if (where.start !== undefined && (c.start !== where.start || c.end !== where.end)) return false;
    const dims = where.dims ?? {};
    if (c.dims.size !== Object.keys(dims).length) return false;
    return Object.entries(dims).every(([d, m]) => c.dims.get(d) === m);
  });
}
