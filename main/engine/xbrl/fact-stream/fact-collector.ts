/**
 * The sink the tree-free fact reader puts the scan's events into
 * (xml-event-scan.ts). It keeps no tree of the document: only the ix
 * elements and what ix:references and ix:resources hold (StreamElement),
 * the text of the facts, continuations and style sheets as they are
 * scanned, and, per open element, a few numbers (its name, its attributes'
 * place, the xml:lang in force). What the Inline XBRL rules ask beyond the
 * kept elements (an element's written parent, an ix:nonFraction's own
 * content, the divs around ix:header, elements by id) is noted when the
 * scan passes it, and answered afterwards as a DocumentShape.
 */
import type { NameEntry, ScanSink, StartTag } from '../../xml-event-scan.js';
import { LightElement, LightText, type Scope } from '../../xml-light-nodes.js';
import type { XmlElementView as Element } from '../../xml-view.js';
import { isEventHandler } from '../../validation/attachments/xhtml-rules.js';
import type { DocumentShape } from '../inline-structure/inline-structure.js';
import { AttributeValues } from './attribute-values.js';
import type { ReferenceNotes } from './reference-notes.js';
import { StreamElement, ValueRuns, type AttributeNames } from './stream-element.js';
import { XhtmlRuleEvents, XHTML_NS } from './xhtml-events.js';

const IX_NS = 'http://www.xbrl.org/2013/inlineXBRL';
const IX10_NS = 'http://www.xbrl.org/2008/inlineXBRL';
const SHAPES_KEPT = 8;

/** What an attribute's name says to the reader, worked out once per distinct name. */
const LANG = 1;
const ID = 2;
const STYLE = 4;
const HANDLER = 8;
const SRC = 16;
const HREF = 32;

/** An open element whose text is collected: a fact, a continuation or a style sheet. */
interface TextFrame {
  depth: number;
  /** Collects only text outside ix:exclude (ix:nonNumeric, ix:continuation), else all text. */
  inline: boolean;
  /** How many ix:exclude were open when it opened. */
  excludes: number;
  text: string;
  element: StreamElement | undefined;
  /** For an XHTML <style>: where its finding goes; for any <style>: where its text goes among the style sheets. */
  findingPlace: number;
  sheetPlace: number;
  /** For an ix:nonFraction: the element, where its own content is noted (StreamElement.nonFractionContent). */
  nonFraction: StreamElement | undefined;
}

/** The scan met a root the tree route reads (an XBRL instance): nothing more is scanned. */
export class LeaveToTree extends Error {}

export class FactCollector implements ScanSink {
  /** The kept ix elements in document order (what the Inline XBRL model reads; the others kept are reached as their children). */
  readonly ix: StreamElement[] = [];
  readonly namespaces = new Set<string>();
  readonly xhtml = new XhtmlRuleEvents();
  root: { tagName: string; namespaceURI: string | null; localName: string } | undefined;

  private depth = 0;
  /** Per open element, by depth: its name, namespace, attribute places, scope, xml:lang in force, text frame, kept element. */
  private readonly names: NameEntry[] = [];
  private readonly namespaceAt: (string | null)[] = [];
  private readonly attributesAt: number[] = [];
  private readonly attributesEnd: number[] = [];
  private readonly scopes: Scope[] = [];
  private readonly langs: (string | undefined)[] = [];
  private readonly frameAt: (TextFrame | undefined)[] = [];
  private readonly keptAt: (StreamElement | undefined)[] = [];
  /** The nearest kept element around the scan, and the depth of the ix:references or ix:resources the scan is inside (-1: none). */
  private keptStack: StreamElement[] = [];
  private keptDepths: number[] = [];
  private resourcesDepth = -1;
  private readonly frames: TextFrame[] = [];
  private readonly framePool: TextFrame[] = [];
  private excludes = 0;

