/**
 * One remote request waiting in the outbox, as kept on disk. The state file
 * (`<id>.json`) is small and rewritten on every change; the request itself
 * (`<id>.request.json`, possibly megabytes of attachments) is written once,
 * before the state file, so a state file never points at a missing request.
 */
import { z } from 'zod';
import type { OutboxItemKind, OutboxItemState, OutboxItemView } from '../../preload/contract.js';

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
  /** Sent as ClientName / ClientID. */
  clientCompany?: { name?: string; id?: string };
  /** What the draft's figures were when it was queued (builds only). */
  fingerprint?: string;
  jobId?: string;
}

export const OUTBOX_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const outboxItemSchema = z.strictObject({
  id: z.string().regex(OUTBOX_ID),
  kind: z.enum(['ct600-build', 'package-build', 'validation-create']),
  draftId: z.string().max(64).nullable(),
  title: z.string().max(1000),
  state: z.enum(['queued', 'sending', 'done', 'failed', 'cancelled']),
  attempts: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  nextTryAt: z.string().nullable(),
  reason: z.string().max(4000).nullable(),
  clientCompany: z.strictObject({ name: z.string().optional(), id: z.string().optional() }).optional(),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  jobId: z.string().max(200).optional(),
}) satisfies z.ZodType<OutboxItem>;

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
  };
}
