/**
 * Submission numbers, each used once by a presenter for ever
 * (companies-house.md §6 step 1): one counter per presenter account in the
 * data folder, every number taken by an exclusive create of its own file
 * (O_EXCL: of two processes, or two computers sharing the data folder, the
 * file system lets exactly one create it), written and synced before the
 * number goes into any message. A number is never handed out again, even
 * when the filing it was taken for never left this computer: whether
 * Companies House holds a number it refused is not documented, so none is
 * reused.
 *
 * The folder is named by a slow one-way hash of the presenter ID (scrypt),
 * never the ID or its MD5 (the MD5 is the gateway's SenderID, a password
 * equivalent): a listing of the data folder tells nobody the presenter.
 */
import { scrypt } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { ensureDataFolder } from '../../store/data-folder.js';
import { countOfSubmissionNumber, MAX_SUBMISSION_COUNT, submissionNumberOf } from './gateway-rules.js';
import { typedSecret } from './presenter-secrets.js';

export const PRESENTERS_FOLDER = 'companies-house/presenters';

type NumbersFs = Pick<typeof nodeFs, 'open' | 'readdir' | 'lstat' | 'mkdir'>;

export class SubmissionNumbersError extends Error {}

/**
 * Where numbers come from when the data folder has joined an office
 * (office-submission-numbers.ts): the office hands out counts no other desk
 * has taken. `forPresenter` is asked at each allocation, so joining or
 * leaving counts at once; null means not in an office (numbers are then
 * counted in this data folder alone). The taker throws
 * SubmissionNumbersError, in words for the user, when the office cannot give one.
 */
export interface SubmissionNumbersAcrossDesks {
  forPresenter(presenterKey: string, what: string): Promise<((atLeast: number) => Promise<number>) | null>;
}

const SALT = 'Filing Desk: Companies House presenter submission numbers';

/** The presenter's folder name: 32 hex digits of scrypt (N = 2^15), so guessing IDs from it costs years. */
export function presenterKey(presenterId: string): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(typedSecret(presenterId), SALT, 16, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key.toString('hex')))),
  );
}

export class SubmissionNumbers {
  private readonly fs: NumbersFs;
  private readonly keys = new Map<string, Promise<string>>();

  constructor(private readonly options: { dataDir: string; fs?: NumbersFs; clock?: () => Date; acrossDesks?: SubmissionNumbersAcrossDesks }) {
    this.fs = options.fs ?? nodeFs;
  }

  private keyOf(presenterId: string): Promise<string> {
    let key = this.keys.get(presenterId);
    if (!key) this.keys.set(presenterId, (key = presenterKey(presenterId)));
    return key;
  }

  /** The presenter's folder, relative to the data folder: where its numbers, and the filings sent under them, are kept. */
  async folderOf(presenterId: string): Promise<string> {
    return `${PRESENTERS_FOLDER}/${await this.keyOf(presenterId)}`;
  }

  /** The highest number taken for this presenter in this data folder (0 for none). */
  async highest(presenterId: string): Promise<number> {
    const folder = join(this.options.dataDir, await this.folderOf(presenterId));
    const names = await this.fs.readdir(folder).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    let max = 0;
    for (const name of names) {
      const count = name.endsWith('.number') ? countOfSubmissionNumber(name.slice(0, -'.number'.length)) : undefined;
      if (count !== undefined && count > max) max = count;
    }
    return max;
  }

  /**
   * A number never handed out before for this presenter, durably taken:
   * its file created exclusively and synced before it is returned. `what`
   * names the filing it is for (company and period), kept in the file so a
   * person reading the folder knows what each number was used for.
   */
  async allocate(presenterId: string, what: string): Promise<string> {
    const relative = await this.folderOf(presenterId);
    await ensureDataFolder(this.fs as Parameters<typeof ensureDataFolder>[0], this.options.dataDir, relative);
    const fromOffice = (await this.options.acrossDesks?.forPresenter(await this.keyOf(presenterId), what.slice(0, 300))) ?? null;
    // In an office the office picks the count (never below this folder's own), and this folder's file still takes it exclusively.
    const pick = fromOffice ?? (async (atLeast: number) => atLeast);
    let next = await pick((await this.highest(presenterId)) + 1);
    for (let round = 0; round < 1000; round++) {
      if (next > MAX_SUBMISSION_COUNT) throw new SubmissionNumbersError(`every submission number Filing Desk writes (FD0001 to FDZZZZ) has been used by this presenter`);
      const number = submissionNumberOf(next);
      let handle: nodeFs.FileHandle;
      try {
        handle = await this.fs.open(join(this.options.dataDir, relative, `${number}.number`), 'wx', 0o600);
      } catch (error) {
        if ((error as { code?: string }).code === 'EEXIST') {
          next = await pick(next + 1);
          continue;
        }
        throw error;
      }
      try {
        await handle.writeFile(`${JSON.stringify({ submissionNumber: number, for: what.slice(0, 300), takenAt: (this.options.clock?.() ?? new Date()).toISOString() })}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return number;
    }
    throw new SubmissionNumbersError('no free submission number could be taken (another Filing Desk took every one tried)');
  }
}
