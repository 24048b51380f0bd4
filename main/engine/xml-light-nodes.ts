/**
 * The light element tree's nodes (built by xml-light-tree.ts). They keep
 * places in the document's text rather than copies of it: a text node is
 * sliced the first time its value is asked for, and an element's
 * attributes are read from its start tag the first time any is asked for.
 * Most of a report's elements (table rows and cells) and most of its
 * whitespace are never asked, and copying them was most of the garbage
 * reading a 10 MB report made. The scan has already checked everything
 * these read again, so reading them later cannot fail.
 */
import { attributeValue } from './xml-references.js';
import type { XmlElementView, XmlNodeView } from './xml-view.js';

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** In-scope namespaces: prefix ('' for the default) → URI. */
export type Scope = Map<string, string>;

/** An element of a light tree (LightElement) or of the tree-free fact reader's kept elements. */
export type LightParent = LightNode & XmlElementView;

/** Only what every node holds is a field: a 10 MB report has half a million nodes, and each field is kept for each. */
export abstract class LightNode implements XmlNodeView {
  abstract readonly nodeType: number;
  parentNode: LightParent | null = null;
  nextSibling: LightNode | null = null;
  previousSibling: LightNode | null = null;
  abstract readonly firstChild: LightNode | null;
  abstract readonly lastChild: LightNode | null;
  abstract readonly nodeValue: string | null;
  abstract readonly textContent: string | null;
}

export class LightText extends LightNode {
  constructor(
    readonly nodeType: 3 | 4,
    private readonly source: string,
    private readonly start: number,
    private readonly end: number,
    /** Given when the scan had to decode references anyway; else sliced when first asked. */
    private value: string | undefined,
  ) {
    super();
  }
  get nodeValue(): string {
    return (this.value ??= this.source.slice(this.start, this.end));
  }
  get firstChild(): null {
    return null;
  }
  get lastChild(): null {
    return null;
  }
  get textContent(): string {
    return this.nodeValue;
  }
}

export interface LightAttribute {
  name: string;
  localName: string;
  prefix: string | null;
  namespaceURI: string | null;
  value: string;
}

/** An element's attributes as the XML view lists them. */
export class LightAttributes {
  constructor(private readonly list: LightAttribute[]) {}
  get length(): number {
    return this.list.length;
  }
  item(i: number): LightAttribute | null {
    return this.list[i] ?? null;
  }
}

const NO_ATTRIBUTES: LightAttribute[] = [];
const EMPTY_ATTRIBUTES = new LightAttributes(NO_ATTRIBUTES);

export class LightElement extends LightNode implements XmlElementView {
  firstChild: LightNode | null = null;
  lastChild: LightNode | null = null;
  private attributeList: LightAttribute[] | undefined = undefined;
  constructor(
    readonly tagName: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    private readonly source: string,
    /** Where the start tag's attributes begin (just after its name), or -1 when it has none. */
    private readonly attributesAt: number,
    /** Where they end: the start tag's closing "/>" or ">". */
    private readonly attributesEnd: number,
    /** The namespaces in scope on this element, its own declarations included. */
    readonly scope: Scope,
    /** The namespaces this element declares: '' for the default, else the prefix. */
    private readonly declared: Map<string, string> | undefined,
  ) {
    super();
  }
  get nodeType(): 1 {
    return 1;
  }
  get nodeValue(): null {
    return null;
  }
  get attributes(): LightAttributes {
    return this.attributesAt < 0 ? EMPTY_ATTRIBUTES : new LightAttributes(this.attributeRecords());
  }
  getAttribute(name: string): string | null {
    if (this.attributesAt < 0) return null;
    for (const a of this.attributeRecords()) if (a.name === name) return a.value;
    return null;
  }
  getAttributeNS(namespaceURI: string | null, localName: string): string | null {
    if (this.attributesAt < 0) return null;
    for (const a of this.attributeRecords()) if (a.namespaceURI === namespaceURI && a.localName === localName) return a.value;
    return null;
  }
  hasAttribute(name: string): boolean {
    return this.getAttribute(name) !== null;
  }
  /** As xmldom answers it: only declared prefixes ('' for the default); `null` finds nothing. */
  lookupNamespaceURI(prefix: string | null): string | null {
    if (prefix === null) return null;
    // A light tree's elements all are LightElements.
    for (let el = this as LightElement | null; el; el = el.parentNode as LightElement | null) {
      const found = el.declared?.get(prefix);
      if (found !== undefined) return found;
    }
    return null;
  }
  get textContent(): string {
    return textInside(this);
  }

  /** The start tag's attributes, read from the text the first time any is asked for. */
  private attributeRecords(): LightAttribute[] {
    if (this.attributeList !== undefined) return this.attributeList;
    const list = readAttributes(this.source, this.attributesAt, this.attributesEnd, this.scope);
    this.attributeList = list;
    return list;
  }
}

/** All the text inside an element, in document order: what textContent gives. */
export function textInside(element: LightNode): string {
  let out = '';
  const walk = (node: LightNode) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1) walk(n);
      else out += n.nodeValue;
    }
  };
  walk(element);
  return out;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09;

/** The attributes of a start tag the scan has already checked: names, "=", quoted values, whitespace between. */
function readAttributes(text: string, from: number, to: number, scope: Scope): LightAttribute[] {
  const out: LightAttribute[] = [];
  let at = from;
  for (;;) {
    while (isSpace(text.charCodeAt(at))) at++;
    if (at >= to) return out;
    const nameStart = at;
    while (at < to && !isSpace(text.charCodeAt(at)) && text.charCodeAt(at) !== 0x3d /* = */) at++;
    const name = text.slice(nameStart, at);
    while (text.charCodeAt(at) !== 0x3d) at++;
    at++;
    while (isSpace(text.charCodeAt(at))) at++;
    const close = text.indexOf(text[at]!, at + 1);
    out.push(attributeOf(name, attributeValue(text.slice(at + 1, close)), scope));
    at = close + 1;
  }
}

/** An attribute's namespace as xmldom gives it; the scan has made sure its prefix is declared. */
function attributeOf(name: string, value: string, scope: Scope): LightAttribute {
  if (name === 'xmlns') return { name, localName: name, prefix: null, namespaceURI: XMLNS_NS, value };
  const colon = name.indexOf(':');
  if (colon < 0) return { name, localName: name, prefix: null, namespaceURI: null, value };
  const prefix = name.slice(0, colon);
  const localName = name.slice(colon + 1);
  const namespaceURI = prefix === 'xmlns' ? XMLNS_NS : prefix === 'xml' ? XML_NS : (scope.get(prefix) ?? null);
  return { name, localName, prefix, namespaceURI, value };
}
