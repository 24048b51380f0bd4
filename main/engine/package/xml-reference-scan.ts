/**
 * Finds the references in an XML document (schema, linkbase, report) in one
 * pass over its text, without building a tree: a taxonomy of 2,000 files and
 * 50 MB is scanned at every plan and build, and a DOM parser costs ten times
 * as much for the few attributes needed. Namespaces and xml:base are tracked
 * per element, so prefixes mean what the document declares. Tags that do not
 * close, end tags that do not match, and text that is not UTF-8 or UTF-16 make
 * the document unreadable (its references unknown), as a parser would.
 */
import { asciiText } from '../ascii-text.js';
import { interned } from '../interned-name.js';
import { decodeReferenceValue } from '../xbrl/document-references.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export interface ScannedElement {
  namespace: string;
  localName: string;
  /** Attribute value by "{namespace}localName" ("localName" for unqualified ones), entities decoded. */
  attribute(namespace: string, localName: string): string | undefined;
  /** xml:base values in scope, outermost first (this element's own last). */
  bases: string[];
  /** The namespace a prefix means here ('' for the default namespace); for QName-valued attributes. */
  namespaceOf(prefix: string): string | undefined;
}

export class XmlScanError extends Error {}

interface Frame {
  name: string;
  ns: Map<string, string>;
  bases: string[];
}

/**
 * JavaScript's \s, which the scan has always taken as the space between a
 * tag's parts: XML's four, and the others a parser would refuse in a name.
 */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

const EQUALS = 61;
const SLASH = 47;
const GT = 62;
const QUOT = 34;
const APOS = 39;

/**
 * The element being scanned: its attributes are kept as places in the text
 * and read (their entities decoded) only when asked for. A taxonomy's
 * hundreds of thousands of elements are scanned for the few that refer to
 * something, so nothing is built for the others, and one object serves every
 * element of a document: it describes an element only while `visit` runs.
 */
class CurrentElement implements ScannedElement {
  namespace = '';
  localName = '';
  bases: string[] = [];
  ns = new Map<string, string>();
  /** Name start, name end, value start, value end of each attribute; read from the tag when first needed. */
  readonly places: number[] = [];
  private placesRead = false;
  /** Where the tag's attributes start and where the tag ends. */
  private from = 0;
  private to = 0;

  constructor(private readonly text: string) {}

  /** Takes the tag whose attributes lie between `from` and `to`, read only when one is asked for. */
  moveTo(from: number, to: number): void {
    this.from = from;
    this.to = to;
    // Most tags' attributes are never read: nothing to clear.
    if (this.placesRead) {
      this.places.length = 0;
      this.placesRead = false;
    }
  }

  /**
   * Where each word asked about next occurs at or after the current tag (-1: nowhere after it). Tags are
   * taken in document order, so a search goes on from the last one found: asked of every tag, a word that
   * is rare in the document (xmlns, xml:base) costs one pass over the text, not one pass per tag.
   */
  private readonly nextAt = new Map<string, number>();

  /** Whether `what` is written anywhere in the tag's attributes: when not, no attribute of that name is there. */
  mentions(what: string): boolean {
    let at = this.nextAt.get(what);
    if (at === undefined || (at !== -1 && at < this.from)) {
      at = this.text.indexOf(what, this.from);
      this.nextAt.set(what, at);
    }
    return at !== -1 && at < this.to;
  }

  readPlaces(): number[] {
    if (!this.placesRead) {
      readAttributes(this.text, this.from, this.places);
      this.placesRead = true;
    }
    return this.places;
  }

  attribute(namespace: string, localName: string): string | undefined {
    // No prefix in scope means the namespace, so no attribute here is in it: most of a taxonomy's schemas never declare XLink,
    // and the search for ":type" of each of their elements was a pass over the whole document.
    if (namespace !== '' && !this.inScope(namespace)) return undefined;
    if (!this.mentions(namespace === '' ? localName : `:${localName}`)) return undefined;
    const { text } = this;
    const places = this.readPlaces();
    // The last of that expanded name (a later one replaces an earlier); unprefixed names are in no namespace.
    for (let i = places.length - 4; i >= 0; i -= 4) {
      const nameStart = places[i]!;
      const nameEnd = places[i + 1]!;
      const localStart = nameEnd - localName.length;
      if (localStart < nameStart || !text.startsWith(localName, localStart)) continue;
      if (localStart === nameStart) {
        if (namespace === '' && !(nameEnd - nameStart === 5 && text.startsWith('xmlns', nameStart))) return this.value(i);
        continue;
      }
      const colon = localStart - 1;
      if (namespace === '' || text.charCodeAt(colon) !== COLON) continue;
      const first = text.indexOf(':', nameStart);
      if (first !== colon) continue;
      const prefix = text.slice(nameStart, colon);
      if (prefix === 'xmlns') continue;
      if ((this.ns.get(prefix) ?? '') === namespace) return this.value(i);
    }
    return undefined;
  }

  /** Whether a prefix in scope means `namespace` (the namespaces of a scope gathered once: its elements share the one map). */
  private inScope(namespace: string): boolean {
    if (this.scopeRead !== this.ns) {
      this.scopeRead = this.ns;
      this.scopeNamespaces = new Set(this.ns.values());
    }
    return this.scopeNamespaces.has(namespace);
  }
  private scopeRead: Map<string, string> | undefined;
  private scopeNamespaces = new Set<string>();

