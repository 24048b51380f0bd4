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
 * The scan (xml-event-scan.ts) makes nothing per element but the element itself: names are
 * read by a character table and kept once per distinct name (with the
 * namespace they last resolved to), the next "<", "&" and "]]>" are each
 * found once by the engine's own search rather than looked for in every
 * piece of text, an attribute is checked where it stands and read only
 * when asked (xml-light-nodes.ts), and text is sliced when asked.
 * test/engine/xml-scanner.test.ts holds it to the reader it replaced
 * (test/helpers/xml-light-tree-reference.ts): same verdict, same tree.
 */
import { scanXml, type ScanSink, type StartTag } from './xml-event-scan.js';
import { LightElement, LightText, type LightNode } from './xml-light-nodes.js';
import { NotPlain } from './xml-references.js';
import type { XmlElementView } from './xml-view.js';

/**
 * The root element of `text`, or undefined when the text is outside the
 * plain subset described above (parse it with xmldom then). The caller has
 * already refused DOCTYPEs and forbidden characters.
 */
export function parseLightTree(source: string): XmlElementView | undefined {
  const text = source.indexOf('\r') >= 0 ? source.replace(/\r\n?/g, '\n') : source;
  const builder = new TreeBuilder(text);
  try {
    scanXml(text, builder);
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
  return builder.root;
}

/** Makes the scan's events into the tree: an element per start tag, a text node per piece of text. */
class TreeBuilder implements ScanSink {
  root: LightElement | undefined;
  private open: LightElement | undefined;

  constructor(private readonly source: string) {}

  startElement(s: StartTag): void {
    const tag = s.tag;
    const element = new LightElement(tag.name, tag.prefix, tag.localName, tag.namespaceURI, this.source, s.attributesAt, s.attributesEnd, s.scope, s.declared);
    if (this.open) append(this.open, element);
    else this.root = element;
    this.open = element;
  }

  endElement(): void {
    // Every element of a light tree is a LightElement.
    this.open = (this.open!.parentNode as LightElement | null) ?? undefined;
  }

  text(start: number, end: number, decoded: string | undefined): void {
    append(this.open!, new LightText(3, this.source, start, end, decoded));
  }

  cdata(start: number, end: number): void {
    append(this.open!, new LightText(4, this.source, start, end, undefined));
  }
}

function append(parent: LightElement, child: LightNode): void {
  child.parentNode = parent;
  const last = parent.lastChild;
  if (last) {
    last.nextSibling = child;
    child.previousSibling = last;
  } else parent.firstChild = child;
  parent.lastChild = child;
}
