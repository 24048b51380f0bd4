/**
 * CT600 drafts (and report package drafts: the same store) as office records.
 * The body is the draft's record as `<data>/drafts/<id>.json` holds it, less
 * what belongs to this desk alone:
 *
 * - `changedAt`: this desk's clock at its last change, which the window uses
 *   to tell the newer of two answers; writing another desk's version gives it
 *   a time later than this desk's own, so it is this desk's, not the draft's.
 *   Carried, a save that changed nothing would be a change to push.
 * - `lastBuild` and `lastValidation`: the return built here (`last-build.xml`
 *   beside the draft, with the IRmark of this build) and the validation of
 *   that build. The desk that files builds again, as after a `.fdesk`
 *   transfer; a build kept here still counts only while the form and files it
 *   was made from are unchanged (its fingerprint says so).
 *
 * The attachments travel as files under their SHA-256, as the store keeps
 * them. A version from the office is checked against the store's own schema
 * and attachment rules, its missing files fetched and checked against their
 * SHA-256, and only then written, by the store, in the draft's queue: a
 * failed fetch or a refused body leaves this desk's draft as it was.
 */
import type { OfficeRecord } from '../../../common/office/protocol.js';
import { MAX_DRAFT_ATTACHMENT_BYTES } from '../../../preload/contract.js';
import { attachmentBytes, attachmentErrors, sha256Of, storeBytes } from '../../store/draft-files.js';
import { readDraftText, type DraftRecord } from '../../store/draft-record.js';
import type { DraftStore } from '../../store/draft-store.js';
import { StoreError } from '../../store/store-error.js';
import { draftDifferences, draftTitle } from './draft-record-words.js';
import type { LocalRecord, RecordAdapter } from './record-adapter.js';

/** The draft as it travels: the stored record less this desk's own fields (see above). */
export type DraftBody = Omit<DraftRecord, 'changedAt' | 'lastBuild' | 'lastValidation'>;

export function draftBodyOf(record: DraftRecord): DraftBody {
  const { changedAt: _changedAt, lastBuild: _lastBuild, lastValidation: _lastValidation, ...body } = record;
  // A draft written before filing existed has no `filed`: the same as not filed, and one way to say it.
  return { ...body, filed: record.filed ?? null };
}

const uniqueHashes = (record: Pick<DraftRecord, 'attachments'>) => [...new Set(record.attachments.map((a) => a.sha256))];

export class DraftRecords implements RecordAdapter {
  readonly kind = 'draft' as const;

  constructor(private readonly drafts: DraftStore) {}

  async list(): Promise<LocalRecord[]> {
    const { drafts } = await this.drafts.list();
    const records: LocalRecord[] = [];
    for (const summary of drafts) {
      const local = await this.get(summary.id);
      if (local) records.push(local);
    }
    return records;
  }

  async get(id: string): Promise<LocalRecord | undefined> {
    const record = await this.recordHere(id);
    return record && { id, body: draftBodyOf(record), attachments: uniqueHashes(record) };
  }

  async readAttachment(id: string, sha256: string): Promise<Uint8Array> {
    const attachment = (await this.drafts.record(id)).attachments.find((a) => a.sha256 === sha256);
    if (!attachment) throw new StoreError('not-found', 'That file is not attached to the draft.', [{ field: 'sha256', message: 'names no file of this draft' }]);
    return attachmentBytes(this.drafts, id, attachment);
  }

