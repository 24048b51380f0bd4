/**
 * Edits to a return, written as data so a fail case can be recorded and
 * replayed: each edit names a node by an XPath-like path (from the rule's
 * context, or from the root when it starts with "/") and either sets its text
 * (creating the path, and the rule's context, where the return has none) or
 * drops it. Steps match elements by local name; a step may carry a position
 * ("Details[2]") or an attribute test ("Attachment[@Type='accounts']"),
 * which a created element is given.
 */
import type { Document, Element, Node } from '@xmldom/xmldom';
import xpath from 'xpath';
import { withoutSpaceBeforeCalls } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';

export interface Edit {
  /** "." is the context itself; "../ct:X/ct:Y" from it; "/hd:GovTalkMessage/…" from the root. */
  path: string;
  /** The text to put there; null drops the node; "#copy" puts a copy of the element after it, "#copies:N" makes N of it in all. */
  value: string | null;
}

export interface RecordedCase {
  /** The assertion's id in HMRC's Schematron. */
  id: string;
  /** The base return (bases.ts) that passes the assertion. */
  base: string;
  /** What changes in it to make the assertion fail. */
  edits: Edit[];
  /**
   * Where the base passes only because the rule does not apply to it (it has
   * none of the rule's elements): what changes in it to make a return the
   * rule applies to and passes.
   */
  passing?: Edit[];
}

type Parsed = { select(o: object): Node[] };
const parseXPath = (e: string) => (xpath as unknown as { parse(e: string): Parsed }).parse(withoutSpaceBeforeCalls(e));

/** Splits a path at the slashes outside brackets. */
export function stepsOf(path: string): string[] {
  const steps: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of path) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === '/' && depth === 0) {
      steps.push(current);
      current = '';
    } else current += ch;
  }
  steps.push(current);
  return steps;
}

interface ElementStep {
  prefix: string;
  name: string;
  position?: number;
  attributes: { name: string; value?: string }[];
}

const SIMPLE_PREDICATE = /^\s*(?:(\d+)|@([\w-]+)(?:\s*=\s*(?:'([^']*)'|"([^"]*)"))?)\s*$/;

/** Undefined when the step has a predicate these edits cannot follow. */
function elementStep(step: string): ElementStep | undefined {
  const m = /^(?:([\w-]+):)?([\w.-]+)((?:\[[^\]]*\])*)$/.exec(step);
  if (!m) return undefined;
  const out: ElementStep = { prefix: m[1] ?? '', name: m[2]!, attributes: [] };
  for (const p of m[3]!.match(/\[[^\]]*\]/g) ?? []) {
    const s = SIMPLE_PREDICATE.exec(p.slice(1, -1));
    if (!s) return undefined;
    if (s[1]) out.position = Number(s[1]);
    else out.attributes.push({ name: s[2]!, value: s[3] ?? s[4] });
  }
  return out;
}

function matches(el: Element, step: ElementStep): boolean {
  if (el.localName !== step.name) return false;
  return step.attributes.every((a) => (a.value === undefined ? el.hasAttribute(a.name) : el.getAttribute(a.name) === a.value));
}

function childMatching(parent: Node, step: ElementStep): Element | undefined {
  let seen = 0;
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1 || !matches(n as Element, step)) continue;
    seen++;
    if (seen === (step.position ?? 1)) return n as Element;
  }
  return undefined;
}

function namespaceOf(step: ElementStep, parent: Node, namespaces: Record<string, string>): string | null {
  if (step.prefix) return namespaces[step.prefix] ?? null;
  return (parent as Element).namespaceURI ?? null;
}

function setText(node: Node, value: string): void {
  if (node.nodeType === 2) {
    (node as unknown as { value: string }).value = value;
    return;
  }
  while (node.firstChild) node.removeChild(node.firstChild);
  if (value !== '') node.appendChild(node.ownerDocument!.createTextNode(value));
}

/** The rule's context in the return, created (each missing element at the end of its parent) when asked and absent. */
export function contextNode(doc: Document, context: string, namespaces: Record<string, string>, create: boolean): Node | undefined {
  const found = parseXPath(context).select({ node: doc, namespaces })[0];
  if (found || !create) return found;
  let node: Node = doc as unknown as Node;
  for (const step of stepsOf(context).slice(1)) {
    if (step.startsWith('@')) {
      (node as Element).setAttribute(step.slice(1), '');
      return (node as Element).getAttributeNode(step.slice(1)) as unknown as Node;
    }
    const s = elementStep(step);
    if (!s) return undefined;
    let next = childMatching(node, s);
    if (!next) {
      if (node.nodeType === 9) return undefined;
      next = doc.createElementNS(namespaceOf(s, node, namespaces), s.name) as unknown as Element;
      for (const a of s.attributes) next.setAttribute(a.name, a.value ?? 'x');
      node.appendChild(next);
    }
    node = next;
  }
  return node;
}

const isCopy = (value: string) => value === '#copy' || value.startsWith('#copies:');

/** Applies one edit; false when the path cannot be followed (a node to drop is not there, an unfollowable step). */
export function applyEdit(doc: Document, context: Node, edit: Edit, namespaces: Record<string, string>): boolean {
  const steps = edit.path.startsWith('/') ? stepsOf(edit.path).slice(1) : stepsOf(edit.path);
  let node: Node | null = edit.path.startsWith('/') ? (doc as unknown as Node) : context;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    if (!node) return false;
    if (step === '.' || step === '') continue;
    if (step === '..') {
      node = node.nodeType === 2 ? ((node as unknown as { ownerElement: Node }).ownerElement ?? null) : node.parentNode;
      continue;
    }
    if (step.startsWith('@')) {
      if (!last || node.nodeType !== 1) return false;
      const el = node as Element;
      if (edit.value === null) {
        if (!el.hasAttribute(step.slice(1))) return false;
        el.removeAttribute(step.slice(1));
      } else el.setAttribute(step.slice(1), edit.value);
      return true;
    }
    const s = elementStep(step);
    if (!s) return false;
    let next: Element | undefined = childMatching(node, s);
    if (!next) {
      if (edit.value === null || isCopy(edit.value) || node.nodeType !== 1) return false;
      next = doc.createElementNS(namespaceOf(s, node, namespaces), s.name) as unknown as Element;
      for (const a of s.attributes) next.setAttribute(a.name, a.value ?? 'x');
      node.appendChild(next);
    }
    node = next;
  }
  if (!node || node.nodeType === 9) return false;
  if (edit.value === null) {
    if (node.nodeType === 2) {
      const attr = node as unknown as { name: string; ownerElement: Element };
      attr.ownerElement.removeAttribute(attr.name);
    } else node.parentNode!.removeChild(node);
  } else if (isCopy(edit.value)) {
    if (node.nodeType !== 1) return false;
    const copies = edit.value === '#copy' ? 1 : Number(edit.value.slice('#copies:'.length)) - 1;
    for (let i = 0; i < copies; i++) node.parentNode!.insertBefore(node.cloneNode(true), node.nextSibling);
  } else setText(node, edit.value);
  return true;
}

/** The base with the edits made, or undefined when one cannot be made. */
export function edited(parse: () => Document, context: string, namespaces: Record<string, string>, edits: Edit[]): Document | undefined {
  const doc = parse();
  const node = contextNode(doc, context, namespaces, true);
  if (!node) return undefined;
  for (const e of edits) if (!applyEdit(doc, node, e, namespaces)) return undefined;
  return doc;
}
