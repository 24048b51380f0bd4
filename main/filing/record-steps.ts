/**
 * How HMRC's answers change a submission record: pure steps, so each can be
 * checked without a network, and the service only decides when to save.
 * Nothing from a reply is taken on trust: an acknowledgement's
 * CorrelationID, ResponseEndPoint and PollInterval are checked against the
 * protocol's rules, and a verdict counts only when it names this
 * submission (and, for a receipt, this return's IRmark).
 */
import { computeIrmark } from '../engine/ct600/irmark.js';
import type { GatewayReply, GovTalkError } from './gateway-reply.js';
import { ANSWER_DOES_NOT_MATCH, checkReceipt, errorVerdict, receiptCertificateProblem } from './outcomes.js';
import {
  clip,
  CORRELATION_ID,
  credentialDestinationProblem,
  defaultPollUrl,
  MAX_BUSINESS_ERRORS,
  MAX_ERROR_FIELD_CHARS,
  MAX_ERROR_LOCATION_CHARS,
  MAX_ERROR_TEXT_CHARS,
  MAX_ERRORS,
  MAX_KEPT_REPLY_CHARS,
  MAX_POLL_INTERVAL_SECONDS,
  MAX_PROBLEM_CHARS,
  pollIntervalOf,
  responseEndPointProblem,
} from './protocol-rules.js';
import { bodySha256Of, maskCredentials, type GatewayCredentials } from './submission-message.js';
import type { SubmissionRecord } from './submission-record.js';

export { DEFAULT_POLL_INTERVAL_SECONDS } from './protocol-rules.js';

/** Which exchange a reply answers: the submission itself, or a poll after HMRC acknowledged it. */
export type ReplyStage = 'submission' | 'poll';

const show = (value: string) => JSON.stringify(clip(value, 80));

/** The record after HMRC's answer to a submission or a poll: acknowledged, accepted, refused, or still unknown (with the problem named). */
export function afterReply(record: SubmissionRecord, reply: GatewayReply, xml: string, now: Date, stage: ReplyStage, credentials?: GatewayCredentials): SubmissionRecord {
  switch (reply.kind) {
    case 'acknowledgement':
      return acknowledged(record, reply, now);
    case 'success':
      return accepted(record, reply, xml, credentials);
    case 'error': {
      const verdict = errorVerdict(reply, stage);
      const numbers = clip(reply.errors.map((e) => e.number).join(', ') || 'without a number', 200);
      if (verdict === 'not-a-verdict') {
        return {
          ...record,
          lastProblem:
            stage === 'poll'
              ? `HMRC answered the poll with error ${numbers}, which says nothing about the return; HMRC still holds it, so Filing Desk keeps asking and never sends it again`
              : `HMRC answered with error ${numbers}; whether it holds the return is asked before anything else`,
        };
      }
      return refused(record, reply, xml, verdict, stage, credentials);
    }
    default:
      return { ...record, lastProblem: `HMRC answered with a ${reply.kind}, which the protocol does not at this step` };
  }
}

/**
 * Where polls and deletes go: a ResponseEndPoint HMRC gave that passes the rule (HMRC's own may name
 * /submission: its external test service's 1046 sample does), else the environment's poll endpoint.
 * Checked again here, so a record written before the rule, which kept any address a reply named, is never
 * followed elsewhere.
 */
export function pollUrlOf(record: SubmissionRecord): string {
  const given = record.responseEndPoint;
  if (given && !responseEndPointProblem(given, record)) return given;
  return defaultPollUrl(record.submissionUrl);
}

/**
 * A record read back from disk is held to the rules a fresh reply is, before
 * any request: the submission address must be one the password may go to
 * (https to HMRC's Transaction Engine, or this computer), as an address
 * typed on the command line must, so a record edited to point elsewhere
 * sends nothing there (its ResponseEndPoint is checked against that address
 * by pollUrlOf). Undefined when it may be used; else why not.
 */
export function recordAddressProblem(record: Pick<SubmissionRecord, 'submissionUrl' | 'transactionId'>): string | undefined {
  const problem = credentialDestinationProblem(record.submissionUrl);
  if (!problem) return undefined;
  return `the submission record ${record.transactionId} names the address ${show(record.submissionUrl)}, which Filing Desk never sends to (${problem}); the record was changed outside Filing Desk, so nothing was sent: put the address back, or move the record out of the submissions folder`;
}

/**
 * The message a record keeps is sent as it is, so before it is sent it must
 * still be the return the record describes: the part from <Body> on (which
 * the IRmark covers) hashes to the record's bodySha256, and its header names
 * the record's TransactionID. A message edited on disk is never sent.
 */