  async apply(record: OfficeRecord, fetchAttachment: (sha256: string) => Promise<Uint8Array>): Promise<void> {
    if (record.deleted) return this.trash(record.id);
    const body = checkedBody(record);
    const fetched: string[] = [];
    let previous: DraftRecord | undefined;
    try {
      await this.drafts.putFromOffice(record.id, async (current) => {
        previous = current;
        for (const attachment of body.attachments) {
          if (fetched.includes(attachment.sha256) || (await this.isHere(record.id, attachment))) continue;
          const bytes = await fetchAttachment(attachment.sha256);
          if (bytes.byteLength > MAX_DRAFT_ATTACHMENT_BYTES || sha256Of(bytes) !== attachment.sha256) {
            throw new StoreError('failed', `The office's copy of ${attachment.fileName} is not the file the draft names (its SHA-256 differs); the draft here is unchanged.`, [
              { field: 'attachments', message: `${attachment.fileName} does not match its SHA-256` },
            ]);
          }
          if ((await storeBytes(this.drafts, record.id, bytes, attachment.sha256)).created) fetched.push(attachment.sha256);
        }
        // changedAt is the store's to give (later than this desk's); the build and validation made here stay.
        return { ...body, changedAt: '', lastBuild: current?.lastBuild ?? null, lastValidation: current?.lastValidation ?? null };
      });
    } catch (error) {
      // Files fetched for a version that was not written are not this desk's: removed unless a draft here uses them.
      for (const sha256 of fetched) await this.drafts.removeUnusedBytes(record.id, sha256);
      throw error;
    }
    // The files only the replaced version used go, as a detach in the window removes them.
    const kept = new Set(body.attachments.map((a) => a.sha256));
    for (const sha256 of previous ? uniqueHashes(previous) : []) if (!kept.has(sha256)) await this.drafts.removeUnusedBytes(record.id, sha256);
  }

  title(body: unknown): string {
    return draftTitle(body);
  }

  differences(mine: unknown, theirs: unknown) {
    return draftDifferences(mine, theirs);
  }

  /** The draft as it is here, or undefined when this desk has none (deleted ones are in the trash, not here). */
  private async recordHere(id: string): Promise<DraftRecord | undefined> {
    try {
      return await this.drafts.record(id);
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'not-found') return undefined;
      throw error;
    }
  }

  private async isHere(id: string, attachment: DraftRecord['attachments'][number]): Promise<boolean> {
    return attachmentBytes(this.drafts, id, attachment).then(
      () => true,
      () => false,
    );
  }

  /** As a deletion in the window: to the trash, where it can be restored. A draft this desk never had, or already deleted, needs nothing. */
  private async trash(id: string): Promise<void> {
    if (!(await this.recordHere(id))) return;
    await this.drafts.delete(id);
  }
}

/** The office's body as a draft record this store accepts, or a refusal naming the field and the rule. */
function checkedBody(record: OfficeRecord): DraftBody {
  const refuse = (field: string, message: string) =>
    new StoreError('invalid', `The office's version of draft ${record.id} cannot be kept here: ${field} ${message}. The draft here is unchanged.`, [{ field, message }]);
  const raw = record.body;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw refuse('body', 'must be a draft record (a JSON object)');
  // The store's own reader decides, as for a file on disk: schema version, every field, the id matching.
  const read = readDraftText(JSON.stringify({ ...raw, changedAt: '', lastBuild: null, lastValidation: null }), record.id);
  if (!read.ok) {
    // The reader says "its <field> <rule>"; a newer version's draft or a wrong id say which field in words.
    const named = /^its (\S+) (.+)$/.exec(read.reason);
    if (named) throw refuse(named[1]!, named[2]!);
    throw refuse(read.newer ? 'schemaVersion' : read.reason.includes('id inside') ? 'id' : 'body', read.newer ? `is of a draft ${read.reason}; update Filing Desk` : read.reason);
  }
  const body = draftBodyOf(read.record);
  body.attachments.forEach((attachment, i) => {
    const errors = attachmentErrors({ kind: body.kind, attachments: body.attachments.slice(0, i) }, attachment, `attachments.${i}.`);
    if (errors[0]) throw refuse(errors[0].field, errors[0].message);
    if (!record.attachments.includes(attachment.sha256)) throw refuse(`attachments.${i}.sha256`, 'names a file the office record does not list');
  });
  return body;
}