  private readonly parents = new Map<Element, Element | null>();
  private readonly divs = new Map<Element, Element[]>();
  private readonly sheets: string[] = [];
  private readonly byId = new Map<string, Element>();

  private readonly values: AttributeValues;
  private readonly runs = new ValueRuns();
  /** Attribute name lists lately met (attributeNames), and where the last match was. */
  private readonly shapes: AttributeNames[] = [];
  private lastShape = 0;

  /** `references`: where the report's references to other documents are noted, when the caller wants them too. */
  constructor(
    private readonly source: string,
    private readonly references?: ReferenceNotes,
  ) {
    this.values = new AttributeValues(source);
  }

  startElement(s: StartTag): void {
    const depth = this.depth;
    const tag = s.tag;
    const ns = tag.namespaceURI;
    const local = tag.localName;
    if (depth === 0) {
      // An XBRL instance is read by the tree route (the conformance suite's documents: small).
      if (ns === 'http://www.xbrl.org/2003/instance' && local === 'xbrl') throw new LeaveToTree();
      this.root = { tagName: tag.name, namespaceURI: ns, localName: local };
    }
    if (s.declared) for (const uri of s.declared.values()) this.namespaces.add(uri);
    if (this.references !== undefined) this.references.startTag(s, depth);
    this.names[depth] = tag;
    this.namespaceAt[depth] = ns;
    this.attributesAt[depth] = s.attributesAt;
    this.attributesEnd[depth] = s.attributesEnd;
    this.scopes[depth] = s.scope;
    let lang = depth > 0 ? this.langs[depth - 1] : undefined;
    let id: string | null = null;
    let src: string | null = null;
    let href: string | null = null;
    let style: string | null = null;
    let handlers: string[] | undefined;
    for (let i = 0; i < s.attributeCount; i++) {
      const name = s.attrNames[i]!;
      const kind = this.attributeKind(name);
      if (kind === 0) continue;
      const value = this.values.read(s.attrValueAt[i]!, s.attrValueEnd[i]!);
      // An empty xml:lang leaves the one around in force, as the tree route reads it.
      if (kind === LANG) lang = value || lang;
      else if (kind === ID) id = value;
      else if (kind === STYLE) style = value;
      else if (kind === SRC) src = value;
      else if (kind === HREF) href = value;
      else (handlers ??= []).push(name.name);
    }
    this.langs[depth] = lang;
    if (handlers || style !== null || (ns === XHTML_NS && (local === 'script' || local === 'a' || local === 'img' || local === 'style'))) this.xhtml.element(ns, local, handlers, src, href, style);

    const parentFrame = depth > 0 ? this.frameAt[depth - 1] : undefined;
    const isIx = ns === IX_NS || ns === IX10_NS;
    let element: StreamElement | undefined;
    this.keptAt[depth] = undefined;
    if (isIx || this.resourcesDepth >= 0) element = this.keep(s, depth, lang);
    if (id) if (!this.byId.has(id)) this.byId.set(id, element ?? this.elementAt(depth));
    if (parentFrame !== undefined && parentFrame.nonFraction !== undefined) (parentFrame.nonFraction.childElements ??= []).push(element ?? this.elementAt(depth));
    this.frameAt[depth] = undefined;
    if (isIx) this.ixStarted(local, element!, depth);
    else if (local === 'style' && (ns === XHTML_NS || ns === null)) this.openFrame(depth, false, undefined, ns === XHTML_NS ? this.xhtml.styleOpened() : -1);
    this.depth = depth + 1;
  }

