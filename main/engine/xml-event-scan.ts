/**
 * The scan under the light element tree (xml-light-tree.ts) and the
 * tree-free Inline XBRL fact reader (xbrl/fact-stream/): it reads plain,
 * well-formed XML and tells a sink what it meets (a start tag, an end tag,
 * text, a CDATA section) without keeping any of it. What the scan refuses
 * (throwing NotPlain) is described in xml-light-tree.ts; the caller then
 * reads with xmldom, whose verdict and message stand.
 *
 * Names are read by a character table and kept once per distinct name
 * (with the namespace they last resolved to), interned as the namespaces
 * declared are (interned-name.ts); the next "<", "&" and "]]>"
 * are each found once by the engine's own search rather than looked for in
 * every piece of text; an attribute is checked where it stands and its
 * place handed to the sink, which reads its value only if it wants it.
 */
import { interned } from './interned-name.js';
import { MAX_XML_DEPTH } from './xml-depth.js';
import { XML_NS, XMLNS_NS, type Scope } from './xml-light-nodes.js';
import { attributeValue, decodeReferences, notPlain } from './xml-references.js';

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
export interface NameEntry {
  name: string;
  prefix: string | null;
  localName: string;
  next: NameEntry | undefined;
  scope: Scope | undefined;
  namespaceURI: string | null;
  /** What the sink made of this name, worked out once per distinct name of the scan (-1 until then). */
  note: number;
}

const TABLE_SIZE = 1024;
/** Past this many names in one slot a name is no longer kept: a document of colliding names costs a slice each, never a long search. */
const MAX_CHAIN = 8;

/**
 * A start tag as the sink sees it: its name, the namespaces in scope on it
 * (its own declarations included) and what it declares, and its
 * attributes' names and value places (valid only during the sink's call:
 * the arrays are reused from tag to tag).
 */
export interface StartTag {
  readonly tag: NameEntry;
  readonly scope: Scope;
  readonly declared: Map<string, string> | undefined;
  /** Where the attributes begin (just after the name), or -1 when there are none; where they end (the closing "/>" or ">"). */
  readonly attributesAt: number;
  readonly attributesEnd: number;
  readonly attributeCount: number;
  readonly attrNames: readonly NameEntry[];
  readonly attrValueAt: readonly number[];
  readonly attrValueEnd: readonly number[];
  /** Each attribute's namespace as resolved in the tag's scope (null for an unprefixed one). */
  readonly attrNamespaces: readonly (string | null)[];
  readonly selfClosing: boolean;
}

/** What is told of the document, in document order. A self-closing element gets its start and its end. */
export interface ScanSink {
  startElement(start: StartTag): void;
  endElement(): void;
  /** Text between tags: [start, end) of the text, `decoded` given when it held references (else it is the slice as written). */
  text(start: number, end: number, decoded: string | undefined): void;
  /** A CDATA section's content, [start, end). */
  cdata(start: number, end: number): void;
}

/**
 * Scans `text` (line ends already normalised) into `sink`; throws NotPlain
 * for text outside the plain subset. The caller has already refused
 * DOCTYPEs and forbidden characters.
 */
export function scanXml(text: string, sink: ScanSink): void {
  new Scanner(text, sink).parse();
}

class Scanner implements StartTag {
  private at = 0;
  /** The next "<", "&" and "]]>" at or after some earlier place; looked for again only once the scan has passed them. */
  private nextLt = -1;
  private nextAmp = -1;
  private nextCdataEnd = -1;
  private readonly names: (NameEntry | undefined)[] = new Array(TABLE_SIZE).fill(undefined);
  /** The current start tag's attributes: their names and value places, reused from tag to tag. */
  readonly attrNames: NameEntry[] = [];
  readonly attrValueAt: number[] = [];
  readonly attrValueEnd: number[] = [];
  readonly attrNamespaces: (string | null)[] = [];
  /** The start tag being told to the sink (StartTag). */
  tag!: NameEntry;
  scope!: Scope;
  declared: Map<string, string> | undefined;
  attributesAt = -1;
  attributesEnd = -1;
  attributeCount = 0;
  selfClosing = false;
  /** The open elements' names and scopes, outermost first: only what the end tags and the next start tag need. */
  private readonly openNames: NameEntry[] = [];
  private readonly openScopes: Scope[] = [];

