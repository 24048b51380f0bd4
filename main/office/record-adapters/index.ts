/**
 * Every kind of record this desk shares through the office, each with the
 * store it reads and writes. The sync goes through them in this order.
 */
import type { ClientBook } from '../../store/client-book.js';
import { ClientRecords } from './client-records.js';
import type { RecordAdapter } from './record-adapter.js';

export interface RecordAdapterStores {
  clientBook: ClientBook;
}

export function createRecordAdapters(stores: RecordAdapterStores): RecordAdapter[] {
  return [new ClientRecords(stores.clientBook)];
}
