/**
 * The GovTalk message with its IRmark, written once into one buffer. The
 * message is serialised without the attachments' base64 (a few kilobytes),
 * the skeleton's canonical Body is written from the same element tree
 * (canonical-body.ts; the DOM route for any tree it declines), and the SHA-1 is fed the
 * skeleton's canonical text with each attachment's base64 spliced in before
 * its end tag: base64 passes through parsing and C14N unchanged, so this is
 * the canonical form of the whole message byte for byte. The attachments
 * are copied once, into the message buffer, and hashed from there; the mark
 * is then inserted by moving the bytes after it, not by building the message
 * again.
 */
import { createHash, hash as sha1Of } from 'node:crypto';
import { isStrictBase64 } from '../base64.js';
import { EngineInternalError } from '../errors.js';
import { govTalkMessage, IRMARK_PLACEHOLDER, type GovTalkHeaderOptions } from './govtalk-message.js';
import { writeCanonicalBody } from './canonical-body.js';
import { canonicalize, locateBody } from './irmark-dom.js';
import type { Ct600Return } from './return-model.js';
import { serialize } from './xml-writer.js';

const ATTACHMENT_END = '</EncodedInlineXBRLDocument>';
const MARK_OPEN = '<IRmark Type="generic">';
/** Base64 of a SHA-1 digest. */
const MARK_LENGTH = 28;

export interface MarkedMessage {
  /** The message before marking (IRmark element present and empty). */
  original: Buffer;
  /** The same message with the IRmark filled in. */
  marked: Buffer;
  irMark: string;
}

const sha1Base64 = (text: string) => sha1Of('sha1', text, 'base64');

/** Every occurrence of `needle`, in order. */
function positionsOf(haystack: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/**
 * Calls `use` with the original message's bytes, then with the marked
 * message's bytes: both live in one buffer, one after the other, so a
 * caller that encodes each (the service's base64 response) holds only one
 * copy of the message besides what it makes.
 */
export function writeMarkedMessage(ret: Ct600Return, header: GovTalkHeaderOptions, use: (stage: 'original' | 'marked', bytes: Buffer) => void): string {
  // In document order: Computation before Accounts, as the writer emits them.
  const attachments = [...ret.attachments.Computation, ...ret.attachments.Accounts].map((d) => d.base64);
  for (const a of attachments) {
    // Base64 is what the schema lets through; anything else would not pass C14N verbatim.
    if (!isStrictBase64(a)) throw new EngineInternalError('an attachment is not base64 text');
  }
  const skeletonReturn: Ct600Return = {
    ...ret,
    attachments: {
      Computation: ret.attachments.Computation.map((d) => ({ ...d, base64: '' })),
      Accounts: ret.attachments.Accounts.map((d) => ({ ...d, base64: '' })),
    },
  };
  const tree = govTalkMessage(skeletonReturn, header);
  const skeleton = serialize(tree);
  const at = skeleton.indexOf(IRMARK_PLACEHOLDER);
  if (at < 0 || skeleton.indexOf(IRMARK_PLACEHOLDER, at + 1) >= 0) {
    throw new EngineInternalError('the GovTalk message must hold exactly one IRmark placeholder');
  }
  // '<' is escaped in text and attributes alike, so each end tag found is a real one.
  const ends = positionsOf(skeleton, ATTACHMENT_END);
  const canonical = writeCanonicalBody(tree) ?? canonicalize(locateBody(skeleton));
  const canonicalEnds = positionsOf(canonical, ATTACHMENT_END);
  if (ends.length !== attachments.length || canonicalEnds.length !== attachments.length || ends.some((e) => e < at)) {
    throw new EngineInternalError('the GovTalk message must hold one EncodedInlineXBRLDocument per attachment, after the IRmark');
  }

  const attachmentBytes = attachments.reduce((n, a) => n + a.length, 0);
  const originalLength = Buffer.byteLength(skeleton, 'utf8') + attachmentBytes;
  const buffer = Buffer.allocUnsafe(originalLength + MARK_LENGTH);
  // A return without attachments is a few kilobytes: one call hashes it (the service builds these by the thousand).
  const hash = attachments.length === 0 ? undefined : createHash('sha1');
  let written = 0;
  let from = 0;
  let canonicalFrom = 0;
  attachments.forEach((a, i) => {
    written += buffer.write(skeleton.slice(from, ends[i]), written, 'utf8');
    hash!.update(canonical.slice(canonicalFrom, canonicalEnds[i]), 'utf8');
    const start = written;
    written += buffer.write(a, written, 'latin1');
    hash!.update(buffer.subarray(start, written));
    from = ends[i]!;
    canonicalFrom = canonicalEnds[i]!;
  });
  written += buffer.write(from === 0 ? skeleton : skeleton.slice(from), written, 'utf8');
  const irMark = hash ? hash.update(canonical.slice(canonicalFrom), 'utf8').digest('base64') : sha1Base64(canonical);
  if (written !== originalLength) throw new EngineInternalError('the message was not written to its computed length');
  if (irMark.length !== MARK_LENGTH) throw new EngineInternalError('an IRmark is 28 characters of base64');

  use('original', buffer.subarray(0, originalLength));
  // Only the mark's text goes in: everything the digest covered stays byte-identical.
  const insertAt = Buffer.byteLength(skeleton.slice(0, at), 'utf8') + MARK_OPEN.length;
  buffer.copyWithin(insertAt + MARK_LENGTH, insertAt, originalLength);
  buffer.write(irMark, insertAt, 'latin1');
  use('marked', buffer);
  return irMark;
}
