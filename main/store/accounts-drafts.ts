/**
 * Accounts drafts: one per client and period, each a JSON file under the data
 * folder's `accounts/` written atomically, with its files beside it in
 * `accounts/<id>.files/` stored under the SHA-256 of their bytes (the trial
 * balance export and each built XHTML). A file's bytes are written before
 * the record that points at them, so a crash or a failed write leaves the
 * draft as it was: a failed build never replaces the last good one, and a
 * trial balance that could not be stored leaves the one kept before.
 */
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { emptyAccountsAnswers, MAX_TRIAL_BALANCE_BYTES, type AccountsAnswers, type AccountsAttachedReturn, type AccountsDraft, type AccountsDraftList, type AccountsStandard } from '../../preload/contract-accounts.js';
import type { UnreadableDraftFile } from '../../preload/contract-drafts.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from './data-folder.js';
import { DRAFT_ID } from './draft-store.js';
import { nextChangedAt } from './draft-record.js';
import { ACCOUNTS_RECORD_VERSION, accountsRecordSchema, buildInputOf, summaryOf, toAccountsDraft, type AccountsRecord } from './accounts-record.js';
import { readRegularFile, readRegularText } from './regular-file.js';
import { SerialQueue } from './serial-queue.js';
import { StoreError } from './store-error.js';
import { describeFsError, fileStamp, isMissing, nodeStoreFs, type StoreFs } from './store-fs.js';

export const ACCOUNTS_FOLDER = 'accounts';
/** A built accounts document: the XHTML of a small company's accounts is tens of kilobytes; HMRC takes 25 MB in all. */
export const MAX_BUILT_ACCOUNTS_BYTES = 25 * 1024 * 1024;
const MAX_RECORD_BYTES = 2 * 1024 * 1024;
const RECORD_FILE = /^([A-Za-z0-9][A-Za-z0-9-]{0,63})\.json$/;

export interface AccountsDraftsOptions {
  dataDir: string;
  fs?: StoreFs;
  clock?: () => Date;
  idGenerator?: () => string;
  log?: (message: string) => void;
}

export interface NewAccountsDraft {
  clientId: string;
  companyName: string;
  companyNumber: string;
  periodFrom: string;
  periodTo: string;
  standard: AccountsStandard;
}

export interface BuiltAccounts {
  xhtml: Uint8Array;
  fileName: string;
  profitBeforeTax: number;
  profitLoss: number;
  balanceSheetTotal: number;
}

const sha256Of = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export function checkAccountsId(id: string): void {
  if (!DRAFT_ID.test(id)) throw new StoreError('invalid', 'That accounts draft id is not valid.', [{ field: 'id', message: 'is not a valid id' }]);
}

export class AccountsDrafts {
  readonly dataDir: string;
  readonly fs: StoreFs;
  private readonly dir: string;
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly log: (message: string) => void;
  private readonly lanes = new Map<string, SerialQueue>();

  constructor(options: AccountsDraftsOptions) {
    this.dataDir = options.dataDir;
    this.dir = join(options.dataDir, ACCOUNTS_FOLDER);
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.idGenerator ?? randomUUID;
    this.log = options.log ?? ((message) => console.warn(`accounts drafts: ${message}`));
  }

  /** What the last build was made from, hashed. */
  fingerprint(record: AccountsRecord): string {
    return sha256Of(buildInputOf(record));
  }

