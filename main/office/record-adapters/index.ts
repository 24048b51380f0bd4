/**
 * Every kind of record this desk shares through the office, each with the
 * store it reads and writes. The sync goes through them in this order:
 * clients before the drafts that name them.
 */
import type { AccountsDrafts } from '../../store/accounts-drafts.js';
import type { ClientBook } from '../../store/client-book.js';
import type { DraftStore } from '../../store/draft-store.js';
import { AccountsRecords } from './accounts-records.js';
import { ClientRecords } from './client-records.js';
import { DraftRecords } from './draft-records.js';
import type { RecordAdapter } from './record-adapter.js';

export interface RecordAdapterStores {
  clientBook: ClientBook;
  /**
   * The CT600 drafts and the accounts drafts: each kind is shared once its
   * store is given. Give the same instance the window's handlers use, so the
   * sync's writes join that store's queue for each draft.
   */
  drafts?: DraftStore;
  accountsDrafts?: AccountsDrafts;
}

export function createRecordAdapters(stores: RecordAdapterStores): RecordAdapter[] {
  return [
    new ClientRecords(stores.clientBook),
    ...(stores.drafts ? [new DraftRecords(stores.drafts)] : []),
    ...(stores.accountsDrafts ? [new AccountsRecords(stores.accountsDrafts)] : []),
  ];
}
