/**
 * What the filing steps share: the retry policy, the progress they report,
 * and the desk's means (its clock, its saves, its exchanges with HMRC), so
 * the steps after the acknowledgement (after-acknowledgement.ts) live apart
 * from the desk that claims, sends and recovers.
 */
import type { GatewayReply } from './gateway-reply.js';
import type { GatewayCredentials } from './submission-message.js';
import type { SubmissionLogEntry, SubmissionRecord } from './submission-record.js';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Tries of one exchange before the submission is left waiting (resumable) with the problem named. */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 2_000, maxDelayMs: 120_000, maxAttempts: 8 };

export interface FilingProgress {
  transactionId: string;
  step: 'sending' | 'asking-hmrc' | 'waiting' | 'polling' | 'retrying' | 'done';
  /** Seconds until the next check, while waiting. */
  nextCheckInSeconds?: number;
  problem?: string;
}

/** One exchange with HMRC: its reply read, or what went wrong, in words. */
export type Exchange = ({ reply: GatewayReply; xml: string } | { problem: string }) & { status?: number };

/** The desk's means, as the steps use them. */
export interface FilingSteps {
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  retry: RetryPolicy;
  onProgress: (progress: FilingProgress) => void;
  /** Masked, fitted to the record's limits, written. */
  save(record: SubmissionRecord): Promise<SubmissionRecord>;
  log(record: SubmissionRecord, entry: Omit<SubmissionLogEntry, 'at'>): SubmissionRecord;
  /** Never throws for what the network or HMRC's servers do. */
  exchange(url: string, message: Buffer): Promise<Exchange>;
  noteReply(record: SubmissionRecord, what: string, ex: Exchange): SubmissionRecord;
  backoffMs(attempt: number): number;
  senderCredentials(): Promise<GatewayCredentials>;
}
