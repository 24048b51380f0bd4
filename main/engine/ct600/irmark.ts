/**
 * The IRmark: SHA-1 over the inclusive C14N (with comments) of GovTalk Body,
 * with Body/IRenvelope/IRheader/IRmark removed (ct600.md section 4).
 * Documents carrying attachments are canonicalised as a stream
 * (irmark-stream.ts); the DOM route (irmark-dom.ts) does the rest and is the
 * oracle the stream is tested against.
 */
import { createHash } from 'node:crypto';
import { toBase32 } from './base32.js';
import { canonicalize, foundIrmark, locateBody } from './irmark-dom.js';
import { streamedCanonicalBody, updateWithPieces } from './irmark-stream.js';

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

export function irmarkOfDigest(digest: Buffer): IrmarkValue {
  return { base64: digest.toString('base64'), base32: toBase32(digest) };
}

function marked(xml: Uint8Array | string): { value: IrmarkValue; found: string | null } {
  const streamed = streamedCanonicalBody(xml);
  if (streamed) return { value: irmarkOfDigest(updateWithPieces(createHash('sha1'), streamed.pieces).digest()), found: streamed.found };
  return markedByDom(xml);
}

function markedByDom(xml: Uint8Array | string): { value: IrmarkValue; found: string | null } {
  const located = locateBody(xml);
  const found = foundIrmark(located);
  return { value: irmarkOfDigest(createHash('sha1').update(canonicalize(located), 'utf8').digest()), found };
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
  return { expected: value.base64, expectedBase32: value.base32, found, matches: found === value.base64 };
}
