/**
 * When a failed call may be sent again, and how long to wait first.
 * Only requests that cannot do harm twice are retried: GETs, and POSTs that
 * carry the caller's Idempotency-Key. A POST without one that may have
 * reached the service (timeout, dropped connection, 5xx) is reported, never
 * re-sent: the service might have done the work already.
 */
import {
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  type FilingServiceError,
} from '../service-errors.js';
import type { RetrySettings } from './settings.js';

export function isRetryable(error: FilingServiceError): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof RateLimitedError
  );
}

/**
 * Milliseconds to wait before attempt `attempt + 1`, or undefined to give up
 * now. A Retry-After the service gave is honoured exactly; one longer than
 * the settings allow ends the call so the caller (the outbox) can schedule it.
 */
export function delayBeforeRetry(
  error: FilingServiceError,
  attempt: number,
  retry: RetrySettings,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= retry.maxAttempts || !isRetryable(error)) return undefined;
  if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= retry.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  // Exponential backoff with jitter (half fixed, half random) so clients
  // that failed together do not come back together.
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
