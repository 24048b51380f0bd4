/**
 * One submission of one return to one environment, as kept on disk: the
 * exact message to send (without the sender's credentials, which are added
 * in memory at the moment of sending), its TransactionID, where it stands
 * with HMRC, and every message exchanged (credentials masked). A record is
 * checked field by field when read: a file changed by hand is refused, not
 * acted on.
 */
import { z } from 'zod';
import { clip, CORRELATION_ID, MAX_KEPT_REPLY_CHARS, MAX_BUSINESS_ERRORS, MAX_ERROR_FIELD_CHARS, MAX_ERROR_LOCATION_CHARS, MAX_ERROR_TEXT_CHARS, MAX_ERRORS, MAX_PROBLEM_CHARS } from './protocol-rules.js';

export const TRANSACTION_ID = /^[0-9A-F]{32}$/;

export const submissionStates = ['prepared', 'acknowledged', 'not-at-hmrc', 'accepted', 'rejected', 'authentication-failed'] as const;
export type SubmissionState = (typeof submissionStates)[number];
export const FINAL_STATES: ReadonlySet<SubmissionState> = new Set(['accepted', 'rejected', 'authentication-failed']);

const govTalkError = z.strictObject({
  raisedBy: z.string().max(MAX_ERROR_FIELD_CHARS),
  number: z.string().max(40),
  type: z.string().max(MAX_ERROR_FIELD_CHARS),
  text: z.string().max(MAX_ERROR_TEXT_CHARS),
  location: z.string().max(MAX_ERROR_LOCATION_CHARS),
});

const logEntry = z.strictObject({
  at: z.string(),
  direction: z.enum(['sent', 'received', 'note']),
  /** "submission", "poll", "acknowledgement", "response", "error", "delete", "data request", "status report", or a transport failure. */
  what: z.string().max(200),
  status: z.number().int().optional(),
  /**
   * The message with the Government Gateway user ID and password masked; the submission itself is the record's `message`.
   * Written cut to MAX_LOG_XML_CHARS; records written before that may hold up to 2 MiB.
   */
  xml: z.string().max(2 * 1024 * 1024).optional(),
});
export type SubmissionLogEntry = z.infer<typeof logEntry>;

const outcome = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('accepted'),
    acceptedTime: z.string(),
    receiptIrmarkBase32: z.string(),
    receiptMatches: z.boolean(),
    receiptStatement: z.string(),
    responseXml: z.string().max(MAX_KEPT_REPLY_CHARS),
  }),
  z.strictObject({
    kind: z.enum(['rejected', 'authentication-failed']),
    errors: z.array(govTalkError).max(MAX_ERRORS),
    businessErrors: z.array(govTalkError).max(MAX_BUSINESS_ERRORS),
    responseXml: z.string().max(MAX_KEPT_REPLY_CHARS),
  }),
]);
export type SubmissionOutcome = z.infer<typeof outcome>;

