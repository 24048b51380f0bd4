/**
 * How a filing with Companies House ended, as its claim reports it to the
 * office: read from the filing record as saved. Accounts that may be with
 * Companies House without its verdict are not finished: the claim stays with
 * the desk that sent them, so no other desk sends them again.
 */
import type { FilingEnding } from '../return-claim.js';
import type { FilingRecord } from './filing-record.js';

export function endingOfAccountsFiling(record: FilingRecord | undefined): FilingEnding {
  if (!record) return { outcome: 'not-sent', reference: null };
  const reference = record.submissionNumber;
  if (record.state === 'accepted') return { outcome: 'accepted', reference };
  // Rejected after processing, or refused at the gateway (nothing stored there): corrected accounts may be filed.
  if (record.state === 'rejected' || record.state === 'refused') return { outcome: 'rejected', reference };
  if (record.state === 'prepared') return { outcome: 'not-sent', reference: null };
  return { outcome: 'not-finished', reference };
}