  async list(): Promise<AccountsDraftList> {
    const unreadable: UnreadableDraftFile[] = [];
    let names: string[];
    try {
      if (!(await checkDataFolder(this.fs, this.dataDir, ACCOUNTS_FOLDER, { create: false }))) return { drafts: [], unreadable };
      names = (await this.fs.readdir(this.dir)).map(String);
    } catch (error) {
      throw new StoreError('failed', `Could not list the accounts drafts: ${describeFsError(error).replace('refused the write', 'refused the read')}.`);
    }
    const drafts: AccountsDraft[] = [];
    for (const name of names) {
      const id = RECORD_FILE.exec(name)?.[1];
      if (!id) continue;
      const read = await this.lane(id).run(() => this.read(id));
      if (read.ok) drafts.push(toAccountsDraft(read.record, (r) => this.fingerprint(r)));
      else if (read.problem === 'newer') unreadable.push({ fileName: name, movedTo: name, reason: read.reason });
      else if (read.problem !== 'missing') unreadable.push(await this.moveAside(name, read.reason));
    }
    drafts.sort((a, b) => (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : 0));
    return { drafts: drafts.map(summaryOf), unreadable };
  }

  async create(request: NewAccountsDraft): Promise<AccountsDraft> {
    const now = this.clock().toISOString();
    const record: AccountsRecord = {
      id: this.newId(),
      schemaVersion: ACCOUNTS_RECORD_VERSION,
      createdAt: now,
      changedAt: now,
      ...request,
      trialBalance: null,
      mapping: {},
      answers: emptyAccountsAnswers(),
      lastBuild: null,
      attachedTo: null,
    };
    checkAccountsId(record.id);
    await this.lane(record.id).run(() => this.write(record));
    return this.draftOf(record);
  }

  async get(id: string): Promise<AccountsDraft> {
    return this.draftOf(await this.record(id));
  }

  record(id: string): Promise<AccountsRecord> {
    checkAccountsId(id);
    return this.lane(id).run(() => this.load(id));
  }

  draftOf(record: AccountsRecord): AccountsDraft {
    return toAccountsDraft(record, (r) => this.fingerprint(r));
  }

  /** One change in the draft's queue: written first, only then the draft's state. */
  async update(id: string, change: (record: AccountsRecord) => Promise<AccountsRecord> | AccountsRecord): Promise<AccountsDraft> {
    checkAccountsId(id);
    const record = await this.lane(id).run(async () => {
      const current = await this.load(id);
      // Always later than the change before, so the window can tell the newer of two answers.
      const next = { ...(await change(current)), changedAt: nextChangedAt(current.changedAt, this.clock()) };
      await this.write(next);
      return next;
    });
    return this.draftOf(record);
  }

  save(id: string, change: { standard: AccountsStandard; answers: AccountsAnswers }): Promise<AccountsDraft> {
    return this.update(id, (record) => ({ ...record, standard: change.standard, answers: change.answers }));
  }

  /** Keeps a trial balance export: its bytes beside the draft first, then the record naming them. */
  async setTrialBalance(id: string, file: { fileName: string; bytes: Uint8Array }): Promise<AccountsDraft> {
    const sha256 = await this.storeBytes(id, file.bytes, 'trial balance');
    return this.update(id, (record) => ({ ...record, trialBalance: { fileName: file.fileName, size: file.bytes.byteLength, sha256, addedAt: this.clock().toISOString() } }));
  }

  setMapping(id: string, mapping: Record<string, string>): Promise<AccountsDraft> {
    return this.update(id, (record) => ({ ...record, mapping }));
  }

  /**
   * Records a build made from `from` (the record the build read): the XHTML
   * is stored first; if the draft changed meanwhile the build still counts
   * as made from what it read, and shows as out of date.
   */
  async recordBuild(id: string, from: AccountsRecord, built: BuiltAccounts): Promise<AccountsDraft> {
    const sha256 = await this.storeBytes(id, built.xhtml, 'built accounts');
    return this.update(id, (record) => ({
      ...record,
      lastBuild: {
        builtAt: this.clock().toISOString(),
        fileName: built.fileName,
        size: built.xhtml.byteLength,
        sha256,
        profitBeforeTax: built.profitBeforeTax,
        profitLoss: built.profitLoss,
        balanceSheetTotal: built.balanceSheetTotal,
        fingerprint: this.fingerprint(from),
      },
    }));
  }

