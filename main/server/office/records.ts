/**
 * The office's shared records: push applies desks' changes against the
 * version each was made from, pull hands them out in the order of the
 * change sequence (docs/office.md, "Records, versions and the change
 * sequence"; the rules themselves are in push-plan.ts).
 *
 * A whole push is one transaction under one advisory lock on the change
 * sequence: the lock is held from before the batch takes its first sequence
 * number until its commit, so numbers become visible in the order they were
 * taken and a pull "after n" can never pass over a number that commits later.
 * The batch is read and written in a handful of statements whatever its
 * size, so the lock is held briefly.
 */
import type pg from 'pg';
import type { ChangesReply, OfficeRecord, PushChange, PushResult } from '../../../common/office/protocol.js';
import { recordAudits } from './audit.js';
import type { OfficeCaller } from './office-context.js';
import { inTransaction } from './office-transaction.js';
import { planPush, recordKey, type OfficeHoldings } from './push-plan.js';
import { OFFICE_RECORD_COLUMNS, officeRecordFromRow, type OfficeRecordRow } from './record-rows.js';

/** The advisory lock every writer of the change sequence takes (an arbitrary number no other part of the office uses). */
export const CHANGE_SEQUENCE_LOCK = 0x0ff1ce5e9;

/** A version's row as jsonb_to_recordset reads it back into the tables' columns. */
const RECORD_SET = `jsonb_to_recordset($1::jsonb) AS r(kind text, id text, version integer, seq bigint, body jsonb, deleted boolean,
  attachments text[], changed_by text, changed_on text, changed_at timestamptz)`;

export async function pushChanges(pool: pg.Pool, caller: OfficeCaller, changes: readonly PushChange[], clock: () => Date): Promise<PushResult[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [CHANGE_SEQUENCE_LOCK]);
    const holdings = await holdingsFor(client, changes);
    const unanswered = changes.filter((change) => !holdings.earlier.has(change.changeId)).length;
    const plan = planPush(caller, changes, holdings, await takeSequenceNumbers(client, unanswered), clock());
    await writeVersions(client, plan.applied);
    if (plan.remembered.length > 0) {
      await client.query(
        `INSERT INTO office_applied_changes (change_id, user_name, desk, result)
         SELECT r.change_id, $2, $3, r.result FROM jsonb_to_recordset($1::jsonb) AS r(change_id uuid, result jsonb)`,
        [JSON.stringify(plan.remembered.map((r) => ({ change_id: r.changeId, result: r.result }))), caller.user, caller.desk],
      );
    }
    await recordAudits(
      client,
      plan.applied.map((record) => ({ user: caller.user, desk: caller.desk, action: 'record-changed', kind: record.kind, id: record.id, detail: { version: record.version } })),
    );
    return plan.results;
  });
}

async function holdingsFor(client: pg.PoolClient, changes: readonly PushChange[]): Promise<OfficeHoldings> {
  const earlier = await client.query<{ change_id: string; result: PushResult }>('SELECT change_id, result FROM office_applied_changes WHERE change_id = ANY($1::uuid[])', [
    changes.map((change) => change.changeId),
  ]);
  const named = [...new Set(changes.flatMap((change) => change.attachments))];
  const attachments = named.length === 0 ? { rows: [] } : await client.query<{ sha256: string }>('SELECT sha256 FROM office_attachments WHERE sha256 = ANY($1)', [named]);
  const records = await client.query<OfficeRecordRow>(
    `SELECT ${OFFICE_RECORD_COLUMNS} FROM office_records WHERE (kind, id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [changes.map((change) => change.kind), changes.map((change) => change.id)],
  );
  return {
    earlier: new Map(earlier.rows.map((row) => [row.change_id, row.result])),
    attachments: new Set(attachments.rows.map((row) => row.sha256)),
    records: new Map(records.rows.map((row) => [recordKey(row.kind, row.id), officeRecordFromRow(row)])),
  };
}

async function takeSequenceNumbers(client: pg.PoolClient, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await client.query<{ seq: string }>("SELECT nextval('office_change_seq') AS seq FROM generate_series(1, $1::integer)", [count]);
  return rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
}

/** Every applied version into the history, and each record's last one as its current row. */
async function writeVersions(client: pg.PoolClient, applied: readonly OfficeRecord[]): Promise<void> {
  if (applied.length === 0) return;
  const asRow = (record: OfficeRecord) => ({
    kind: record.kind,
    id: record.id,
    version: record.version,
    seq: record.seq,
    body: record.body,
    deleted: record.deleted,
    attachments: record.attachments,
    changed_by: record.changedBy,
    changed_on: record.changedOn,
    changed_at: record.changedAt,
  });
  const latest = new Map(applied.map((record) => [recordKey(record.kind, record.id), record]));
  await client.query(
    `INSERT INTO office_records (${OFFICE_RECORD_COLUMNS}) SELECT ${OFFICE_RECORD_COLUMNS} FROM ${RECORD_SET}
     ON CONFLICT (kind, id) DO UPDATE SET version = EXCLUDED.version, seq = EXCLUDED.seq, body = EXCLUDED.body, deleted = EXCLUDED.deleted,
       attachments = EXCLUDED.attachments, changed_by = EXCLUDED.changed_by, changed_on = EXCLUDED.changed_on, changed_at = EXCLUDED.changed_at`,
    [JSON.stringify([...latest.values()].map(asRow))],
  );
  await client.query(`INSERT INTO office_record_versions (${OFFICE_RECORD_COLUMNS}) SELECT ${OFFICE_RECORD_COLUMNS} FROM ${RECORD_SET}`, [JSON.stringify(applied.map(asRow))]);
}

/** The current records changed after sequence number `after`, at most `limit`, in sequence order; `last` is where the next pull starts. */
export async function pullChanges(pool: pg.Pool, after: number, limit: number): Promise<ChangesReply> {
  const { rows } = await pool.query<OfficeRecordRow>(`SELECT ${OFFICE_RECORD_COLUMNS} FROM office_records WHERE seq > $1 ORDER BY seq LIMIT $2`, [after, limit + 1]);
  const changes: OfficeRecord[] = rows.slice(0, limit).map(officeRecordFromRow);
  return { changes, last: changes.at(-1)?.seq ?? after, more: rows.length > limit };
}
