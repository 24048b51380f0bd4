/**
 * Inline XBRL 1.1 §4 continuation chains: an ix:nonNumeric (or ix:footnote)
 * whose text goes on in ix:continuation elements named by continuedAt.
 * Each continuation must be reached from exactly one place (§4.1.2), every
 * continuedAt must name an ix:continuation, a chain must not come back on
 * itself, and no element of a chain may hold another of the same chain.
 *
 * Codes are the reference processor's (Arelle's), whose section follows the
 * element the fault is found on: ix11.11.1.2 for a fact's own continuedAt,
 * ix11.4.1.2 for a continuation's.
 */
import type { XmlElementView as Element } from '../../xml-view.js';
import type { StructureProblem } from '../../validation/attachments/structure-problem.js';

const SECTION: Record<string, string> = { nonNumeric: 'ix11.11.1.2', nonFraction: 'ix11.10.1.2', footnote: 'ix11.6.1.2', continuation: 'ix11.4.1.2' };
const SPEC = 'Inline XBRL 1.1 §4.1.2';

const label = (el: Element) => (el.localName === 'continuation' ? `ix:continuation "${el.getAttribute('id') ?? ''}"` : `ix:${el.localName} ${el.getAttribute('name') ?? ''}${el.getAttribute('id') ? ` (id "${el.getAttribute('id')}")` : ''}`);

function isAncestor(ancestor: Element, el: Element): boolean {
  for (let p = el.parentNode as Element | null; p && p.nodeType === 1; p = p.parentNode as Element | null) if (p === ancestor) return true;
  return false;
}

/**
 * The problems of the document's continuation chains. `starts` are the facts
 * and footnotes (the elements a chain begins from), `continuations` every
 * ix:continuation, `elementById` any element by its id (to say when
 * continuedAt names something that is not a continuation).
 */
export function continuationProblems(starts: Element[], continuations: Element[], elementById: (id: string) => Element | undefined, hidden: (el: Element) => boolean): StructureProblem[] {
  const out: StructureProblem[] = [];
  const continuationById = new Map<string, Element>();
  for (const c of continuations) {
    const id = c.getAttribute('id');
    if (id) continuationById.set(id, c);
  }
  const referencedFrom = new Map<string, Set<Element>>();
  for (const start of starts) {
    let at = start.getAttribute('continuedAt')?.trim();
    if (!at) continue;
    const chain: Element[] = [start];
    let element = start;
    while (at) {
      const from = referencedFrom.get(at) ?? new Set<Element>();
      from.add(element);
      referencedFrom.set(at, from);
      const next = continuationById.get(at);
      const section = SECTION[element.localName ?? ''] ?? 'ix11';
      if (!next) {
        const other = elementById(at);
        out.push(
          other
            ? { code: `${section}:continuationTarget`, spec: SPEC, message: `${label(element)} continues at "${at}", which is ${other.tagName}, not an ix:continuation` }
            : { code: `${section}:continuationMissing`, spec: SPEC, message: `${label(element)} continues at "${at}", but no ix:continuation has that id, so the rest of its text is missing` },
        );
        break;
      }
      if (chain.includes(next)) {
        const ids = [...chain.slice(1), next].map((c) => `"${c.getAttribute('id')}"`).join(' → ');
        out.push({ code: `${section}:continuationCycle`, spec: SPEC, message: `the continuation chain of ${label(start)} comes back on itself (${ids}), so its text never ends` });
        break;
      }
      chain.push(next);
      element = next;
      at = next.getAttribute('continuedAt')?.trim();
    }
    for (const link of chain) {
      const holder = chain.find((other) => other !== link && isAncestor(other, link));
      if (holder) out.push({ code: `${SECTION[link.localName ?? ''] ?? 'ix11'}:continuationChainNested`, spec: SPEC, message: `${label(link)} is inside ${label(holder)} of the same continuation chain` });
    }
  }
  for (const [id, from] of referencedFrom) {
    if (from.size > 1) {
      out.push({ code: 'ix11.4.1.2:continuationReferences', spec: SPEC, message: `ix:continuation "${id}" is named by continuedAt on ${from.size} elements (${[...from].map(label).join(', ')}); a continuation belongs to one chain only` });
    }
  }
  for (const [id, c] of continuationById) {
    if (!referencedFrom.has(id)) out.push({ code: 'ix11.4.1.2:continuationNotReferenced', spec: SPEC, message: `ix:continuation "${id}" is not named by the continuedAt of any fact, footnote or continuation, so its text belongs to nothing` });
    if (hidden(c)) out.push({ code: 'ix11.4.1.1:ancestorNodeDisallowed', spec: 'Inline XBRL 1.1 §4.1.1', message: `ix:continuation "${id}" is inside ix:hidden, where a continuation may not be` });
  }
  return out;
}