  recordAttachment(id: string, attachedTo: AccountsAttachedReturn): Promise<AccountsDraft> {
    return this.update(id, (record) => ({ ...record, attachedTo }));
  }

  /**
   * Makes another desk's version of a draft this desk's (the office's sync):
   * its files, already checked against their SHA-256, stored first, then the
   * record, in the draft's queue, with a changedAt later than this desk's so
   * the window takes it as the newer draft.
   */
  async putFromOffice(record: AccountsRecord, files: readonly Uint8Array[]): Promise<AccountsDraft> {
    checkAccountsId(record.id);
    for (const bytes of files) await this.storeBytes(record.id, bytes, 'file from the office');
    const written = await this.lane(record.id).run(async () => {
      const current = await this.load(record.id).catch((error: unknown) => {
        if (error instanceof StoreError && error.kind === 'not-found') return undefined;
        throw error;
      });
      const now = this.clock();
      const next = { ...record, changedAt: current ? nextChangedAt(current.changedAt, now) : now.toISOString() };
      await this.write(next);
      return next;
    });
    return this.draftOf(written);
  }

  /** A draft deleted on another desk: moved with its files to the data folder's trash (`trash/accounts/`), never removed. */
  async moveToTrash(id: string): Promise<void> {
    checkAccountsId(id);
    await this.lane(id).run(async () => {
      await this.load(id);
      const trash = join(this.dataDir, 'trash', ACCOUNTS_FOLDER);
      try {
        await ensureDataFolder(this.fs, this.dataDir, `trash/${ACCOUNTS_FOLDER}`);
        // The record first: once it is gone the draft is no longer listed, and files left behind are only unused bytes.
        await this.fs.rename(join(this.dir, `${id}.json`), join(trash, `${id}.json`));
        await this.fs.rename(join(this.dir, `${id}.files`), join(trash, `${id}.files`)).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      } catch (error) {
        throw new StoreError('failed', `Could not move the accounts draft to the trash: ${describeFsError(error)}.`);
      }
    });
  }

  trialBalanceBytes(draft: Pick<AccountsDraft, 'id' | 'trialBalance'>): Promise<Uint8Array> {
    if (!draft.trialBalance) throw new StoreError('invalid', 'No trial balance is kept with these accounts yet.', [{ field: 'trialBalance', message: 'drop or choose the trial balance export first' }]);
    return this.readBytes(draft.id, draft.trialBalance.sha256, draft.trialBalance.fileName, MAX_TRIAL_BALANCE_BYTES);
  }

  builtBytes(draft: Pick<AccountsDraft, 'id' | 'lastBuild'>): Promise<Uint8Array> {
    if (!draft.lastBuild) throw new StoreError('invalid', 'These accounts have not been built yet.', [{ field: 'build', message: 'build the accounts first (Check and build)' }]);
    return this.readBytes(draft.id, draft.lastBuild.sha256, draft.lastBuild.fileName, MAX_BUILT_ACCOUNTS_BYTES);
  }

  // -------------------------------------------------------------------------

  private lane(id: string): SerialQueue {
    let lane = this.lanes.get(id);
    if (!lane) this.lanes.set(id, (lane = new SerialQueue()));
    return lane;
  }

  private filesFolder(id: string): string {
    return `${ACCOUNTS_FOLDER}/${id}.files`;
  }

