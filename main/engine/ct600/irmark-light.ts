/**
 * The IRmark's canonical Body read through the light element tree, with no
 * DOM: what a plain GovTalk message (no comment, no processing instruction,
 * nothing the light tree declines) canonicalises to, written by the same
 * steps, in the same order, as xml-crypto's inclusive C14N WithComments that
 * the DOM route (irmark-dom.ts) runs. It loads neither xmldom nor
 * xml-crypto, which is most of what `cli ct600 verify` used to spend
 * starting.
 *
 * Anything it cannot vouch for gives undefined, and the caller takes the
 * DOM route, whose verdict and message stand: a message over a megabyte, bytes that are not UTF-8 or
 * declare another encoding, text the pre-parse checks refuse, a comment or
 * processing instruction anywhere (the light tree leaves them out, C14N
 * WithComments keeps them), no Body, an empty CDATA section. The DOM route
 * stays the oracle: test/engine/irmark-light.test.ts compares the two byte
 * for byte over HMRC's vectors, built returns and altered copies.
 */
import type { XmlAttributeView, XmlElementView, XmlNodeView } from '../xml-view.js';
import { irmarkCheck, irmarkOfCanonical, type IrmarkCheck } from './irmark-value.js';
import { readPlainXmlElements, utf8DocumentText } from './xml-text.js';

export interface LightMarkedBody {
  /** The exact text the IRmark digests: Body, inherited namespaces rendered, IRmark removed. */
  canonical: string;
  /** The IRmark element's text, or null when it is absent or empty. */
  found: string | null;
}

/**
 * The IRmark check of a plain message without loading a DOM, or undefined
 * when verifyIrmarkWithDom (irmark.ts) must decide: the same answer, for a
 * command that checks one small file and should not pay for loading xmldom.
 */
export function verifyPlainIrmark(xml: Uint8Array | string): IrmarkCheck | undefined {
  const light = lightMarkedBody(xml);
  return light && irmarkCheck(irmarkOfCanonical(light.canonical), light.found);
}

interface Namespace {
  prefix: string;
  namespaceURI: string;
}

class Declined extends Error {}

/**
 * The largest message the light route reads. Past about a megabyte the
 * attachments' base64 is most of it, and the streamed route (which hashes
 * those runs as they stand and reads only the rest) is faster: at 4 MB
 * 5.3 ms against 7.3, at 20 MB 41 ms against 70.
 */
export const LIGHT_ROUTE_MAX_LENGTH = 1024 * 1024;

/** The canonical Body of a plain message, or undefined when the DOM route must decide. */
export function lightMarkedBody(xml: Uint8Array | string): LightMarkedBody | undefined {
  if (xml.length > LIGHT_ROUTE_MAX_LENGTH) return undefined;
  let text: string;
  if (typeof xml === 'string') text = xml.replace(/^\uFEFF/, '');
  else {
    const decoded = utf8DocumentText(xml);
    if (!decoded.ok) return undefined;
    text = decoded.text;
  }
  if (text.indexOf('<!--') >= 0 || text.indexOf('<?', text.startsWith('<?xml') ? 5 : 0) >= 0) return undefined;
  // Declined by the light tree (or by the pre-parse checks, which the DOM route words): xmldom reads it.
  const root = readPlainXmlElements(text);
  if (!root) return undefined;

  let body: XmlElementView | undefined;
  if (root.localName === 'Body') body = root;
  else if (root.localName === 'GovTalkMessage') body = firstChild(root, 'Body');
  if (!body) return undefined;
  const irenvelope = firstChild(body, 'IRenvelope');
  const irheader = irenvelope && firstChild(irenvelope, 'IRheader');
  const irmark = irheader && firstChild(irheader, 'IRmark');
  const foundText = irmark?.textContent?.trim() ?? '';

  try {
    const out: string[] = [];
    const ancestors = ancestorNamespaces(body);
    renderElement(body, '', ancestors, ancestors.slice(), irmark, out);
    return { canonical: out.join(''), found: foundText === '' ? null : foundText };
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
}

function isElement(node: XmlNodeView): node is XmlElementView {
  return node.nodeType === 1;
}

function firstChild(parent: XmlElementView, localName: string): XmlElementView | undefined {
  for (let n = parent.firstChild; n; n = n.nextSibling) if (isElement(n) && n.localName === localName) return n;
  return undefined;
}

function attributesOf(element: XmlElementView): XmlAttributeView[] {
  const list: XmlAttributeView[] = [];
  for (let i = 0; i < element.attributes.length; i++) list.push(element.attributes.item(i)!);
  return list;
}

/** Prefixed declarations on Body's ancestors, nearest first (the default is rendered from Body's own namespace). */
function ancestorNamespaces(body: XmlElementView): Namespace[] {
  const found: Namespace[] = [];
  const seen = new Set<string>();
  for (let p = body.parentNode; p && isElement(p); p = p.parentNode) {
    for (const a of attributesOf(p)) {
      if (prefixOf(a) === 'xmlns' && !seen.has(a.localName!)) {
        seen.add(a.localName!);
        found.push({ prefix: a.localName!, namespaceURI: a.value });
      }
    }
  }
  return found;
}

/** An attribute's prefix: the part of its name before the colon, as the DOM reports it. */
function prefixOf(attribute: XmlAttributeView): string | null {
  const colon = attribute.name.indexOf(':');
  return colon < 0 ? null : attribute.name.slice(0, colon);
}

function elementPrefix(element: XmlElementView): string | null {
  const colon = element.tagName.indexOf(':');
  return colon < 0 ? null : element.tagName.slice(0, colon);
}

/** The last binding of a prefix in scope (outermost pushed first) is the one that counts. */
function isInScope(namespacesInScope: Namespace[], prefix: string, namespaceURI: string): boolean {
  for (let i = namespacesInScope.length - 1; i >= 0; i--) {
    if (namespacesInScope[i]!.prefix === prefix) return namespacesInScope[i]!.namespaceURI === namespaceURI;
  }
  return false;
}

/** C14N's text escaping: &, <, > and carriage return. */
function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;'));
}

