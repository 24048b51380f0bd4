/**
 * The built accounts as the window draws them: the XHTML's headings,
 * paragraphs, lists and tables with their words and figures, rebuilt as
 * plain data from an allow-list of elements. No markup crosses to the
 * window, so nothing in the document (a script, a style, a link, an event
 * attribute) can run or load there: the page's Content-Security-Policy and
 * Trusted Types stay as strict as they are, and the preview reads as the
 * accounts do. The document itself is filed exactly as built.
 */
import type { Element, Node } from '@xmldom/xmldom';
import { accountsPreviewTags, type AccountsPreviewNode, type AccountsPreviewTag } from '../../preload/contract-accounts-views.js';
import { readXml } from '../engine/ct600/xml-dom.js';
import { IpcFailure } from './ipc-errors.js';

const XHTML = 'http://www.w3.org/1999/xhtml';
const INLINE_XBRL = /^http:\/\/www\.xbrl\.org\/(2013|2008)\/inlineXBRL$/;
const ALLOWED = new Set<string>(accountsPreviewTags);
/** Elements whose content is never shown as the accounts' words. */
const NEVER_SHOWN = new Set(['head', 'script', 'style', 'title', 'meta', 'link', 'object', 'embed', 'iframe', 'img', 'svg', 'math', 'template']);
/** The most elements drawn: a small company's accounts have a few thousand. */
const MAX_NODES = 50_000;

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** Hidden by the document itself (the ix:header's wrapper is `display:none`). */
const hidden = (el: Element) => /display\s*:\s*none/i.test(el.getAttribute('style') ?? '');
/** A figure cell: right-aligned in the window as in the accounts. */
const holdsFigure = (el: Element): boolean => el.getElementsByTagNameNS('*', 'nonFraction').length > 0;

/** Whether any text under these nodes has more than whitespace. */
function hasWords(nodes: AccountsPreviewNode[]): boolean {
  return nodes.some((n) => (typeof n === 'string' ? n.trim() !== '' : hasWords(n.children)));
}

const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/** Rows straight under a table gathered into tbody elements; the table's other parts as they are. */
function inBodies(children: AccountsPreviewNode[]): AccountsPreviewNode[] {
  const out: AccountsPreviewNode[] = [];
  let body: { tag: 'tbody'; children: AccountsPreviewNode[] } | null = null;
  for (const child of children) {
    if (typeof child !== 'string' && child.tag === 'tr') {
      if (!body) out.push((body = { tag: 'tbody', children: [] }));
      body.children.push(child);
    } else {
      body = null;
      // Text straight under a table (a caption written loose) cannot sit there: it is left out with the whitespace.
      if (typeof child !== 'string') out.push(child);
    }
  }
  return out;
}

export function previewNodes(xhtml: Uint8Array): AccountsPreviewNode[] {
  const read = readXml(xhtml);
  if (!read.ok) throw new IpcFailure('failed', `The built accounts could not be read for the preview: ${read.message}.`);
  const body = read.doc.getElementsByTagNameNS(XHTML, 'body')[0];
  if (!body) throw new IpcFailure('failed', 'The built accounts have no body to show.');
  let count = 0;
  const walk = (node: Node): AccountsPreviewNode[] => {
    if (++count > MAX_NODES) return [];
    if (node.nodeType === TEXT || node.nodeType === CDATA) {
      const text = (node.nodeValue ?? '').replace(/\s+/g, ' ');
      return text === '' ? [] : [text];
    }
    if (node.nodeType !== ELEMENT) return [];
    const el = node as Element;
    const name = el.localName ?? '';
    if (INLINE_XBRL.test(el.namespaceURI ?? '')) return name === 'header' ? [] : childrenOf(el);
    if (el.namespaceURI !== XHTML || NEVER_SHOWN.has(name) || hidden(el)) return [];
    let children = childrenOf(el);
    if (!ALLOWED.has(name)) return children;
    // A table's structure holds no text of its own: whitespace between rows or cells is not drawn, and would be
    // refused by the DOM the window builds; rows written straight into a table go in a body, as an HTML parser puts them.
    if (TABLE_PARTS.has(name)) children = children.filter((c) => typeof c !== 'string' || c.trim() !== '');
    if (name === 'table') children = inBodies(children);
    const span = Number(el.getAttribute('colspan'));
    // A header cell with no words (the corner above a figures column) heads nothing: drawn as a plain cell.
    const tag = name === 'th' && !hasWords(children) ? 'td' : name;
    return [{ tag: tag as AccountsPreviewTag, ...((name === 'td' || name === 'th') && holdsFigure(el) ? { numeric: true } : {}), ...(Number.isInteger(span) && span > 1 && span <= 20 ? { colSpan: span } : {}), children }];
  };
  const childrenOf = (el: Element): AccountsPreviewNode[] => {
    const out: AccountsPreviewNode[] = [];
    for (let c = el.firstChild; c; c = c.nextSibling) out.push(...walk(c));
    return out;
  };
  return childrenOf(body);
}
