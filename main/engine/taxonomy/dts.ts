/**
 * The discoverable taxonomy set (XBRL 2.1 §3.2) of a report's schema
 * references, read from installed taxonomy packages: every schema reached by
 * xs:import / xs:include and every linkbase reached by link:linkbaseRef (and
 * the schemas their locators point into). What the checks need is kept:
 * concepts (name, type, substitution group, period type), the derivation of
 * named types, the dimensional relationships of definition linkbases with
 * their roles and xbrldt attributes (XBRL Dimensions 1.0: all, notAll,
 * hypercube-dimension, dimension-domain, domain-member, dimension-default;
 * xbrl/dimensions/ builds the model from them), typed dimensions' domain
 * elements, and requires-element arcs (XBRL 2.1 §5.2.6.2.4), which HMRC uses for its
 * mandatory items (error 3312).
 *
 * Documents are scanned, not parsed into trees (xml-reference-scan.ts): a
 * taxonomy of hundreds of files must load in well under a second. Label,
 * reference, presentation and calculation linkbases are not read: no check
 * here needs them. XBRL International's specification schemas (xbrl-instance,
 * xbrldt, …) are not in packages; their few types and substitution groups are
 * known by name (item-types.ts).
 */
import { scanElements, XmlScanError, type ScannedElement } from '../package/xml-reference-scan.js';
import { isSpecificationUrl } from './publishers.js';
import { TypeDefinitionReader, type TypeDefinition } from '../xbrl/values/type-definitions.js';
import { arcAttributesOf, isDimensionArcrole, relationshipsInForce, type ArcAttributes, type DefinitionArc } from '../xbrl/dimensions/definition-arcs.js';

const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
const LINK_NS = 'http://www.xbrl.org/2003/linkbase';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
const XBRLDT_NS = 'http://xbrl.org/2005/xbrldt';

const ARC_REQUIRES_ELEMENT = 'http://www.xbrl.org/2003/arcrole/requires-element';

/** Linkbases whose content no check reads; the role on linkbaseRef says which a linkbase is. */
const UNREAD_LINKBASE_ROLES = new Set([
  'http://www.xbrl.org/2003/role/labelLinkbaseRef',
  'http://www.xbrl.org/2003/role/referenceLinkbaseRef',
  'http://www.xbrl.org/2003/role/presentationLinkbaseRef',
  'http://www.xbrl.org/2003/role/calculationLinkbaseRef',
]);

/** "{namespace}localName". */
export type Clark = string;
export const clark = (namespace: string, localName: string): Clark => `{${namespace}}${localName}`;
export function splitClark(name: Clark): { namespace: string; localName: string } {
  const close = name.indexOf('}');
  return { namespace: name.slice(1, close), localName: name.slice(close + 1) };
}

export interface Concept {
  name: Clark;
  type?: Clark;
  substitutionGroup?: Clark;
  periodType?: 'instant' | 'duration';
  abstract: boolean;
  nillable: boolean;
  /** A typed dimension's xbrldt:typedDomainRef, made absolute ("url#id"). */
  typedDomainRef?: string;
}

/** A global element that is not a concept (no substitution group): what a typed dimension's domain is. */
export interface ElementDeclaration {
  name: Clark;
  type?: Clark;
}

/** One requires-element arc: a fact of any `from` concept needs a fact of every `to` concept. */
export interface RequiresElement {
  from: Clark[];
  to: Clark[];
}

export interface Dts {
  /** The schema references it was loaded from. */
  entryPoints: string[];
  concepts: Map<Clark, Concept>;
  /** The target namespaces of the schemas read: a concept of any other namespace is in a schema that did not load. */
  namespaces: Set<string>;
  /** A named type's base type (restriction or extension). */
  typeBases: Map<Clark, Clark>;
  /** Named types with their own facets (XML Schema 1.0 Part 2 §4.3), for checking facts' values. */
  types: Map<Clark, TypeDefinition>;
  /** XBRL Dimensions 1.0 relationships in force (prohibited and overridden arcs taken out). */
  definitionArcs: DefinitionArc[];
  /** Elements outside substitution groups by "url#id": typed dimensions' domains (xbrldt:typedDomainRef). */
  elementsById: Map<string, ElementDeclaration>;
  requiresElement: RequiresElement[];
  /** Documents read. */
  documentCount: number;
  /** Documents referred to that could not be found or read (never a specification schema). */
  unresolved: { url: string; from: string; reason: string }[];
}

