/**
 * A submission as the window shows it: one of seven plain states, a sentence
 * saying where it stands, HMRC's receipt or errors (each in plain English
 * beside HMRC's number and words, with the box and the wizard field it
 * concerns), and the list of messages exchanged without their contents.
 */
import type { SubmissionErrorView, SubmissionView, SubmissionViewState } from '../../preload/contract.js';
import { outcomeOf } from './filing-outcome.js';
import { plainWordsOfHmrcError } from './plain-words.js';
import { FILING_ENVIRONMENTS } from './environments.js';
import type { SubmissionRecord } from './submission-record.js';
import { withNextPollInBounds } from './record-steps.js';

/** What main knows about a submission besides its record: whether it is being filed now, and the last problem of a run that stopped. */
export interface SubmissionActivity {
  running: boolean;
  /** A run that stopped with an error before HMRC's outcome (credentials missing, the disk refused a write). */
  problem?: string;
  /** The last run did nothing: another Filing Desk holds the return's claim (who, since when, and how to take it over). */
  claimHeldBy?: string;
}

/** The wizard field a CT600 box is entered in; null when none. */
export type FieldOfBox = (box: string) => string | null;

const ukTime = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const ukDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function stateOf(record: SubmissionRecord, activity: SubmissionActivity): SubmissionViewState {
  switch (record.state) {
    case 'accepted':
      return 'accepted';
    case 'rejected':
      return 'rejected';
    case 'authentication-failed':
      return 'failed';
    case 'not-at-hmrc':
      return 'unknown';
    case 'acknowledged':
      return 'waiting';
    case 'prepared':
      if (!record.sendStartedAt) return activity.problem && !activity.running ? 'failed' : 'prepared';
      return activity.running ? 'sent' : 'unknown';
  }
}

function stateTextOf(record: SubmissionRecord, state: SubmissionViewState, activity: SubmissionActivity, message: string): string {
  const where = FILING_ENVIRONMENTS[record.environment].label;
  const problem = activity.problem ?? record.lastProblem;
  if (record.mismatchedAnswer && (state === 'sent' || state === 'waiting' || state === 'unknown')) {
    // Said first and in full: an answer that is not this return's must never read like a receipt or a rejection.
    return `${record.mismatchedAnswer}. HMRC may hold this return, so it is not sent again and the draft is not marked as filed; ${activity.running ? 'Filing Desk keeps asking HMRC.' : 'choose Check again to keep asking HMRC.'}`;
  }
  switch (state) {
    case 'prepared':
      return `Ready to send to HMRC (${where}); nothing has been sent yet.`;
    case 'sent':
      return record.lastProblem ? `Sent to HMRC; no usable answer yet (${record.lastProblem}). Filing Desk keeps asking and never sends it twice.` : 'Sent to HMRC; waiting for HMRC to acknowledge it.';
    case 'waiting': {
      const next = record.nextPollAt ? ` Next check at ${ukTime(record.nextPollAt)}.` : '';
      if (!activity.running) return `HMRC has the return and is still checking it. Filing Desk stopped asking${record.lastProblem ? ` (${record.lastProblem})` : ''}; choose Check again to carry on.`;
      return `Waiting for HMRC to finish checking the return.${next}`;
    }
    case 'accepted': {
      const o = record.outcome;
      const said = o?.kind === 'accepted' ? `HMRC accepted the return on ${ukDateTime(o.acceptedTime)}. ${o.receiptStatement}.` : message;
      return `${said}${record.environment === 'live' ? '' : ` This was ${where}: nothing was filed.`}`;
    }
    case 'rejected':
      return `${message}. Correct the boxes listed and send it again.`;
    case 'failed':
      return record.state === 'authentication-failed'
        ? `${message}. Check them in Settings › Government Gateway.`
        : `Not sent: ${problem ?? 'the submission stopped'}. Nothing reached HMRC; put it right and choose Send.`;
    case 'unknown':
      return record.state === 'not-at-hmrc'
        ? 'HMRC says it did not receive this return. Nothing was sent again; choose Send again to send the same return.'
        : activity.running
          ? 'Asking HMRC whether it received the return.'
          : `It is not known yet whether HMRC received the return${problem ? ` (${problem})` : ''}. Filing Desk asks HMRC before anything else and never sends it twice; choose Check again.`;
  }
}

export function submissionViewOf(stored: SubmissionRecord, activity: SubmissionActivity, fieldOfBox: FieldOfBox, now: Date = new Date()): SubmissionView {
  // The next check as the desk will wait for it: a stored time past the protocol's bounds (a clock that ran fast, an edited record) is not shown as if it held.
  const record = withNextPollInBounds(stored, now);
  const outcome = outcomeOf(record);
  const state = stateOf(record, activity);
  const errors: SubmissionErrorView[] = (outcome.errors ?? []).map((e) => ({
    number: e.number,
    hmrcText: e.text,
    message: plainWordsOfHmrcError(e.number, e.text),
    boxes: e.box ? [e.box] : [],
    field: e.box ? fieldOfBox(e.box) : null,
  }));
  const o = record.outcome;
  const sent = record.log.find((l) => l.direction === 'sent' && l.what.startsWith('submission'));
  return {
    transactionId: record.transactionId,
    draftId: record.draftId ?? null,
    clientId: record.clientId ?? null,
    company: record.company ?? '',
    utr: record.utr,
    periodStart: record.periodFrom,
    periodEnd: record.periodTo,
    environment: record.environment,
    state,
    // Said instead of the state's words: Check again would only be refused again while the other desk holds the claim.
    stateText: activity.claimHeldBy && !activity.running ? activity.claimHeldBy : stateTextOf(record, state, activity, outcome.message),
    submittedAt: record.sendStartedAt ?? sent?.at ?? null,
    correlationId: record.correlationId ?? null,
    pollIntervalSeconds: record.pollIntervalSeconds ?? null,
    nextCheckAt: state === 'waiting' && activity.running ? (record.nextPollAt ?? null) : null,
    receipt:
      o?.kind === 'accepted'
        ? {
            acceptedAt: o.acceptedTime,
            irmarkBase32: o.receiptIrmarkBase32,
            irmarkBase64: record.irmark,
            matchesOurs: o.receiptMatches,
            correlationId: record.correlationId ?? '',
          }
        : null,
    errors,
    authenticationFailed: record.state === 'authentication-failed',
    canSendAgain: record.state === 'not-at-hmrc',
    claimHeldBy: activity.claimHeldBy && !activity.running ? activity.claimHeldBy : null,
    log: record.log.filter((l) => l.direction !== 'note').map((l) => ({ at: l.at, direction: l.direction as 'sent' | 'received', kind: l.what })),
  };
}

