/**
 * A light, read-only element tree for the documents read in bulk: Inline
 * XBRL accounts, computations and report packages' reports, often 10 MB or
 * more. xmldom builds a full DOM (live node lists, mutation checks on every
 * append); this builds the few things the readers use.
 *
 * It reads only plain, well-formed XML and answers `undefined` for anything
 * else, so the caller parses with xmldom and gets xmldom's own verdict and
 * message (its line and column): a DOCTYPE, non-ASCII names, a prefix it
 * cannot resolve, a repeated attribute, an end tag that does not match, an
 * entity XML does not predefine, a character reference to a character XML
 * forbids, "]]>" in text, "--" in a comment, text outside the root,
 * undeclaring a namespace, nesting past MAX_XML_DEPTH. What it does accept
 * gives the tree xmldom gives: line ends normalised, attribute whitespace
 * normalised, references decoded, the same namespaces
 * (test/engine/xml-light-tree.test.ts compares both on HMRC's conformance
 * documents and on thousands of damaged copies).
 *
 * The scan makes nothing per element but the element itself: names are
 * read by a character table and kept once per distinct name (with the
 * namespace they last resolved to), the next "<", "&" and "]]>" are each
 * found once by the engine's own search rather than looked for in every
 * piece of text, an attribute is checked where it stands and read only
 * when asked (xml-light-nodes.ts), and text is sliced when asked.
 * test/engine/xml-scanner.test.ts holds it to the reader it replaced
 * (test/helpers/xml-light-tree-reference.ts): same verdict, same tree.
 */
import { MAX_XML_DEPTH } from './xml-depth.js';
import { LightElement, LightText, XML_NS, XMLNS_NS, type LightNode, type Scope } from './xml-light-nodes.js';
import { attributeValue, decodeReferences, NotPlain, notPlain } from './xml-references.js';
import type { XmlElementView } from './xml-view.js';

const XML_DECLARATION = /^<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.0\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/;

/** Name characters (ASCII only: anything else is not plain): 1 may start a name part, 2 may follow. */
const NAME_START = 1;
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_]/.test(ch)) NAME_CHAR[c] = NAME_START | 2;
  else if (/[0-9.-]/.test(ch)) NAME_CHAR[c] = 2;
}
const startsName = (c: number) => c < 128 && (NAME_CHAR[c]! & NAME_START) !== 0;
const continuesName = (c: number) => c < 128 && NAME_CHAR[c]! !== 0;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09;

/** One distinct name of the document, made once, with the namespace it resolved to in the scope last asked. */
interface NameEntry {
  name: string;
  prefix: string | null;
  localName: string;
  next: NameEntry | undefined;
  scope: Scope | undefined;
  namespaceURI: string | null;
}

const TABLE_SIZE = 1024;
/** Past this many names in one slot a name is no longer kept: a document of colliding names costs a slice each, never a long search. */
const MAX_CHAIN = 8;

/**
 * The root element of `text`, or undefined when the text is outside the
 * plain subset described above (parse it with xmldom then). The caller has
 * already refused DOCTYPEs and forbidden characters.
 */
