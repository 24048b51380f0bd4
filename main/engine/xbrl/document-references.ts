/**
 * Which elements of an XBRL document refer to another document, and what
 * they name: link:schemaRef and link:linkbaseRef (XBRL 2.1 §4.2, §4.3),
 * xs:import / xs:include / xs:redefine schemaLocation (XML Schema Part 1
 * §4.2), and the xlink:href of link:loc, link:roleRef, link:arcroleRef and
 * every other locator (XBRL 2.1 §3.5.3.7, §3.5.2.4, §3.5.2.5).
 *
 * One rule for both readers of a document's references: the package's
 * reference scan of any schema or linkbase (package/xml-reference-scan.ts),
 * and the fact reader, which meets a report's references while it reads its
 * facts (xbrl/fact-stream/reference-notes.ts), so a report is scanned once.
 */

export const LINK_NS = 'http://www.xbrl.org/2003/linkbase';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export type ReferenceKind = 'schemaRef' | 'linkbaseRef' | 'import' | 'include' | 'redefine' | 'loc' | 'roleRef' | 'arcroleRef' | 'taxonomy';

/** A reference as written: its href (entities decoded), its kind, and the xml:base values in scope, outermost first. */
export interface RawReference {
  href: string;
  kind: ReferenceKind;
  bases: string[];
}

/** An element as the rule reads it: its expanded name, and its attributes by expanded name ('' for no namespace). */
export interface ReferringElement {
  readonly namespace: string;
  readonly localName: string;
  attribute(namespace: string, localName: string): string | undefined;
}

/** The link elements that refer, by local name (a switch, not a lookup object: an element named "constructor" must not find Object's). */
function linkReference(localName: string): ReferenceKind | undefined {
  switch (localName) {
    case 'schemaRef':
    case 'linkbaseRef':
    case 'loc':
    case 'roleRef':
    case 'arcroleRef':
      return localName;
    default:
      return undefined;
  }
}

function schemaReference(localName: string): ReferenceKind | undefined {
  switch (localName) {
    case 'import':
    case 'include':
    case 'redefine':
      return localName;
    default:
      return undefined;
  }
}

/** What the element refers to, or undefined: a link element or any locator by its xlink:href, a schema import by its schemaLocation (an empty one names nothing). */
export function referenceOf(el: ReferringElement): { href: string; kind: ReferenceKind } | undefined {
  const linkKind = el.namespace === LINK_NS ? linkReference(el.localName) : undefined;
  if (linkKind !== undefined || el.attribute(XLINK_NS, 'type') === 'locator') {
    const href = el.attribute(XLINK_NS, 'href');
    return href ? { href, kind: linkKind ?? 'loc' } : undefined;
  }
  const schemaKind = el.namespace === XSD_NS ? schemaReference(el.localName) : undefined;
  if (schemaKind === undefined) return undefined;
  const href = el.attribute('', 'schemaLocation');
  return href ? { href, kind: schemaKind } : undefined;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * An attribute's value as the reference scan has always read it: character
 * references and XML's five named ones decoded, anything else left as
 * written, and no whitespace normalised.
 */
export function decodeReferenceValue(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16), whole);
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10), whole);
    return Object.hasOwn(NAMED, ref) ? NAMED[ref]! : whole;
  });
}

function safeCodePoint(n: number, fallback: string): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;
}
