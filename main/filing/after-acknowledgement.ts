/**
 * After HMRC acknowledged a submission: polls at HMRC's interval until its
 * verdict, asks HMRC (data_request) when the polls run out, and deletes
 * HMRC's copy once the outcome is stored. Apart from sending and recovering
 * (filing-desk.ts), because it changes with the protocol's rules for polls,
 * not with how a return is admitted, claimed or sent.
 */
import { clip, credentialDestinationProblem, pollIntervalOf } from './protocol-rules.js';
import { afterReply, pollUrlOf, withNextPollInBounds } from './record-steps.js';
import type { FilingSteps } from './filing-steps.js';
import { dataRequestMessage, deleteMessage, pollMessage, type GatewayCredentials } from './submission-message.js';
import { FINAL_STATES, type SubmissionRecord } from './submission-record.js';

/**
 * Polls at HMRC's interval until HMRC's verdict about the return. Anything
 * else after the acknowledgement (an error about the poll, 2000, 2005, a
 * 5xx, no answer, an answer that is not this submission's) leaves it
 * "sent, outcome not known": polled again with back-off, never sooner
 * than the interval, and after the last try HMRC is asked with a
 * data_request. Never a rejection, never an invitation to send again:
 * HMRC may hold the return.
 */
export async function pollUntilDone(steps: FilingSteps, record: SubmissionRecord): Promise<SubmissionRecord> {
  let failures = 0;
  while (!FINAL_STATES.has(record.state)) {
    record = withNextPollInBounds(record, steps.clock());
    const due = record.nextPollAt ? Date.parse(record.nextPollAt) : 0;
    const waitMs = due - steps.clock().getTime();
    if (waitMs > 0) {
      steps.onProgress({ transactionId: record.transactionId, step: 'waiting', nextCheckInSeconds: Math.ceil(waitMs / 1000) });
      await steps.sleep(waitMs);
      continue;
    }
    steps.onProgress({ transactionId: record.transactionId, step: 'polling' });
    // The interval runs from this poll: saved before it goes, so a restart after a poll whose answer was lost waits too.
    const interval = pollIntervalOf(record.pollIntervalSeconds) * 1000;
    record = await steps.save(steps.log({ ...record, nextPollAt: new Date(steps.clock().getTime() + interval).toISOString() }, { direction: 'sent', what: 'poll' }));
    const ex = await steps.exchange(pollUrlOf(record), pollMessage({ messageClass: record.messageClass, gatewayTest: record.gatewayTest, correlationId: record.correlationId!, transactionId: record.transactionId }));
    record = steps.noteReply(record, 'answer to the poll', ex);
    let retry = true;
    if (!('problem' in ex)) {
      const reply = ex.reply;
      if (reply.kind === 'acknowledgement' || reply.kind === 'success' || reply.kind === 'error') {
        const before = record;
        record = afterReply(record, reply, ex.xml, steps.clock(), 'poll');
        // Only HMRC's verdict on this submission, or a fresh acknowledgement of it, is progress.
        retry = !FINAL_STATES.has(record.state) && (reply.kind !== 'acknowledgement' || record.lastProblem !== undefined);
        if (reply.kind === 'acknowledgement' && !retry) failures = 0;
        if (retry && reply.kind === 'acknowledgement') record = { ...before, lastProblem: record.lastProblem ?? before.lastProblem };
      } else {
        record = { ...record, lastProblem: `HMRC answered the poll with a ${reply.kind}, which the protocol does not` };
      }
    }
    if (retry) {
      failures++;
      if (failures >= steps.retry.maxAttempts) {
        record = await steps.save(record);
        return askAfterAcknowledgement(steps, record);
      }
      // Never sooner than HMRC's interval, however short the backoff.
      const delay = Math.max(steps.backoffMs(failures), interval);
      record = { ...record, nextPollAt: new Date(steps.clock().getTime() + delay).toISOString() };
      steps.onProgress({ transactionId: record.transactionId, step: 'retrying', problem: record.lastProblem ?? 'no answer' });
    }
    record = await steps.save(record);
  }
  return record;
}

/**
 * After the polls ran out without a verdict: a data_request asks HMRC what
 * it lists for this TransactionID. Whatever it says, the submission stays
 * "sent, outcome not known" (HMRC acknowledged it; a missing entry does not
 * prove it was never processed), and the next run polls again.
 */
async function askAfterAcknowledgement(steps: FilingSteps, record: SubmissionRecord): Promise<SubmissionRecord> {
  const unknown = record.mismatchedAnswer ?? record.lastProblem ?? 'no answer from HMRC';
  if (credentialDestinationProblem(record.submissionUrl)) return record;
  let credentials: GatewayCredentials;
  try {
    credentials = await steps.senderCredentials();
  } catch {
    return record;
  }
  steps.onProgress({ transactionId: record.transactionId, step: 'asking-hmrc' });
  const ex = await steps.exchange(record.submissionUrl, dataRequestMessage({ messageClass: record.messageClass, gatewayTest: record.gatewayTest, credentials }));
  record = steps.log(record, { direction: 'sent', what: 'data request' });
  record = steps.noteReply(record, 'answer to the data request', ex);
  let listed = 'HMRC did not answer the data request usably';
  if (!('problem' in ex) && ex.reply.kind === 'status-report') {
    const ours = ex.reply.records.find((s) => s.transactionId === record.transactionId && s.correlationId === record.correlationId);
    listed = ours ? `HMRC lists this submission as ${clip(ours.status, 60)}` : 'HMRC does not list this submission any more';
  }
  return steps.save({
    ...record,
    lastProblem: `${unknown}. ${listed}. HMRC acknowledged this return (CorrelationID ${record.correlationId}), so it may hold or have processed it: run again later to keep asking, and do not file it again`,
  });
}

/** HMRC keeps a response until it is deleted: the delete_request goes where the polls go (Document Submission Protocol v2.0; see protocol-rules.ts). */
export async function deleteAtHmrc(steps: FilingSteps, record: SubmissionRecord): Promise<SubmissionRecord> {
  const ex = await steps.exchange(pollUrlOf(record), deleteMessage({ messageClass: record.messageClass, gatewayTest: record.gatewayTest, correlationId: record.correlationId!, transactionId: record.transactionId }));
  record = steps.log(record, { direction: 'sent', what: 'delete request' });
  record = steps.noteReply(record, 'answer to the delete request', ex);
  // A failed delete is tried again next time, the outcome stands.
  if (!('problem' in ex) && ex.reply.kind === 'deleted' && ex.reply.header.correlationId === record.correlationId) record = { ...record, deletedAtHmrc: true };
  return steps.save(record);
}
