/**
 * What a context says dimensionally (XBRL Dimensions 1.0 §3.1.4): each
 * xbrldi:explicitMember and xbrldi:typedMember of its segment and scenario,
 * in document order, with the container it is in, and how much other content
 * each container holds (a closed hypercube admits none in its context
 * element). Read once per context when the report is read; the checks in
 * dimension-checks.ts judge it against the taxonomy.
 */
import type { XmlElementView as Element } from '../../xml-view.js';

export const XBRLDI_NS = 'http://xbrl.org/2006/xbrldi';

export type ContextElement = 'segment' | 'scenario';

export interface TypedContent {
  /** The child element's name, "{namespace}localName". */
  name: string;
  text: string;
  /** Element children of the child (a simple-typed domain has none). */
  elementChildren: number;
}

export interface DimensionValue {
  container: ContextElement;
  /** The dimension attribute as written ("ct-comp:BusinessTypeDimension"). */
  written: string;
  /** "{namespace}localName"; undefined when its prefix is not declared. */
  dimension?: string;
  kind: 'explicit' | 'typed';
  /** Explicit: the member as written and resolved (undefined when its prefix is not declared). */
  memberWritten?: string;
  member?: string;
  /** Typed: the element children of xbrldi:typedMember (exactly one when well formed). */
  typed?: TypedContent[];
}

export interface ContextDimensions {
  values: DimensionValue[];
  /** Children of the segment and of the scenario that are not xbrldi members. */
  otherContent: Record<ContextElement, number>;
}

function resolve(el: Element, qname: string): string | undefined {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? null : qname.slice(0, colon);
  const localName = colon < 0 ? qname : qname.slice(colon + 1);
  if (!localName) return undefined;
  const ns = el.lookupNamespaceURI(prefix);
  if (ns === null && prefix !== null) return undefined;
  return `{${ns ?? ''}}${localName}`;
}

function elementChildren(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

export function readContextDimensions(containers: { element: Element; container: ContextElement }[]): ContextDimensions {
  const values: DimensionValue[] = [];
  const otherContent: Record<ContextElement, number> = { segment: 0, scenario: 0 };
  for (const { element, container } of containers) {
    for (const child of elementChildren(element)) {
      const kind = child.namespaceURI === XBRLDI_NS && (child.localName === 'explicitMember' || child.localName === 'typedMember') ? child.localName : undefined;
      if (!kind) {
        otherContent[container]++;
        continue;
      }
      const written = (child.getAttribute('dimension') ?? '').trim();
      const dimension = resolve(child, written);
      if (kind === 'explicitMember') {
        const memberWritten = (child.textContent ?? '').trim();
        const member = resolve(child, memberWritten);
        values.push({ container, written, ...(dimension ? { dimension } : {}), kind: 'explicit', memberWritten, ...(member ? { member } : {}) });
      } else {
        const typed = elementChildren(child).map((c) => ({ name: `{${c.namespaceURI ?? ''}}${c.localName ?? ''}`, text: c.textContent ?? '', elementChildren: elementChildren(c).length }));
        values.push({ container, written, ...(dimension ? { dimension } : {}), kind: 'typed', typed });
      }
    }
  }
  return { values, otherContent };
}
