/**
 * The canonical form of a GovTalk message's Body written straight from the
 * element tree the message is serialised from, with no parse: inclusive C14N
 * with comments (namespace declarations in scope on Body, superfluous ones
 * left out below it, attributes in order, C14N's escaping of text and
 * attribute values, empty elements as start and end tags, no XML
 * declaration), with Body/IRenvelope/IRheader/IRmark removed and the
 * whitespace around it kept, exactly as the DOM route (irmark-dom.ts) does.
 *
 * It writes the same whitespace as `serialize` in xml-writer.ts. It vouches
 * only for trees it can reason about completely and returns undefined for
 * anything else (a character a parser would change or refuse, a prefixed or
 * unusual name, an undeclared default namespace), so the caller falls back to
 * the DOM route for that document. The DOM route stays the oracle: the tests
 * compare both byte for byte.
 */
import { hasChild, indentOf, tagStrings, type XmlElement } from './xml-writer.js';

/**
 * Characters that reach the DOM unchanged. Left out: CR, NEL (U+0085) and
 * the line and paragraph separators (U+2028, U+2029), which the parser turns into line feeds (or
 * spaces in attributes); C0 and C1 controls; surrogates; U+FFFD, which the
 * parser refuses; U+FFFE and U+FFFF, which XML forbids.
 */
const UNSAFE_CHAR = /[^\t\n\x20-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFFFC]/;
/** Unprefixed names only: prefixes would bring namespace rules this writer does not model. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

class Declined extends Error {}

/** Names already found plain: a build writes the same few dozen names on every request. */
const plainNames = new Set<string>();
function isPlainName(name: string): boolean {
  if (plainNames.has(name)) return true;
  if (!PLAIN_NAME.test(name)) return false;
  plainNames.add(name);
  return true;
}

/** Text that is neither unsafe nor needs escaping, in one search: figures, dates and codes. */
const TEXT_AS_IS = /^[\t\n\x20-\x25\x27-\x3B\x3D\x3F-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFFFC]*$/;
const TEXT_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<"\t\n]/;

function canonicalText(text: string): string {
  if (TEXT_AS_IS.test(text)) return text;
  if (UNSAFE_CHAR.test(text)) throw new Declined();
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function canonicalAttribute(value: string): string {
  if (UNSAFE_CHAR.test(value)) throw new Declined();
  if (!ATTRIBUTE_SPECIAL.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;');
}

function present(content: XmlElement['content']): (XmlElement | undefined)[] | string | undefined {
  if (content === undefined || (Array.isArray(content) && !hasChild(content))) return undefined;
  return content;
}

function firstNamed(node: XmlElement | undefined, name: string): XmlElement | undefined {
  const content = node && present(node.content);
  if (!Array.isArray(content)) return undefined;
  return content.find((c): c is XmlElement => c !== undefined && c.name === name);
}

/** Unprefixed attributes have no namespace: ordered by local name, by code unit. */
function byName(a: [string, string], b: [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * Appends one element as C14N renders it to `out` and returns the result.
 * `inScopeDefault` is the default namespace in scope from the parent;
 * `renderedDefault` the one the nearest rendered ancestor declared
 * (undefined above Body: the apex of the subtree renders what is in scope,
 * as inclusive C14N does).
 */
function write(node: XmlElement, depth: number, inScopeDefault: string, renderedDefault: string | undefined, skip: { element?: XmlElement }, out: string): string {
  if (!isPlainName(node.name)) throw new Declined();
  const tag = tagStrings(node.name);
  let declared: string | undefined;
  let attributes: [string, string][] | undefined;
  const given = node.attributes;
  if (given !== undefined) {
    for (const k in given) {
      const v = given[k];
      if (v === undefined) continue;
      if (k === 'xmlns') declared = v;
      else if (isPlainName(k) && !k.toLowerCase().startsWith('xml')) (attributes ??= []).push([k, v]);
      else throw new Declined();
    }
  }
  // Undeclaring the default namespace (xmlns="") has rules of its own in C14N: not modelled.
  if (declared === '') throw new Declined();
  const scope = declared ?? inScopeDefault;
  let start: string;
  if (attributes === undefined && (scope === '' || scope === renderedDefault)) {
    start = tag.start;
  } else {
    start = tag.open;
    if (scope !== '' && scope !== renderedDefault) start += ' xmlns="' + canonicalAttribute(scope) + '"';
    if (attributes !== undefined) {
      if (attributes.length > 1) attributes.sort(byName);
      for (const [k, v] of attributes) start += ' ' + k + '="' + canonicalAttribute(v) + '"';
    }
    start += '>';
  }
  const content = node.content;
  if (typeof content === 'string') return out + (start + canonicalText(content) + tag.close);
  if (content === undefined || !hasChild(content)) return out + (start + tag.close);
  out += start + '\n';
  const rendered = scope === '' ? renderedDefault : scope;
  const indent = indentOf(depth + 1);
  for (let i = 0; i < content.length; i++) {
    const child = content[i];
    if (child === undefined) continue;
    // The removed IRmark takes only its markup: the whitespace either side stays, as in the DOM route.
    // Only the first: the DOM route removes one element, even were the same object written twice.
    if (child === skip.element) {
      skip.element = undefined;
      out += indent + '\n';
    } else {
      out = write(child, depth + 1, scope, rendered, skip, out + indent) + '\n';
    }
  }
  return out + (indentOf(depth) + tag.close);
}

/**
 * The canonical Body (IRmark removed) of the message `serialize(root)`
 * writes, or undefined when this writer cannot vouch for it.
 */
export function writeCanonicalBody(root: XmlElement): string | undefined {
  if (root.name !== 'GovTalkMessage') return undefined;
  const rootContent = present(root.content);
  if (!Array.isArray(rootContent)) return undefined;
  // locateBody takes the first Body child of the root.
  const body = rootContent.find((c): c is XmlElement => c !== undefined && c.name === 'Body');
  if (!body) return undefined;
  const rootNs = root.attributes?.xmlns;
  const skip = { element: firstNamed(firstNamed(firstNamed(body, 'IRenvelope'), 'IRheader'), 'IRmark') };
  try {
    // Root's other attributes are not namespace declarations (prefixes are declined): only its default is in scope.
    for (const k of Object.keys(root.attributes ?? {})) if (k !== 'xmlns' && (!isPlainName(k) || k.toLowerCase().startsWith('xml'))) return undefined;
    if (rootNs === '') return undefined;
    return write(body, 1, rootNs ?? '', undefined, skip, '');
  } catch (e) {
    if (e instanceof Declined) return undefined;
    throw e;
  }
}