export const submissionRecordSchema = z.strictObject({
  version: z.literal(1),
  transactionId: z.string().regex(TRANSACTION_ID),
  environment: z.enum(['til', 'ets', 'live']),
  submissionUrl: z.string().url(),
  messageClass: z.enum(['HMRC-CT-CT600', 'HMRC-CT-CT600-TIL']),
  gatewayTest: z.boolean(),
  utr: z.string().regex(/^[0-9]{10}$/),
  periodFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  periodTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  returnType: z.string().max(20),
  /** Box 1 as sent; absent in records written before the filing history showed it. */
  company: z.string().max(1000).optional(),
  draftId: z.string().max(200).optional(),
  clientId: z.string().max(200).optional(),
  irmark: z.string().regex(/^[A-Za-z0-9+/]{27}=$/),
  bodySha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** base64 of the message bytes exactly as sent, less SenderDetails. */
  message: z.string(),
  createdAt: z.string(),
  state: z.enum(submissionStates),
  /** Set, and saved, just before the first byte is sent: from then on HMRC may hold it. */
  sendStartedAt: z.string().optional(),
  correlationId: z.string().regex(CORRELATION_ID).optional(),
  /** Only ever one that passed responseEndPointProblem; https or http, nothing else. */
  responseEndPoint: z.string().url().regex(/^https?:\/\//).optional(),
  /** Written by pollIntervalOf (2 to 600 s); records from before that rule may hold 0 to a day, read by the same rule. */
  pollIntervalSeconds: z.number().int().min(0).max(86_400).optional(),
  /** HMRC's interval from the last answer: no poll goes out before this time, across restarts too. */
  nextPollAt: z.string().optional(),
  outcome: outcome.optional(),
  deletedAtHmrc: z.boolean().optional(),
  lastProblem: z.string().max(MAX_PROBLEM_CHARS).optional(),
  /** An answer that claimed to be HMRC's verdict but was not this submission's (another CorrelationID, TransactionID or IRmark): said until a real verdict comes. */
  mismatchedAnswer: z.string().max(MAX_PROBLEM_CHARS).optional(),
  /** Came in a .fdesk file from another computer: history only, never sent, polled or deleted from here. */
  importedAt: z.string().max(40).optional(),
  log: z.array(logEntry).max(2000),
});
export type SubmissionRecord = z.infer<typeof submissionRecordSchema>;

/** The key that makes "the same return": one company's period in one environment. */
export const sameReturnKey = (r: Pick<SubmissionRecord, 'utr' | 'periodFrom' | 'periodTo' | 'environment'>) => `${r.utr} ${r.periodFrom} ${r.periodTo} ${r.environment}`;

/** Newest first by when the record was written; equal times keep a fixed order by TransactionID. */
export const newestFirst = (a: SubmissionRecord, b: SubmissionRecord): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.transactionId.localeCompare(b.transactionId);

/**
 * A record as an older version wrote it, brought to today's rules before it
 * is checked: that version kept any CorrelationID (up to 64 characters) and
 * any ResponseEndPoint a reply named, and a reply's text uncut. Such a record
 * must stay readable (an unreadable one stops every new filing, and it may be
 * this very return, sent or accepted), but what today's rules refuse is never
 * used: a CorrelationID not of the protocol's form is dropped with a note, so
 * HMRC is asked for the submission by its TransactionID (data_request), never
 * polled with it nor sent again; a ResponseEndPoint that is not http(s) is
 * dropped (polls go to the environment's own /poll); a kept reply is cut to
 * the reader's limit. Anything else stays as it was and is checked as usual.
 */
export function fromOlderVersion(json: unknown): unknown {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  const r = { ...(json as Record<string, unknown>) };
  if (typeof r.correlationId === 'string' && r.correlationId.length <= 64 && !CORRELATION_ID.test(r.correlationId)) {
    const note = `the CorrelationID ${JSON.stringify(r.correlationId)} kept by an older version of Filing Desk is not of the protocol's form (1 to 32 upper-case hex digits) and is not used; HMRC is asked for this submission by its TransactionID, and it is never sent again`;
    const { correlationId: _dropped, ...rest } = r;
    // HMRC's verdict stands without it (its copy is then not deleted from here).
    if (typeof rest.state === 'string' && FINAL_STATES.has(rest.state as SubmissionState)) return fromOlderVersion(rest);
    // Without a CorrelationID a record that was never marked as sent would be sent: it was acknowledged, so it was sent.
    return fromOlderVersion({ ...rest, sendStartedAt: rest.sendStartedAt ?? rest.createdAt, lastProblem: clip(note, MAX_PROBLEM_CHARS) });
  }
  if (typeof r.responseEndPoint === 'string' && !/^https?:\/\//.test(r.responseEndPoint)) {
    const { responseEndPoint: _dropped, ...rest } = r;
    return fromOlderVersion(rest);
  }
  const outcome = r.outcome as Record<string, unknown> | undefined;
  if (outcome && typeof outcome === 'object' && typeof outcome.responseXml === 'string' && outcome.responseXml.length > MAX_KEPT_REPLY_CHARS) {
    return { ...r, outcome: { ...outcome, responseXml: clip(outcome.responseXml, MAX_KEPT_REPLY_CHARS) } };
  }
  return r;
}
