/**
 * The definition-linkbase arcs XBRL Dimensions 1.0 gives meaning to, as the
 * DTS loader reads them (taxonomy/dts.ts): each with its extended link role
 * and the xbrldt attributes on it (has-hypercube: closed, contextElement;
 * targetRole on every arc that continues in another role; usable on
 * dimension-domain and domain-member arcs). Relationships prohibited or
 * overridden by a higher-priority arc (XBRL 2.1 §3.5.3.9.7, use and priority)
 * are taken out before the dimensional model is built, as the FRC taxonomy
 * prohibits domain-member arcs of the core taxonomy in its FRS entry points.
 */
import type { ScannedElement } from '../../package/xml-reference-scan.js';

const XBRLDT_NS = 'http://xbrl.org/2005/xbrldt';
const ARCROLE = 'http://xbrl.org/int/dim/arcrole/';

export const DIMENSION_ARCROLES = {
  all: `${ARCROLE}all`,
  notAll: `${ARCROLE}notAll`,
  hypercubeDimension: `${ARCROLE}hypercube-dimension`,
  dimensionDomain: `${ARCROLE}dimension-domain`,
  domainMember: `${ARCROLE}domain-member`,
  dimensionDefault: `${ARCROLE}dimension-default`,
} as const;

const ARCROLE_SET = new Set<string>(Object.values(DIMENSION_ARCROLES));
export const isDimensionArcrole = (arcrole: string): boolean => ARCROLE_SET.has(arcrole);

/** The attributes of one arc that decide what its relationship means. */
export interface ArcAttributes {
  usable: boolean;
  closed: boolean;
  contextElement?: 'segment' | 'scenario';
  targetRole?: string;
  priority: number;
  prohibited: boolean;
}

const isTrue = (v: string | undefined) => v !== undefined && (v.trim() === 'true' || v.trim() === '1');

export function arcAttributesOf(el: ScannedElement): ArcAttributes {
  const usable = el.attribute(XBRLDT_NS, 'usable');
  const contextElement = el.attribute(XBRLDT_NS, 'contextElement')?.trim();
  const targetRole = el.attribute(XBRLDT_NS, 'targetRole')?.trim();
  const priority = Number(el.attribute('', 'priority') ?? '0');
  return {
    usable: usable === undefined || isTrue(usable),
    closed: isTrue(el.attribute(XBRLDT_NS, 'closed')),
    ...(contextElement === 'segment' || contextElement === 'scenario' ? { contextElement } : {}),
    ...(targetRole ? { targetRole } : {}),
    priority: Number.isFinite(priority) ? priority : 0,
    prohibited: el.attribute('', 'use')?.trim() === 'prohibited',
  };
}

/** One dimensional relationship between two concepts, "{namespace}localName". */
export interface DefinitionArc extends ArcAttributes {
  arcrole: string;
  /** The extended link role the arc is in. */
  role: string;
  from: string;
  to: string;
}

/**
 * The relationships in force: among equivalent arcs (same arcrole, role, from
 * and to) the highest priority wins, and a prohibiting arc of equal or higher
 * priority removes the relationship altogether.
 */
export function relationshipsInForce(arcs: readonly DefinitionArc[]): DefinitionArc[] {
  const groups = new Map<string, DefinitionArc[]>();
  for (const arc of arcs) {
    const key = `${arc.arcrole}\n${arc.role}\n${arc.from}\n${arc.to}`;
    const group = groups.get(key);
    if (group) group.push(arc);
    else groups.set(key, [arc]);
  }
  const out: DefinitionArc[] = [];
  for (const group of groups.values()) {
    if (group.length === 1) {
      if (!group[0]!.prohibited) out.push(group[0]!);
      continue;
    }
    let best: DefinitionArc | undefined;
    let prohibitedAt = -Infinity;
    for (const arc of group) {
      if (arc.prohibited) prohibitedAt = Math.max(prohibitedAt, arc.priority);
      else if (!best || arc.priority > best.priority) best = arc;
    }
    if (best && best.priority > prohibitedAt) out.push(best);
  }
  return out;
}
