/**
 * The client book's clients as office records: each client is one record
 * of kind `client`, its id the client's id and its body the client exactly
 * as `clients.json` holds it. Archived clients are shared too (archiving is
 * a change like any other); clients are never removed from a book, so a
 * deletion from the office is refused rather than acted on.
 */
import type { OfficeRecord } from '../../../common/office/protocol.js';
import type { Client } from '../../../preload/contract.js';
import type { ClientBook } from '../../store/client-book.js';
import { StoreError } from '../../store/store-error.js';
import type { LocalRecord, RecordAdapter } from './record-adapter.js';

/** The fields a conflict shows side by side, in the Clients screen's words. */
const SHOWN_FIELDS: { field: keyof Client; label: string }[] = [
  { field: 'companyName', label: 'Company name' },
  { field: 'utr', label: 'UTR' },
  { field: 'registrationNumber', label: 'Company number' },
  { field: 'periodEnd', label: 'Period end' },
  { field: 'serviceClientName', label: 'Filing service client name' },
  { field: 'serviceClientId', label: 'Filing service client ID' },
  { field: 'associatedCompanies', label: 'Associated companies' },
  { field: 'archived', label: 'Archived' },
  { field: 'incorporatedOn', label: 'Incorporated on' },
  { field: 'instalments', label: 'Quarterly instalments' },
  { field: 'lateTwiceBefore', label: 'Late with the two returns before' },
  { field: 'accountsLateBefore', label: 'Accounts late the year before' },
  { field: 'periods', label: 'Periods of account' },
];

const asRecord = (client: Client): LocalRecord => ({ id: client.id, body: client, attachments: [] });

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export class ClientRecords implements RecordAdapter {
  readonly kind = 'client' as const;

  constructor(private readonly book: ClientBook) {}

  async list(): Promise<LocalRecord[]> {
    // A book set aside or left read-only is not this desk's clients: syncing it would share a loss.
    const notice = await this.book.notice();
    if (notice) throw new StoreError('failed', `The client book was ${notice.reason} (kept as ${notice.keptAs}); clients are not synced until it is sorted out.`);
    const clients = await this.book.list({ query: '', includeArchived: true });
    return clients.map(asRecord);
  }

  async get(id: string): Promise<LocalRecord | undefined> {
    const client = await this.book.get(id);
    return client ? asRecord(client) : undefined;
  }

  async readAttachment(id: string, sha256: string): Promise<Uint8Array> {
    throw new StoreError('not-found', `A client has no files; the client ${id} names none, so ${sha256} is not one of its files.`);
  }

  async apply(record: OfficeRecord): Promise<void> {
    if (record.deleted) {
      throw new StoreError('invalid', `The office removed the client ${record.id}, but clients are archived, never removed; this desk keeps it.`, [{ field: 'deleted', message: 'a client cannot be removed' }]);
    }
    await this.book.putFromOffice(record.id, record.body);
  }

  async applyMany(records: OfficeRecord[]): Promise<{ id: string; error: unknown }[]> {
    const removed = records.filter((r) => r.deleted);
    const written = await this.book.putManyFromOffice(records.filter((r) => !r.deleted).map((r) => ({ id: r.id, body: r.body })));
    return [
      ...removed.map((r) => ({ id: r.id, error: new StoreError('invalid', `The office removed the client ${r.id}, but clients are archived, never removed; this desk keeps it.`, [{ field: 'deleted', message: 'a client cannot be removed' }]) })),
      ...written,
    ];
  }

  title(body: unknown): string {
    const name = (body as { companyName?: unknown } | null)?.companyName;
    return typeof name === 'string' && name !== '' ? name : 'A client without a name';
  }

  differences(mine: unknown, theirs: unknown): { field: string; label: string; mine: string; theirs: string }[] {
    const a = (mine ?? {}) as Record<string, unknown>;
    const b = (theirs ?? {}) as Record<string, unknown>;
    return SHOWN_FIELDS.map(({ field, label }) => ({ field, label, mine: shown(a[field]), theirs: shown(b[field]) })).filter((d) => d.mine !== d.theirs);
  }
}