export function recordMessageProblem(record: Pick<SubmissionRecord, 'message' | 'bodySha256' | 'transactionId'>): string | undefined {
  const message = Buffer.from(record.message, 'base64');
  const head = message.subarray(0, Math.min(message.length, 64 * 1024)).toString('utf8');
  const ok = bodySha256Of(message) === record.bodySha256 && head.includes(`<TransactionID>${record.transactionId}</TransactionID>`);
  if (ok) return undefined;
  return `the message kept in the submission record ${record.transactionId} is not the return the record describes (its Body or its TransactionID changed outside Filing Desk), so it was not sent: move the record out of the submissions folder and file the return again`;
}

/**
 * A stored next poll time, held to the protocol's bounds from now: never
 * later than the longest PollInterval from now (a clock that ran fast when it
 * was written, or a date edited into the far future, would otherwise wait a
 * day, or overflow a timer into polling without pause); one that is not a
 * time waits the record's own interval.
 */
export function withNextPollInBounds(record: SubmissionRecord, now: Date): SubmissionRecord {
  if (record.nextPollAt === undefined) return record;
  const latest = now.getTime() + MAX_POLL_INTERVAL_SECONDS * 1000;
  const due = Date.parse(record.nextPollAt);
  if (Number.isFinite(due) && due <= latest) return record;
  const next = Number.isFinite(due) ? latest : now.getTime() + pollIntervalOf(record.pollIntervalSeconds) * 1000;
  return { ...record, nextPollAt: new Date(next).toISOString() };
}

/** HMRC holds the return: its CorrelationID, where to poll and when, from HMRC's answer, each checked first. */
export function acknowledged(record: SubmissionRecord, reply: Extract<GatewayReply, { kind: 'acknowledgement' }>, now: Date): SubmissionRecord {
  const h = reply.header;
  if (h.transactionId && h.transactionId !== record.transactionId) {
    return { ...record, lastProblem: `HMRC's acknowledgement is for TransactionID ${show(h.transactionId)}, not this submission's; it was not used` };
  }
  if (h.correlationId && !CORRELATION_ID.test(h.correlationId)) {
    return { ...record, lastProblem: `HMRC's acknowledgement carries CorrelationID ${show(h.correlationId)}, which is not 1 to 32 upper-case hex digits as the protocol's envelope requires; it was not used` };
  }
  if (h.correlationId && record.correlationId && h.correlationId !== record.correlationId) {
    return { ...record, lastProblem: `HMRC's acknowledgement names CorrelationID ${h.correlationId}, not this submission's ${record.correlationId}; it was not used` };
  }
  const correlationId = h.correlationId || record.correlationId;
  if (!correlationId) return { ...record, lastProblem: 'HMRC acknowledged without a CorrelationID' };
  const interval = pollIntervalOf(h.pollIntervalSeconds ?? record.pollIntervalSeconds);
  const { lastProblem: _dropped, ...rest } = record;
  let responseEndPoint = record.responseEndPoint;
  let note: string | undefined;
  if (h.responseEndPoint) {
    const problem = responseEndPointProblem(h.responseEndPoint, record);
    if (problem) note = `HMRC's acknowledgement names ResponseEndPoint ${show(h.responseEndPoint)}, which was not followed (${problem}); polls go to ${responseEndPoint ?? defaultPollUrl(record.submissionUrl)}`;
    else responseEndPoint = new URL(h.responseEndPoint).href;
  }
  return {
    ...rest,
    state: 'acknowledged',
    correlationId,
    ...(responseEndPoint ? { responseEndPoint } : {}),
    pollIntervalSeconds: interval,
    nextPollAt: new Date(now.getTime() + interval * 1000).toISOString(),
    ...(note ? { lastProblem: note } : {}),
  };
}

/** Why an answer is not this submission's: its CorrelationID must be ours, and its TransactionID when it names one. */
function notOurs(record: SubmissionRecord, header: { correlationId: string; transactionId: string }): string[] {
  const reasons: string[] = [];
  if (record.correlationId ? header.correlationId !== record.correlationId : !!header.correlationId && !CORRELATION_ID.test(header.correlationId)) {
    reasons.push(`it names CorrelationID ${show(header.correlationId || '(none)')}, not ${record.correlationId ?? 'one of the protocol\'s form'}`);
  }
  if (header.transactionId !== '' && header.transactionId !== record.transactionId) {
    reasons.push(`it names TransactionID ${show(header.transactionId)}, not ${record.transactionId}`);
  }
  return reasons;
}