  constructor(
    private readonly text: string,
    private readonly sink: ScanSink,
  ) {}

  parse(): void {
    const text = this.text;
    const length = text.length;
    const sink = this.sink;
    if (text.startsWith('<?xml')) this.at = (XML_DECLARATION.exec(text) ?? notPlain())[0].length;
    let rootSeen = false;
    let depth = 0;
    const topScope: Scope = new Map();

    while (this.at < length) {
      const at = this.at;
      const lt = this.lessThanFrom(at);
      if (lt > at) {
        if (depth === 0) {
          for (let i = at; i < lt; i++) if (!isSpace(text.charCodeAt(i))) notPlain();
        } else {
          if (this.nextCdataEnd < at && this.nextCdataEnd !== -2) this.nextCdataEnd = found(text.indexOf(']]>', at));
          if (this.nextCdataEnd >= 0 && this.nextCdataEnd < lt) notPlain();
          const value = this.ampersandBefore(at, lt) ? decodeReferences(text.slice(at, lt)) : undefined;
          sink.text(at, lt, value);
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
        } else if (depth > 0 && text.startsWith('<![CDATA[', lt)) {
          const close = text.indexOf(']]>', lt + 9);
          if (close < 0) notPlain();
          sink.cdata(lt + 9, close);
          this.at = close + 3;
        } else notPlain();
      } else if (next === 0x2f /* / */) {
        if (depth === 0) notPlain();
        const tag = this.openNames[depth - 1]!.name;
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
        sink.endElement();
      } else {
        if (rootSeen && depth === 0) notPlain(); // a second root
        rootSeen = true;
        this.at = lt + 1;
        this.startTag(depth === 0 ? topScope : this.openScopes[depth - 1]!);
        const selfClosing = text.charCodeAt(this.at) === 0x2f;
        if (depth + (selfClosing ? 0 : 1) > MAX_XML_DEPTH) notPlain(); // too deep: the caller's depth check says so
        if (selfClosing && text.charCodeAt(this.at + 1) !== 0x3e) notPlain();
        this.selfClosing = selfClosing;
        sink.startElement(this);
        if (selfClosing) {
          this.at += 2;
          sink.endElement();
        } else {
          this.at++;
          this.openNames[depth] = this.tag;
          this.openScopes[depth] = this.scope;
          depth++;
        }
      }
    }
    if (!rootSeen || depth !== 0) notPlain();
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
    // Interned: the sinks compare names with their constants at every element.
    const name = interned(text.slice(start, i));
    const entry: NameEntry = {
      name,
      prefix: colon < 0 ? null : interned(name.slice(0, colon)),
      localName: colon < 0 ? name : interned(name.slice(colon + 1)),
      next: this.names[slot],
      scope: undefined,
      namespaceURI: null,
      note: -1,
    };
    if (chain < MAX_CHAIN) this.names[slot] = entry;
    return entry;
  }

  /** Reads the start tag whose "<" is just before `at` into this StartTag; leaves `at` on its closing "/>" or ">". */
  private startTag(outer: Scope): void {
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
        // Interned: every element in its scope is compared with the engine's namespace constants by this value.
        const value = interned(attributeValue(text.slice(this.attrValueAt[i], this.attrValueEnd[i])));
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
      this.attrNamespaces[i] = ns;
      if (ns === null) continue;
      for (let j = 0; j < i; j++) if (this.attrNamespaces[j] === ns && this.attrNames[j]!.localName === n.localName) notPlain();
    }
    if (tag.scope !== scope) {
      tag.namespaceURI = scope.get(tag.prefix ?? '') ?? (tag.prefix === null ? null : notPlain());
      tag.scope = scope;
    }
    this.tag = tag;
    this.scope = scope;
    this.declared = declared;
    this.attributesAt = count > 0 ? attributesAt : -1;
    this.attributesEnd = this.at;
    this.attributeCount = count;
  }
}

/** An indexOf answer, with "nowhere" as -2 so it is never looked for again. */
const found = (at: number) => (at < 0 ? -2 : at);
