/**
 * A draft HMRC accepted is Filed: it records which submission and when, and
 * is read-only (saving, attaching, detaching and building are refused, by
 * field, in words) until the user starts an amendment, which makes the
 * return an amended one and keeps the submission history as it was.
 */
import type { Draft, FilingEnvironment } from '../../preload/contract.js';
import { toDraft, type DraftRecord } from './draft-record.js';
import { StoreError } from './store-error.js';

/** What marking and amending need of the draft store (DraftStore has it): the store's own queued, durable change. */
export interface DraftUpdater {
  update(id: string, change: (record: DraftRecord) => Promise<DraftRecord> | DraftRecord): Promise<DraftRecord>;
}

const ukDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const WHERE: Record<FilingEnvironment, string> = { live: 'HMRC', til: 'HMRC in Test in Live', ets: 'HMRC’s external test service' };

/** Throws the field error a change to a Filed draft gets; does nothing for a draft that is not Filed. */
export function refuseIfFiled(record: Pick<DraftRecord, 'filed'>): void {
  const filed = record.filed;
  if (!filed) return;
  const message = `This return was filed with ${WHERE[filed.environment]} on ${ukDate(filed.acceptedAt)}; start an amendment to change it`;
  throw new StoreError('invalid', `${message}. Nothing was changed.`, [{ field: 'filed', message }]);
}

/** Records HMRC's acceptance on the draft the submission was made from. */
export async function markFiled(store: DraftUpdater, draftId: string, filed: NonNullable<DraftRecord['filed']>): Promise<Draft> {
  return toDraft(await store.update(draftId, (current) => ({ ...current, filed })));
}

/**
 * drafts.amend: the draft becomes editable again as an amended return (the
 * wizard's return type, CT600 "ReturnType amended"). The submissions stay in
 * the filing history; the amended return is a new submission, sent with the
 * user's confirmation.
 */
export async function amendDraft(store: DraftUpdater, draftId: string): Promise<Draft> {
  return toDraft(
    await store.update(draftId, (current) => {
      if (!current.filed) {
        throw new StoreError('invalid', 'This return has not been filed, so there is nothing to amend; change it and build it as usual.', [
          { field: 'draftId', message: 'names a draft that is not filed' },
        ]);
      }
      const values = current.form.values && typeof current.form.values === 'object' ? (current.form.values as Record<string, unknown>) : {};
      return { ...current, filed: null, form: { ...current.form, values: { ...values, returnType: 'amended' } } };
    }),
  );
}

/** The draft a submission was made from becomes Filed when HMRC accepts it; a draft deleted since is left alone. */
export function fileDraftOnAcceptance(store: DraftUpdater) {
  return async (record: { draftId?: string; transactionId: string; environment: FilingEnvironment; outcome?: { kind: string; acceptedTime?: string } }): Promise<void> => {
    if (!record.draftId || record.outcome?.kind !== 'accepted') return;
    const filed = { transactionId: record.transactionId, acceptedAt: record.outcome.acceptedTime ?? new Date().toISOString(), environment: record.environment };
    try {
      await markFiled(store, record.draftId, filed);
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'not-found') return;
      throw error;
    }
  };
}
