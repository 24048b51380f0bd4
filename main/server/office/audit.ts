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

/** Many entries in one statement (every change of a push), in the order given, in the caller's transaction as recordAudit. */
export async function recordAudits(db: pg.Pool | pg.PoolClient, entries: readonly AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    user_name: entry.user,
    desk: entry.desk,
    action: entry.action,
    kind: entry.kind ?? null,
    id: entry.id ?? null,
    detail: entry.detail === undefined ? null : entry.detail,
  }));
  await db.query(
    `INSERT INTO office_audit (user_name, desk, action, kind, id, detail)
     SELECT user_name, desk, action, kind, id, detail
     FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (user_name text, desk text, action text, kind text, id text, detail jsonb)) WITH ORDINALITY AS entry
     ORDER BY entry.ordinality`,
    [JSON.stringify(rows)],
  );
}