  /** Names the element: a tag named as the last one was, in the same scope, keeps its expanded name (a taxonomy's tags run in long rows of xs:element). */
  name(name: string, ns: Map<string, string>): void {
    if (name === this.lastName && ns === this.lastScope) return;
    const colon = name.indexOf(':');
    this.namespace = ns.get(colon === -1 ? '' : name.slice(0, colon)) ?? '';
    this.localName = colon === -1 ? name : name.slice(colon + 1);
    this.lastName = name;
    this.lastScope = ns;
  }
  private lastName = '';
  private lastScope: Map<string, string> | undefined;

  namespaceOf(prefix: string): string | undefined {
    return this.ns.get(prefix);
  }

  value(i: number): string {
    return decodeReferenceValue(this.text.slice(this.places[i + 2], this.places[i + 3]));
  }
}

const COLON = 58;

/** Calls `visit` for every element start tag, in document order; the element it is given is only valid during the call. */
export function scanElements(bytes: Uint8Array, visit: (el: ScannedElement) => void): void {
  const text = decode(bytes);
  const stack: Frame[] = [];
  const element = new CurrentElement(text);
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', lt)) i = after(text, '-->', lt + 4);
      else if (text.startsWith('<![CDATA[', lt)) i = after(text, ']]>', lt + 9);
      else i = afterDeclaration(text, lt);
    } else if (next === 63 /* ? */) i = after(text, '?>', lt + 2);
    else if (next === SLASH) {
      const end = after(text, '>', lt + 2);
      const name = text.slice(lt + 2, end - 1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlScanError(`the end tag </${name}> does not match ${open ? `<${open.name}>` : 'any open element'}`);
      i = end;
    } else i = startTag(text, lt, stack, element, visit);
  }
  if (stack.length > 0) throw new XmlScanError(`<${stack[stack.length - 1]!.name}> is never closed`);
}

/**
 * A start tag's attributes and its end, as the scan has always accepted them:
 * any number of name="value" or name='value' (space around "=" and between
 * attributes optional), then space, then "/>" or ">". Checked by one native
 * pattern; the attributes themselves are read only when asked for.
 */
const TAG_REST = /(?:\s*[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;

function startTag(text: string, lt: number, stack: Frame[], element: CurrentElement, visit: (el: ScannedElement) => void): number {
  const length = text.length;
  let pos = lt + 1;
  while (pos < length) {
    const c = text.charCodeAt(pos);
    if (c === SLASH || c === GT || isSpace(c)) break;
    pos++;
  }
  if (pos === lt + 1) throw new XmlScanError('a tag has no name');
  const name = text.slice(lt + 1, pos);
  TAG_REST.lastIndex = pos;
  const rest = TAG_REST.exec(text);
  if (!rest) throw new XmlScanError(`the tag <${name}> is not well-formed`);
  const end = TAG_REST.lastIndex;
  const selfClosing = rest[1] === '/';
  element.moveTo(pos, end);
  const parent = stack[stack.length - 1];
  let ns = parent?.ns ?? new Map<string, string>([['xml', XML_NS]]);
  if (element.mentions('xmlns')) {
    const places = element.readPlaces();
    for (let k = 0; k < places.length; k += 4) {
      const attrStart = places[k]!;
      const attrLength = places[k + 1]! - attrStart;
      if (!text.startsWith('xmlns', attrStart) || (attrLength !== 5 && text.charCodeAt(attrStart + 5) !== COLON)) continue;
      if (ns === parent?.ns) ns = new Map(ns);
      // Interned: each element in scope is compared with the link and schema namespaces (document-references.ts) by this value.
      if (attrLength === 5) ns.set('', interned(element.value(k)));
      else ns.set(text.slice(attrStart + 6, attrStart + attrLength), interned(element.value(k)));
    }
  }
  element.ns = ns;
  const base = element.attribute(XML_NS, 'base');
  const bases = base === undefined ? (parent?.bases ?? []) : [...(parent?.bases ?? []), base];
  element.name(name, ns);
  element.bases = bases;
  visit(element);
  if (!selfClosing) stack.push({ name, ns, bases });
  return end;
}

/** The attributes of a tag already checked by TAG_REST, as places in the text. */
function readAttributes(text: string, from: number, places: number[]): void {
  const length = text.length;
  let pos = from;
  for (;;) {
    let p = pos;
    while (p < length && isSpace(text.charCodeAt(p))) p++;
    const attrStart = p;
    while (p < length) {
      const c = text.charCodeAt(p);
      if (c === EQUALS || c === SLASH || c === GT || isSpace(c)) break;
      p++;
    }
    if (p === attrStart) return;
    const attrEnd = p;
    while (p < length && isSpace(text.charCodeAt(p))) p++;
    if (text.charCodeAt(p) !== EQUALS) return;
    p++;
    while (p < length && isSpace(text.charCodeAt(p))) p++;
    const quote = text.charCodeAt(p);
    if (quote !== QUOT && quote !== APOS) return;
    const close = text.indexOf(quote === QUOT ? '"' : "'", p + 1);
    if (close === -1) return;
    places.push(attrStart, attrEnd, p + 1, close);
    pos = close + 1;
  }
}

function after(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  if (at === -1) throw new XmlScanError(`"${end}" is missing: the document ends inside a markup declaration, comment or tag`);
  return at + end.length;
}

/** <!DOCTYPE …> may hold an internal subset in brackets, with ">" inside. */
function afterDeclaration(text: string, lt: number): number {
  let depth = 0;
  for (let i = lt + 2; i < text.length; i++) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth <= 0) return i + 1;
  }
  throw new XmlScanError('the document ends inside a declaration');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string {
  const ascii = asciiText(bytes);
  if (ascii !== undefined) return ascii;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    return utf8.decode(bytes);
  } catch {
    throw new XmlScanError('the file is not UTF-8 or UTF-16 text');
  }
}
