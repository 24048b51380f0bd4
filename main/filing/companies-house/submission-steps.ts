/**
 * From a saved filing record to Companies House's outcome, exactly once
 * (companies-house.md §6): the record is saved with sendStartedAt before the
 * first byte leaves; an unanswered submission is never built again, its
 * number's status is asked first, and only when Companies House knows
 * nothing of it is the same stored submission sent again under the same
 * number (a 9999 "Invalid Envelope Number" then means "already received",
 * never a rejection); statuses are asked by number until ACCEPT or REJECT;
 * PENDING, PARKED, INTERNAL_FAILURE or no answer leave it not finished;
 * the outcome is written before the status acknowledgement goes.
 */
import { randomBytes } from 'node:crypto';
import { backoffMs } from '../backoff.js';
import type { RetryPolicy } from '../filing-steps.js';
import type { GatewayExchange } from './gateway-exchange.js';
import { accountsSubmissionMessage, statusAckMessage, submissionStatusMessage } from './gateway-messages.js';
import { gatewayDestinationProblem, isDuplicateNumberError } from './gateway-rules.js';
import type { SubmissionStatus } from './gateway-answers.js';
import type { CompaniesHouseProgress } from './filing-outcome.js';
import { FINAL_FILING_STATES, type FilingRecord } from './filing-record.js';
import type { FilingSecrets } from './presenter-secrets.js';

export interface StepMeans {
  exchange: GatewayExchange;
  save: (record: FilingRecord) => Promise<FilingRecord>;
  secrets: FilingSecrets;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  retry: RetryPolicy;
  progress: (p: CompaniesHouseProgress) => void;
  email?: string;
}

const newTransactionId = () => randomBytes(8).toString('hex').toUpperCase();
const now = (m: StepMeans) => m.clock().toISOString();

/** The stored submission, written again exactly (only the TransactionID is new): same number, same form, same document bytes. */
function submissionOf(m: StepMeans, r: FilingRecord): Buffer {
  return accountsSubmissionMessage(
    { transactionId: newTransactionId(), environment: r.environment, secrets: m.secrets, ...(m.email ? { email: m.email } : {}) },
    r,
    Buffer.from(r.document, 'base64'),
  );
}

function header(m: StepMeans, r: FilingRecord) {
  return { transactionId: newTransactionId(), environment: r.environment, presenter: m.secrets, ...(m.email ? { email: m.email } : {}) };
}

/** The secrets leave only for an address they may go to: checked again before every message, the record's address read back from disk included. */
function refuseDestination(r: FilingRecord): void {
  const problem = gatewayDestinationProblem(r.gatewayUrl);
  if (problem) throw new RangeError(`${problem}; nothing was sent`);
}

/** Sends the stored submission; its answer decides: received, refused with reasons, or unknown (asked next). */
async function send(m: StepMeans, record: FilingRecord): Promise<{ record: FilingRecord; unanswered?: true }> {
  refuseDestination(record);
  let r = await m.save(m.exchange.log({ ...record, state: 'sent', sendStartedAt: record.sendStartedAt ?? now(m) }, { direction: 'sent', what: `submission ${record.submissionNumber} (the accounts, ${Buffer.from(record.document, 'base64').length} bytes)` }, now(m)));
  m.progress({ step: 'sending', submissionNumber: r.submissionNumber });
  const ex = await m.exchange.post(r.gatewayUrl, submissionOf(m, r));
  r = m.exchange.note(r, 'answer to the submission', ex, now(m));
  if ('problem' in ex) return { record: await m.save(r), unanswered: true };
  const { answer } = ex;
  if (answer.qualifier === 'error') {
    if (answer.errors.some(isDuplicateNumberError)) {
      // Only our own stored submission ever goes out under this number: "already used" means Companies House has it.
      return { record: await m.save(m.exchange.log({ ...r, state: 'received', numberUsedBefore: true }, { direction: 'note', what: 'the gateway says this number was used already: the submission was received before; its status is asked' }, now(m))) };
    }
    const reasons = answer.errors.map((e) => ({ code: e.number || e.type, text: e.text || `${e.type} error raised by ${e.raisedBy}` }));
    return { record: await m.save({ ...r, state: 'refused', outcome: { kind: 'refused', at: now(m), reasons } }) };
  }
  return { record: await m.save({ ...r, state: 'received' }) };
}

/** This submission's status among those answered, if Companies House gave one (and for this company). */
function statusOf(r: FilingRecord, statuses: SubmissionStatus[]): SubmissionStatus | undefined {
  return statuses.find((s) => s.submissionNumber === r.submissionNumber && (!s.companyNumber || s.companyNumber.toUpperCase() === r.companyNumber));
}

