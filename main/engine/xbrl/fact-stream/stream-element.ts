/**
 * The elements the tree-free fact reader keeps: every ix element, and
 * everything inside ix:references and ix:resources (schema references,
 * contexts, units: small beside the body). Each keeps its place in the text
 * as the light tree's elements do; its parent is its nearest kept ancestor,
 * and it is linked as a child only of its real parent, so a walk over
 * children sees what is written. A fact's text is what the reader
 * collected while scanning, since the elements between a fact and its text
 * (table cells, spans) are not kept.
 *
 * A report keeps some 70,000 of these until it is read, so each holds its
 * attributes in one flat array (name, namespace, value, …) as the scan gave
 * them, not an object per attribute; the attribute records of the XML view
 * are made only when `attributes` is asked for.
 */
import type { NameEntry } from '../../xml-event-scan.js';
import { LightAttributes, LightElement, type LightAttribute } from '../../xml-light-nodes.js';
import type { XmlElementView as Element } from '../../xml-view.js';

/** Per attribute, three places: its name as the scan kept it, its namespace (null when unprefixed), its value. */
export type FlatAttributes = (NameEntry | string | null)[];

const NO_ELEMENTS: Element[] = [];

export class StreamElement extends LightElement {
  /** All the text inside, for ix:nonFraction and ix:fraction (what textContent gives a tree's element). */
  collected: string | undefined = undefined;
  /** The text inside outside any ix:exclude, for ix:nonNumeric and ix:continuation. */
  collectedInline: string | undefined = undefined;
  /** The xml:lang in force on it. */
  lang: string | undefined = undefined;
  /** For an ix:nonFraction: its element children (made at the first). */
  childElements: Element[] | undefined = undefined;
  /** For an ix:nonFraction: how much text stands directly in it; -1 when none does (an empty CDATA section is text of length 0). */
  directTextLength = -1;
  private flat: FlatAttributes | undefined = undefined;

  /** A fact's text as collected; an element whose text was not collected is inside ix:resources, where its children are kept. */
  override get textContent(): string {
    return this.collected ?? super.textContent;
  }

  setFlatAttributes(flat: FlatAttributes): void {
    this.flat = flat;
  }

  override getAttribute(name: string): string | null {
    const flat = this.flat;
    if (flat === undefined) return super.getAttribute(name);
    for (let i = 0; i < flat.length; i += 3) if ((flat[i] as NameEntry).name === name) return flat[i + 2] as string;
    return null;
  }

  override getAttributeNS(namespaceURI: string | null, localName: string): string | null {
    const flat = this.flat;
    if (flat === undefined) return super.getAttributeNS(namespaceURI, localName);
    for (let i = 0; i < flat.length; i += 3) if (flat[i + 1] === namespaceURI && (flat[i] as NameEntry).localName === localName) return flat[i + 2] as string;
    return null;
  }

  override get attributes(): LightAttributes {
    const flat = this.flat;
    if (flat === undefined) return super.attributes;
    const list: LightAttribute[] = [];
    for (let i = 0; i < flat.length; i += 3) {
      const n = flat[i] as NameEntry;
      list.push({ name: n.name, localName: n.localName, prefix: n.prefix, namespaceURI: flat[i + 1] as string | null, value: flat[i + 2] as string });
    }
    return new LightAttributes(list);
  }

  /** An ix:nonFraction's own content as noted while scanning. */
  nonFractionContent(): { elements: Element[]; text: boolean; textLength: number } {
    return { elements: this.childElements ?? NO_ELEMENTS, text: this.directTextLength >= 0, textLength: Math.max(0, this.directTextLength) };
  }
}
