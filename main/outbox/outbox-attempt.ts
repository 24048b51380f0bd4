/**
 * One attempt at one outbox item: its request checked against its record,
 * the item marked as being sent before it goes (so a crash mid-send is known
 * at the next start), sent, and the service's answer kept, or its failure
 * turned into what happens next: tried again after a backoff, waiting for
 * sign-in, or failed with the reason. The queue around it is outbox.ts's.
 */
import { InvalidClientError, SignInNeededError, UnauthorizedError, RateLimitedError, FilingServiceError } from '../service/service-errors.js';
import { isRetryable } from '../service/remote/retry-policy.js';
import { StoreError } from '../store/store-error.js';
import type { ScopedLog } from '../log/app-log.js';
import { nextDelayMs, type OutboxBackoff } from './backoff.js';
import { MAX_OUTBOX_ATTEMPTS, type OutboxItem } from './outbox-item.js';
import { checkRequest } from './outbox-request.js';
import { recordReply } from './outbox-reply.js';
import type { OutboxStore } from './outbox-store.js';

/** What the log may say about an item: its random id, its kind and how often it was tried. */
export const facts = (item: OutboxItem) => ({ outboxId: item.id, kind: item.kind, attempts: item.attempts });
/** An error's own words for the log (the redactor masks figures and secrets in them). */
const why = (error: unknown) => (error instanceof Error ? error.message : 'an unknown problem');

const TRIED_TOO_OFTEN = `This request was handed to the service ${MAX_OUTBOX_ATTEMPTS} times, the most the outbox tries one request; it will not be sent again. Cancel it and queue it again from the draft.`;

/** The outbox's own parts an attempt works with. */
export interface AttemptDeps {
  store: Pick<OutboxStore, 'request' | 'dropRequest'>;
  /** The outbox's update: written, then current; with `onlyIf`, only while the item is in that state. */
  update(item: OutboxItem, change: Partial<OutboxItem>, onlyIf?: OutboxItem['state']): Promise<OutboxItem>;
  pause(reason: string): void;
  send: (item: OutboxItem, request: unknown, signal: AbortSignal) => Promise<unknown>;
  onDone: (item: OutboxItem, result: unknown) => Promise<Partial<Pick<OutboxItem, 'jobId'>> | void>;
  onSignInNeeded?: ((reason: string) => void) | undefined;
  answerFacts?: ((item: OutboxItem) => { status?: number; replayed?: boolean } | undefined) | undefined;
  backoff: OutboxBackoff;
  random: () => number;
  clock: () => Date;
  logger: ScopedLog | undefined;
  log: (message: string) => void;
}

export async function attemptOnce(queued: OutboxItem, signal: AbortSignal, deps: AttemptDeps): Promise<void> {
  // Checked before it counts as an attempt: a request that is not its item's own never reaches the service.
  const checked = queued.cannotSend
    ? { ok: false as const, reason: queued.cannotSend }
    : queued.attempts >= MAX_OUTBOX_ATTEMPTS
      ? { ok: false as const, reason: TRIED_TOO_OFTEN }
      : await checkRequest(queued, (recorded) => deps.store.request(queued.id, recorded));
  if (!checked.ok) {
    const refused = await deps.update(queued, { state: 'failed', nextTryAt: null, reason: checked.reason, cannotSend: checked.reason }, 'queued');
    if (refused.state === 'failed') deps.logger?.warn('not sent: its request cannot be sent', facts(refused));
    return;
  }
  // Persist first: if the app dies during the call, the next start knows it may have reached the service.
  const item = await deps.update(queued, { state: 'sending', attempts: queued.attempts + 1, nextTryAt: null }, 'queued');
  if (item.state !== 'sending') {
    deps.logger?.info('not sent: no longer waiting when its turn came', facts(item));
    return; // cancelled before it was taken: never sent
  }
  deps.logger?.info('sending', facts(item));
  let result: unknown;
  try {
    result = await deps.send(item, checked.request, signal);
  } catch (error) {
    if (signal.aborted) {
      deps.logger?.info('abandoned on closing; sent again at the next start', facts(item));
      return; // closing: stays "sending" on disk, resent at the next start
    }
    await recordFailure(item, error, deps);
    return;
  }
  try {
    const extra = (await deps.onDone(item, result)) ?? {};
    // Done and the reply that made it so land in one write: a state file never says done without it.
    const jobId = 'jobId' in extra ? extra.jobId : item.jobId;
    const reply = recordReply(item.id, checked.recorded, result, jobId, deps.clock());
    await deps.update(item, { ...extra, state: 'done', reason: null, reply });
    await deps.store.dropRequest(item.id).catch(() => undefined);
    deps.logger?.info('done', { ...facts(item), ...deps.answerFacts?.(item), ...(extra.jobId ? { jobId: extra.jobId } : {}) });
  } catch (error) {
    const problem = error instanceof StoreError ? error.message : 'an unexpected problem';
    await deps.update(item, { state: 'failed', reason: `The service answered, but the answer could not be kept: ${problem} Retry asks for it again (the service answers the same).` });
    deps.logger?.error('failed: the service answered, but the answer could not be kept:', facts(item), error instanceof StoreError ? problem : error instanceof Error ? error.name : 'error');
  }
}

async function recordFailure(item: OutboxItem, error: unknown, deps: AttemptDeps): Promise<void> {
  if (error instanceof SignInNeededError || error instanceof InvalidClientError || error instanceof UnauthorizedError) {
    const reason = `Waiting for sign-in: ${error.message}`;
    await deps.update(item, { state: 'queued', reason });
    deps.logger?.warn('needs sign-in; kept in the queue', facts(item));
    deps.pause(reason);
    deps.onSignInNeeded?.(error.message);
    return;
  }
  if (error instanceof FilingServiceError && isRetryable(error)) {
    if (item.attempts >= deps.backoff.maxAttempts) {
      await deps.update(item, { state: 'failed', reason: `Gave up after ${item.attempts} attempts: ${error.message}` });
      deps.logger?.warn('failed: gave up after the last attempt:', facts(item), why(error));
      return;
    }
    const wait = nextDelayMs(item.attempts, deps.backoff, deps.random, error instanceof RateLimitedError ? error.retryAfterMs : undefined);
    await deps.update(item, { state: 'queued', nextTryAt: new Date(deps.clock().getTime() + wait).toISOString(), reason: error.message });
    deps.logger?.info('retry scheduled', { ...facts(item), delayMs: wait }, why(error));
    return;
  }
  if (error instanceof FilingServiceError) {
    await deps.update(item, { state: 'failed', reason: error.message });
    deps.logger?.warn('failed:', facts(item), why(error));
    return;
  }
  // The error's name only: an unexpected error's message may quote what was being sent.
  const name = error instanceof Error ? error.name : 'error';
  if (deps.logger) deps.logger.error('failed unexpectedly:', facts(item), name);
  else deps.log(`outbox: ${item.kind} ${item.id} failed unexpectedly: ${name}`);
  await deps.update(item, { state: 'failed', reason: 'Filing Desk hit an unexpected problem sending this request; Retry sends it again with the same key.' });
}
