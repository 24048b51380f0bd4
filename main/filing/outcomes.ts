/**
 * What an error reply means for the submission, and whether a receipt is
 * this return's. A submission is "rejected" only on HMRC's verdict about
 * the return; every other error leaves it unknown whether HMRC holds the
 * return (then polling goes on, or a data_request asks; sending again
 * blindly could file it twice).
 *
 * The error numbers relied on, with their source (HMRC, "Transaction
 * Engine: Document Submission Protocol" v2.0, 2018, "Error messages" and
 * "Error numbers"; summarised in shared/docs/transaction-engine.md, "Error
 * numbers"):
 * - 1002, 1046, 1047: authentication failed (the Gateway's answer to a
 *   message carrying credentials; ets-authentication-failure-response.xml
 *   is HMRC's own 1046);
 * - 1001 message not valid, 1020 CorrelationID given on a submission,
 *   1042 empty body, 2001 message too large: the submission itself refused
 *   before HMRC took it, so nothing is held;
 * - 3001 with Body/ErrorResponse: business validation failed, the verdict
 *   on the return (tpvs-business-errors-response.xml is HMRC's own);
 * - everything else, 1000 (system), 1035 (bad CorrelationID), 2000
 *   (CorrelationID not found), 2005 (no acknowledgement), 3000, unknown
 *   numbers: says nothing about the return.
 */
import { X509Certificate } from 'node:crypto';
import { toBase32 } from '../engine/ct600/base32.js';
import type { GatewayReply, GovTalkError, SuccessReceipt } from './gateway-reply.js';

/** 1002 authentication, 1046 user ID or password, 1047 a method HMRC no longer accepts. */
const AUTHENTICATION = new Set(['1002', '1046', '1047']);

export const isAuthenticationError = (number: string) => AUTHENTICATION.has(number);

/** The documented refusals of a submission message itself: HMRC holds nothing. Only ever read in the answer to the submission. */
const SUBMISSION_REFUSED = new Set(['1001', '1020', '1042', '2001']);

/** Business validation failed: the error HMRC sends with the ErrorResponse listing each rule. */
const BUSINESS_VALIDATION_FAILED = '3001';

export type ErrorVerdict = 'authentication-failed' | 'rejected' | 'not-a-verdict';

/** An error reply from HMRC that carries a business rejection: 3001 (or Type business) with the ErrorResponse listing the rules. */
export const isBusinessRejection = (errors: GovTalkError[], businessErrors: GovTalkError[]) =>
  businessErrors.length > 0 && errors.some((e) => e.number === BUSINESS_VALIDATION_FAILED || e.type === 'business');

/**
 * What an error reply says about the return. `stage` is the exchange it
 * answers: to the submission itself, an authentication failure or a
 * documented refusal of the message is a verdict (nothing was taken); after
 * HMRC acknowledged the return, only the business rejection is.
 */
export function errorVerdict(reply: Extract<GatewayReply, { kind: 'error' }>, stage: 'submission' | 'poll'): ErrorVerdict {
  if (isBusinessRejection(reply.errors, reply.businessErrors)) return 'rejected';
  if (stage === 'poll') return 'not-a-verdict';
  if (reply.errors.some((e) => AUTHENTICATION.has(e.number))) return 'authentication-failed';
  if (reply.errors.length > 0 && reply.errors.every((e) => SUBMISSION_REFUSED.has(e.number))) return 'rejected';
  return 'not-a-verdict';
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

/** Said wherever an answer is not this submission's: the window and the command line show it as it is. */
export const ANSWER_DOES_NOT_MATCH = "HMRC's answer does not match this return";

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

/**
 * The certificate in the receipt's KeyInfo, where there is one, must be
 * HMRC's: organisation "HM Revenue and Customs" and a host name under
 * hmrc.gov.uk (HMRC's own receipt: O=HM Revenue and Customs,
 * CN=ira74837.hmrc.gov.uk). Only its subject is read: neither the chain nor
 * the signature is verified here (the README says so).
 */
export function receiptCertificateProblem(certificateBase64: string | null): string | undefined {
  if (certificateBase64 === null) return undefined;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(certificateBase64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return 'the receipt carries a certificate that cannot be read';
  }
  const fields = cert.subject.split('\n');
  const organisation = fields.find((f) => f.startsWith('O='))?.slice(2);
  const commonName = fields.find((f) => f.startsWith('CN='))?.slice(3) ?? '';
  if (organisation === 'HM Revenue and Customs' && /^[a-z0-9-]+(\.[a-z0-9-]+)*\.hmrc\.gov\.uk$/i.test(commonName)) return undefined;
  return `the receipt is signed with a certificate for "${cert.subject.replace(/\n/g, ', ').slice(0, 300)}", not HMRC's`;
}
