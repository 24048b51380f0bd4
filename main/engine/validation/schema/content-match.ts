/**
 * Matches a parent's child elements against its content model. XML Schema
 * requires content models to be deterministic (Unique Particle Attribution),
 * so a greedy left-to-right match without backtracking gives the schema's
 * answer: every child either gets its declaration or the match stops at the
 * first child that cannot be placed.
 */
import type { Element } from '@xmldom/xmldom';
import type { ElementDecl, Group, Particle } from './model.js';

export type MatchOutcome =
  | { ok: true }
  /** Child at `at` cannot be placed here; `expected` lists what could come at that point. */
  | { ok: false; kind: 'unexpected'; at: number; expected: string[]; missing: ElementDecl[] }
  /** The children ran out before a required element. */
  | { ok: false; kind: 'missing'; missing: ElementDecl[]; expected: string[] };

export interface MatchResult {
  outcome: MatchOutcome;
  /** Declaration of each child that was placed, by child index. */
  assigned: Map<number, ElementDecl>;
}

const matches = (el: Element, decl: ElementDecl) => el.localName === decl.name && (el.namespaceURI ?? '') === decl.ns;

function nullable(p: Particle): boolean {
  if (p.min === 0) return true;
  if (p.kind === 'element') return false;
  return p.kind === 'sequence' ? p.items.every(nullable) : p.items.some(nullable);
}

function firstDecls(p: Particle, out: ElementDecl[] = []): ElementDecl[] {
  if (p.kind === 'element') {
    out.push(p);
    return out;
  }
  if (p.kind === 'choice') {
    for (const item of p.items) firstDecls(item, out);
    return out;
  }
  for (const item of p.items) {
    firstDecls(item, out);
    if (!nullable(item)) break;
  }
  return out;
}

/** Required declarations that must come first in a particle that cannot be empty. */
function requiredFirst(p: Particle): ElementDecl[] {
  if (p.kind === 'element') return [p];
  if (p.kind === 'choice') return p.items.flatMap(requiredFirst);
  const firstRequired = p.items.find((i) => !nullable(i));
  return firstRequired ? requiredFirst(firstRequired) : [];
}

type Step = { ok: true; pos: number } | { ok: false; pos: number; missing: ElementDecl[] };

class Matcher {
  readonly assigned = new Map<number, ElementDecl>();
  /** Names that would have been accepted at each position: the "expected" list of a message. */
  private readonly expectedAt = new Map<number, Set<string>>();

  constructor(private readonly kids: Element[]) {}

  expected(pos: number): string[] {
    return [...(this.expectedAt.get(pos) ?? [])];
  }

  private note(pos: number, decls: ElementDecl[]): void {
    let set = this.expectedAt.get(pos);
    if (!set) this.expectedAt.set(pos, (set = new Set()));
    for (const d of decls) set.add(d.name);
  }

  particle(p: Particle, pos: number): Step {
    if (p.kind === 'element') return this.element(p, pos);
    let count = 0;
    while (count < p.max) {
      const start = pos;
      const step = p.kind === 'sequence' ? this.sequenceOnce(p, pos) : this.choiceOnce(p, pos);
      if (!step.ok) {
        // A failed pass that placed nothing simply means "no more repetitions".
        if (step.pos === start && count >= p.min && !this.consumedFrom(start)) return { ok: true, pos: start };
        return step;
      }
      pos = step.pos;
      count++;
      if (pos === start) break; // an empty pass would repeat for ever
    }
    if (count < p.min) return { ok: false, pos, missing: requiredFirst(p) };
    return { ok: true, pos };
  }

  private consumedFrom(start: number): boolean {
    return this.assigned.has(start);
  }

  private element(d: ElementDecl, pos: number): Step {
    let count = 0;
    while (count < d.max && pos < this.kids.length && matches(this.kids[pos]!, d)) {
      this.assigned.set(pos, d);
      pos++;
      count++;
    }
    if (count < d.max) this.note(pos, [d]);
    if (count < d.min) return { ok: false, pos, missing: [d] };
    return { ok: true, pos };
  }

  private sequenceOnce(g: Group, pos: number): Step {
    for (const item of g.items) {
      const step = this.particle(item, pos);
      if (!step.ok) return step;
      pos = step.pos;
    }
    return { ok: true, pos };
  }

  private choiceOnce(g: Group, pos: number): Step {
    const kid = this.kids[pos];
    const branch = kid && g.items.find((item) => firstDecls(item).some((d) => matches(kid, d)));
    if (branch) return this.particle(branch, pos);
    this.note(pos, g.items.flatMap((i) => firstDecls(i)));
    if (g.items.some(nullable)) return { ok: true, pos };
    return { ok: false, pos, missing: g.items.flatMap(requiredFirst) };
  }
}

export function matchContent(model: Group, kids: Element[]): MatchResult {
  const m = new Matcher(kids);
  const step = m.particle(model, 0);
  if (!step.ok) {
    const outcome: MatchOutcome =
      step.pos < kids.length
        ? { ok: false, kind: 'unexpected', at: step.pos, expected: m.expected(step.pos), missing: step.missing }
        : { ok: false, kind: 'missing', missing: step.missing, expected: m.expected(step.pos) };
    return { outcome, assigned: m.assigned };
  }
  if (step.pos < kids.length) {
    return { outcome: { ok: false, kind: 'unexpected', at: step.pos, expected: m.expected(step.pos), missing: [] }, assigned: m.assigned };
  }
  return { outcome: { ok: true }, assigned: m.assigned };
}

/** Every element declaration reachable in a content model (for "known here but misplaced"). */
export function declsIn(model: Group): ElementDecl[] {
  const out: ElementDecl[] = [];
  const visit = (p: Particle) => (p.kind === 'element' ? out.push(p) : p.items.forEach(visit));
  visit(model);
  return out;
}
