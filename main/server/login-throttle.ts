/**
 * Slows password guessing for a user: the first few failures are free (a
 * typo, a caps-lock), after that each failure closes the door for a while,
 * doubling up to a short cap, and while it is closed the password is not
 * even checked (429 with Retry-After). The cap is short on purpose: someone
 * guessing a user's password can delay that user by half a minute at most,
 * never lock them out, yet gets only a couple of guesses a minute. A
 * successful sign-in, or a quiet quarter of an hour, forgets the failures.
 */
import { createHash } from 'node:crypto';

export interface LoginThrottleOptions {
  clock: () => Date;
  /** Failures allowed before any wait; 5 by default. */
  freeFailures?: number;
  /** The first wait; it doubles with each further failure. 1 s by default. */
  firstDelayMs?: number;
  /** The longest wait. 30 s by default. */
  maxDelayMs?: number;
  /** Failures older than this are forgotten. 15 minutes by default. */
  forgetAfterMs?: number;
  /** Most users tracked at once (usernames are the client's own text); the oldest go first. */
  maxTracked?: number;
}

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

export class LoginThrottle {
  private readonly users = new Map<string, Failures>();
  private readonly o: Required<LoginThrottleOptions>;

  constructor(options: LoginThrottleOptions) {
    this.o = { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 30_000, forgetAfterMs: 15 * 60_000, maxTracked: 10_000, ...options };
  }

  /** Seconds to wait before this user's password may be tried again, or 0. */
  retryAfterSeconds(username: string): number {
    const entry = this.current(this.key(username));
    const now = this.o.clock().getTime();
    return entry && entry.blockedUntil > now ? Math.ceil((entry.blockedUntil - now) / 1000) : 0;
  }

  failed(username: string): void {
    const key = this.key(username);
    const now = this.o.clock().getTime();
    const entry = this.current(key) ?? { count: 0, lastAt: now, blockedUntil: 0 };
    entry.count++;
    entry.lastAt = now;
    const over = entry.count - this.o.freeFailures;
    if (over > 0) entry.blockedUntil = now + Math.min(this.o.maxDelayMs, this.o.firstDelayMs * 2 ** Math.min(over - 1, 30));
    // Re-inserted so the map stays ordered oldest first.
    this.users.delete(key);
    this.users.set(key, entry);
    for (const oldest of this.users.keys()) {
      if (this.users.size <= this.o.maxTracked) break;
      this.users.delete(oldest);
    }
  }

  succeeded(username: string): void {
    this.users.delete(this.key(username));
  }

  private current(key: string): Failures | undefined {
    const entry = this.users.get(key);
    if (entry && this.o.clock().getTime() - entry.lastAt > this.o.forgetAfterMs) {
      this.users.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Case and surrounding spaces are ignored, so varying them buys no fresh guesses; a digest keeps each entry small. */
  private key(username: string): string {
    return createHash('sha256').update(username.trim().toLowerCase()).digest('base64');
  }
}
