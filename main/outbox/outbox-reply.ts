/**
 * What makes an outbox item done: the reply Filing Desk kept when the
 * service answered it. A state file that says `done` is only believed when it
 * carries that record, sealed to its own item and request; a `done` typed in
 * by hand, left by a sync tool or copied from another item is not.
 *
 * The seal is a SHA-256 of the item's id, its request's SHA-256, when the
 * answer came, the job id the service gave and the answer's own SHA-256, so a
 * record that was edited, or moved from another item, does not match. It
 * guards against mistakes and stray edits, not against someone who rewrites
 * the seal too: nothing on this computer is out of their reach.
 */
import { createHash } from 'node:crypto';
import type { OutboxItem, QueuedRequest, RecordedReply } from './outbox-item.js';
import { checkRequest, type CheckedRequest } from './outbox-request.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function sealOf(id: string, request: QueuedRequest, at: string, jobId: string | undefined, answer: string): string {
  return sha256(['filing desk outbox reply', id, request.sha256, at, jobId ?? '', answer].join('\n'));
}

/** The answer as JSON; one that cannot be written as JSON (never the service's) is recorded by its type alone. */
function answerText(answer: unknown): string {
  try {
    return JSON.stringify(answer) ?? typeof answer;
  } catch {
    return typeof answer;
  }
}

/** The record kept, with `done`, when the service answered item `id`'s request. */
export function recordReply(id: string, request: QueuedRequest, answer: unknown, jobId: string | undefined, at: Date): RecordedReply {
  const when = at.toISOString();
  const digest = sha256(answerText(answer));
  return { at: when, answer: digest, seal: sealOf(id, request, when, jobId, digest) };
}

/** Whether the item holds the reply that made it done: recorded for this item, this request and this job id. */
export function hasRecordedReply(item: OutboxItem): boolean {
  const { reply, request } = item;
  return reply !== undefined && request !== undefined && reply.seal === sealOf(item.id, request, reply.at, item.jobId, reply.answer);
}

export const UNRECORDED_DONE = {
  resend: 'Its state file said it was done, but no reply from the service was recorded; it will be sent again with the same key, so the service does it once.',
  cannotResend:
    'Its state file says it was done, but no reply from the service was recorded, and its request is no longer kept to send again. If it is still needed, cancel it and queue it again from the draft.',
};

/**
 * What a `done` without its recorded reply becomes on load: queued again when
 * its own request is still there as it was queued (the same Idempotency-Key
 * has the service do the work once, and answer again if it did), otherwise
 * failed, never to be sent, saying why. Items written before replies were
 * recorded are among them: their request was dropped when they were done, so
 * they show as failed rather than as done on a claim nothing backs.
 */
export async function reconsiderUnrecordedDone(item: OutboxItem, read: Parameters<typeof checkRequest>[1]): Promise<OutboxItem> {
  const checked: CheckedRequest = item.cannotSend ? { ok: false, reason: item.cannotSend } : await checkRequest(item, read);
  // Neither the record nor the job id is believed: a job id comes back with the service's answer.
  const rest: OutboxItem = { ...item };
  delete rest.reply;
  delete rest.jobId;
  if (checked.ok) return { ...rest, state: 'queued', nextTryAt: null, reason: UNRECORDED_DONE.resend };
  return { ...rest, state: 'failed', nextTryAt: null, reason: UNRECORDED_DONE.cannotResend, cannotSend: UNRECORDED_DONE.cannotResend };
}
