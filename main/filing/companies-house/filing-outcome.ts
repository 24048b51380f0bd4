/**
 * What a Companies House filing came to, in the words the window and the
 * command line show: accepted, rejected (with Companies House's reasons,
 * verbatim), or not finished (Companies House has not given its outcome
 * yet, or could not be reached: run it again, nothing is sent twice).
 */
import type { FilingReason, FilingRecord } from './filing-record.js';

export type CompaniesHouseOutcomeKind = 'accepted' | 'rejected' | 'not-finished';

export interface CompaniesHouseOutcome {
  outcome: CompaniesHouseOutcomeKind;
  submissionNumber: string;
  companyNumber: string;
  /** Companies House's reasons for a rejection (RejectCode and Description), or the gateway's errors for a refusal. */
  reasons: FilingReason[];
  /** The last StatusCode Companies House gave: PENDING, PARKED, INTERNAL_FAILURE, ACCEPT, REJECT. */
  status?: string;
  /** In plain words, for the person filing. */
  message: string;
}

export interface CompaniesHouseProgress {
  step: 'checking-accounts' | 'checking-company' | 'sending' | 'asking-status' | 'waiting' | 'retrying' | 'acknowledging' | 'done';
  submissionNumber?: string;
  /** Seconds until the next question to Companies House, while waiting. */
  nextCheckInSeconds?: number;
  /** The last StatusCode, while waiting. */
  status?: string;
  /** What went wrong with the last exchange (masked). */
  problem?: string;
}

function notFinishedMessage(r: FilingRecord): string {
  if (r.state === 'prepared') return 'The accounts were not sent yet. Run the filing again to send them.';
  if (r.state === 'sent') return `Companies House has not confirmed whether it received submission ${r.submissionNumber}. Run the filing again: Filing Desk asks Companies House first and never sends the accounts twice.`;
  if (r.numberUsedBefore && !r.lastStatus) {
    return `Companies House says submission number ${r.submissionNumber} was used before, and has given no status for these accounts under it yet. If it was this filing (sent before an answer was lost), the status will come: check again later. If another program files under the same presenter account, it may have used the number: ask Companies House (xml@companieshouse.gov.uk) before filing these accounts again.`;
  }
  switch (r.lastStatus) {
    case 'PARKED':
      return `Companies House has parked submission ${r.submissionNumber}: it needs something further from the presenter before it decides. Do not file the accounts again; check later.`;
    case 'INTERNAL_FAILURE':
      return `Companies House reported an internal failure processing submission ${r.submissionNumber}. This is not a rejection: check again later, and raise it with Companies House if it persists.`;
    default:
      return `Companies House has received submission ${r.submissionNumber} and has not decided yet. Check again later; the accounts are not sent again.`;
  }
}

export function outcomeOfRecord(r: FilingRecord): CompaniesHouseOutcome {
  const base = { submissionNumber: r.submissionNumber, companyNumber: r.companyNumber, ...(r.lastStatus ? { status: r.lastStatus } : {}) };
  if (r.state === 'accepted') return { ...base, outcome: 'accepted', reasons: [], message: `Companies House accepted the accounts of ${r.companyName} made up to ${r.madeUpDate} (submission ${r.submissionNumber}).` };
  if (r.state === 'rejected') return { ...base, outcome: 'rejected', reasons: r.outcome?.reasons ?? [], message: `Companies House rejected the accounts (submission ${r.submissionNumber}). Correct them and file again: a new submission number is used.` };
  if (r.state === 'refused') return { ...base, outcome: 'rejected', reasons: r.outcome?.reasons ?? [], message: `Companies House's gateway refused submission ${r.submissionNumber}; nothing was stored there. Correct what it names and file again: a new submission number is used.` };
  return { ...base, outcome: 'not-finished', reasons: [], message: notFinishedMessage(r) };
}

/** A filing as the history view lists it: no document, no exchanges. */
export interface FilingSummary {
  submissionNumber: string;
  companyNumber: string;
  companyName: string;
  clientId?: string;
  environment: 'test' | 'live';
  periodStart?: string;
  madeUpDate: string;
  createdAt: string;
  sentAt?: string;
  state: FilingRecord['state'];
  outcome: CompaniesHouseOutcome;
}

export function summaryOf(r: FilingRecord): FilingSummary {
  return {
    submissionNumber: r.submissionNumber,
    companyNumber: r.companyNumber,
    companyName: r.companyName,
    ...(r.clientId ? { clientId: r.clientId } : {}),
    environment: r.environment,
    ...(r.periodStart ? { periodStart: r.periodStart } : {}),
    madeUpDate: r.madeUpDate,
    createdAt: r.createdAt,
    ...(r.sendStartedAt ? { sentAt: r.sendStartedAt } : {}),
    state: r.state,
    outcome: outcomeOfRecord(r),
  };
}
