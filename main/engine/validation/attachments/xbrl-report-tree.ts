/**
 * The tree route of the report reader: the document read into an element
 * tree (the light tree for plain XML, xmldom's DOM for the rest, which
 * gives xmldom's own verdict), then walked. It reads what the tree-free
 * reader (xbrl/fact-stream/) leaves to it, XBRL instances and text outside
 * the plain subset, and is the oracle the tree-free reader is tested
 * against.
 */
import { readXmlElements } from '../../ct600/xml-dom.js';
import type { XmlElementView as Element } from '../../xml-view.js';
import { treeShape } from '../../xbrl/inline-structure/inline-structure.js';
import { xhtmlProblems } from './xhtml-rules.js';
import type { StructureProblem } from './structure-problem.js';
import { writtenContext, writtenFact, writtenUnit, type WrittenResources } from '../../xbrl/values/written.js';
import { children, isIx, withoutHtmlDoctype, LINK_NS, measuresOf, readContext, readInline, textOf, XBRLI_NS, XHTML_NS, XLINK_NS, XML_NS, XSI_NS } from './xbrl-report-parts.js';
import type { ReadReport, XbrlContext, XbrlFact, XbrlReport } from './xbrl-report-types.js';

function elements(root: Element): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    out.push(el);
    for (let n = el.lastChild; n; n = n.previousSibling) if (n.nodeType === 1) stack.push(n as Element);
  }
  return out;
}

/** Text of an Inline XBRL fact: its descendants' text, without ix:exclude, following ix:continuation. */
function inlineText(el: Element, continuations: Map<string, Element>, seen = new Set<string>()): string {
  let out = '';
  const walk = (node: Element) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
      else if (n.nodeType === 1) {
        const child = n as Element;
        if (isIx(child.namespaceURI) && child.localName === 'exclude') continue;
        walk(child);
      }
    }
  };
  walk(el);
  const next = el.getAttribute('continuedAt');
  // A chain that loops back is a fault of the document; it is read once.
  if (next && !seen.has(next)) {
    seen.add(next);
    const cont = continuations.get(next);
    if (cont) out += inlineText(cont, continuations, seen);
  }
  return out;
}

function declaredNamespaces(all: Element[]): Set<string> {
  const out = new Set<string>();
  for (const el of all) {
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i)!;
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) out.add(a.value);
    }
  }
  return out;
}

function langOf(el: Element): string | undefined {
  for (let n: Element | null = el; n && n.nodeType === 1; n = n.parentNode as Element | null) {
    const lang = n.getAttributeNS?.(XML_NS, 'lang') || n.getAttribute('xml:lang');
    if (lang) return lang;
  }
  return undefined;
}

const NOT_FACTS = new Set([XBRLI_NS, LINK_NS, XLINK_NS]);

function readInstance(root: Element): Omit<XbrlReport, 'namespaces' | 'problems' | 'inline'> {
  const schemaRefs = children(root, LINK_NS, 'schemaRef').map((s) => (s.getAttributeNS(XLINK_NS, 'href') ?? '').trim());
  const contexts = new Map<string, XbrlContext>();
  const written: WrittenResources = { contexts: children(root, XBRLI_NS, 'context').map(writtenContext), units: children(root, XBRLI_NS, 'unit').map(writtenUnit) };
  for (const c of children(root, XBRLI_NS, 'context')) if (!contexts.has(c.getAttribute('id') ?? '')) contexts.set(c.getAttribute('id') ?? '', readContext(c));
  const units = new Set(children(root, XBRLI_NS, 'unit').map((u) => u.getAttribute('id') ?? ''));
  const unitMeasures = new Map(children(root, XBRLI_NS, 'unit').map((u) => [u.getAttribute('id') ?? '', measuresOf(u)]));
  const facts: XbrlFact[] = [];
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (NOT_FACTS.has(el.namespaceURI ?? '') || !el.hasAttribute('contextRef')) continue;
    const unitRef = el.getAttribute('unitRef') ?? undefined;
    facts.push({
      ...(el.getAttribute('id') ? { id: el.getAttribute('id')! } : {}),
      element: unitRef !== undefined ? 'nonFraction' : 'nonNumeric',
      namespace: el.namespaceURI ?? '',
      localName: el.localName ?? '',
      contextRef: el.getAttribute('contextRef') ?? '',
      unitRef,
      value: textOf(el).trim(),
      nil: el.getAttributeNS(XSI_NS, 'nil') === 'true',
      numeric: unitRef !== undefined,
      decimals: el.getAttribute('decimals') ?? undefined,
      precision: el.getAttribute('precision') ?? undefined,
      lang: langOf(el),
      readable: true,
      written: writtenFact(el, unitRef !== undefined ? 'nonFraction' : 'nonNumeric', true),
    });
  }
  return { schemaRefs, contexts, units, unitMeasures, facts, written };
}


/** Reads a document's text as HMRC does: well-formed XML, then Inline XBRL or an XBRL instance. */
export function readXbrlReportByTree(text: string): ReadReport {
  const blanked = withoutHtmlDoctype(text);
  const read = readXmlElements(blanked);
  if (!read.ok) {
    const message = read.code === 'doctype' ? 'the file declares a DOCTYPE with entities or an internal subset, which HMRC’s XHTML rules do not allow' : read.message;
    return { ok: false, problem: { code: 'HMRC.SG.3.2', message } };
  }
  const root = read.root;
  const all = elements(root);
  const problems: StructureProblem[] = [];
  const namespaces = declaredNamespaces(all);
  if (root.namespaceURI === XBRLI_NS && root.localName === 'xbrl') {
    return { ok: true, report: { inline: false, namespaces, problems, ...readInstance(root) } };
  }
  if (root.namespaceURI !== XHTML_NS || root.localName !== 'html') {
    problems.push({ code: 'HMRC.SG.3.3', message: `the root element is <${root.tagName}>; an Inline XBRL document must be an XHTML <html> element in the namespace ${XHTML_NS}` });
  }
  problems.push(...xhtmlProblems(all));
  const reading = { factText: (el: Element, kind: string, continuations: Map<string, Element>) => (kind === 'nonNumeric' ? inlineText(el, continuations) : textOf(el)), lang: langOf, shape: treeShape(all) };
  return { ok: true, report: { inline: true, namespaces, problems, ...readInline(all.filter((e) => isIx(e.namespaceURI)), problems, reading) } };
}
