import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { delayBeforeRetry, isRetryable } from '../../main/service/remote/retry-policy.js';
import { errorForStatus, retryAfterMs } from '../../main/service/remote/status-errors.js';
import { DEFAULT_RETRY } from '../../main/service/remote/settings.js';
import {
  InvalidRequestError,
  NetworkError,
  RateLimitedError,
  ServerError,
  UnexpectedResponseError,
} from '../../main/service/service-errors.js';

const now = new Date('2025-06-01T09:00:00Z');

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates, and ignores nonsense', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 01 Jun 2025 09:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 01 Jun 2025 08:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('delayBeforeRetry', () => {
  it('never retries a 400 or a malformed answer, and stops at the attempt limit', () => {
    expect(delayBeforeRetry(new InvalidRequestError('x', []), 1, DEFAULT_RETRY)).toBeUndefined();
    expect(delayBeforeRetry(new UnexpectedResponseError('x', 200), 1, DEFAULT_RETRY)).toBeUndefined();
    expect(delayBeforeRetry(new NetworkError('x'), DEFAULT_RETRY.maxAttempts, DEFAULT_RETRY)).toBeUndefined();
    expect(isRetryable(new ServerError('x', 502))).toBe(true);
  });

  it('backs off exponentially with jitter, within [ceiling/2, ceiling] and never above maxDelayMs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const retry = { ...DEFAULT_RETRY, maxAttempts: 100 };
        const delay = delayBeforeRetry(new NetworkError('x'), attempt, retry, () => r);
        const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  it('waits exactly the Retry-After when it is within the settings, otherwise gives up', () => {
    expect(delayBeforeRetry(new RateLimitedError('x', 5000), 1, DEFAULT_RETRY)).toBe(5000);
    expect(delayBeforeRetry(new RateLimitedError('x', 60_000), 1, DEFAULT_RETRY)).toBeUndefined();
  });
});

describe('errorForStatus', () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('keeps only well-formed field errors from a 400 body, and copes with a body that is not JSON', () => {
    const err = errorForStatus(answer(400, { errors: [{ field: 'a', message: 'is required' }, { field: 1 }, 'x'] }), now);
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect((err as InvalidRequestError).errors).toEqual([{ field: 'a', message: 'is required' }]);
    const plain = errorForStatus(answer(400, '<html>Bad Request</html>'), now);
    expect((plain as InvalidRequestError).errors).toEqual([]);
    expect(plain.message).toBe('The service refused the request as not valid.');
  });

  it('maps every other status to its class and code', () => {
    const codes = [401, 403, 404, 413, 429, 500, 502, 418].map((s) => errorForStatus(answer(s, { message: 'm' }), now).code);
    expect(codes).toEqual([
      'unauthorized',
      'forbidden',
      'not-found',
      'payload-too-large',
      'rate-limited',
      'server-error',
      'server-error',
      'unexpected-response',
    ]);
  });
});
