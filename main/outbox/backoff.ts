import { MAX_RETRY_AFTER_MS } from '../service/remote/status-errors.js';

/**
 * When the outbox tries an item again. Capped exponential backoff with
 * jitter (half fixed, half random) so a desk of clients that failed together
 * does not come back together; a Retry-After the service gave is honoured
 * as given, never shortened, up to a day (MAX_RETRY_AFTER_MS).
 */
export interface OutboxBackoff {
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many attempts the item fails and waits for Retry. */
  maxAttempts: number;
}

export const DEFAULT_OUTBOX_BACKOFF: OutboxBackoff = { baseDelayMs: 2_000, maxDelayMs: 5 * 60_000, maxAttempts: 10 };

export function nextDelayMs(attempts: number, backoff: OutboxBackoff, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), MAX_RETRY_AFTER_MS);
  const ceiling = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The longest delay a timer takes: a longer one fires at once (setTimeout keeps 32 bits). */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
/** The shortest: whatever the clock or the disk says, the outbox never wakes in a tight loop. */
export const MIN_TIMER_DELAY_MS = 250;

/** How long to sleep until `dueMs`: never negative or NaN, never shorter than the minimum, never longer than a timer holds. */
export function timerDelayMs(dueMs: number, nowMs: number): number {
  const wait = dueMs - nowMs;
  if (!Number.isFinite(wait)) return wait > 0 ? MAX_TIMER_DELAY_MS : MIN_TIMER_DELAY_MS;
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(MIN_TIMER_DELAY_MS, Math.ceil(wait)));
}
