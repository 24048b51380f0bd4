/**
 * An IRmark as the message carries it and as HMRC's receipt shows it, and
 * the check of a document's IRmark against its content: shared by every
 * route to the canonical Body (irmark.ts), including the light one the
 * command line starts with (irmark-light.ts).
 */
import { createHash } from 'node:crypto';
import { toBase32 } from './base32.js';

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

/** The IRmark of canonical Body text (digested as UTF-8). */
export function irmarkOfCanonical(canonical: string): IrmarkValue {
  return irmarkOfDigest(createHash('sha1').update(canonical, 'utf8').digest());
}

export function irmarkCheck(value: IrmarkValue, found: string | null): IrmarkCheck {
  return { expected: value.base64, expectedBase32: value.base32, found, matches: found === value.base64 };
}