  private async storeBytes(id: string, bytes: Uint8Array, what: string): Promise<string> {
    checkAccountsId(id);
    const sha256 = sha256Of(bytes);
    const path = join(this.dir, `${id}.files`, sha256);
    try {
      await ensureDataFolder(this.fs, this.dataDir, this.filesFolder(id));
      if (!(await this.fs.lstat(path).catch(() => undefined))?.isFile()) await writeFileAtomic(path, bytes, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not store the ${what} beside the accounts draft: ${describeFsError(error)}. The draft is unchanged.`);
    }
    return sha256;
  }

  private async readBytes(id: string, sha256: string, fileName: string, maxBytes: number): Promise<Uint8Array> {
    try {
      await checkDataFolder(this.fs, this.dataDir, this.filesFolder(id), { create: false });
    } catch (error) {
      throw new StoreError('failed', `Could not read the stored copy of ${fileName}: ${describeFsError(error)}.`);
    }
    const read = await readRegularFile(join(this.dir, `${id}.files`, sha256), { maxBytes, kind: 'accounts files', fs: this.fs });
    if (!read.ok) throw new StoreError('failed', `Could not read the stored copy of ${fileName}: ${read.reason}.`);
    if (sha256Of(read.value) !== sha256) throw new StoreError('failed', `The stored copy of ${fileName} has changed on disk; add it again.`);
    return read.value;
  }

  private async write(record: AccountsRecord): Promise<void> {
    try {
      await ensureDataFolder(this.fs, this.dataDir, ACCOUNTS_FOLDER);
      await writeFileAtomic(join(this.dir, `${record.id}.json`), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not save the accounts draft: ${describeFsError(error)}. What was saved before is kept.`);
    }
  }

  private async read(id: string): Promise<{ ok: true; record: AccountsRecord } | { ok: false; problem: 'missing' | 'unreadable' | 'newer'; reason: string }> {
    try {
      if (!(await checkDataFolder(this.fs, this.dataDir, ACCOUNTS_FOLDER, { create: false }))) return { ok: false, problem: 'missing', reason: 'the accounts draft does not exist' };
    } catch (error) {
      return { ok: false, problem: 'unreadable', reason: describeFsError(error) };
    }
    const text = await readRegularText(join(this.dir, `${id}.json`), { maxBytes: MAX_RECORD_BYTES, kind: 'accounts drafts', fs: this.fs });
    if (!text.ok) return { ok: false, problem: text.problem === 'missing' ? 'missing' : 'unreadable', reason: text.reason };
    let json: unknown;
    try {
      json = JSON.parse(text.value);
    } catch {
      return { ok: false, problem: 'unreadable', reason: 'it is not valid JSON' };
    }
    // Made by a newer Filing Desk: left where it is, untouched, so going back a version cannot damage it.
    const version = (json as { schemaVersion?: unknown } | null)?.schemaVersion;
    if (typeof version === 'number' && version > ACCOUNTS_RECORD_VERSION) return { ok: false, problem: 'newer', reason: 'it was saved by a newer version of Filing Desk; update Filing Desk to open it' };
    const parsed = accountsRecordSchema.safeParse(json);
    if (!parsed.success || parsed.data.id !== id) return { ok: false, problem: 'unreadable', reason: 'its contents are not an accounts draft this version of Filing Desk can read' };
    return { ok: true, record: parsed.data };
  }

  private async load(id: string): Promise<AccountsRecord> {
    const read = await this.read(id);
    if (read.ok) return read.record;
    if (read.problem === 'missing') throw new StoreError('not-found', 'That accounts draft no longer exists.', [{ field: 'id', message: 'names no accounts draft' }]);
    throw new StoreError('failed', `The accounts draft could not be read: ${read.reason}.`);
  }

  private async moveAside(fileName: string, reason: string): Promise<UnreadableDraftFile> {
    const movedTo = `${fileName}.unreadable-${fileStamp(this.clock())}`;
    try {
      await this.fs.rename(join(this.dir, fileName), join(this.dir, movedTo));
      this.log(`${fileName} could not be read (${reason}); moved aside as ${movedTo}`);
      return { fileName, movedTo, reason };
    } catch (error) {
      if (isMissing(error)) return { fileName, movedTo: fileName, reason };
      return { fileName, movedTo: fileName, reason: `${reason}; it could not be moved aside (${describeFsError(error)})` };
    }
  }
}
