/**
 * How the local Companies House gateway misbehaves when a test asks it to,
 * each mode one way the real gateway or the network answers
 * (companies-house.md §4–§6): a submission left PENDING (a test submission
 * waits for a person at Companies House), PARKED, REJECTed with reasons, an
 * INTERNAL_FAILURE, every submission refused as a duplicate number (9999,
 * as when another program used it under the same presenter), answers slowed
 * down, and no answer at all (the work done, the connection dropped).
 */
export type StatusOutcome = 'accept' | 'reject' | 'pending' | 'parked' | 'internal-failure';

export interface GatewayRejection {
  code: string;
  description: string;
}

export interface GatewayFaults {
  /** What the status of a held submission comes to. */
  outcome: StatusOutcome;
  /** Status answers that say PENDING before the outcome is given. */
  pendingAnswers: number;
  /** With outcome 'reject': Companies House's reasons. */
  rejections: GatewayRejection[];
  /** Every submission answered 9999 "Invalid Envelope Number", none held. */
  duplicateNumber: boolean;
  /** Milliseconds before every answer. */
  slowMs: number;
  /** The next this many submissions are held, then their connection dropped with no answer. */
  dropSubmissionAnswers: number;
  /** The next this many status requests are read, then dropped with no answer. */
  dropStatusAnswers: number;
  /** The next this many submissions are dropped before they are held (the connection lost on the way in). */
  dropSubmissionsUnread: number;
}

export const defaultFaults = (): GatewayFaults => ({
  outcome: 'accept',
  pendingAnswers: 0,
  rejections: [{ code: '0123', description: 'The company name in the accounts does not match the register.' }],
  duplicateNumber: false,
  slowMs: 0,
  dropSubmissionAnswers: 0,
  dropStatusAnswers: 0,
  dropSubmissionsUnread: 0,
});
