/**
 * What is kept of an outbox state file that failed its checks: when it still
 * names its own item and kind, the item stays on the Outbox screen, failed,
 * with the reason, so the user sees which request it was and can cancel it
 * and queue it again. It is never sent: nothing in a file that broke the
 * rules can be trusted to say which request bytes are its own.
 */
import type { z } from 'zod';
import { clip, MAX_OUTBOX_REASON, MAX_OUTBOX_TITLE, outboxItemSchema, type OutboxItem } from './outbox-item.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const rules = outboxItemSchema.shape;

/** The value if it passes its own rule in the state file's schema, else undefined. */
function valid<T>(rule: z.ZodType<T>, value: unknown): T | undefined {
  const parsed = rule.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function salvage(id: string, raw: unknown, problem: string, movedTo: string, now: Date): OutboxItem | undefined {
  if (!isObject(raw) || raw.id !== id) return undefined;
  const kind = valid(rules.kind, raw.kind);
  if (kind === undefined) return undefined;
  const at = now.toISOString();
  const reason = clip(
    `Its state file broke a rule (${problem}) and was kept as ${movedTo}; this request will not be sent. Cancel it and queue it again from the draft.`,
    MAX_OUTBOX_REASON,
  );
  const title = valid(rules.title, raw.title);
  return {
    id,
    kind,
    draftId: valid(rules.draftId, raw.draftId) ?? null,
    title: title ? clip(title, MAX_OUTBOX_TITLE) : 'An outbox request whose state file could not be read',
    state: 'failed',
    attempts: valid(rules.attempts, raw.attempts) ?? 0,
    createdAt: valid(rules.createdAt, raw.createdAt) ?? at,
    updatedAt: at,
    nextTryAt: null,
    reason,
    cannotSend: reason,
  };
}
