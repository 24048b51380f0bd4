/**
 * What a push does, decided from what the office holds: for each change its
 * answer, and every version it applies. Kept apart from the database so the
 * rules (docs/office.md, "Records, versions and the change sequence") read
 * in one place and the push writes the whole batch in a few statements.
 */
import type { OfficeRecord, PushChange, PushResult } from '../../../common/office/protocol.js';
import { OfficeHttpError, type OfficeCaller } from './office-context.js';

/** What the office holds that a batch's answers depend on. */
export interface OfficeHoldings {
  /** Answers already given, by change id. */
  earlier: ReadonlyMap<string, PushResult>;
  /** The files the batch names that the office has. */
  attachments: ReadonlySet<string>;
  /** The current version of each record the batch names, by recordKey. */
  records: ReadonlyMap<string, OfficeRecord>;
}

export interface PushPlan {
  /** One answer per change, in the batch's order. */
  results: PushResult[];
  /** Every version applied, in sequence order: each a history row, the last of each record its current row. */
  applied: OfficeRecord[];
  /** Answers to keep by change id, so a retry is answered alike (a missing file is not kept: once sent, the change must apply). */
  remembered: { changeId: string; result: PushResult }[];
}

export const recordKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * `seqs` are the sequence numbers taken for this batch, ascending, at least
 * one for each change not answered before; those a conflict leaves unused are
 * gaps in the sequence, which pulls pass over.
 */
export function planPush(caller: OfficeCaller, changes: readonly PushChange[], holdings: OfficeHoldings, seqs: readonly number[], at: Date): PushPlan {
  const answered = new Map(holdings.earlier);
  const records = new Map(holdings.records);
  const plan: PushPlan = { results: [], applied: [], remembered: [] };
  let nextSeq = 0;
  for (const [index, change] of changes.entries()) {
    const earlier = answered.get(change.changeId);
    if (earlier) {
      plan.results.push(earlier);
      continue;
    }
    const missing = [...new Set(change.attachments)].filter((sha256) => !holdings.attachments.has(sha256));
    if (missing.length > 0) {
      const result: PushResult = { status: 'missing-attachments', changeId: change.changeId, missing };
      answered.set(change.changeId, result);
      plan.results.push(result);
      continue;
    }
    const key = recordKey(change.kind, change.id);
    const theirs = records.get(key);
    if (!theirs && change.baseVersion !== 0) {
      throw new OfficeHttpError(400, 'invalid', `The office has never had ${change.kind} ${change.id}, so it cannot be changed from version ${change.baseVersion}.`, [
        { field: `changes[${index}].baseVersion`, message: 'must be 0 for a record the office has never had' },
      ]);
    }
    let result: PushResult;
    if ((theirs?.version ?? 0) === change.baseVersion) {
      const seq = seqs[nextSeq++];
      if (seq === undefined) throw new Error('a push was given fewer sequence numbers than changes to apply');
      const applied = appliedVersion(caller, change, index, (theirs?.version ?? 0) + 1, seq, at);
      records.set(key, applied);
      plan.applied.push(applied);
      result = { status: 'applied', changeId: change.changeId, version: applied.version, seq };
    } else {
      result = { status: 'conflict', changeId: change.changeId, theirs: theirs! };
    }
    answered.set(change.changeId, result);
    plan.results.push(result);
    plan.remembered.push({ changeId: change.changeId, result });
  }
  return plan;
}

function appliedVersion(caller: OfficeCaller, change: PushChange, index: number, version: number, seq: number, at: Date): OfficeRecord {
  // The protocol's rule: a deleted record has no body.
  const body = change.deleted ? null : (change.body ?? null);
  if (holdsNul(body)) {
    throw new OfficeHttpError(400, 'invalid', `The body of ${change.kind} ${change.id} holds a character the office cannot keep.`, [
      { field: `changes[${index}].body`, message: 'must not contain the NUL character (\\u0000), which PostgreSQL cannot keep in JSON' },
    ]);
  }
  return {
    kind: change.kind,
    id: change.id,
    version,
    seq,
    body,
    deleted: change.deleted,
    attachments: change.attachments,
    changedBy: caller.user,
    changedOn: caller.desk,
    changedAt: at.toISOString(),
  };
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
  return false;
}
