/**
 * The light element tree as it read documents before the byte-level scanner
 * (main/engine/xml-light-tree.ts) replaced it: a name pattern per name, an
 * attribute list and a scope map per element, every text sliced and decoded
 * as it was met. Kept unchanged as the oracle the scanner is compared with
 * (test/engine/xml-scanner.test.ts): same verdict (a tree or "not plain"),
 * same tree through every call the readers make.
 *
 * A light, read-only element tree for the documents read in bulk: Inline
 * XBRL accounts, computations and report packages' reports, often 10 MB or
 * more. xmldom builds a full DOM (live node lists, mutation checks on every
 * append), which made reading a 10 MB report about half a second; this
 * builds the few things the readers use, several times faster.
 *
 * It reads only plain, well-formed XML and answers `undefined` for anything
 * else, so the caller parses with xmldom and gets xmldom's own verdict and
 * message: a DOCTYPE, non-ASCII names, a prefix
 * it cannot resolve, a repeated attribute, an end tag that does not match,
 * an entity XML does not predefine, a character reference to a character
 * XML forbids, "]]>" in text, "--" in a comment, text outside the root,
 * undeclaring a namespace, nesting past MAX_XML_DEPTH. What it does accept gives the tree xmldom gives:
 * line ends normalised, attribute whitespace normalised, references
 * decoded, the same namespaces (test/engine/xml-light-tree.test.ts compares
 * both on HMRC's conformance documents and on thousands of damaged copies).
 */
import { MAX_XML_DEPTH } from '../../main/engine/xml-depth.js';
import type { XmlElementView, XmlNodeView } from '../../main/engine/xml-view.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const NAME = /[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?/y;
const XML_DECLARATION = /^<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.0\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/;
const PREDEFINED: Record<string, string | undefined> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Thrown inside the parse for input outside the plain subset; never leaves this module. */
class NotPlain extends Error {}
const notPlain = (): never => {
  throw new NotPlain();
};

const isXmlChar = (c: number) => c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);

/**
 * `raw` with its references decoded: &amp; &lt; &gt; &quot; &apos;, &#NNN;
 * (up to 7 digits) and &#xHHH; (up to 6 hex digits). Read character by
 * character, not by a replace with a callback: a reference-heavy text (a
 * server's 4 MiB reply of nothing else) has a million of them, and a match
 * array and a call for each cost seconds.
 */
function decodeReferences(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    out += raw.slice(from, amp);
    let at = amp + 1;
    if (raw.charCodeAt(at) === 0x23 /* # */) {
      const hex = raw.charCodeAt(at + 1) === 0x78; /* x */
      at += hex ? 2 : 1;
      const start = at;
      let code = 0;
      for (; at - start <= (hex ? 6 : 7); at++) {
        const digit = digitValue(raw.charCodeAt(at), hex);
        if (digit < 0) break;
        code = code * (hex ? 16 : 10) + digit;
      }
      if (at === start || at - start > (hex ? 6 : 7) || raw.charCodeAt(at) !== 0x3b /* ; */ || !isXmlChar(code)) notPlain();
      out += String.fromCodePoint(code);
    } else {
      let semi = at;
      while (semi < at + 5 && semi < raw.length && raw.charCodeAt(semi) !== 0x3b) semi++;
      const name = raw.charCodeAt(semi) === 0x3b ? raw.slice(at, semi) : '';
      out += (Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined) ?? notPlain();
      at = semi;
    }
    from = at + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

/** A decimal (or, with `hex`, hexadecimal) digit's value, or -1. */
function digitValue(c: number, hex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hex) return -1;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

abstract class LightNode implements XmlNodeView {
  abstract readonly nodeType: number;
  parentNode: LightElement | null = null;
  nextSibling: LightNode | null = null;
  previousSibling: LightNode | null = null;
  firstChild: LightNode | null = null;
  lastChild: LightNode | null = null;
  abstract readonly nodeValue: string | null;
  abstract readonly textContent: string | null;
}

class LightText extends LightNode {
  constructor(
    readonly nodeType: 3 | 4,
    readonly nodeValue: string,
  ) {
    super();
  }
  get textContent(): string {
    return this.nodeValue;
  }
}

interface LightAttribute {
  name: string;
  localName: string;
  prefix: string | null;
  namespaceURI: string | null;
  value: string;
}

class LightAttributes {
  constructor(private readonly list: LightAttribute[]) {}
  get length(): number {
    return this.list.length;
  }
  item(i: number): LightAttribute | null {
    return this.list[i] ?? null;
  }
}

const NO_ATTRIBUTES: LightAttribute[] = [];

class LightElement extends LightNode implements XmlElementView {
  readonly nodeType = 1;
  readonly nodeValue = null;
  constructor(
    readonly tagName: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    private readonly attributeList: LightAttribute[],
    /** The namespaces this element declares: '' for the default, else the prefix. */
    private readonly declared: Map<string, string> | undefined,
  ) {
    super();
  }
  get attributes(): LightAttributes {
    return new LightAttributes(this.attributeList);
  }
  getAttribute(name: string): string | null {
    for (const a of this.attributeList) if (a.name === name) return a.value;
    return null;
  }
  getAttributeNS(namespaceURI: string | null, localName: string): string | null {
    for (const a of this.attributeList) if (a.namespaceURI === namespaceURI && a.localName === localName) return a.value;
    return null;
  }
  hasAttribute(name: string): boolean {
    return this.getAttribute(name) !== null;
  }
  /** As xmldom answers it: only declared prefixes ('' for the default); `null` finds nothing. */
  lookupNamespaceURI(prefix: string | null): string | null {
    if (prefix === null) return null;
    for (let el: LightElement | null = this; el; el = el.parentNode) {
      const found = el.declared?.get(prefix);
      if (found !== undefined) return found;
    }
    return null;
  }
  get textContent(): string {
    let out = '';
    const walk = (node: LightNode) => {
      for (let n = node.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 1) walk(n);
        else out += n.nodeValue;
      }
    };
    walk(this);
    return out;
  }
  append(child: LightNode): void {
    child.parentNode = this;
    if (this.lastChild) {
      this.lastChild.nextSibling = child;
      child.previousSibling = this.lastChild;
    } else this.firstChild = child;
    this.lastChild = child;
  }
}

