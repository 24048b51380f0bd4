/**
 * The IRmark: SHA-1 over the inclusive C14N (with comments) of GovTalk Body,
 * with Body/IRenvelope/IRheader/IRmark removed (ct600.md section 4).
 * Plain messages up to a megabyte are canonicalised through the light
 * element tree (irmark-light.ts), larger ones carrying attachments as a
 * stream (irmark-stream.ts); the DOM route (irmark-dom.ts) does the rest and
 * is the oracle both are tested against.
 */
import { createHash } from 'node:crypto';
import { canonicalize, foundIrmark, locateBody } from './irmark-dom.js';
import { lightMarkedBody } from './irmark-light.js';
import { streamedCanonicalBody, updateWithPieces } from './irmark-stream.js';
import { irmarkCheck, irmarkOfCanonical, irmarkOfDigest, type IrmarkCheck, type IrmarkValue } from './irmark-value.js';

export type { IrmarkCheck, IrmarkValue } from './irmark-value.js';

type Marked = { value: IrmarkValue; found: string | null };

/** Light route first (plain messages up to a megabyte), then the routes that need a DOM. */
function marked(xml: Uint8Array | string): Marked {
  const light = lightMarkedBody(xml);
  return light ? { value: irmarkOfCanonical(light.canonical), found: light.found } : markedWithDom(xml);
}

/** Streamed past attachments' base64 where it can vouch for the result, else the DOM over the whole message. */
function markedWithDom(xml: Uint8Array | string): Marked {
  const streamed = streamedCanonicalBody(xml);
  if (streamed) return { value: irmarkOfDigest(updateWithPieces(createHash('sha1'), streamed.pieces).digest()), found: streamed.found };
  return markedByDom(xml);
}

function markedByDom(xml: Uint8Array | string): Marked {
  const located = locateBody(xml);
  const found = foundIrmark(located);
  return { value: irmarkOfCanonical(canonicalize(located)), found };
}

/** The exact bytes the IRmark digests: Body, inherited namespaces rendered, IRmark removed (through the DOM). */
export function canonicalBody(xml: Uint8Array | string): string {
  return canonicalize(locateBody(xml));
}

/** The IRmark a message (or a bare Body) should carry. */
export function computeIrmark(xml: Uint8Array | string): IrmarkValue {
  return marked(xml).value;
}

/** The IRmark through the DOM alone: the oracle for the streamed route. */
export function computeIrmarkByDom(xml: Uint8Array | string): IrmarkValue {
  return markedByDom(xml).value;
}

/** Checks the IRmark a document carries against its content. */
export function verifyIrmark(xml: Uint8Array | string): IrmarkCheck {
  const { value, found } = marked(xml);
  return irmarkCheck(value, found);
}

/**
 * The check by the routes that need a DOM, for a caller that tried
 * verifyPlainIrmark (irmark-light.ts) first and got no answer: together
 * they are verifyIrmark, without reading the message twice.
 */
export function verifyIrmarkWithDom(xml: Uint8Array | string): IrmarkCheck {
  const { value, found } = markedWithDom(xml);
  return irmarkCheck(value, found);
}
