/**
 * Checks an element's children against an XML Schema sequence of the shape
 * the taxonomy package schemas use: named particles in a fixed order, each
 * with min/max occurrences, optionally followed by `xs:any namespace="##other"`.
 */
import type { Element } from '@xmldom/xmldom';
import { childElements, ownText } from './xml-document.js';

export interface Particle {
  /** Local names in the schema's namespace that this particle accepts (a choice when more than one). */
  names: string[];
  min: number;
  max: number;
}

export interface ContentModel {
  namespace: string;
  particles: Particle[];
  /** Trailing wildcard for elements of other (non-empty) namespaces. */
  otherNamespaces: boolean;
}

/** Returns problems in plain words; matched children are handed to `onChild` for their own checks. */
export function checkContentModel(
  el: Element,
  model: ContentModel,
  onChild: (child: Element, particle: Particle) => void,
): string[] {
  const problems: string[] = [];
  const counts = model.particles.map(() => 0);
  let at = 0;
  let inWildcard = false;
  const where = `<${el.localName}>`;
  for (const child of childElements(el)) {
    const ns = child.namespaceURI;
    if (ns === model.namespace) {
      if (inWildcard) {
        problems.push(`${where}: <${child.localName}> comes after a foreign-namespace element; schema order puts it earlier`);
        continue;
      }
      let found = -1;
      for (let i = at; i < model.particles.length; i++) {
        if (model.particles[i]!.names.includes(child.localName ?? '')) {
          found = i;
          break;
        }
      }
      if (found < 0) {
        const known = model.particles.some((p) => p.names.includes(child.localName ?? ''));
        problems.push(
          known
            ? `${where}: <${child.localName}> is out of schema order (or repeated) after <${lastSeen(model, counts)}>`
            : `${where}: <${child.localName}> is not an element the schema allows here`,
        );
        continue;
      }
      for (let i = at; i < found; i++) checkMin(where, model.particles[i]!, counts[i]!, problems);
      at = found;
      counts[found]!++;
      const particle = model.particles[found]!;
      if (counts[found]! > particle.max) {
        problems.push(`${where}: <${child.localName}> may appear at most ${particle.max} time(s)`);
      }
      onChild(child, particle);
    } else if (ns && model.otherNamespaces) {
      inWildcard = true;
    } else {
      problems.push(`${where}: element <${child.nodeName}> ${ns ? `in namespace ${ns}` : 'without a namespace'} is not allowed here`);
    }
  }
  for (let i = at; i < model.particles.length; i++) checkMin(where, model.particles[i]!, counts[i]!, problems);
  if (ownText(el).trim() !== '') problems.push(`${where}: text is not allowed directly inside this element`);
  return problems;
}

function checkMin(where: string, particle: Particle, count: number, problems: string[]): void {
  if (count < particle.min) {
    problems.push(`${where}: <${particle.names.join('> or <')}> is required${particle.min > 1 ? ` at least ${particle.min} times` : ''}`);
  }
}

function lastSeen(model: ContentModel, counts: number[]): string {
  let name = model.particles[0]?.names[0] ?? '';
  counts.forEach((c, i) => {
    if (c > 0) name = model.particles[i]!.names.join('|');
  });
  return name;
}

/** A simple-content element: text only, no child elements. */
export function checkSimpleContent(el: Element): string[] {
  return childElements(el).length > 0 ? [`<${el.localName}> may hold text only, not child elements`] : [];
}
