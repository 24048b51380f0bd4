/**
 * A submission as the user sees it: accepted with HMRC's receipt, rejected
 * with HMRC's errors in plain English beside their numbers, credentials
 * refused, or still under way and what that means.
 */
import { toBase32 } from '../engine/ct600/base32.js';
import type { GovTalkError } from './gateway-reply.js';
import { boxOfLocation } from './error-boxes.js';
import { describeError } from './outcomes.js';
import { FINAL_STATES, type SubmissionRecord } from './submission-record.js';

export type FilingOutcomeKind = 'accepted' | 'rejected' | 'authentication-failed' | 'not-at-hmrc' | 'pending';

export interface FilingOutcome {
  outcome: FilingOutcomeKind;
  transactionId: string;
  environment: string;
  utr: string;
  periodFrom: string;
  periodTo: string;
  irmark: string;
  irmarkBase32: string;
  correlationId?: string;
  acceptedTime?: string;
  receipt?: { irmarkBase32: string; matchesOurIrmark: boolean; statement: string };
  /** Each of HMRC's errors: its number and text, where it points, the CT600 box when it concerns one, and a plain-English line. */
  errors?: { number: string; type: string; text: string; location: string; box?: string; message: string }[];
  /** An answer claimed to be HMRC's verdict but named another submission or return: recorded, never taken (ANSWER_DOES_NOT_MATCH). */
  mismatch?: boolean;
  /** Another Filing Desk holds this return's claim (return-claim.ts): nothing was done here, and the message names the holder. */
  claimHeld?: boolean;
  /** What the user should know or do, in plain words. */
  message: string;
}

export function outcomeOf(record: SubmissionRecord): FilingOutcome {
  const base = {
    transactionId: record.transactionId,
    environment: record.environment,
    utr: record.utr,
    periodFrom: record.periodFrom,
    periodTo: record.periodTo,
    irmark: record.irmark,
    irmarkBase32: toBase32(Buffer.from(record.irmark, 'base64')),
    ...(record.correlationId ? { correlationId: record.correlationId } : {}),
  };
  const o = record.outcome;
  if (record.state === 'accepted' && o?.kind === 'accepted') {
    return {
      ...base,
      outcome: 'accepted',
      acceptedTime: o.acceptedTime,
      receipt: { irmarkBase32: o.receiptIrmarkBase32, matchesOurIrmark: o.receiptMatches, statement: o.receiptStatement },
      message: `HMRC accepted the return at ${o.acceptedTime}. ${o.receiptStatement}.`,
    };
  }
  if ((record.state === 'rejected' || record.state === 'authentication-failed') && o && o.kind !== 'accepted') {
    const listed: GovTalkError[] = o.businessErrors.length > 0 ? o.businessErrors : o.errors;
    return {
      ...base,
      outcome: record.state,
      errors: listed.map((e) => {
        const box = boxOfLocation(e.location);
        return { number: e.number, type: e.type, text: e.text, location: e.location, ...(box ? { box } : {}), message: describeError(e, box) };
      }),
      message:
        record.state === 'authentication-failed'
          ? 'HMRC did not accept the Government Gateway user ID and password; check them and file again (nothing was filed)'
          : `HMRC rejected the return with ${listed.length} error${listed.length === 1 ? '' : 's'}; nothing was filed`,
    };
  }
  if (record.mismatchedAnswer && !FINAL_STATES.has(record.state)) {
    // Leads with the mismatch: the one thing the user must not mistake for a receipt or a rejection.
    return { ...base, outcome: 'pending', mismatch: true, message: `${record.mismatchedAnswer}. ${record.correlationId ? 'HMRC acknowledged the return, so it may hold it: ' : ''}the draft is not marked as filed; run again later to keep asking HMRC, and do not file it again` };
  }
  if (record.state === 'not-at-hmrc') return { ...base, outcome: 'not-at-hmrc', message: record.lastProblem ?? 'HMRC holds no submission with this TransactionID' };
  return {
    ...base,
    outcome: 'pending',
    message: `${record.correlationId ? 'HMRC has the return and is still working on it' : 'Whether HMRC received the return is not known yet'}${record.lastProblem ? ` (${record.lastProblem})` : ''}; resuming later polls for the answer and never sends it twice`,
  };
}
