/**
 * What an error reply means for the user and for the submission: whether
 * HMRC refused the message (nothing is held, the user must act), whether
 * the credentials failed, or whether HMRC's own trouble leaves it unknown
 * whether the return is held (then only a data_request may tell; sending
 * again blindly could file it twice). Numbers: shared/docs/transaction-engine.md.
 */
import { toBase32 } from '../engine/ct600/base32.js';
import type { GovTalkError, SuccessReceipt } from './gateway-reply.js';

export type ErrorFamily = 'authentication' | 'business' | 'message' | 'unknown';

/** 1002 authentication, 1046 user ID or password, 1047 a method HMRC no longer accepts. */
const AUTHENTICATION = new Set(['1002', '1046', '1047']);

export const isAuthenticationError = (number: string) => AUTHENTICATION.has(number);
/** The message itself was refused: HMRC holds nothing. */
const MESSAGE = new Set(['1001', '1020', '1035', '1042', '2000', '2001', '3000']);

export function errorFamily(errors: GovTalkError[], businessErrors: GovTalkError[]): ErrorFamily {
  if (errors.some((e) => AUTHENTICATION.has(e.number))) return 'authentication';
  if (businessErrors.length > 0 || errors.some((e) => e.number === '3001' || e.type === 'business')) return 'business';
  if (errors.some((e) => MESSAGE.has(e.number) || (e.type === 'fatal' && e.number !== '1000'))) return 'message';
  return 'unknown';
}

/** A line for the user: HMRC's number and text, and what to do about it. */
export function describeError(e: GovTalkError, box?: string): string {
  const where = box ? ` (box ${box})` : e.location ? ` (at ${e.location})` : '';
  if (AUTHENTICATION.has(e.number)) {
    return `HMRC error ${e.number}: ${e.text}${where} — check the Government Gateway user ID and password`;
  }
  const label = e.number === '0' && e.type ? `HMRC error ${e.type}` : `HMRC error ${e.number}`;
  return `${label}: ${e.text}${where}`;
}

export interface ReceiptCheck {
  /** Our IRmark in HMRC's base32 form, as the receipt quotes it. */
  irmarkBase32: string;
  /** HMRC's receipt digest in base32. */
  receiptDigestBase32: string;
  /** The digest HMRC signed is our IRmark, and the message quotes it. */
  matches: boolean;
  statement: string;
}

/** Whether HMRC's receipt is for exactly the return we sent: its digest and the IRmark it quotes are ours. */
export function checkReceipt(receipt: SuccessReceipt, ourIrmarkBase64: string): ReceiptCheck {
  const irmarkBase32 = toBase32(Buffer.from(ourIrmarkBase64, 'base64'));
  const receiptDigestBase32 = toBase32(Buffer.from(receipt.digestBase64, 'base64'));
  const digestMatches = receipt.digestBase64 === ourIrmarkBase64;
  const quotedMatches = receipt.quotedIrmarkBase32 === null || receipt.quotedIrmarkBase32 === irmarkBase32;
  const matches = digestMatches && quotedMatches;
  const statement = matches
    ? `HMRC's receipt is for this return: its IRmark ${irmarkBase32} is ours`
    : `HMRC's receipt quotes IRmark ${receipt.quotedIrmarkBase32 ?? receiptDigestBase32}, but this return's IRmark is ${irmarkBase32}: the receipt is not for the return as sent`;
  return { irmarkBase32, receiptDigestBase32, matches, statement };
}
