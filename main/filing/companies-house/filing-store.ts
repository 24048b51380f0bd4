/**
 * Where Companies House filing records live: one JSON file per submission
 * in the data folder's companies-house/filings, each written atomically
 * (write, sync, rename) so a crash leaves the old record or the new one,
 * never half of either; and the claims (return-claim.ts, as HMRC filing
 * takes them) that let one process at a time write, send, poll for or
 * record the filing of one company's accounts.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../../store/data-folder.js';
import { readRegularText } from '../../store/regular-file.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../../store/store-fs.js';
import { ReturnClaims, type ClaimAcrossDesks, type ClaimResult, type ReturnClaimsOptions } from '../return-claim.js';
import { filingRecordSchema, type FilingRecord } from './filing-record.js';

export const FILINGS_FOLDER = 'companies-house/filings';
/** A record holds the accounts (a few MB with images); far beyond that is not one of ours. */
export const MAX_FILING_RECORD_BYTES = 64 * 1024 * 1024;

export class FilingStoreError extends Error {}

export interface FilingListing {
  records: FilingRecord[];
  /** Files that could not be used, with why: reported, never deleted. */
  problems: { file: string; reason: string }[];
}

const fileName = (r: Pick<FilingRecord, 'presenterKey' | 'submissionNumber'>) => `${r.presenterKey.slice(0, 12)}-${r.submissionNumber}.json`;

export class FilingStore {
  private readonly fs: StoreFs;
  private readonly claims: ReturnClaims;

  /** `acrossDesks`: the office's claim, taken before this data folder's own when the data folder has joined an office. */
  constructor(private readonly options: { dataDir: string; fs?: StoreFs; claimedBy?: string; claims?: Omit<ReturnClaimsOptions, 'folder' | 'by'>; acrossDesks?: ClaimAcrossDesks }) {
    this.fs = options.fs ?? nodeStoreFs;
    this.claims = new ReturnClaims({ ...options.claims, folder: join(options.dataDir, FILINGS_FOLDER), by: options.claimedBy ?? 'the window' });
  }

  async save(record: FilingRecord): Promise<void> {
    const checked = filingRecordSchema.parse(record);
    const text = `${JSON.stringify(checked)}\n`;
    if (Buffer.byteLength(text) > MAX_FILING_RECORD_BYTES) throw new FilingStoreError(`the filing record ${checked.submissionNumber} would be larger than Filing Desk reads; it was not written`);
    try {
      await ensureDataFolder(this.fs, this.options.dataDir, FILINGS_FOLDER);
      await writeFileAtomic(join(this.options.dataDir, FILINGS_FOLDER, fileName(checked)), text, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new FilingStoreError(`the filing record ${checked.submissionNumber} could not be saved: ${describeFsError(error)}`);
    }
  }

  /** Claims one company's accounts (sameAccountsKey) for this process; the release, or who holds it. */
  async claim(key: string, options: { takeOver?: boolean } = {}): Promise<ClaimResult> {
    const acrossDesks = this.options.acrossDesks;
    if (acrossDesks) return acrossDesks.take({ returnKey: key, kind: 'accounts', takeOver: options.takeOver === true }, () => this.claimHere(key, options));
    return this.claimHere(key, options);
  }

  /** This data folder's own claim. */
  private async claimHere(key: string, options: { takeOver?: boolean }): Promise<ClaimResult> {
    try {
      await ensureDataFolder(this.fs, this.options.dataDir, FILINGS_FOLDER);
      return await this.claims.take(key, options);
    } catch (error) {
      if (error instanceof RangeError) throw new FilingStoreError(error.message);
      throw new FilingStoreError(`the accounts could not be claimed for filing: ${describeFsError(error)}`);
    }
  }

  private async read(name: string): Promise<FilingRecord> {
    const read = await readRegularText(join(this.options.dataDir, FILINGS_FOLDER, name), { maxBytes: MAX_FILING_RECORD_BYTES, kind: 'filing records' });
    if (!read.ok) throw new FilingStoreError(`the filing record ${name} cannot be used: ${read.reason}`);
    let json: unknown;
    try {
      json = JSON.parse(read.value);
    } catch {
      throw new FilingStoreError(`the filing record ${name} cannot be used: it is not valid JSON`);
    }
    const parsed = filingRecordSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new FilingStoreError(`the filing record ${name} cannot be used: ${first ? `${first.path.join('.') || 'the record'} ${first.message}` : 'it is not a filing record'}`);
    }
    if (fileName(parsed.data) !== name) throw new FilingStoreError(`the filing record ${name} holds another submission`);
    return parsed.data;
  }

  /** Every record, and every file in the folder that could not be used. */
  async list(): Promise<FilingListing> {
    const exists = await checkDataFolder(this.fs, this.options.dataDir, FILINGS_FOLDER, { create: false }).catch((error: unknown) => {
      throw new FilingStoreError(describeFsError(error));
    });
    if (!exists) return { records: [], problems: [] };
    const names = (await this.fs.readdir(join(this.options.dataDir, FILINGS_FOLDER))).filter((n) => n.endsWith('.json')).sort();
    const listing: FilingListing = { records: [], problems: [] };
    for (const name of names) {
      try {
        listing.records.push(await this.read(name));
      } catch (error) {
        listing.problems.push({ file: name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return listing;
  }
}