  endElement(): void {
    const depth = --this.depth;
    const frame = this.frameAt[depth];
    if (frame) {
      this.frames.pop();
      if (frame.element) {
        if (frame.inline) frame.element.collectedInline = frame.text;
        else frame.element.collected = frame.text;
      } else {
        this.sheets[frame.sheetPlace] = frame.text;
        if (frame.findingPlace >= 0) this.xhtml.styleClosed(frame.findingPlace, frame.text);
      }
    }
    if (this.keptDepths.length > 0 && this.keptDepths[this.keptDepths.length - 1] === depth) {
      this.keptStack.pop();
      this.keptDepths.pop();
    }
    if (this.resourcesDepth === depth) this.resourcesDepth = -1;
    const ns = this.namespaceAt[depth];
    if ((ns === IX_NS || ns === IX10_NS) && this.names[depth]!.localName === 'exclude') this.excludes--;
  }

  text(start: number, end: number, decoded: string | undefined): void {
    this.textPiece(3, start, end, decoded);
  }

  cdata(start: number, end: number): void {
    this.textPiece(4, start, end, undefined);
  }

  /** The answers the Inline XBRL rules ask of the document, from what was noted while scanning. */
  shape(): DocumentShape {
    return {
      parentOf: (el) => this.parents.get(el) ?? null,
      nonFractionContent: (el) => (el as StreamElement).nonFractionContent(),
      divsAround: (el) => this.divs.get(el) ?? [],
      styleTexts: () => this.sheets,
      elementById: (id) => this.byId.get(id),
    };
  }

  private textPiece(nodeType: 3 | 4, start: number, end: number, decoded: string | undefined): void {
    const depth = this.depth;
    const inner = this.frameAt[depth - 1];
    // Most of a report's text (labels, table cells, the whitespace between) belongs to nothing the reader keeps.
    if (this.frames.length === 0 && this.resourcesDepth < 0) return;
    const value = decoded ?? this.source.slice(start, end);
    for (const frame of this.frames) if (!frame.inline || frame.excludes === this.excludes) frame.text += value;
    const own = inner !== undefined ? inner.nonFraction : undefined;
    if (own !== undefined) own.directTextLength = Math.max(0, own.directTextLength) + value.length;
    if (this.resourcesDepth >= 0) appendChild(this.keptAt[depth - 1]!, new LightText(nodeType, this.source, start, end, decoded));
  }

  /** Keeps the element at `depth`: its parent is the nearest kept element, and it is that one's child when that one is its real parent. */
  private keep(s: StartTag, depth: number, lang: string | undefined): StreamElement {
    const tag = s.tag;
    // Every kept element's attributes are asked for (a fact's name, context, unit…): read now from the scan's places rather than scanned again.
    let element: StreamElement;
    if (s.attributeCount > 0) {
      const at = this.attributeValues(s);
      element = new StreamElement(tag, tag.namespaceURI, s.scope, this.attributeNames(s), this.runs.current, at);
    } else element = new StreamElement(tag, tag.namespaceURI, s.scope, undefined, undefined, 0);
    element.lang = lang;
    const around = this.keptStack[this.keptStack.length - 1];
    if (around) {
      if (this.keptDepths[this.keptDepths.length - 1] === depth - 1) appendChild(around, element);
      else element.parentNode = around;
    }
    if (tag.namespaceURI === IX_NS || tag.namespaceURI === IX10_NS) this.ix.push(element);
    this.keptStack.push(element);
    this.keptDepths.push(depth);
    this.keptAt[depth] = element;
    return element;
  }

  /** The start tag's attribute names as a list shared with the last elements written with the same ones (the last one matched is tried first). */
  private attributeNames(s: StartTag): AttributeNames {
    const count = s.attributeCount;
    const shapes = this.shapes;
    for (let k = 0, at = this.lastShape; k < shapes.length; k++, at = (at + 1) % shapes.length) {
      const names = shapes[at]!;
      if (names.length !== count * 2) continue;
      let same = true;
      for (let i = 0; same && i < count; i++) same = names[i * 2] === s.attrNames[i] && names[i * 2 + 1] === s.attrNamespaces[i];
      if (!same) continue;
      this.lastShape = at;
      return names;
    }
    const names: (NameEntry | string | null)[] = new Array(count * 2);
    for (let i = 0; i < count; i++) {
      names[i * 2] = s.attrNames[i]!;
      names[i * 2 + 1] = s.attrNamespaces[i]!;
    }
    // A few recent lists are enough: a report's facts are written with a handful, and a document of many different ones costs a list per element, as before.
    if (shapes.length < SHAPES_KEPT) this.lastShape = shapes.push(names) - 1;
    else shapes[(this.lastShape = (this.lastShape + 1) % SHAPES_KEPT)] = names;
    return names;
  }

