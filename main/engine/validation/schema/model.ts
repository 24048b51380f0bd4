/**
 * A small element model: the parts of XML Schema that the GovTalk envelope
 * and the CT-2014 schema use (sequences, choices, occurrence bounds, simple
 * content with attributes, lax wildcards). Builders keep the model files
 * close to the schema's own outline.
 */
import type { SimpleType } from './simple-types.js';

export const UNBOUNDED = Number.POSITIVE_INFINITY;

export interface AttributeDecl {
  name: string;
  type: SimpleType;
  required: boolean;
}

export type Content =
  | { kind: 'simple'; type: SimpleType; attributes: AttributeDecl[] }
  | { kind: 'complex'; particle: Group; attributes: AttributeDecl[]; otherAttributes?: boolean }
  /** Children from another vocabulary that the schema skips (xsd:any processContents="skip"/"lax"). */
  | { kind: 'wildcard'; namespace: string | { not: string }; min: number; max: number; attributes: AttributeDecl[]; otherAttributes?: boolean }
  /** A known element whose inside we do not model; the checker says so instead of guessing. */
  | { kind: 'opaque'; notice: 'warning' | 'info'; reason: string };

export interface ElementDecl {
  kind: 'element';
  name: string;
  /** Namespace URI; filled in by `inNamespace` for a whole subtree. */
  ns: string;
  min: number;
  max: number;
  content: Content;
  /** CT600 box number shown to the user, when the element is a box. */
  box?: string;
}

export interface Group {
  kind: 'sequence' | 'choice';
  min: number;
  max: number;
  items: Particle[];
}

export type Particle = ElementDecl | Group;

type ContentLike = Content | SimpleType | Group;

function toContent(c: ContentLike): Content {
  if ('kind' in c && (c.kind === 'sequence' || c.kind === 'choice')) return { kind: 'complex', particle: c, attributes: [] };
  if ('kind' in c) return c as Content;
  return { kind: 'simple', type: c as SimpleType, attributes: [...((c as SimpleType).attributes ?? [])] };
}

export interface ElementOptions {
  box?: string;
  attributes?: AttributeDecl[];
}

export function element(name: string, min: number, max: number, content: ContentLike, options: ElementOptions = {}): ElementDecl {
  const c = toContent(content);
  const withAttributes: Content =
    options.attributes && (c.kind === 'simple' || c.kind === 'complex' || c.kind === 'wildcard')
      ? { ...c, attributes: [...c.attributes, ...options.attributes] }
      : c;
  return { kind: 'element', name, ns: '', min, max, content: withAttributes, ...(options.box ? { box: options.box } : {}) };
}

/** Exactly once. */
export const req = (name: string, content: ContentLike, options?: ElementOptions) => element(name, 1, 1, content, options);
/** At most once. */
export const opt = (name: string, content: ContentLike, options?: ElementOptions) => element(name, 0, 1, content, options);

export const seq = (...items: Particle[]): Group => ({ kind: 'sequence', min: 1, max: 1, items });
export const choice = (...items: Particle[]): Group => ({ kind: 'choice', min: 1, max: 1, items });
export const optionalSeq = (...items: Particle[]): Group => ({ kind: 'sequence', min: 0, max: 1, items });

export const attr = (name: string, type: SimpleType, required = false): AttributeDecl => ({ name, type, required });

export function complex(particle: Group, attributes: AttributeDecl[] = [], otherAttributes = false): Content {
  return { kind: 'complex', particle, attributes, ...(otherAttributes ? { otherAttributes } : {}) };
}

export function opaque(reason: string, notice: 'warning' | 'info' = 'warning'): Content {
  return { kind: 'opaque', notice, reason };
}

export function wildcard(namespace: string | { not: string }, min = 1, max = 1, attributes: AttributeDecl[] = [], otherAttributes = false): Content {
  return { kind: 'wildcard', namespace, min, max, attributes, ...(otherAttributes ? { otherAttributes } : {}) };
}

/** Sets the namespace of every declaration in a subtree that has none yet. */
export function inNamespace<T extends Particle>(particle: T, ns: string): T {
  const seen = new Set<Particle>();
  const visit = (p: Particle): void => {
    if (seen.has(p)) return;
    seen.add(p);
    if (p.kind === 'element') {
      if (p.ns === '') p.ns = ns;
      if (p.content.kind === 'complex') visit(p.content.particle);
    } else {
      p.items.forEach(visit);
    }
  };
  visit(particle);
  return particle;
}
