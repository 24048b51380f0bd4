/**
 * How a filing with HMRC ended, as its claim reports it to the office: read
 * from the submission record as saved, so the office hears what happened
 * (sent or not, HMRC's verdict), never what the run hoped. A submission that
 * may be with HMRC and has no verdict yet is not finished: its claim stays
 * with the desk that sent it, so no other desk can send the return again.
 */
import type { FilingEnding } from './return-claim.js';
import type { SubmissionRecord } from './submission-record.js';

export function endingOfSubmission(record: SubmissionRecord | undefined): FilingEnding {
  if (!record) return { outcome: 'not-sent', reference: null };
  const reference = record.correlationId ?? null;
  if (record.state === 'accepted') return { outcome: 'accepted', reference };
  // HMRC answered no (the return's rules, or the credentials): the return may be corrected and filed again.
  if (record.state === 'rejected' || record.state === 'authentication-failed') return { outcome: 'rejected', reference };
  if (record.sendStartedAt) return { outcome: 'not-finished', reference };
  return { outcome: 'not-sent', reference: null };
}
