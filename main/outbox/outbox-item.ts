/**
 * One remote request waiting in the outbox, as kept on disk. The state file
 * (`<id>.json`) is small and rewritten on every change; the request itself
 * (`<id>.request.json`, possibly megabytes of attachments) is written once,
 * before the state file, so a state file never points at a missing request.
 *
 * The state file is edited by nobody but Filing Desk, yet anything can be in
 * it after a crash, a sync tool or a curious hand: every field is checked on
 * load, and the request is tied to its item by its kind and the SHA-256 of
 * its exact bytes, so a request file swapped in from another item, changed or
 * truncated is never sent under this item's Idempotency-Key.
 */
import { z } from 'zod';
import type { OutboxItemKind, OutboxItemState, OutboxItemView } from '../../preload/contract.js';
import { DRAFT_ID } from '../store/draft-store.js';

export const OUTBOX_KINDS = ['ct600-build', 'package-build', 'validation-create'] as const satisfies readonly OutboxItemKind[];

/**
 * The most times one item is handed to the service, Retry included. Far above
 * the backoff's own limit (a Retry keeps the count), and small enough that the
 * count can never grow into a number the state file cannot hold.
 */
export const MAX_OUTBOX_ATTEMPTS = 1000;
export const MAX_OUTBOX_TITLE = 1000;
export const MAX_OUTBOX_REASON = 4000;

/** What was queued: the request file's kind, its size, and the SHA-256 of the item's id and its exact bytes. */
export interface QueuedRequest {
  kind: OutboxItemKind;
  sha256: string;
  size: number;
}

/** The service's answer as Filing Desk kept it; outbox-reply.ts makes and checks it. */
export interface RecordedReply {
  /** When the answer was kept. */
  at: string;
  /** The SHA-256 of the answer, as JSON. */
  answer: string;
  /** The SHA-256 that ties this record to its item, its request, the time and the job id. */
  seal: string;
}

export interface OutboxItem {
  /** A UUID; also the Idempotency-Key of every attempt, so the service does the work once. */
  id: string;
  kind: OutboxItemKind;
  draftId: string | null;
  title: string;
  state: OutboxItemState;
  /** Times it was handed to the service (counted before sending, so a crash mid-send counts). */
  attempts: number;
  createdAt: string;
  updatedAt: string;
  nextTryAt: string | null;
  reason: string | null;
  /** The request file as written at queue time; absent on items queued by earlier versions, which are never sent. */
  request?: QueuedRequest;
  /** Why this item will never be sent again (its request is missing or changed, it was tried too often); Retry answers with it. */
  cannotSend?: string;
  /** Sent as ClientName / ClientID. */
  clientCompany?: { name?: string; id?: string };
  /** What the draft's figures were when it was queued (builds only). */
  fingerprint?: string;
  jobId?: string;
  /** The reply that made it done; a `done` without it is not believed. */
  reply?: RecordedReply;
}

export const OUTBOX_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** An ISO 8601 date-time in UTC, as toISOString writes it: anything else could not be waited for. */
const dateTime = z.iso.datetime({ message: 'must be a date and time such as 2025-06-01T09:00:00.000Z' }).refine((v) => Number.isFinite(Date.parse(v)), 'must be a real date and time');

const queuedRequestSchema = z.strictObject({
  kind: z.enum(OUTBOX_KINDS),
  sha256: z.string().regex(SHA256, 'must be a SHA-256 in hexadecimal'),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
}) satisfies z.ZodType<QueuedRequest>;

export const outboxItemSchema = z.strictObject({
  id: z.string().regex(OUTBOX_ID, 'must be an outbox request id (a UUID)'),
  kind: z.enum(OUTBOX_KINDS),
  draftId: z.string().regex(DRAFT_ID, 'must be a draft id').nullable(),
  title: z.string().max(MAX_OUTBOX_TITLE),
  state: z.enum(['queued', 'sending', 'done', 'failed', 'cancelled']),
  attempts: z.number().int().nonnegative().max(MAX_OUTBOX_ATTEMPTS, `must be at most ${MAX_OUTBOX_ATTEMPTS}`),
  createdAt: dateTime,
  updatedAt: dateTime,
  nextTryAt: dateTime.nullable(),
  reason: z.string().max(MAX_OUTBOX_REASON).nullable(),
  request: queuedRequestSchema.optional(),
  cannotSend: z.string().max(MAX_OUTBOX_REASON).optional(),
  clientCompany: z.strictObject({ name: z.string().max(1000).optional(), id: z.string().max(1000).optional() }).optional(),
  fingerprint: z.string().regex(SHA256).optional(),
  jobId: z.string().max(200).optional(),
  reply: z
    .strictObject({
      at: dateTime,
      answer: z.string().regex(SHA256, 'must be a SHA-256 in hexadecimal'),
      seal: z.string().regex(SHA256, 'must be a SHA-256 in hexadecimal'),
    })
    .optional(),
}) satisfies z.ZodType<OutboxItem>;

/** Text cut to at most `max` characters (an ellipsis last), never between the two halves of one character. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${text.slice(0, cut)}…`;
}

/** What the Outbox screen is told: no request body, no headers. */
export function toView(item: OutboxItem): OutboxItemView {
  return {
    id: item.id,
    kind: item.kind,
    draftId: item.draftId,
    title: item.title,
    state: item.state,
    attempts: item.attempts,
    createdAt: item.createdAt,
    nextTryAt: item.state === 'queued' ? item.nextTryAt : null,
    reason: item.reason,
    ...(item.jobId ? { jobId: item.jobId } : {}),
    ...(item.cannotSend ? { cannotBeSent: true as const } : {}),
  };
}