/** Asks the status of this submission by its number: the status, 'unknown' when Companies House has none, or 'unanswered'. */
async function askStatus(m: StepMeans, record: FilingRecord): Promise<{ record: FilingRecord; status: SubmissionStatus | 'unknown' | 'unanswered' }> {
  refuseDestination(record);
  m.progress({ step: 'asking-status', submissionNumber: record.submissionNumber });
  let r = m.exchange.log(record, { direction: 'sent', what: `status request for ${record.submissionNumber}` }, now(m));
  const ex = await m.exchange.post(r.gatewayUrl, submissionStatusMessage(header(m, r), r.submissionNumber));
  r = m.exchange.note(r, 'answer to the status request', ex, now(m));
  if ('problem' in ex || ex.answer.qualifier === 'error') {
    if (!('problem' in ex)) r = { ...r, lastProblem: ex.answer.errors.map((e) => `${e.number} ${e.text}`).join('; ').slice(0, 500) || 'the gateway answered the status request with an error' };
    return { record: await m.save(r), status: 'unanswered' };
  }
  return { record: r, status: statusOf(r, ex.answer.statuses) ?? 'unknown' };
}

/** Records what a status says; ACCEPT and REJECT are final, every other status is not finished. */
function withStatus(m: StepMeans, r: FilingRecord, s: SubmissionStatus): FilingRecord {
  const at = now(m);
  const base = { ...r, lastStatus: s.statusCode, lastProblem: undefined } as FilingRecord;
  delete base.lastProblem;
  if (s.statusCode === 'ACCEPT') return { ...base, state: 'accepted', outcome: { kind: 'accepted', at, reasons: [] } };
  if (s.statusCode === 'REJECT') return { ...base, state: 'rejected', outcome: { kind: 'rejected', at, reasons: s.rejections.map((x) => ({ code: x.code, text: x.description })) } };
  return { ...base, state: 'received' };
}

/** After an outcome is written: the acknowledgement, so Companies House stops returning the status. Its failure changes nothing kept. */
async function acknowledge(m: StepMeans, record: FilingRecord): Promise<FilingRecord> {
  m.progress({ step: 'acknowledging', submissionNumber: record.submissionNumber });
  let r = m.exchange.log(record, { direction: 'sent', what: 'status acknowledgement' }, now(m));
  const ex = await m.exchange.post(r.gatewayUrl, statusAckMessage(header(m, r)));
  r = m.exchange.note(r, 'answer to the status acknowledgement', ex, now(m));
  return m.save({ ...r, statusAcknowledged: !('problem' in ex) && ex.answer.qualifier !== 'error' });
}

/**
 * Takes a saved record as far as it goes in this run: sends it (or, when it
 * may have been sent, asks first), then asks its status until an outcome or
 * until the tries run out.
 */
export async function fileRecord(m: StepMeans, record: FilingRecord): Promise<FilingRecord> {
  let r = record;
  let tries = 0;
  const pause = async (status?: string) => {
    const ms = backoffMs(m.retry, tries, m.random);
    m.progress({ step: 'waiting', submissionNumber: r.submissionNumber, nextCheckInSeconds: Math.round(ms / 1000), ...(status ? { status } : {}) });
    await m.sleep(ms);
  };
  if (r.state === 'prepared' && !r.sendStartedAt) r = (await send(m, r)).record;
  while (!FINAL_FILING_STATES.has(r.state) && tries < m.retry.maxAttempts) {
    tries++;
    const asked = await askStatus(m, r);
    r = asked.record;
    if (asked.status === 'unanswered') {
      m.progress({ step: 'retrying', submissionNumber: r.submissionNumber, ...(r.lastProblem ? { problem: m.exchange.masked(r.lastProblem) } : {}) });
    } else if (asked.status === 'unknown') {
      if (r.state === 'sent') {
        // Companies House holds nothing under this number: the same stored submission goes again, same number.
        r = (await send(m, r)).record;
        if (!FINAL_FILING_STATES.has(r.state) && r.state === 'sent' && tries < m.retry.maxAttempts) await pause();
        continue;
      }
      r = await m.save(r);
    } else {
      r = await m.save(withStatus(m, r, asked.status));
    }
    if (!FINAL_FILING_STATES.has(r.state) && tries < m.retry.maxAttempts) await pause(r.lastStatus);
  }
  if (FINAL_FILING_STATES.has(r.state) && r.state !== 'refused' && !r.statusAcknowledged) r = await acknowledge(m, r);
  return r;
}