export type OpenDocument = (url: string) => Uint8Array | undefined;

interface Locator {
  href: string;
}

interface Arc extends ArcAttributes {
  arcrole: string;
  role: string;
  from: string;
  to: string;
}

/**
 * Loads the DTS of the given schema URLs through `open`: installed packages'
 * files looked up by published URL, or a report package's own files first
 * (taxonomy/package-source.ts). `notFound` says where a document was looked for.
 */
export function loadDts(entryPoints: readonly string[], open: OpenDocument, notFound = 'no installed taxonomy package holds it'): Dts {
  const dts: Dts = { entryPoints: [...entryPoints], concepts: new Map(), namespaces: new Set(), typeBases: new Map(), types: new Map(), definitionArcs: [], elementsById: new Map(), requiresElement: [], documentCount: 0, unresolved: [] };
  const conceptById = new Map<string, Clark>();
  const seen = new Set<string>();
  const queue: { url: string; from: string }[] = [];
  const visit = (url: string, from: string) => {
    const clean = url.replace(/#.*$/s, '');
    if (seen.has(clean)) return;
    seen.add(clean);
    queue.push({ url: clean, from });
  };
  for (const url of entryPoints) visit(url, 'the report');

  // Dimension arcs wait until every schema is read: their locators name concepts by document and id.
  const dimensionArcs: { role: string; arcs: Arc[]; locators: Map<string, Locator[]> }[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, from } = next;
    if (isSpecificationUrl(url)) continue;
    const bytes = open(url);
    if (bytes === undefined) {
      dts.unresolved.push({ url, from, reason: notFound });
      continue;
    }
    dts.documentCount++;
    try {
      readDocument(url, bytes, dts, conceptById, visit, dimensionArcs);
    } catch (err) {
      if (!(err instanceof XmlScanError)) throw err;
      dts.unresolved.push({ url, from, reason: `it cannot be read as XML (${err.message})` });
    }
  }
  applyArcs(dts, conceptById, dimensionArcs);
  return dts;
}

