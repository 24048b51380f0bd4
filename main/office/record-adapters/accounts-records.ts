/**
 * Accounts drafts as office records. The body is the draft's record as
 * `<data>/accounts/<id>.json` holds it, less `changedAt`: this desk's clock
 * at its last change, which the window uses to tell the newer of two answers
 * (writing another desk's version gives it a time later than this desk's
 * own), so carried, a save that changed nothing would be a change to push.
 *
 * Unlike a CT600 draft's build, the accounts' last build travels: the built
 * XHTML is kept under its SHA-256 like the trial balance, it is what a CT600
 * draft attaches (`attachedTo`) and what Companies House is sent, so the
 * desk that files sends the very accounts that were checked and attached.
 * Both files travel as the record's attachments. A version from the office
 * is checked against the store's schema, its missing files fetched and
 * checked against their SHA-256, and only then written by the store: a
 * failed fetch or a refused body leaves this desk's draft as it was.
 */
import type { OfficeRecord } from '../../../common/office/protocol.js';
import { MAX_TRIAL_BALANCE_BYTES } from '../../../preload/contract-accounts.js';
import { createHash } from 'node:crypto';
import { accountsRecordSchema, type AccountsRecord } from '../../store/accounts-record.js';
import { MAX_BUILT_ACCOUNTS_BYTES, type AccountsDrafts } from '../../store/accounts-drafts.js';
import { StoreError } from '../../store/store-error.js';
import { accountsDifferences, accountsTitle } from './accounts-record-words.js';
import type { LocalRecord, RecordAdapter } from './record-adapter.js';

export type AccountsBody = Omit<AccountsRecord, 'changedAt'>;

export function accountsBodyOf(record: AccountsRecord): AccountsBody {
  const { changedAt: _changedAt, ...body } = record;
  return body;
}

/** A file the record names: the trial balance export or the built accounts, read back through the store's own checks. */
interface NamedFile {
  field: 'trialBalance' | 'lastBuild';
  sha256: string;
  fileName: string;
  maxBytes: number;
}

function filesOf(record: AccountsBody): NamedFile[] {
  const files: NamedFile[] = [];
  if (record.trialBalance) files.push({ field: 'trialBalance', sha256: record.trialBalance.sha256, fileName: record.trialBalance.fileName, maxBytes: MAX_TRIAL_BALANCE_BYTES });
  if (record.lastBuild && record.lastBuild.sha256 !== record.trialBalance?.sha256) {
    files.push({ field: 'lastBuild', sha256: record.lastBuild.sha256, fileName: record.lastBuild.fileName, maxBytes: MAX_BUILT_ACCOUNTS_BYTES });
  }
  return files;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class AccountsRecords implements RecordAdapter {
  readonly kind = 'accounts' as const;

  constructor(private readonly accounts: AccountsDrafts) {}

  async list(): Promise<LocalRecord[]> {
    const { drafts } = await this.accounts.list();
    const records: LocalRecord[] = [];
    for (const summary of drafts) {
      const local = await this.get(summary.id);
      if (local) records.push(local);
    }
    return records;
  }

  async get(id: string): Promise<LocalRecord | undefined> {
    const record = await this.recordHere(id);
    if (!record) return undefined;
    const body = accountsBodyOf(record);
    return { id, body, attachments: filesOf(body).map((f) => f.sha256) };
  }

  async readAttachment(id: string, sha256: string): Promise<Uint8Array> {
    const record = accountsBodyOf(await this.accounts.record(id));
    const file = filesOf(record).find((f) => f.sha256 === sha256);
    if (!file) throw new StoreError('not-found', 'That file is not kept with the accounts draft.', [{ field: 'sha256', message: 'names no file of this accounts draft' }]);
    return this.storedBytes(record, file);
  }

  async apply(record: OfficeRecord, fetchAttachment: (sha256: string) => Promise<Uint8Array>): Promise<void> {
    if (record.deleted) {
      if (await this.recordHere(record.id)) await this.accounts.moveToTrash(record.id);
      return;
    }
    const body = checkedBody(record);
    const fetched: Uint8Array[] = [];
    for (const file of filesOf(body)) {
      const here = await this.storedBytes(body, file).then(
        () => true,
        () => false,
      );
      if (here) continue;
      const bytes = await fetchAttachment(file.sha256);
      if (bytes.byteLength > file.maxBytes || sha256Of(bytes) !== file.sha256) {
        throw new StoreError('failed', `The office's copy of ${file.fileName} is not the file the accounts draft names (its SHA-256 differs); the draft here is unchanged.`, [
          { field: file.field, message: `${file.fileName} does not match its SHA-256` },
        ]);
      }
      fetched.push(bytes);
    }
    // changedAt is the store's to give: later than this desk's own.
    await this.accounts.putFromOffice({ ...body, changedAt: '' }, fetched);
  }

  title(body: unknown): string {
    return accountsTitle(body);
  }

  differences(mine: unknown, theirs: unknown) {
    return accountsDifferences(mine, theirs);
  }

  private storedBytes(record: AccountsBody, file: NamedFile): Promise<Uint8Array> {
    return file.field === 'trialBalance' ? this.accounts.trialBalanceBytes(record) : this.accounts.builtBytes(record);
  }

  private async recordHere(id: string): Promise<AccountsRecord | undefined> {
    try {
      return await this.accounts.record(id);
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'not-found') return undefined;
      throw error;
    }
  }
}

/** The office's body as an accounts record this store accepts, or a refusal naming the field and the rule. */
function checkedBody(record: OfficeRecord): AccountsBody {
  const refuse = (field: string, message: string) =>
    new StoreError('invalid', `The office's version of accounts draft ${record.id} cannot be kept here: ${field} ${message}. The draft here is unchanged.`, [{ field, message }]);
  const raw = record.body;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw refuse('body', 'must be an accounts draft record (a JSON object)');
  // The store's own schema decides, as for a file on disk.
  const parsed = accountsRecordSchema.safeParse({ ...raw, changedAt: '' });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuse(issue.path.join('.') || 'body', issue.message.toLowerCase());
  }
  if (parsed.data.id !== record.id) throw refuse('id', `must be the record's id (${record.id})`);
  const body = accountsBodyOf(parsed.data);
  for (const file of filesOf(body)) {
    if (!record.attachments.includes(file.sha256)) throw refuse(`${file.field}.sha256`, 'names a file the office record does not list');
  }
  return body;
}
