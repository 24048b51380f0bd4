/**
 * The dimensional relationship sets of a DTS (XBRL Dimensions 1.0),
 * indexed per extended link role as the rules need them: a primary item's
 * has-hypercube arcs per base set, including those it inherits as a
 * descendant of another primary item in the domain-member network of the
 * same role; a hypercube's dimensions in the role the
 * has-hypercube arc names (xbrldt:targetRole, else its own); a dimension's
 * usable members in the role its hypercube-dimension arc names, following
 * every targetRole on the way; each dimension's default.
 *
 * Built once per loaded DTS and kept beside it (a WeakMap on the Dts, which
 * dts-cache.ts keeps per installed library), so a batch of documents on the
 * same taxonomy builds it once; hypercubes per concept and usable members per
 * dimension and role are worked out when first asked for and kept.
 */
import type { Clark, Concept, Dts, ElementDeclaration } from '../../taxonomy/dts.js';
import { DIMENSION_ARCROLES as A, type DefinitionArc } from './definition-arcs.js';

const XBRLDT_DIMENSION_ITEM = '{http://xbrl.org/2005/xbrldt}dimensionItem';

type ByFrom = Map<Clark, DefinitionArc[]>;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class DimensionalModel {
  /** all and notAll arcs by primary item, every role. */
  private readonly hasHypercube: ByFrom = new Map();
  /** domain-member arcs by target, every role (for inheritance of hypercubes). */
  private readonly domainMemberTo: ByFrom = new Map();
  /** arcrole → role → source → arcs. */
  private readonly byRole = new Map<string, Map<string, ByFrom>>();
  /** Each dimension's default member (the first one, where a taxonomy wrongly declares several). */
  readonly defaults = new Map<Clark, Clark>();
  /** Global elements outside substitution groups, by name (an explicit member may, oddly, be one). */
  private readonly otherElements = new Set<Clark>();
  private readonly hypercubeCache = new Map<Clark, Map<string, DefinitionArc[]>>();
  private readonly usableCache = new Map<string, Set<Clark>>();

  constructor(readonly dts: Dts) {
    for (const arc of dts.definitionArcs) {
      if (arc.arcrole === A.all || arc.arcrole === A.notAll) push(this.hasHypercube, arc.from, arc);
      if (arc.arcrole === A.domainMember) push(this.domainMemberTo, arc.to, arc);
      if (arc.arcrole === A.dimensionDefault && !this.defaults.has(arc.from)) this.defaults.set(arc.from, arc.to);
      let roles = this.byRole.get(arc.arcrole);
      if (!roles) this.byRole.set(arc.arcrole, (roles = new Map()));
      let from = roles.get(arc.role);
      if (!from) roles.set(arc.role, (from = new Map()));
      push(from, arc.from, arc);
    }
    for (const e of dts.elementsById.values()) this.otherElements.add(e.name);
  }

  /** Whether the taxonomy uses XBRL Dimensions at all (no dimensional check applies otherwise). */
  get hasDimensions(): boolean {
    return this.dts.definitionArcs.length > 0;
  }

  private from(arcrole: string, role: string, source: Clark): DefinitionArc[] {
    return this.byRole.get(arcrole)?.get(role)?.get(source) ?? [];
  }

  concept(name: Clark): Concept | undefined {
    return this.dts.concepts.get(name);
  }

  /** A global element declaration of that name (what an explicit member must be). */
  isGlobalElement(name: Clark): boolean {
    return this.dts.concepts.has(name) || this.otherElements.has(name);
  }

  /** In xbrldt:dimensionItem's substitution group, directly or through another concept. */
  isDimension(name: Clark): boolean {
    let group = this.dts.concepts.get(name)?.substitutionGroup;
    for (let steps = 0; group && steps < 50; steps++) {
      if (group === XBRLDT_DIMENSION_ITEM) return true;
      group = this.dts.concepts.get(group)?.substitutionGroup;
    }
    return false;
  }

  isTypedDimension(name: Clark): boolean {
    return this.dts.concepts.get(name)?.typedDomainRef !== undefined;
  }

  /** The element a typed dimension's values are written as (undefined when its typedDomainRef does not resolve). */
  typedDomainOf(dimension: Clark): ElementDeclaration | undefined {
    const ref = this.dts.concepts.get(dimension)?.typedDomainRef;
    return ref === undefined ? undefined : this.dts.elementsById.get(ref);
  }

  /**
   * The has-hypercube arcs that apply to a primary item, by the role of the
   * arc (each role a base set): its own, and those of every ancestor in a
   * domain-member network whose arcs lead to it in that role (the arc's
   * targetRole, else its own role).
   */
  hypercubesOf(primaryItem: Clark): Map<string, DefinitionArc[]> {
    let found = this.hypercubeCache.get(primaryItem);
    if (!found) {
      found = new Map();
      this.collectHypercubes(primaryItem, undefined, found, new Set());
      this.hypercubeCache.set(primaryItem, found);
    }
    return found;
  }

  private collectHypercubes(item: Clark, role: string | undefined, out: Map<string, DefinitionArc[]>, seen: Set<string>): void {
    const key = `${role ?? ''}\n${item}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const arc of this.hasHypercube.get(item) ?? []) if (role === undefined || arc.role === role) push(out, arc.role, arc);
    for (const arc of this.domainMemberTo.get(item) ?? []) {
      const leadsTo = arc.targetRole ?? arc.role;
      if (role === undefined || role === leadsTo) this.collectHypercubes(arc.from, arc.role, out, seen);
    }
  }

  /** A hypercube's dimensions in a role, each with the role its domain is in. */
  dimensionsOf(hypercube: Clark, role: string): { dimension: Clark; domainRole: string }[] {
    return this.from(A.hypercubeDimension, role, hypercube).map((arc) => ({ dimension: arc.to, domainRole: arc.targetRole ?? role }));
  }

  /**
   * A dimension's usable members in a role: every member reached from it by
   * dimension-domain and domain-member arcs (each continuing in its
   * targetRole), less any reached by an arc with xbrldt:usable="false".
   */
  usableMembers(dimension: Clark, role: string): Set<Clark> {
    const key = `${role}\n${dimension}`;
    let members = this.usableCache.get(key);
    if (!members) {
      const usable = new Set<Clark>();
      const unusable = new Set<Clark>();
      const visited = new Set<string>();
      const stack = this.from(A.dimensionDomain, role, dimension).map((arc) => ({ arc, role }));
      while (stack.length) {
        const { arc, role: inRole } = stack.pop()!;
        (arc.usable ? usable : unusable).add(arc.to);
        const next = arc.targetRole ?? inRole;
        const at = `${next}\n${arc.to}`;
        if (visited.has(at)) continue;
        visited.add(at);
        for (const child of this.from(A.domainMember, next, arc.to)) stack.push({ arc: child, role: next });
      }
      for (const m of unusable) usable.delete(m);
      this.usableCache.set(key, (members = usable));
    }
    return members;
  }
}

const models = new WeakMap<Dts, DimensionalModel>();

export function dimensionalModelOf(dts: Dts): DimensionalModel {
  let model = models.get(dts);
  if (!model) models.set(dts, (model = new DimensionalModel(dts)));
  return model;
}
