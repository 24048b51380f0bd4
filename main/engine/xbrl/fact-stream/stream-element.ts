/**
 * The elements the tree-free fact reader keeps: every ix element, and
 * everything inside ix:references and ix:resources (schema references,
 * contexts, units: small beside the body). Each keeps its place in the text
 * as the light tree's elements do; its parent is its nearest kept ancestor,
 * and it is linked as a child only of its real parent, so a walk over
 * children sees what is written. A fact's text is what the reader
 * collected while scanning, since the elements between a fact and its text
 * (table cells, spans) are not kept.
 */
import { LightElement } from '../../xml-light-nodes.js';

export class StreamElement extends LightElement {
  /** All the text inside, for ix:nonFraction and ix:fraction (what textContent gives a tree's element). */
  collected: string | undefined;
  /** The text inside outside any ix:exclude, for ix:nonNumeric and ix:continuation. */
  collectedInline: string | undefined;
  /** The xml:lang in force on it. */
  lang: string | undefined;
  /** For an ix:nonFraction: what the reader noted of its own content (fact-collector.ts). */
  content: unknown;

  /** A fact's text as collected; an element whose text was not collected is inside ix:resources, where its children are kept. */
  override get textContent(): string {
    return this.collected ?? super.textContent;
  }
}
