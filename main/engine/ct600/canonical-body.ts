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
import { indentOf, type XmlElement } from './xml-writer.js';

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

const TEXT_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<"\t\n]/;

function canonicalText(text: string): string {
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
  if (content === undefined || (Array.isArray(content) && content.every((c) => c === undefined))) return undefined;
  return content;
}

function firstNamed(node: XmlElement | undefined, name: string): XmlElement | undefined {
  const content = node && present(node.content);
  if (!Array.isArray(content)) return undefined;
  return content.find((c): c is XmlElement => c !== undefined && c.name === name);
}

/**
 * Writes one element as C14N renders it. `inScopeDefault` is the default
 * namespace in scope from the parent; `renderedDefault` the one the nearest
 * rendered ancestor declared (undefined above Body: the apex of the subtree
 * renders what is in scope, as inclusive C14N does).
 */
function write(node: XmlElement, depth: number, inScopeDefault: string, renderedDefault: string | undefined, skip: { element?: XmlElement }, out: string[]): void {
  if (!PLAIN_NAME.test(node.name)) throw new Declined();
  let declared: string | undefined;
  const attributes: [string, string][] = [];
  for (const [k, v] of Object.entries(node.attributes ?? {})) {
    if (v === undefined) continue;
    if (k === 'xmlns') declared = v;
    else if (PLAIN_NAME.test(k) && !k.toLowerCase().startsWith('xml')) attributes.push([k, v]);
    else throw new Declined();
  }
  // Undeclaring the default namespace (xmlns="") has rules of its own in C14N: not modelled.
  if (declared === '') throw new Declined();
  const scope = declared ?? inScopeDefault;
  let open = `<${node.name}`;
  if (scope !== '' && scope !== renderedDefault) open += ` xmlns="${canonicalAttribute(scope)}"`;
  // Unprefixed attributes have no namespace: ordered by local name, by code unit.
  attributes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [k, v] of attributes) open += ` ${k}="${canonicalAttribute(v)}"`;
  open += '>';
  const close = `</${node.name}>`;
  const content = present(node.content);
  const rendered = scope === '' ? renderedDefault : scope;
  if (content === undefined) {
    out.push(open, close);
  } else if (typeof content === 'string') {
    out.push(open, canonicalText(content), close);
  } else {
    out.push(open, '\n');
    const indent = indentOf(depth + 1);
    for (const child of content) {
      if (!child) continue;
      out.push(indent);
      // The removed IRmark takes only its markup: the whitespace either side stays, as in the DOM route.
      // Only the first: the DOM route removes one element, even were the same object written twice.
      if (child === skip.element) skip.element = undefined;
      else write(child, depth + 1, scope, rendered, skip, out);
      out.push('\n');
    }
    out.push(indentOf(depth), close);
  }
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
    for (const k of Object.keys(root.attributes ?? {})) if (k !== 'xmlns' && (!PLAIN_NAME.test(k) || k.toLowerCase().startsWith('xml'))) return undefined;
    if (rootNs === '') return undefined;
    const out: string[] = [];
    write(body, 1, rootNs ?? '', undefined, skip, out);
    return out.join('');
  } catch (e) {
    if (e instanceof Declined) return undefined;
    throw e;
  }
}
