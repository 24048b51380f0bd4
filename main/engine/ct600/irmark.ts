/**
 * The IRmark: SHA-1 over the inclusive C14N (with comments) of GovTalk Body,
 * with Body/IRenvelope/IRheader/IRmark removed (ct600.md section 4).
 */
import { createHash } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { C14nCanonicalizationWithComments } from 'xml-crypto';
import { toBase32 } from './base32.js';
import { childElements, firstChild, parseXml, XmlInputError } from './xml-dom.js';

export interface IrmarkValue {
  /** 28-character base64 of the SHA-1 digest: what goes in the IRmark element. */
  base64: string;
  /** RFC 4648 base32 of the same digest: the form on HMRC's receipt. */
  base32: string;
}

export interface IrmarkCheck {
  expected: string;
  expectedBase32: string;
  /** The value in the document's IRmark element, or null when it is absent or empty. */
  found: string | null;
  matches: boolean;
}

interface MarkedBody {
  body: Element;
  irmark: Element | undefined;
  ancestorNamespaces: { prefix: string; namespaceURI: string }[];
}

/** Finds Body (the root of a full message, or a bare Body element) and its IRmark. */
function locateBody(xml: Uint8Array | string): MarkedBody {
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

function canonicalize({ body, irmark, ancestorNamespaces }: MarkedBody): string {
  // Remove the element only; the whitespace around it is part of the mark.
  if (irmark) irmark.parentNode!.removeChild(irmark);
  return new C14nCanonicalizationWithComments().process(body as unknown as Node, { ancestorNamespaces });
}

function digestOf(located: MarkedBody): IrmarkValue {
  const digest = createHash('sha1').update(canonicalize(located), 'utf8').digest();
  return { base64: digest.toString('base64'), base32: toBase32(digest) };
}

/** The exact bytes the IRmark digests: Body, inherited namespaces rendered, IRmark removed. */
export function canonicalBody(xml: Uint8Array | string): string {
  return canonicalize(locateBody(xml));
}

/** The IRmark a message (or a bare Body) should carry. */
export function computeIrmark(xml: Uint8Array | string): IrmarkValue {
  return digestOf(locateBody(xml));
}

/** Checks the IRmark a document carries against its content. */
export function verifyIrmark(xml: Uint8Array | string): IrmarkCheck {
  const located = locateBody(xml);
  const foundText = located.irmark?.textContent?.trim() ?? '';
  const expected = digestOf(located);
  const found = foundText === '' ? null : foundText;
  return { expected: expected.base64, expectedBase32: expected.base32, found, matches: found === expected.base64 };
}
