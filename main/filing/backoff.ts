/**
 * How long to wait before trying an exchange again: exponential from the
 * policy's base to its ceiling, with "equal jitter" (half fixed, half random)
 * so that many clients failing together do not come back together. Shared by
 * HMRC filing and Companies House filing.
 */
import type { RetryPolicy } from './filing-steps.js';

export function backoffMs(retry: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
