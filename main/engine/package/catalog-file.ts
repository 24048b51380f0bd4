/**
 * Validates META-INF/catalog.xml: the Taxonomy Packages 1.0 catalog schema
 * allows only rewriteURI (plus foreign-namespace elements), at least one entry,
 * and each uriStartString once.
 */
import type { Element } from '@xmldom/xmldom';
import { childElements, ownText, parseXml, XmlParseError } from './xml-document.js';
import { collapse, isXsNcName } from './xml-types.js';

export const CATALOG_NS = 'urn:oasis:names:tc:entity:xmlns:xml:catalog';

export interface CatalogProblem {
  code: 'tpe:invalidCatalogFile' | 'tpe:multipleRewriteURIsForStartString';
  message: string;
}

export interface RewriteRule {
  uriStartString: string;
  rewritePrefix: string;
}

export function checkCatalogXml(bytes: Uint8Array): { problems: CatalogProblem[]; rewrites: RewriteRule[] } {
  const problems: CatalogProblem[] = [];
  const rewrites: RewriteRule[] = [];
  const invalid = (message: string) => problems.push({ code: 'tpe:invalidCatalogFile', message });
  let root: Element;
  try {
    root = parseXml(bytes).documentElement!;
  } catch (err) {
    invalid(`is not well-formed XML (${(err as XmlParseError).message})`);
    return { problems, rewrites };
  }
  if (root.namespaceURI !== CATALOG_NS || root.localName !== 'catalog') {
    invalid(`the root element must be catalog in namespace ${CATALOG_NS}`);
    return { problems, rewrites };
  }
  checkAttributes(root, ['id'], invalid);
  const ids = new IdRegister(invalid);
  ids.check(root);
  const children = childElements(root);
  if (children.length === 0) invalid('the catalog is empty; it needs at least one rewriteURI');
  if (ownText(root).trim() !== '') invalid('text is not allowed directly inside <catalog>');
  const starts = new Set<string>();
  for (const child of children) {
    if (child.namespaceURI !== CATALOG_NS) {
      if (!child.namespaceURI) invalid(`<${child.nodeName}> without a namespace is not allowed in a catalog`);
      continue; // foreign namespaces are skipped by the schema
    }
    if (child.localName !== 'rewriteURI') {
      invalid(`<${child.localName}> is not allowed; a taxonomy package catalog holds rewriteURI entries only`);
      continue;
    }
    checkAttributes(child, ['uriStartString', 'rewritePrefix', 'id'], invalid);
    ids.check(child);
    checkEmptyContent(child, invalid);
    const start = child.getAttribute('uriStartString');
    const prefix = child.getAttribute('rewritePrefix');
    if (!child.hasAttribute('uriStartString') || !child.hasAttribute('rewritePrefix') || start === null || prefix === null) {
      invalid('<rewriteURI> needs both uriStartString and rewritePrefix');
      continue;
    }
    if (starts.has(start)) {
      problems.push({
        code: 'tpe:multipleRewriteURIsForStartString',
        message: `uriStartString "${start}" is rewritten more than once`,
      });
    }
    starts.add(start);
    rewrites.push({ uriStartString: start, rewritePrefix: prefix });
  }
  return { problems, rewrites };
}

/**
 * @id is xs:ID: an NCName after whitespace collapsing (" a " is "a"), and no
 * two elements of the document may share one.
 */
class IdRegister {
  private readonly seen = new Set<string>();
  constructor(private readonly invalid: (m: string) => void) {}

  check(el: Element): void {
    if (!el.hasAttribute('id')) return;
    const id = collapse(el.getAttribute('id') ?? '');
    if (!isXsNcName(id)) this.invalid(`<${el.localName}> id "${id}" is not an XML name (xs:ID: no spaces, no ":", not starting with a digit)`);
    else if (this.seen.has(id)) this.invalid(`<${el.localName}> id "${id}" is used twice; xs:ID values must be unique`);
    this.seen.add(id);
  }
}

/** rewriteURI's content type is empty: no text at all (not even blanks or an empty CDATA section) and no child element. */
function checkEmptyContent(el: Element, invalid: (m: string) => void): void {
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) {
      invalid(`<rewriteURI> must be empty; it holds an element <${node.nodeName}>`);
      return;
    }
    if (node.nodeType === node.TEXT_NODE || node.nodeType === node.CDATA_SECTION_NODE) {
      invalid('<rewriteURI> must be empty; it holds text');
      return;
    }
  }
}

/** Unqualified attributes must be declared ones; namespaced ones fall under anyAttribute ##other. */
function checkAttributes(el: Element, allowed: string[], invalid: (m: string) => void): void {
  for (let i = 0; i < el.attributes.length; i++) {
    const attr = el.attributes.item(i)!;
    if (attr.name === 'xmlns' || attr.prefix === 'xmlns') continue;
    if (!attr.namespaceURI && !allowed.includes(attr.localName ?? attr.name)) {
      invalid(`<${el.localName}> has an attribute "${attr.name}" the schema does not allow`);
    }
  }
}