/**
 * Why an answer to the submission itself is not about this submission. HMRC
 * gives a CorrelationID only in its acknowledgement, so a verdict answering
 * the submission carries an empty one (as HMRC's own samples do: the 1046
 * authentication failure, the 3001 business errors); one naming a
 * CorrelationID this submission was never given, or another TransactionID,
 * is about another submission, and is never a verdict on this one.
 */
function notOursBeforeAcknowledgement(record: SubmissionRecord, header: { correlationId: string; transactionId: string }): string[] {
  const reasons: string[] = [];
  if (header.correlationId !== '' && header.correlationId !== record.correlationId) {
    reasons.push(`it names CorrelationID ${show(header.correlationId)}, which HMRC never gave this submission (TransactionID ${record.transactionId})`);
  }
  if (header.transactionId !== '' && header.transactionId !== record.transactionId) {
    reasons.push(`it names TransactionID ${show(header.transactionId)}, not ${record.transactionId}`);
  }
  return reasons;
}

function mismatch(record: SubmissionRecord, reasons: string[]): SubmissionRecord {
  const text = clip(`${ANSWER_DOES_NOT_MATCH}: ${reasons.join('; ')}. It was recorded and not taken as HMRC's verdict; the return is not marked as filed`, MAX_PROBLEM_CHARS);
  return { ...record, lastProblem: text, mismatchedAnswer: text };
}

function accepted(record: SubmissionRecord, reply: Extract<GatewayReply, { kind: 'success' }>, xml: string, credentials?: GatewayCredentials): SubmissionRecord {
  // Another submission's TransactionID refuses the receipt; an empty one does not on its own, since HMRC's
  // published responses leave it empty: the CorrelationID and the IRmark digest must then be ours.
  const reasons = notOurs(record, reply.header);
  if (!record.correlationId) reasons.push('HMRC never acknowledged this submission with a CorrelationID');
  // The IRmark of the bytes actually sent, computed again: never the copy kept beside them.
  const sentIrmark = computeIrmark(Buffer.from(record.message, 'base64')).base64;
  const check = checkReceipt(reply.receipt, sentIrmark);
  if (!check.matches) reasons.push(check.statement);
  const certificate = receiptCertificateProblem(reply.receipt.certificateBase64);
  if (certificate) reasons.push(certificate);
  if (reasons.length > 0) return mismatch(record, reasons);
  const { lastProblem: _dropped, mismatchedAnswer: _old, ...rest } = record;
  return {
    ...rest,
    state: 'accepted',
    outcome: {
      kind: 'accepted',
      acceptedTime: clip(reply.receipt.acceptedTime, 100),
      receiptIrmarkBase32: check.receiptDigestBase32,
      receiptMatches: true,
      receiptStatement: check.statement,
      responseXml: clip(maskCredentials(xml, credentials), MAX_KEPT_REPLY_CHARS),
    },
  };
}

const fitError = (e: GovTalkError): GovTalkError => ({
  raisedBy: clip(e.raisedBy, MAX_ERROR_FIELD_CHARS),
  number: clip(e.number, 40),
  type: clip(e.type, MAX_ERROR_FIELD_CHARS),
  text: clip(e.text, MAX_ERROR_TEXT_CHARS),
  location: clip(e.location, MAX_ERROR_LOCATION_CHARS),
});

/** HMRC's errors as kept: each field within the record's limits, and at most as many as it keeps (the count of the rest said in a last entry). */
export function fitErrors(errors: GovTalkError[], max: number): GovTalkError[] {
  if (errors.length <= max) return errors.map(fitError);
  const kept = errors.slice(0, max - 1).map(fitError);
  return [...kept, { raisedBy: 'Filing Desk', number: '', type: '', text: `[…cut: ${errors.length - kept.length} more errors in HMRC's answer, kept whole in its reply]`, location: '' }];
}

function refused(record: SubmissionRecord, reply: Extract<GatewayReply, { kind: 'error' }>, xml: string, kind: 'rejected' | 'authentication-failed', stage: ReplyStage, credentials?: GatewayCredentials): SubmissionRecord {
  // A rejection after an acknowledgement must name this submission; one answering the submission itself cannot name one of its CorrelationIDs yet.
  const reasons = stage === 'poll' ? notOurs(record, reply.header) : notOursBeforeAcknowledgement(record, reply.header);
  if (reasons.length > 0) return mismatch(record, reasons);
  const { lastProblem: _dropped, mismatchedAnswer: _old, ...rest } = record;
  return {
    ...rest,
    state: kind,
    outcome: {
      kind,
      errors: fitErrors(reply.errors, MAX_ERRORS),
      businessErrors: fitErrors(reply.businessErrors, MAX_BUSINESS_ERRORS),
      responseXml: clip(maskCredentials(xml, credentials), MAX_KEPT_REPLY_CHARS),
    },
  };
}