  /** The start tag's attribute values, written into the current run of values (this.runs.current); where they begin in it. */
  private attributeValues(s: StartTag): number {
    const at = this.runs.reserve(s.attributeCount);
    const run = this.runs.current;
    for (let i = 0; i < s.attributeCount; i++) run[at + i] = this.values.read(s.attrValueAt[i]!, s.attrValueEnd[i]!);
    return at;
  }

  private ixStarted(local: string, element: StreamElement, depth: number): void {
    if (local === 'nonFraction' || local === 'fraction') {
      const frame = this.openFrame(depth, false, element, -1);
      if (local === 'nonFraction') {
        frame.nonFraction = element;
      }
    } else if (local === 'nonNumeric' || local === 'continuation') this.openFrame(depth, true, element, -1);
    else if (local === 'exclude') this.excludes++;
    else if (local === 'references' || local === 'resources' || local === 'hidden') {
      this.parents.set(element, depth > 0 ? this.elementAt(depth - 1) : null);
      if (local !== 'hidden' && this.resourcesDepth < 0) this.resourcesDepth = depth;
    } else if (local === 'header') {
      const divs: Element[] = [];
      for (let d = depth - 1; d >= 0; d--) if (this.names[d]!.localName === 'div') divs.push(this.elementAt(d));
      this.divs.set(element, divs);
    }
  }

  private openFrame(depth: number, inline: boolean, element: StreamElement | undefined, findingPlace: number): TextFrame {
    // Frames are a stack: each place's frame is made once and used again, since a report opens one per fact.
    let frame = this.framePool[this.frames.length];
    if (frame === undefined) {
      frame = { depth: 0, inline: false, excludes: 0, text: '', element: undefined, findingPlace: -1, sheetPlace: -1, nonFraction: undefined };
      this.framePool.push(frame);
    }
    frame.depth = depth;
    frame.inline = inline;
    frame.excludes = this.excludes;
    frame.text = '';
    frame.element = element;
    frame.findingPlace = findingPlace;
    frame.sheetPlace = element ? -1 : this.sheets.push('') - 1;
    frame.nonFraction = undefined;
    this.frames.push(frame);
    this.frameAt[depth] = frame;
    return frame;
  }

  /** The open element at `depth`: the kept one, or one made for its name and attributes only (no parent, no children). */
  private elementAt(depth: number): Element {
    const kept = this.keptAt[depth];
    if (kept) return kept;
    const tag = this.names[depth]!;
    return new LightElement(tag.name, tag.prefix, tag.localName, this.namespaceAt[depth]!, this.source, this.attributesAt[depth]!, this.attributesEnd[depth]!, this.scopes[depth]!, this.scopes[depth]!);
  }

  private attributeKind(name: NameEntry): number {
    if (name.note < 0) {
      const n = name.name;
      name.note = n === 'xml:lang' ? LANG : n === 'id' ? ID : n === 'style' ? STYLE : n === 'src' ? SRC : n === 'href' ? HREF : isEventHandler(n) ? HANDLER : 0;
    }
    return name.note;
  }
}

function appendChild(parent: StreamElement, child: StreamElement | LightText): void {
  child.parentNode = parent;
  const last = parent.lastChild;
  if (last) {
    last.nextSibling = child;
    child.previousSibling = last;
  } else parent.firstChild = child;
  parent.lastChild = child;
}
