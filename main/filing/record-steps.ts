/**
 * How HMRC's answers change a submission record: pure steps, so each can be
 * checked without a network, and the service only decides when to save.
 */
import type { GatewayReply } from './gateway-reply.js';
import { checkReceipt, errorFamily } from './outcomes.js';
import { maskCredentials, type GatewayCredentials } from './submission-message.js';
import type { SubmissionRecord } from './submission-record.js';

/** When HMRC gives no PollInterval; the protocol's usual value. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 10;

/** The record after HMRC's answer to a submission or a poll: acknowledged, accepted, refused, or still unknown (with the problem named). */
export function afterReply(record: SubmissionRecord, reply: GatewayReply, xml: string, now: Date, credentials?: GatewayCredentials): SubmissionRecord {
  switch (reply.kind) {
    case 'acknowledgement':
      return acknowledged(record, reply, now);
    case 'success':
      return accepted(record, reply, xml, credentials);
    case 'error': {
      const family = errorFamily(reply.errors, reply.businessErrors);
      if (family === 'unknown') return { ...record, lastProblem: `HMRC answered with error ${reply.errors.map((e) => e.number).join(', ')}; whether it holds the return is asked before anything else` };
      return refused(record, reply, xml, family, credentials);
    }
    default:
      return { ...record, lastProblem: `HMRC answered the submission with a ${reply.kind}, which the protocol does not` };
  }
}

/** HMRC holds the return: its CorrelationID, where to poll and when, from HMRC's answer. */
export function acknowledged(record: SubmissionRecord, reply: Extract<GatewayReply, { kind: 'acknowledgement' }>, now: Date): SubmissionRecord {
  const h = reply.header;
  if (h.transactionId && h.transactionId !== record.transactionId) {
    return { ...record, lastProblem: `HMRC's acknowledgement is for TransactionID ${h.transactionId}, not this submission's; it was not used` };
  }
  const correlationId = h.correlationId || record.correlationId;
  if (!correlationId) return { ...record, lastProblem: 'HMRC acknowledged without a CorrelationID' };
  const interval = h.pollIntervalSeconds ?? record.pollIntervalSeconds ?? DEFAULT_POLL_INTERVAL_SECONDS;
  const { lastProblem: _dropped, ...rest } = record;
  return {
    ...rest,
    state: 'acknowledged',
    correlationId,
    responseEndPoint: h.responseEndPoint ?? record.responseEndPoint ?? record.submissionUrl,
    pollIntervalSeconds: interval,
    nextPollAt: new Date(now.getTime() + interval * 1000).toISOString(),
  };
}

function accepted(record: SubmissionRecord, reply: Extract<GatewayReply, { kind: 'success' }>, xml: string, credentials?: GatewayCredentials): SubmissionRecord {
  const check = checkReceipt(reply.receipt, record.irmark);
  const { lastProblem: _dropped, ...rest } = record;
  return {
    ...rest,
    state: 'accepted',
    ...(reply.header.correlationId && !record.correlationId ? { correlationId: reply.header.correlationId } : {}),
    outcome: {
      kind: 'accepted',
      acceptedTime: reply.receipt.acceptedTime,
      receiptIrmarkBase32: check.receiptDigestBase32,
      receiptMatches: check.matches,
      receiptStatement: check.statement,
      responseXml: maskCredentials(xml, credentials),
    },
  };
}

function refused(record: SubmissionRecord, reply: Extract<GatewayReply, { kind: 'error' }>, xml: string, family: string, credentials?: GatewayCredentials): SubmissionRecord {
  const kind = family === 'authentication' ? 'authentication-failed' : 'rejected';
  const { lastProblem: _dropped, ...rest } = record;
  return {
    ...rest,
    state: kind,
    outcome: { kind, errors: reply.errors, businessErrors: reply.businessErrors, responseXml: maskCredentials(xml, credentials) },
  };
}