function resolveUrl(href: string, base: string, bases: readonly string[]): string | undefined {
  try {
    let b = new URL(base);
    for (const x of bases) b = new URL(x, b);
    const u = new URL(href.trim(), b);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

function qnameValue(el: ScannedElement, value: string | undefined): Clark | undefined {
  if (!value) return undefined;
  const v = value.trim();
  const colon = v.indexOf(':');
  const prefix = colon < 0 ? '' : v.slice(0, colon);
  const ns = el.namespaceOf(prefix);
  return ns === undefined && prefix !== '' ? undefined : clark(ns ?? '', colon < 0 ? v : v.slice(colon + 1));
}

function readDocument(
  url: string,
  bytes: Uint8Array,
  dts: Dts,
  conceptById: Map<string, Clark>,
  visit: (url: string, from: string) => void,
  dimensionArcs: { role: string; arcs: Arc[]; locators: Map<string, Locator[]> }[],
): void {
  let targetNamespace = '';
  let currentType: Clark | undefined;
  const typeReader = new TypeDefinitionReader(dts.types);
  let link: { role: string; arcs: Arc[]; locators: Map<string, Locator[]> } | undefined;
  scanElements(bytes, (el) => {
    if (el.namespace === XSD_NS) {
      switch (el.localName) {
        case 'schema':
          targetNamespace = el.attribute('', 'targetNamespace') ?? '';
          dts.namespaces.add(targetNamespace);
          return;
        case 'import':
        case 'include':
        case 'redefine': {
          const loc = el.attribute('', 'schemaLocation');
          const target = loc && resolveUrl(loc, url, el.bases);
          if (target) visit(target, url);
          return;
        }
        case 'element': {
          typeReader.end();
          const name = el.attribute('', 'name');
          const substitutionGroup = qnameValue(el, el.attribute('', 'substitutionGroup'));
          const id = el.attribute('', 'id');
          // Concepts are the global elements in a substitution group; elements inside types are not.
          if (!name || !substitutionGroup) {
            if (name && id) dts.elementsById.set(`${url}#${id}`, { name: clark(targetNamespace, name), type: qnameValue(el, el.attribute('', 'type')) });
            return;
          }
          const typedDomainRef = el.attribute(XBRLDT_NS, 'typedDomainRef');
          const typedDomain = typedDomainRef && resolveUrl(typedDomainRef, url, el.bases);
          const concept: Concept = {
            name: clark(targetNamespace, name),
            type: qnameValue(el, el.attribute('', 'type')),
            substitutionGroup,
            periodType: periodTypeOf(el.attribute(XBRLI_NS, 'periodType')),
            abstract: el.attribute('', 'abstract') === 'true' || el.attribute('', 'abstract') === '1',
            nillable: el.attribute('', 'nillable') === 'true' || el.attribute('', 'nillable') === '1',
            // A reference that does not resolve still makes the dimension typed; its domain is then unknown.
            ...(typedDomainRef !== undefined ? { typedDomainRef: typedDomain ? `${typedDomain}${fragmentOf(typedDomainRef)}` : typedDomainRef } : {}),
          };
          dts.concepts.set(concept.name, concept);
          if (id) conceptById.set(`${url}#${id}`, concept.name);
          return;
        }
        case 'complexType':
        case 'simpleType': {
          const name = el.attribute('', 'name');
          currentType = name ? clark(targetNamespace, name) : undefined;
          typeReader.startType(currentType);
          return;
        }
        case 'restriction':
        case 'extension': {
          const base = qnameValue(el, el.attribute('', 'base'));
          // The first derivation after a named type's start is that type's own.
          if (currentType && base && !dts.typeBases.has(currentType)) dts.typeBases.set(currentType, base);
          typeReader.derivation(el.localName === 'extension' ? 'extension' : 'restriction', base);
          return;
        }
        default:
          typeReader.element(el);
          return;
      }
    }
    if (el.namespace === LINK_NS && el.localName === 'linkbaseRef') {
      const role = el.attribute(XLINK_NS, 'role');
      const href = el.attribute(XLINK_NS, 'href');
      const target = href && resolveUrl(href, url, el.bases);
      if (target && !(role && UNREAD_LINKBASE_ROLES.has(role))) visit(target, url);
      return;
    }
    const type = el.attribute(XLINK_NS, 'type');
    if (type === 'extended') {
      link = { role: el.attribute(XLINK_NS, 'role') ?? '', arcs: [], locators: new Map() };
      dimensionArcs.push(link);
      return;
    }
    if (!link) return;
    if (type === 'locator') {
      const label = el.attribute(XLINK_NS, 'label');
      const href = el.attribute(XLINK_NS, 'href');
      const target = href && resolveUrl(href, url, el.bases);
      if (!label || !href || !target) return;
      const fragment = href.includes('#') ? href.slice(href.indexOf('#')) : '';
      const list = link.locators.get(label) ?? [];
      list.push({ href: `${target}${fragment}` });
      link.locators.set(label, list);
      visit(target, url);
      return;
    }
    if (type === 'arc') {
      const arcrole = el.attribute(XLINK_NS, 'arcrole');
      const from = el.attribute(XLINK_NS, 'from');
      const to = el.attribute(XLINK_NS, 'to');
      if (!arcrole || !from || !to) return;
      if (arcrole !== ARC_REQUIRES_ELEMENT && !isDimensionArcrole(arcrole)) return;
      link.arcs.push({ arcrole, role: link.role, from, to, ...arcAttributesOf(el) });
    }
  });
}

const fragmentOf = (href: string) => (href.includes('#') ? href.slice(href.indexOf('#')) : '');

function periodTypeOf(value: string | undefined): Concept['periodType'] {
  return value === 'instant' || value === 'duration' ? value : undefined;
}

/** Locators resolved to concepts: requires-element arcs kept as they are, dimensional ones as relationships in force. */
function applyArcs(dts: Dts, conceptById: Map<string, Clark>, links: { arcs: Arc[]; locators: Map<string, Locator[]> }[]): void {
  const conceptsOf = (link: { locators: Map<string, Locator[]> }, label: string): Clark[] =>
    (link.locators.get(label) ?? []).map((l) => conceptById.get(l.href)).filter((c): c is Clark => c !== undefined);
  const dimensional: DefinitionArc[] = [];
  for (const link of links) {
    for (const arc of link.arcs) {
      const from = conceptsOf(link, arc.from);
      const to = conceptsOf(link, arc.to);
      if (arc.arcrole === ARC_REQUIRES_ELEMENT) {
        if (from.length && to.length) dts.requiresElement.push({ from, to });
        continue;
      }
      for (const f of from) for (const t of to) dimensional.push({ ...arc, from: f, to: t });
    }
  }
  dts.definitionArcs = relationshipsInForce(dimensional);
}
