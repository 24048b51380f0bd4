/**
 * CT600 benchmark inputs: the tests' trading company with inline XBRL
 * accounts and computations of a given size attached, and the Body file the
 * native route (xmllint --c14n | openssl sha1) hashes, cut out by plain string
 * handling as ct600.md section 4 describes.
 */
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { fullReturn } from '../../../test/fixtures/ct600-requests.js';

/** Inline-XBRL-looking text of exactly `bytes` bytes (varied, like real accounts). */
export function ixbrlText(bytes: number, seed: number): string {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><table>\n`;
  const rows: string[] = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const r = `<tr><td>Line ${i}</td><td><ix:nonFraction name="uk-core:Item${(i * seed) % 977}" contextRef="c${i % 13}" unitRef="GBP" decimals="0">${(i * 7919 + seed) % 1000003}</ix:nonFraction></td></tr>\n`;
    rows.push(r);
    size += r.length;
  }
  return rows.join('').slice(0, bytes);
}

/**
 * A full return whose attachments are `attachmentBytes` of base64 text, as the
 * message carries them and as HMRC's 25 MB cap counts them: three quarters
 * accounts, one quarter computations (inline XBRL of 3/4 that size).
 */
export function returnWithAttachments(attachmentBytes: number): Ct600RequestInput {
  const ixbrl = Math.floor((attachmentBytes * 3) / 4);
  const accounts = Math.floor((ixbrl * 3) / 4);
  return {
    ...fullReturn(),
    attachedFiles: [
      { filename: 'accounts.xhtml', value: Buffer.from(ixbrlText(accounts, 7)).toString('base64'), itemsElementName: 0 },
      { filename: 'computations.xhtml', value: Buffer.from(ixbrlText(ixbrl - accounts, 11)).toString('base64'), itemsElementName: 1 },
    ],
  };
}

/** Body with the root's namespace declarations copied onto it and the IRmark element removed. */
export function bodyForNativeRoute(message: string): string {
  const rootOpen = /<GovTalkMessage\b([^>]*)>/.exec(message);
  if (!rootOpen) throw new Error('no GovTalkMessage start tag');
  const decls = [...rootOpen[1]!.matchAll(/\s(xmlns(?::[A-Za-z0-9_.-]+)?)\s*=\s*("[^"]*"|'[^']*')/g)].map((m) => `${m[1]}=${m[2]}`);
  const start = message.indexOf('<Body>');
  const end = message.lastIndexOf('</Body>');
  if (start < 0 || end < 0) throw new Error('no <Body> … </Body> in the message');
  const body = `<Body ${decls.join(' ')}>${message.slice(start + '<Body>'.length, end)}</Body>`;
  return body.replace(/<IRmark\b[^>]*>[^<]*<\/IRmark>|<IRmark\b[^>]*\/>/, '');
}
