/**
 * The office's shared records: push applies desks' changes against the
 * version each was made from, pull hands them out in the order of the
 * change sequence (docs/office.md, "Records, versions and the change
 * sequence").
 *
 * A whole push is one transaction under one advisory lock on the change
 * sequence: the lock is held from before the batch takes its first sequence
 * number until its commit, so numbers become visible in the order they were
 * taken and a pull "after n" can never pass over a number that commits later.
 */
import type pg from 'pg';
import type { ChangesReply, OfficeRecord, PushChange, PushResult } from '../../../common/office/protocol.js';
import { recordAudit } from './audit.js';
import type { OfficeCaller } from './office-context.js';
import { OfficeHttpError } from './office-context.js';
import { inTransaction } from './office-transaction.js';
import { OFFICE_RECORD_COLUMNS, officeRecordFromRow, type OfficeRecordRow } from './record-rows.js';

/** The advisory lock every writer of the change sequence takes (an arbitrary number no other part of the office uses). */
export const CHANGE_SEQUENCE_LOCK = 0x0ff1ce_5e9;

/** PostgreSQL's "untranslatable character": a JSON string holding \u0000, which jsonb cannot keep. */
const UNTRANSLATABLE_CHARACTER = '22P05';

export async function pushChanges(pool: pg.Pool, caller: OfficeCaller, changes: readonly PushChange[], clock: () => Date): Promise<PushResult[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [CHANGE_SEQUENCE_LOCK]);
    const results: PushResult[] = [];
    for (const [index, change] of changes.entries()) {
      results.push(await pushOne(client, caller, change, index, clock));
    }
    return results;
  });
}

async function pushOne(client: pg.PoolClient, caller: OfficeCaller, change: PushChange, index: number, clock: () => Date): Promise<PushResult> {
  const earlier = await client.query<{ result: PushResult }>('SELECT result FROM office_applied_changes WHERE change_id = $1', [change.changeId]);
  if (earlier.rows[0]) return earlier.rows[0].result;

  const missing = await missingOf(client, change.attachments);
  // Not remembered: once the desk has sent the files, the same change must apply.
  if (missing.length > 0) return { status: 'missing-attachments', changeId: change.changeId, missing };

  const current = await client.query<OfficeRecordRow>(`SELECT ${OFFICE_RECORD_COLUMNS} FROM office_records WHERE kind = $1 AND id = $2`, [change.kind, change.id]);
  const theirs = current.rows[0];
  const currentVersion = theirs?.version ?? 0;
  if (!theirs && change.baseVersion !== 0) {
    throw new OfficeHttpError(400, 'invalid', `The office has never had ${change.kind} ${change.id}, so it cannot be changed from version ${change.baseVersion}.`, [
      { field: `changes[${index}].baseVersion`, message: 'must be 0 for a record the office has never had' },
    ]);
  }
  const result: PushResult =
    change.baseVersion === currentVersion
      ? await apply(client, caller, change, index, currentVersion + 1, clock())
      : { status: 'conflict', changeId: change.changeId, theirs: officeRecordFromRow(theirs!) };
  // A conflict is remembered too, so a retry of this change is answered alike rather than against a later version.
  await client.query('INSERT INTO office_applied_changes (change_id, user_name, desk, result) VALUES ($1, $2, $3, $4)', [
    change.changeId,
    caller.user,
    caller.desk,
    JSON.stringify(result),
  ]);
  return result;
}

async function apply(client: pg.PoolClient, caller: OfficeCaller, change: PushChange, index: number, version: number, at: Date): Promise<PushResult> {
  const { rows } = await client.query<{ seq: string }>("SELECT nextval('office_change_seq') AS seq");
  const seq = Number(rows[0]!.seq);
  // The protocol's rule: a deleted record has no body.
  const body = change.deleted ? null : JSON.stringify(change.body ?? null);
  const values = [change.kind, change.id, version, seq, body, change.deleted, change.attachments, caller.user, caller.desk, at];
  try {
    await client.query(
      `INSERT INTO office_records (${OFFICE_RECORD_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (kind, id) DO UPDATE SET version = EXCLUDED.version, seq = EXCLUDED.seq, body = EXCLUDED.body, deleted = EXCLUDED.deleted,
         attachments = EXCLUDED.attachments, changed_by = EXCLUDED.changed_by, changed_on = EXCLUDED.changed_on, changed_at = EXCLUDED.changed_at`,
      values,
    );
  } catch (error) {
    if ((error as { code?: string }).code === UNTRANSLATABLE_CHARACTER) {
      throw new OfficeHttpError(400, 'invalid', `The body of ${change.kind} ${change.id} holds a character the office cannot keep.`, [
        { field: `changes[${index}].body`, message: 'must not contain the NUL character (\\u0000)' },
      ]);
    }
    throw error;
  }
  await client.query(`INSERT INTO office_record_versions (${OFFICE_RECORD_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, values);
  await recordAudit(client, { user: caller.user, desk: caller.desk, action: 'record-changed', kind: change.kind, id: change.id, detail: { version } });
  return { status: 'applied', changeId: change.changeId, version, seq };
}

async function missingOf(client: pg.PoolClient, sha256s: readonly string[]): Promise<string[]> {
  if (sha256s.length === 0) return [];
  const { rows } = await client.query<{ sha256: string }>('SELECT sha256 FROM office_attachments WHERE sha256 = ANY($1)', [sha256s]);
  const present = new Set(rows.map((row) => row.sha256));
  return [...new Set(sha256s)].filter((sha256) => !present.has(sha256));
}

/** The current records changed after sequence number `after`, at most `limit`, in sequence order; `last` is where the next pull starts. */
export async function pullChanges(pool: pg.Pool, after: number, limit: number): Promise<ChangesReply> {
  const { rows } = await pool.query<OfficeRecordRow>(`SELECT ${OFFICE_RECORD_COLUMNS} FROM office_records WHERE seq > $1 ORDER BY seq LIMIT $2`, [after, limit + 1]);
  const changes: OfficeRecord[] = rows.slice(0, limit).map(officeRecordFromRow);
  return { changes, last: changes.at(-1)?.seq ?? after, more: rows.length > limit };
}
