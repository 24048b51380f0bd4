/**
 * One kind of shared record as this desk stores it: the client book's
 * clients, the CT600 drafts, the accounts drafts. The sync (office-sync.ts)
 * knows nothing of any store: it lists what is here, pushes what changed and
 * hands each record pulled from the office to the adapter of its kind.
 */
import type { OfficeRecord, OfficeRecordKind } from '../../../common/office/protocol.js';

/** A record as this desk holds it now. */
export interface LocalRecord {
  id: string;
  /** Its JSON as the store keeps it; the sync hashes it (canonical JSON) to tell whether it changed since the last sync. */
  body: unknown;
  /** The SHA-256 of each file the record refers to (a draft's attachments), readable with readAttachment. */
  attachments: string[];
}

export interface RecordAdapter {
  readonly kind: OfficeRecordKind;
  /** Every record of this kind on this desk (deleted ones are not listed). */
  list(): Promise<LocalRecord[]>;
  /** One record, or undefined when this desk has none by that id. */
  get(id: string): Promise<LocalRecord | undefined>;
  /** The bytes of one of a record's files, to upload to the office. */
  readAttachment(id: string, sha256: string): Promise<Uint8Array>;
  /**
   * Makes the office's version this desk's: writes the record (replacing this
   * desk's, which the sync has already judged unchanged or the user chose to
   * replace), fetching the files it lacks with `fetchAttachment`; or removes
   * it when `record.deleted`. Must refuse (throw, naming the field and rule)
   * a body its store would not accept, leaving what is here as it was.
   */
  apply(record: OfficeRecord, fetchAttachment: (sha256: string) => Promise<Uint8Array>): Promise<void>;
  /**
   * Many of the office's versions at once, where the store keeps all its
   * records in one file (the client book): one write for a page of the pull
   * instead of one each. Answers each record's error, or null where it was
   * written. Left out, the sync applies them one by one.
   */
  applyMany?(records: OfficeRecord[]): Promise<{ id: string; error: unknown }[]>;
  /** What the record is, in the user's words, for conflicts and notices ("Acme Trading Ltd"). */
  title(body: unknown): string;
  /** Where two versions differ, field by field in the user's words, for the conflict's side-by-side view. */
  differences(mine: unknown, theirs: unknown): { field: string; label: string; mine: string; theirs: string }[];
}
