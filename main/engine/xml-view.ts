/**
 * The part of the DOM the document readers use, met both by xmldom's
 * elements and by the light tree (xml-light-tree.ts), so a reader works on
 * either.
 */
export interface XmlNodeView {
  readonly nodeType: number;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly parentNode: XmlNodeView | null;
  readonly firstChild: XmlNodeView | null;
  readonly lastChild: XmlNodeView | null;
  readonly nextSibling: XmlNodeView | null;
  readonly previousSibling: XmlNodeView | null;
}

export interface XmlAttributeView {
  readonly name: string;
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  readonly value: string;
}

export interface XmlElementView extends XmlNodeView {
  readonly namespaceURI: string | null;
  readonly localName: string | null;
  readonly tagName: string;
  readonly attributes: { readonly length: number; item(index: number): XmlAttributeView | null };
  getAttribute(name: string): string | null;
  getAttributeNS(namespaceURI: string | null, localName: string): string | null;
  hasAttribute(name: string): boolean;
  lookupNamespaceURI(prefix: string | null): string | null;
}
