/**
 * What this desk owes the office about its filing claims, kept in the data
 * folder (`office/filing-claims/<claim id>.json`, one file per claim, each
 * written atomically, so two processes of one desk never overwrite each
 * other's): a claim held here whose filing has not ended (so a run after a
 * crash, or the resume of a filing not finished, goes on under the same
 * claim), and a release the office has not yet had because it could not be
 * reached (sent again at the next filing of that return, or the next sync).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';

export const OFFICE_CLAIMS_FOLDER = 'office/filing-claims';
const MAX_ENTRY_BYTES = 4096;

const entrySchema = z.strictObject({
  version: z.literal(1),
  claimId: z.uuid(),
  returnKey: z.string().min(1).max(300),
  kind: z.enum(['ct600', 'accounts']),
  /** The office that gave the claim: a desk that joined another office since owes this one nothing it can deliver. */
  officeUrl: z.string().min(1).max(2000),
  since: z.string().max(40),
  /** null while the filing goes on; the ending once the filing ended and the office has not yet been told. */
  release: z.strictObject({ outcome: z.enum(['accepted', 'rejected', 'not-sent', 'not-finished']), reference: z.string().max(100).nullable() }).nullable(),
});
export type OfficeClaimEntry = z.infer<typeof entrySchema>;

export class OfficeClaimLedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfficeClaimLedgerError';
  }
}

export class OfficeClaimLedger {
  private readonly fs: StoreFs;

  constructor(private readonly options: { dataDir: string; fs?: StoreFs }) {
    this.fs = options.fs ?? nodeStoreFs;
  }

  private fileOf(claimId: string): string {
    if (!z.uuid().safeParse(claimId).success) throw new OfficeClaimLedgerError(`"${claimId.slice(0, 40)}" is not an office claim id (a UUID)`);
    return join(this.options.dataDir, OFFICE_CLAIMS_FOLDER, `${claimId}.json`);
  }

  /** Every entry this desk keeps; a file that cannot be read is left where it is (it is never deleted unread) and not acted on. */
  async entries(): Promise<OfficeClaimEntry[]> {
    const exists = await checkDataFolder(this.fs, this.options.dataDir, OFFICE_CLAIMS_FOLDER, { create: false });
    if (!exists) return [];
    const names = (await this.fs.readdir(join(this.options.dataDir, OFFICE_CLAIMS_FOLDER))).filter((n) => /^[0-9a-f-]{36}\.json$/.test(n)).sort();
    const entries: OfficeClaimEntry[] = [];
    for (const name of names) {
      const read = await readRegularText(join(this.options.dataDir, OFFICE_CLAIMS_FOLDER, name), { maxBytes: MAX_ENTRY_BYTES, kind: 'office filing claims', fs: this.fs });
      if (!read.ok) continue;
      try {
        const parsed = entrySchema.safeParse(JSON.parse(read.value));
        if (parsed.success && `${parsed.data.claimId}.json` === name) entries.push(parsed.data);
      } catch {
        // Not JSON: not an entry this desk wrote (every write is atomic), so not one it acts on.
      }
    }
    return entries;
  }

  async keep(entry: OfficeClaimEntry): Promise<void> {
    const checked = entrySchema.parse(entry);
    try {
      await ensureDataFolder(this.fs, this.options.dataDir, OFFICE_CLAIMS_FOLDER);
      await writeFileAtomic(this.fileOf(checked.claimId), `${JSON.stringify(checked)}\n`, { mode: 0o600, fs: this.fs });
    } catch (error) {
      throw new OfficeClaimLedgerError(`the office's filing claim ${checked.claimId} could not be noted in the data folder: ${describeFsError(error)}`);
    }
  }

  /** The office has been told (or no longer holds this claim for this desk): nothing more is owed. */
  async forget(claimId: string): Promise<void> {
    await this.fs.rm(this.fileOf(claimId), { force: true });
  }
}
