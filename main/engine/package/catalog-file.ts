/**
 * Validates META-INF/catalog.xml: the Taxonomy Packages 1.0 catalog schema
 * allows only rewriteURI (plus foreign-namespace elements), at least one entry,
 * and each uriStartString once.
 */
import type { Element } from '@xmldom/xmldom';
import { childElements, ownText, parseXml, XmlParseError } from './xml-document.js';

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
