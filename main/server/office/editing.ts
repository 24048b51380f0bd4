/**
 * Who has which record open, so a desk can say "open on another desk" before
 * two people edit the same client. A desk repeats its "open" as a heartbeat;
 * an entry not seen for EDITING_LAPSE_SECONDS is taken as gone (its desk
 * closed without saying so, or lost the office).
 */
import type pg from 'pg';
import { EDITING_LAPSE_SECONDS, type OfficeRecordKind } from '../../../common/office/protocol.js';
import type { OfficeCaller } from './office-context.js';

export interface EditingEntry {
  kind: OfficeRecordKind;
  id: string;
  user: string;
  desk: string;
  since: string;
}

/** This desk has the record open: a new entry, or the heartbeat of one already there (its `since` kept). */
export async function openEditing(pool: pg.Pool, caller: OfficeCaller, kind: OfficeRecordKind, id: string, clock: () => Date): Promise<void> {
  const now = clock();
  const lapsed = new Date(now.getTime() - EDITING_LAPSE_SECONDS * 1000);
  // An entry that had lapsed is a new opening: its `since` starts again.
  await pool.query(
    `INSERT INTO office_editing (kind, id, user_name, desk, since, seen_at) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (kind, id, user_name, desk) DO UPDATE SET seen_at = EXCLUDED.seen_at,
       since = CASE WHEN office_editing.seen_at < $6 THEN EXCLUDED.since ELSE office_editing.since END`,
    [kind, id, caller.user, caller.desk, now, lapsed],
  );
  // Entries that lapsed long ago are only clutter; removed here, on a write, rather than on every look.
  await pool.query('DELETE FROM office_editing WHERE seen_at < $1', [new Date(now.getTime() - 10 * EDITING_LAPSE_SECONDS * 1000)]);
}

/** This desk closed the record. */
export async function closeEditing(pool: pg.Pool, caller: OfficeCaller, kind: OfficeRecordKind, id: string): Promise<void> {
  await pool.query('DELETE FROM office_editing WHERE kind = $1 AND id = $2 AND user_name = $3 AND desk = $4', [kind, id, caller.user, caller.desk]);
}

/** Every record open somewhere, seen within the lapse, oldest first. */
export async function listEditing(pool: pg.Pool, clock: () => Date): Promise<EditingEntry[]> {
  const since = new Date(clock().getTime() - EDITING_LAPSE_SECONDS * 1000);
  const { rows } = await pool.query<{ kind: OfficeRecordKind; id: string; user_name: string; desk: string; since: Date }>(
    'SELECT kind, id, user_name, desk, since FROM office_editing WHERE seen_at >= $1 ORDER BY since, kind, id, user_name, desk',
    [since],
  );
  return rows.map((row) => ({ kind: row.kind, id: row.id, user: row.user_name, desk: row.desk, since: row.since.toISOString() }));
}
