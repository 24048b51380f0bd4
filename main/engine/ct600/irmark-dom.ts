/**
 * The IRmark's canonical form through a DOM: @xmldom/xmldom parses, xml-crypto
 * canonicalises (ct600.md section 4). Every vector reproduces this way, so it
 * stays the oracle the streamed route (irmark-stream.ts) is proven against,
 * and the route for any document the streamed one cannot vouch for.
 */
import type { Element } from '@xmldom/xmldom';
// The canonicaliser alone: the package's index also loads its signing code, which the IRmark never needs.
import { C14nCanonicalizationWithComments } from 'xml-crypto/lib/c14n-canonicalization.js';
import { childElements, firstChild, parseXml, XmlInputError } from './xml-dom.js';

export interface MarkedBody {
  body: Element;
  irmark: Element | undefined;
  ancestorNamespaces: { prefix: string; namespaceURI: string }[];
}

/** Finds Body (the root of a full message, or a bare Body element) and its IRmark. */
export function locateBody(xml: Uint8Array | string): MarkedBody {
  const doc = parseXml(xml);
  const root = doc.documentElement!;
  let body: Element | undefined;
  if (root.localName === 'Body') body = root;
  else if (root.localName === 'GovTalkMessage') body = firstChild(root, 'Body');
  if (!body) throw new XmlInputError('the document has no GovTalkMessage/Body element to mark');

  // Inclusive C14N of a subtree renders every namespace in scope. Only the
  // prefixed declarations are passed on: xml-crypto renders the default
  // namespace itself, and passing it too duplicates xmlns on Body.
  const ancestorNamespaces: MarkedBody['ancestorNamespaces'] = [];
  const seen = new Set<string>();
  for (let p = body.parentNode; p && p.nodeType === 1; p = p.parentNode) {
    const attrs = (p as Element).attributes;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i)!;
      if (a.prefix === 'xmlns' && !seen.has(a.localName!)) {
        seen.add(a.localName!);
        ancestorNamespaces.push({ prefix: a.localName!, namespaceURI: a.value });
      }
    }
  }

  // xml-crypto renders processing instructions wrongly (data as text), and
  // GovTalk bodies never carry one: refuse rather than compute a wrong mark.
  const pi = firstProcessingInstruction(body);
  if (pi) throw new XmlInputError(`the Body contains a processing instruction <?${pi}?>, which GovTalk messages must not have`);

  const irenvelope = firstChild(body, 'IRenvelope');
  const irheader = irenvelope && firstChild(irenvelope, 'IRheader');
  const irmark = irheader && childElements(irheader).find((e) => e.localName === 'IRmark');
  return { body, irmark, ancestorNamespaces };
}

function firstProcessingInstruction(node: Element): string | undefined {
  for (let n = node.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 7) return (n as unknown as { target: string }).target;
    if (n.nodeType === 1) {
      const inner = firstProcessingInstruction(n as Element);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** The IRmark element's text as the document carries it, or null when absent or empty. */
export function foundIrmark(located: MarkedBody): string | null {
  const text = located.irmark?.textContent?.trim() ?? '';
  return text === '' ? null : text;
}

/** Removes the IRmark element (only it: the whitespace around it is part of the mark) and canonicalises Body. */
export function canonicalize({ body, irmark, ancestorNamespaces }: MarkedBody): string {
  if (irmark && irmark.parentNode) irmark.parentNode.removeChild(irmark);
  return new C14nCanonicalizationWithComments().process(body as unknown as Node, { ancestorNamespaces });
}