/** In-scope namespaces while parsing: prefix ('' for the default) → URI. */
type Scope = Map<string, string>;

/**
 * The root element of `text`, or undefined when the text is outside the
 * plain subset described above (parse it with xmldom then). The caller has
 * already refused DOCTYPEs, forbidden characters, bare ampersands and
 * excessive depth.
 */
export function parseLightTreeReference(source: string): XmlElementView | undefined {
  try {
    return parse(source.indexOf('\r') >= 0 ? source.replace(/\r\n?/g, '\n') : source);
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

function parse(text: string): LightElement {
  let at = 0;
  if (text.startsWith('<?xml')) {
    const declaration = XML_DECLARATION.exec(text) ?? notPlain();
    at = declaration[0].length;
  }
  let root: LightElement | undefined;
  let open: LightElement | undefined;
  const scopes: Scope[] = [new Map()];

  // test() and a slice, not exec(): no match array made for each of a large report's million names.
  const name = (): string => {
    NAME.lastIndex = at;
    if (!NAME.test(text)) notPlain();
    const start = at;
    at = NAME.lastIndex;
    return text.slice(start, at);
  };
  const space = (): number => {
    const start = at;
    for (let c = text.charCodeAt(at); c === 0x20 || c === 0x0a || c === 0x09; c = text.charCodeAt(++at));
    return at - start;
  };

  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const end = lt < 0 ? text.length : lt;
    if (end > at) {
      const raw = text.slice(at, end);
      if (open === undefined) {
        if (!/^[ \t\n]*$/.test(raw)) notPlain();
      } else {
        if (raw.indexOf(']]>') >= 0) notPlain();
        open.append(new LightText(3, decodeReferences(raw)));
      }
    }
    if (lt < 0) break;
    at = lt;
    const next = text.charCodeAt(at + 1);
    if (next === 0x3f /* ? */) {
      // A processing instruction (xml-stylesheet, say) is not part of the view: skipped.
      at += 2;
      if (/^xml$/i.test(name())) notPlain();
      const close = text.indexOf('?>', at);
      if (close < 0 || (close > at && space() === 0)) notPlain();
      at = close + 2;
    } else if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', at)) {
        const close = text.indexOf('-->', at + 4);
        if (close < 0) notPlain();
        const body = text.slice(at + 4, close);
        if (body.indexOf('--') >= 0 || body.endsWith('-')) notPlain();
        at = close + 3;
      } else if (open !== undefined && text.startsWith('<![CDATA[', at)) {
        const close = text.indexOf(']]>', at + 9);
        if (close < 0) notPlain();
        open.append(new LightText(4, text.slice(at + 9, close)));
        at = close + 3;
      } else notPlain();
    } else if (next === 0x2f /* / */) {
      at += 2;
      const tag = name();
      space();
      if (text.charCodeAt(at) !== 0x3e || open === undefined || tag !== open.tagName) notPlain();
      at++;
      scopes.pop();
      open = open!.parentNode ?? undefined;
    } else {
      if (root !== undefined && open === undefined) notPlain(); // a second root
      at++;
      const element = startTag(name(), open === undefined ? scopes[0]! : scopes[scopes.length - 1]!);
      if (open) open.append(element);
      else root = element;
      if (scopes.length > MAX_XML_DEPTH + 1) notPlain(); // too deep: the caller's depth check says so
      if (text.charCodeAt(at) === 0x2f) {
        if (text.charCodeAt(at + 1) !== 0x3e) notPlain();
        at += 2;
      } else {
        at++;
        open = element;
      }
    }
  }
  if (root === undefined || open !== undefined) notPlain();
  return root!;

  /** The element whose start tag began with `tag`; leaves `at` on its closing "/>" or ">" and pushes its scope when it stays open. */
  function startTag(tag: string, outer: Scope): LightElement {
    // Made only for an element that has attributes: most of a report's elements have none.
    let raw: { name: string; value: string }[] | undefined;
    for (;;) {
      const spaced = space() > 0;
      const c = text.charCodeAt(at);
      if (c === 0x3e /* > */ || c === 0x2f /* / */) break;
      if (!spaced) notPlain();
      const attribute = name();
      space();
      if (text.charCodeAt(at) !== 0x3d /* = */) notPlain();
      at++;
      space();
      const quote = text[at];
      if (quote !== '"' && quote !== "'") notPlain();
      const close = text.indexOf(quote!, at + 1);
      if (close < 0) notPlain();
      const literal = text.slice(at + 1, close);
      if (literal.indexOf('<') >= 0) notPlain();
      at = close + 1;
      raw ??= [];
      for (const r of raw) if (r.name === attribute) notPlain();
      const normalised = literal.indexOf('\t') < 0 && literal.indexOf('\n') < 0 ? literal : literal.replace(/[\t\n]/g, ' ');
      raw.push({ name: attribute, value: decodeReferences(normalised) });
    }
    let declared: Map<string, string> | undefined;
    let scope = outer;
    let attributes = NO_ATTRIBUTES;
    if (raw !== undefined) {
      for (const { name: n, value } of raw) {
        if (n !== 'xmlns' && !n.startsWith('xmlns:')) continue;
        const prefix = n === 'xmlns' ? '' : n.slice(6);
        // xml may be declared only as itself; nothing else may take its or xmlns's namespace.
        if (prefix === 'xml' ? value !== XML_NS : value === '' || prefix === 'xmlns' || prefix === 'null' || value === XML_NS || value === XMLNS_NS) notPlain();
        (declared ??= new Map()).set(prefix, value);
      }
      if (declared) scope = new Map([...outer, ...declared]);
      const inScope = scope;
      attributes = raw.map(({ name: n, value }) => attributeOf(n, value, inScope));
      for (let i = 0; i < attributes.length; i++) {
        for (let j = 0; j < i; j++) {
          const a = attributes[i]!;
          const b = attributes[j]!;
          if (a.namespaceURI !== null && a.namespaceURI === b.namespaceURI && a.localName === b.localName) notPlain();
        }
      }
    }
    const colon = tag.indexOf(':');
    const prefix = colon < 0 ? null : tag.slice(0, colon);
    const namespaceURI = scope.get(prefix ?? '') ?? (prefix === null ? null : notPlain());
    scopes.push(scope);
    if (text.charCodeAt(at) === 0x2f) scopes.pop();
    return new LightElement(tag, prefix, colon < 0 ? tag : tag.slice(colon + 1), namespaceURI, attributes, declared);
  }
}

function attributeOf(name: string, value: string, scope: Scope): LightAttribute {
  if (name === 'xmlns') return { name, localName: name, prefix: null, namespaceURI: XMLNS_NS, value };
  const colon = name.indexOf(':');
  if (colon < 0) return { name, localName: name, prefix: null, namespaceURI: null, value };
  const prefix = name.slice(0, colon);
  const localName = name.slice(colon + 1);
  const namespaceURI = prefix === 'xmlns' ? XMLNS_NS : prefix === 'xml' ? XML_NS : (scope.get(prefix) ?? notPlain());
  return { name, localName, prefix, namespaceURI, value };
}
