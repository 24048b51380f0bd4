/**
 * A row of office_records (or office_record_versions) as the protocol's
 * officeRecord. PostgreSQL hands bigint back as a string and timestamptz as a
 * Date; the desks see numbers and ISO times.
 */
import type { OfficeRecord, OfficeRecordKind } from '../../../common/office/protocol.js';

export interface OfficeRecordRow {
  kind: string;
  id: string;
  version: number;
  seq: string | number;
  body: unknown;
  deleted: boolean;
  attachments: string[];
  changed_by: string;
  changed_on: string;
  changed_at: Date;
}

/** The columns officeRecordFromRow reads, for SELECTs from either table. */
export const OFFICE_RECORD_COLUMNS = 'kind, id, version, seq, body, deleted, attachments, changed_by, changed_on, changed_at';

export function officeRecordFromRow(row: OfficeRecordRow): OfficeRecord {
  return {
    kind: row.kind as OfficeRecordKind,
    id: row.id,
    version: row.version,
    seq: Number(row.seq),
    body: row.body,
    deleted: row.deleted,
    attachments: row.attachments,
    changedBy: row.changed_by,
    changedOn: row.changed_on,
    changedAt: row.changed_at.toISOString(),
  };
}
