/**
 * One accounts filing with Companies House, as kept on disk: the fields of
 * its FormSubmission and the Inline XBRL document itself (so a resend after
 * an unanswered request is the same submission, byte for byte, under the
 * same number), its submission number, where it stands, and every exchange
 * (masked). No secret is ever part of it: not the presenter ID or code, not
 * the company authentication code, not their digests (record writes go
 * through the mask in filing-store.ts). Checked field by field when read: a
 * file changed by hand is refused, not acted on.
 */
import { z } from 'zod';
import { MAX_ERROR_TEXT_CHARS, MAX_LOG_XML_CHARS, MAX_PROBLEM_CHARS } from '../protocol-rules.js';
import { SUBMISSION_NUMBER } from './gateway-rules.js';

export const filingStates = ['prepared', 'sent', 'received', 'accepted', 'rejected', 'refused'] as const;
export type FilingState = (typeof filingStates)[number];
/** A definite answer: accepted or rejected after processing, or refused at the gateway (nothing stored there). */
export const FINAL_FILING_STATES: ReadonlySet<FilingState> = new Set(['accepted', 'rejected', 'refused']);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const reason = z.strictObject({
  /** RejectCode, or the GovTalk error number. */
  code: z.string().max(40),
  text: z.string().max(MAX_ERROR_TEXT_CHARS),
});
export type FilingReason = z.infer<typeof reason>;

const logEntry = z.strictObject({
  at: z.string().max(40),
  direction: z.enum(['sent', 'received', 'note']),
  what: z.string().max(300),
  xml: z.string().max(MAX_LOG_XML_CHARS + 100).optional(),
});
export type FilingLogEntry = z.infer<typeof logEntry>;

export const filingRecordSchema = z.strictObject({
  version: z.literal(1),
  submissionNumber: z.string().regex(SUBMISSION_NUMBER),
  /** The presenter's folder (submission-numbers.ts): a slow hash, never the presenter ID. */
  presenterKey: z.string().regex(/^[0-9a-f]{32}$/),
  environment: z.enum(['test', 'live']),
  gatewayUrl: z.string().url().regex(/^https?:\/\//),
  companyNumber: z.string().regex(/^[0-9A-Z]{8}$/),
  companyType: z.string().regex(/^[A-Z]{1,2}$/),
  companyName: z.string().min(1).max(160),
  periodStart: z.string().regex(DATE).optional(),
  /** The balance sheet date: the accounts' made-up date. */
  madeUpDate: z.string().regex(DATE),
  dateSigned: z.string().regex(DATE),
  contactName: z.string().max(160),
  contactNumber: z.string().max(40),
  packageReference: z.string().regex(/^[0-9A-Za-z]{1,10}$/),
  filename: z.string().regex(/^[^/\\]{1,32}$/),
  clientId: z.string().max(200).optional(),
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** base64 of the Inline XBRL bytes exactly as sent in Document/Data. */
  document: z.string(),
  createdAt: z.string().max(40),
  state: z.enum(filingStates),
  /** Saved just before the first byte is sent: from then on Companies House may hold it, and it is asked before anything is sent again. */
  sendStartedAt: z.string().max(40).optional(),
  /** The gateway answered a send of this submission with 9999 "Invalid Envelope Number": it holds something under this number. */
  numberUsedBefore: z.boolean().optional(),
  /** The last StatusCode Companies House gave (PENDING, PARKED, INTERNAL_FAILURE, ACCEPT, REJECT). */
  lastStatus: z.string().max(40).optional(),
  outcome: z
    .strictObject({
      kind: z.enum(['accepted', 'rejected', 'refused']),
      at: z.string().max(40),
      reasons: z.array(reason).max(1000),
    })
    .optional(),
  /** The status acknowledgement (StatusAck) went after the outcome was written. */
  statusAcknowledged: z.boolean().optional(),
  lastProblem: z.string().max(MAX_PROBLEM_CHARS).optional(),
  log: z.array(logEntry).max(2000),
});
export type FilingRecord = z.infer<typeof filingRecordSchema>;

/** One company's accounts for one made-up date in one environment: what a claim and the "already filed" check go by. */
export const sameAccountsKey = (r: Pick<FilingRecord, 'companyNumber' | 'madeUpDate' | 'environment'>) => `CH ${r.companyNumber} ${r.madeUpDate} ${r.environment}`;