/** C14N's attribute value escaping: &, <, ", and the whitespace characters as references. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<"\r\n\t]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}
const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;', '\r': '&#xD;', '\n': '&#xA;', '\t': '&#x9;' };

/** Attributes without a namespace first, then by namespace and local name run together, as xml-crypto orders them. */
function attributeOrder(a: XmlAttributeView, b: XmlAttributeView): number {
  if (!a.namespaceURI && b.namespaceURI) return -1;
  if (!b.namespaceURI && a.namespaceURI) return 1;
  const left = String(a.namespaceURI) + String(a.localName);
  const right = String(b.namespaceURI) + String(b.localName);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Namespace declarations by prefix, compared as xml-crypto compares them. */
function namespaceOrder(a: Namespace, b: Namespace): number {
  return a.prefix === b.prefix ? 0 : a.prefix.localeCompare(b.prefix);
}

/**
 * One element and its subtree: its namespace declarations (what is not
 * already in scope with the same URI, the default when it changes, and on
 * Body the ancestors' prefixed declarations), its attributes in order, its
 * children; `skip` (the IRmark) is left out.
 */
function renderElement(
  node: XmlElementView,
  defaultNs: string,
  ancestors: Namespace[],
  namespacesInScope: Namespace[],
  skip: XmlElementView | undefined,
  out: string[],
): void {
  const attributes = attributesOf(node);
  const toRender: Namespace[] = [];
  const declare = (prefix: string, namespaceURI: string) => {
    toRender.push({ prefix, namespaceURI });
    namespacesInScope.push({ prefix, namespaceURI });
  };
  const prefix = elementPrefix(node);
  if (prefix) {
    const namespaceURI = node.namespaceURI;
    if (!namespaceURI) throw new Declined(); // a prefix bound to nothing: the DOM route decides
    if (!isInScope(namespacesInScope, prefix, namespaceURI)) declare(prefix, namespaceURI);
  }
  let localDefaultNs: string | null = null;
  for (const a of attributes) if (a.name === 'xmlns') localDefaultNs = a.value;
  const nodeDefaultNs = localDefaultNs !== null ? localDefaultNs : prefix ? defaultNs : node.namespaceURI || '';
  let newDefaultNs = defaultNs;
  let rendered = '';
  if (nodeDefaultNs !== defaultNs) {
    newDefaultNs = nodeDefaultNs;
    rendered += ` xmlns="${newDefaultNs}"`;
  }
  for (const a of attributes) {
    const attributePrefix = prefixOf(a);
    if (attributePrefix === 'xmlns' && !isInScope(namespacesInScope, a.localName!, a.value)) declare(a.localName!, a.value);
    if (attributePrefix && attributePrefix !== 'xmlns' && attributePrefix !== 'xml') {
      if (!a.namespaceURI) throw new Declined();
      if (!isInScope(namespacesInScope, attributePrefix, a.namespaceURI)) declare(attributePrefix, a.namespaceURI);
    }
  }
  for (const ancestor of ancestors) {
    const shadowed = toRender.some((ns) => ns.prefix === ancestor.prefix) || (!ancestor.prefix && localDefaultNs !== null);
    if (!shadowed) {
      toRender.push(ancestor);
      if (!ancestor.prefix) newDefaultNs = ancestor.namespaceURI;
    }
  }
  toRender.sort(namespaceOrder);
  for (const ns of toRender) rendered += ns.prefix ? ` xmlns:${ns.prefix}="${ns.namespaceURI}"` : ` xmlns="${ns.namespaceURI}"`;
  const plain = attributes.filter((a) => a.name.indexOf('xmlns') !== 0).sort(attributeOrder);
  for (const a of plain) rendered += ` ${a.name}="${escapeAttribute(a.value)}"`;

  out.push('<', node.tagName, rendered, '>');
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child === skip) continue;
    if (isElement(child)) renderElement(child, newDefaultNs, [], namespacesInScope.slice(), skip, out);
    else if (child.nodeType === 3 || child.nodeType === 4) {
      // The DOM route cannot canonicalise an empty text node (an empty CDATA section): it says so.
      if (!child.nodeValue) throw new Declined();
      out.push(escapeText(child.nodeValue));
    } else throw new Declined();
  }
  out.push('</', node.tagName, '>');
}
