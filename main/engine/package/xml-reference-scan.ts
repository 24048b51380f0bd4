/**
 * Finds the references in an XML document (schema, linkbase, report) in one
 * pass over its text, without building a tree: a taxonomy of 2,000 files and
 * 50 MB is scanned at every plan and build, and a DOM parser costs ten times
 * as much for the few attributes needed. Namespaces and xml:base are tracked
 * per element, so prefixes mean what the document declares. Tags that do not
 * close, end tags that do not match, and text that is not UTF-8 or UTF-16 make
 * the document unreadable (its references unknown), as a parser would.
 */
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

const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const NAME = /[^\s/>]+/y;

/** Calls `visit` for every element start tag, in document order. */
export function scanElements(bytes: Uint8Array, visit: (el: ScannedElement) => void): void {
  const text = decode(bytes);
  const stack: Frame[] = [];
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt === -1) break;
    if (text.startsWith('<!--', lt)) i = after(text, '-->', lt + 4);
    else if (text.startsWith('<![CDATA[', lt)) i = after(text, ']]>', lt + 9);
    else if (text.startsWith('<?', lt)) i = after(text, '?>', lt + 2);
    else if (text.startsWith('<!', lt)) i = afterDeclaration(text, lt);
    else if (text[lt + 1] === '/') {
      const end = after(text, '>', lt + 2);
      const name = text.slice(lt + 2, end - 1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlScanError(`the end tag </${name}> does not match ${open ? `<${open.name}>` : 'any open element'}`);
      i = end;
    } else i = startTag(text, lt, stack, visit);
  }
  if (stack.length > 0) throw new XmlScanError(`<${stack[stack.length - 1]!.name}> is never closed`);
}

function startTag(text: string, lt: number, stack: Frame[], visit: (el: ScannedElement) => void): number {
  NAME.lastIndex = lt + 1;
  const nameMatch = NAME.exec(text);
  if (!nameMatch) throw new XmlScanError('a tag has no name');
  const name = nameMatch[0];
  let pos = NAME.lastIndex;
  const raw: [string, string][] = [];
  for (;;) {
    ATTRIBUTE.lastIndex = pos;
    const m = ATTRIBUTE.exec(text);
    if (!m) break;
    raw.push([m[1]!, decodeEntities(m[2] ?? m[3] ?? '')]);
    pos = ATTRIBUTE.lastIndex;
  }
  while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  const selfClosing = text.startsWith('/>', pos);
  if (!selfClosing && text[pos] !== '>') throw new XmlScanError(`the tag <${name}> is not well-formed`);
  const parent = stack[stack.length - 1];
  let ns = parent?.ns ?? new Map<string, string>([['xml', XML_NS]]);
  for (const [attr, value] of raw) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) {
      if (ns === parent?.ns) ns = new Map(ns);
      ns.set(attr === 'xmlns' ? '' : attr.slice(6), value);
    }
  }
  const attributes = new Map<string, string>();
  for (const [attr, value] of raw) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) continue;
    const colon = attr.indexOf(':');
    attributes.set(colon === -1 ? attr : `{${ns.get(attr.slice(0, colon)) ?? ''}}${attr.slice(colon + 1)}`, value);
  }
  const base = attributes.get(`{${XML_NS}}base`);
  const bases = base === undefined ? (parent?.bases ?? []) : [...(parent?.bases ?? []), base];
  const colon = name.indexOf(':');
  visit({
    namespace: ns.get(colon === -1 ? '' : name.slice(0, colon)) ?? '',
    localName: colon === -1 ? name : name.slice(colon + 1),
    attribute: (namespace, localName) => attributes.get(namespace ? `{${namespace}}${localName}` : localName),
    bases,
    namespaceOf: (prefix) => ns.get(prefix),
  });
  if (!selfClosing) stack.push({ name, ns, bases });
  return pos + (selfClosing ? 2 : 1);
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

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16), whole);
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10), whole);
    return NAMED[ref] ?? whole;
  });
}

function safeCodePoint(n: number, fallback: string): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;
}

function decode(bytes: Uint8Array): string {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new XmlScanError('the file is not UTF-8 or UTF-16 text');
  }
}