export function parseLightTree(source: string): XmlElementView | undefined {
  try {
    return new Scanner(source.indexOf('\r') >= 0 ? source.replace(/\r\n?/g, '\n') : source).parse();
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

class Scanner {
  private at = 0;
  /** The next "<", "&" and "]]>" at or after some earlier place; looked for again only once the scan has passed them. */
  private nextLt = -1;
  private nextAmp = -1;
  private nextCdataEnd = -1;
  private readonly names: (NameEntry | undefined)[] = new Array(TABLE_SIZE).fill(undefined);
  /** The current start tag's attributes: their names and value places, reused from tag to tag. */
  private attrNames: NameEntry[] = [];
  private attrValueAt: number[] = [];
  private attrValueEnd: number[] = [];
  private attrNamespace: (string | null)[] = [];

  constructor(private readonly text: string) {}

  parse(): LightElement {
    const text = this.text;
    const length = text.length;
    if (text.startsWith('<?xml')) this.at = (XML_DECLARATION.exec(text) ?? notPlain())[0].length;
    let root: LightElement | undefined;
    let open: LightElement | undefined;
    let depth = 0;
    const topScope: Scope = new Map();

    while (this.at < length) {
      const at = this.at;
      const lt = this.lessThanFrom(at);
      if (lt > at) {
        if (open === undefined) {
          for (let i = at; i < lt; i++) if (!isSpace(text.charCodeAt(i))) notPlain();
        } else {
          if (this.nextCdataEnd < at && this.nextCdataEnd !== -2) this.nextCdataEnd = found(text.indexOf(']]>', at));
          if (this.nextCdataEnd >= 0 && this.nextCdataEnd < lt) notPlain();
          const value = this.ampersandBefore(at, lt) ? decodeReferences(text.slice(at, lt)) : undefined;
          append(open, new LightText(3, text, at, lt, value));
        }
      }
      if (lt >= length) break;
      this.at = lt;
      const next = text.charCodeAt(lt + 1);
      if (next === 0x3f /* ? */) this.processingInstruction();
      else if (next === 0x21 /* ! */) {
        if (text.startsWith('<!--', lt)) {
          const close = text.indexOf('-->', lt + 4);
          if (close < 0) notPlain();
          // "--" inside, or a body ending in "-": the first "--" from the body's start comes before the closing one.
          if (text.indexOf('--', lt + 4) < close) notPlain();
          this.at = close + 3;
        } else if (open !== undefined && text.startsWith('<![CDATA[', lt)) {
          const close = text.indexOf(']]>', lt + 9);
          if (close < 0) notPlain();
          append(open, new LightText(4, text, lt + 9, close, undefined));
          this.at = close + 3;
        } else notPlain();
      } else if (next === 0x2f /* / */) {
        if (open === undefined) notPlain();
        const tag = open!.tagName;
        let i = lt + 2;
        if (!text.startsWith(tag, i)) notPlain();
        i += tag.length;
        const c = text.charCodeAt(i);
        // The name goes on: another name than the open element's.
        if (continuesName(c) || c === 0x3a) notPlain();
        while (isSpace(text.charCodeAt(i))) i++;
        if (text.charCodeAt(i) !== 0x3e /* > */) notPlain();
        this.at = i + 1;
        depth--;
        open = open!.parentNode ?? undefined;
      } else {
        if (root !== undefined && open === undefined) notPlain(); // a second root
        this.at = lt + 1;
        const element = this.startTag(open === undefined ? topScope : open.scope);
        const selfClosing = text.charCodeAt(this.at) === 0x2f;
        if (depth + (selfClosing ? 0 : 1) > MAX_XML_DEPTH) notPlain(); // too deep: the caller's depth check says so
        if (open) append(open, element);
        else root = element;
        if (selfClosing) {
          if (text.charCodeAt(this.at + 1) !== 0x3e) notPlain();
          this.at += 2;
        } else {
          this.at++;
          open = element;
          depth++;
        }
      }
    }
    if (root === undefined || open !== undefined) notPlain();
    return root!;
  }

  /** The next "<" at or after `at`, or the text's length. */
  private lessThanFrom(at: number): number {
    if (this.nextLt < at) {
      const lt = this.text.indexOf('<', at);
      this.nextLt = lt < 0 ? this.text.length : lt;
    }
    return this.nextLt;
  }

  /** Whether an "&" stands in [at, end). */
  private ampersandBefore(at: number, end: number): boolean {
    if (this.nextAmp < at && this.nextAmp !== -2) this.nextAmp = found(this.text.indexOf('&', at));
    return this.nextAmp >= 0 && this.nextAmp < end;
  }

  /** A processing instruction (xml-stylesheet, say) is not part of the view: skipped. */
  private processingInstruction(): void {
    const text = this.text;
    this.at += 2;
    if (/^xml$/i.test(this.name().name)) notPlain();
    const close = text.indexOf('?>', this.at);
    const spaced = isSpace(text.charCodeAt(this.at));
    if (close < 0 || (close > this.at && !spaced)) notPlain();
    this.at = close + 2;
  }

  /** A name at `at` (one colon at most, ASCII), kept once per distinct name; leaves `at` after it. */
  private name(): NameEntry {
    const text = this.text;
    const start = this.at;
    let c = text.charCodeAt(start);
    if (!startsName(c)) notPlain();
    let hash = c;
    let i = start + 1;
    for (c = text.charCodeAt(i); continuesName(c); c = text.charCodeAt(++i)) hash = (hash * 31 + c) | 0;
    let colon = -1;
    if (c === 0x3a && startsName(text.charCodeAt(i + 1))) {
      colon = i - start;
      hash = (hash * 31 + c) | 0;
      for (c = text.charCodeAt(++i); continuesName(c); c = text.charCodeAt(++i)) hash = (hash * 31 + c) | 0;
    }
    this.at = i;
    const slot = hash & (TABLE_SIZE - 1);
    const length = i - start;
    let chain = 0;
    for (let e = this.names[slot]; e; e = e.next, chain++) {
      if (e.name.length === length && text.startsWith(e.name, start)) return e;
    }
    const name = text.slice(start, i);
    const entry: NameEntry = {
      name,
      prefix: colon < 0 ? null : name.slice(0, colon),
      localName: colon < 0 ? name : name.slice(colon + 1),
      next: this.names[slot],
      scope: undefined,
      namespaceURI: null,
    };
    if (chain < MAX_CHAIN) this.names[slot] = entry;
    return entry;
  }

  /** The element whose start tag's "<" is just before `at`; leaves `at` on its closing "/>" or ">". */
  private startTag(outer: Scope): LightElement {
    const text = this.text;
    const tag = this.name();
    const attributesAt = this.at;
    let count = 0;
    let declares = false;
    for (;;) {
      const before = this.at;
      while (isSpace(text.charCodeAt(this.at))) this.at++;
      const c = text.charCodeAt(this.at);
      if (c === 0x3e /* > */ || c === 0x2f /* / */) break;
      if (this.at === before) notPlain();
      const attribute = this.name();
      while (isSpace(text.charCodeAt(this.at))) this.at++;
      if (text.charCodeAt(this.at) !== 0x3d /* = */) notPlain();
      this.at++;
      while (isSpace(text.charCodeAt(this.at))) this.at++;
      const quote = text.charCodeAt(this.at);
      if (quote !== 0x22 && quote !== 0x27) notPlain();
      const valueAt = this.at + 1;
      const close = text.indexOf(quote === 0x22 ? '"' : "'", valueAt);
      if (close < 0 || this.lessThanFrom(valueAt) < close) notPlain();
      // A reference is checked where it stands (the value itself is read only when asked for).
      if (this.ampersandBefore(valueAt, close)) attributeValue(text.slice(valueAt, close));
      for (let j = 0; j < count; j++) if (this.attrNames[j]!.name === attribute.name) notPlain();
      this.attrNames[count] = attribute;
      this.attrValueAt[count] = valueAt;
      this.attrValueEnd[count] = close;
      count++;
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') declares = true;
      this.at = close + 1;
    }
    let declared: Map<string, string> | undefined;
    let scope = outer;
    if (declares) {
      for (let i = 0; i < count; i++) {
        const n = this.attrNames[i]!;
        if (n.name !== 'xmlns' && n.prefix !== 'xmlns') continue;
        const prefix = n.name === 'xmlns' ? '' : n.localName;
        const value = attributeValue(text.slice(this.attrValueAt[i], this.attrValueEnd[i]));
        // xml may be declared only as itself; nothing else may take its or xmlns's namespace.
        if (prefix === 'xml' ? value !== XML_NS : value === '' || prefix === 'xmlns' || prefix === 'null' || value === XML_NS || value === XMLNS_NS) notPlain();
        (declared ??= new Map()).set(prefix, value);
      }
      scope = new Map([...outer, ...declared!]);
    }
    // Prefixed attributes: the prefix must be declared, and no two may be the same name in the same namespace.
    for (let i = 0; i < count; i++) {
      const n = this.attrNames[i]!;
      const ns = n.name === 'xmlns' || n.prefix === 'xmlns' ? XMLNS_NS : n.prefix === null ? null : n.prefix === 'xml' ? XML_NS : (scope.get(n.prefix) ?? notPlain());
      this.attrNamespace[i] = ns;
      if (ns === null) continue;
      for (let j = 0; j < i; j++) if (this.attrNamespace[j] === ns && this.attrNames[j]!.localName === n.localName) notPlain();
    }
    if (tag.scope !== scope) {
      tag.namespaceURI = scope.get(tag.prefix ?? '') ?? (tag.prefix === null ? null : notPlain());
      tag.scope = scope;
    }
    return new LightElement(tag.name, tag.prefix, tag.localName, tag.namespaceURI, text, count > 0 ? attributesAt : -1, this.at, scope, declared);
  }
}

/** An indexOf answer, with "nowhere" as -2 so it is never looked for again. */
const found = (at: number) => (at < 0 ? -2 : at);

function append(parent: LightElement, child: LightNode): void {
  child.parentNode = parent;
  const last = parent.lastChild;
  if (last) {
    last.nextSibling = child;
    child.previousSibling = last;
  } else parent.firstChild = child;
  parent.lastChild = child;
}
