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
 * attributes' values as a place in a run of values shared with the elements
 * kept before and after it (an array of its own was some 40 bytes more
 * each, about 3 MB of a 10 MB report's reading), beside a list of their names it shares
 * with the elements written with the same attributes, not an object per
 * attribute; the attribute records of the XML view are made only when
 * `attributes` is asked for.
 */
import type { NameEntry } from '../../xml-event-scan.js';
import { LightAttributes, LightNode, textInside, type LightAttribute, type Scope } from '../../xml-light-nodes.js';
import type { XmlElementView as Element } from '../../xml-view.js';

/**
 * An element's attribute names: per attribute, its name as the scan kept it
 * and its namespace (null when unprefixed). A report's facts are written
 * with a handful of such lists (name, contextRef, unitRef, decimals…), so
 * elements share them and each holds only its values, in the same order.
 */
export type AttributeNames = readonly (NameEntry | string | null)[];

const NO_ELEMENTS: Element[] = [];
const NO_ATTRIBUTES = new LightAttributes([]);

/**
 * Not a LightElement: the light tree's elements keep their start tag's
 * place to read attributes later and the namespaces they declare, and a
 * report's 70,000 kept elements would carry those fields unused, since the
 * scan hands over their attributes and their scope. Every field here is one
 * more word per fact.
 */
export class StreamElement extends LightNode implements Element {
  firstChild: LightNode | null = null;
  lastChild: LightNode | null = null;
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

  constructor(
    /** Its name as the scan kept it (one entry per distinct name of the document). */
    private readonly tag: NameEntry,
    readonly namespaceURI: string | null,
    /** The namespaces in scope on it, its own declarations included. */
    readonly scope: Scope,
    /** Its attributes' names, in the order written; undefined when it has none. */
    private readonly names: AttributeNames | undefined,
    /** Their values, in the same order, from `valuesAt` on in a run of values (ValueRuns). */
    private readonly values: readonly string[] | undefined,
    private readonly valuesAt: number,
  ) {
    super();
  }

  get nodeType(): 1 {
    return 1;
  }
  get nodeValue(): null {
    return null;
  }
  get tagName(): string {
    return this.tag.name;
  }
  get prefix(): string | null {
    return this.tag.prefix;
  }
  get localName(): string {
    return this.tag.localName;
  }

  /** A fact's text as collected; an element whose text was not collected is inside ix:resources, where its children are kept. */
  get textContent(): string {
    return this.collected ?? textInside(this);
  }

  getAttribute(name: string): string | null {
    const names = this.names;
    if (names === undefined) return null;
    for (let i = 0; i < names.length; i += 2) if ((names[i] as NameEntry).name === name) return this.values![this.valuesAt + (i >> 1)]!;
    return null;
  }

  getAttributeNS(namespaceURI: string | null, localName: string): string | null {
    const names = this.names;
    if (names === undefined) return null;
    for (let i = 0; i < names.length; i += 2) if (names[i + 1] === namespaceURI && (names[i] as NameEntry).localName === localName) return this.values![this.valuesAt + (i >> 1)]!;
    return null;
  }

  hasAttribute(name: string): boolean {
    return this.getAttribute(name) !== null;
  }

  get attributes(): LightAttributes {
    const names = this.names;
    if (names === undefined) return NO_ATTRIBUTES;
    const list: LightAttribute[] = [];
    for (let i = 0; i < names.length; i += 2) {
      const n = names[i] as NameEntry;
      list.push({ name: n.name, localName: n.localName, prefix: n.prefix, namespaceURI: names[i + 1] as string | null, value: this.values![this.valuesAt + (i >> 1)]! });
    }
    return new LightAttributes(list);
  }

  /**
   * As xmldom answers it: only declared prefixes ('' for the default);
   * `null` finds nothing. The scope holds every declaration around the
   * element and the scan refuses the one undeclaration XML allows
   * (xmlns=""), so the scope answers what a walk up the declarations would.
   */
  lookupNamespaceURI(prefix: string | null): string | null {
    return prefix === null ? null : (this.scope.get(prefix) ?? null);
  }

  /** An ix:nonFraction's own content as noted while scanning. */
  nonFractionContent(): { elements: Element[]; text: boolean; textLength: number } {
    return { elements: this.childElements ?? NO_ELEMENTS, text: this.directTextLength >= 0, textLength: Math.max(0, this.directTextLength) };
  }
}

/** How many values a run holds: a run is one allocation for some 2,000 facts' values, and an element with more attributes than that has a run of its own. */
const RUN_LENGTH = 8192;

/**
 * The runs kept elements' attribute values are written into, in the order
 * the elements are kept: each element's values take the next places of the
 * current run, or a new run when they do not fit.
 */
export class ValueRuns {
  private run: string[] = [];
  private used = 0;

  /** Room for `count` values: in the run `current` then names, from the place returned on. */
  reserve(count: number): number {
    if (this.used + count > this.run.length) {
      this.run = new Array<string>(Math.max(RUN_LENGTH, count));
      this.used = 0;
    }
    const at = this.used;
    this.used += count;
    return at;
  }

  get current(): string[] {
    return this.run;
  }
}
