/**
 * The audit trail: every applied change, sign-in, claim and user change,
 * with who and when. Written in the same transaction as what it records
 * (pass the transaction's client), so the trail never claims a change that
 * was rolled back nor misses one that was kept.
 */
import type pg from 'pg';

export interface AuditEntryInput {
  user: string;
  desk: string | null;
  /** What happened, as a short fixed word: 'sign-in', 'sign-in-refused', 'record-changed', 'claim-taken', 'claim-released', 'user-added', 'user-removed'… */
  action: string;
  kind?: string | null;
  id?: string | null;
  detail?: unknown;
}

export async function recordAudit(db: pg.Pool | pg.PoolClient, entry: AuditEntryInput): Promise<void> {
  await db.query('INSERT INTO office_audit (user_name, desk, action, kind, id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.user,
    entry.desk,
    entry.action,
    entry.kind ?? null,
    entry.id ?? null,
    entry.detail === undefined ? null : JSON.stringify(entry.detail),
  ]);
}
