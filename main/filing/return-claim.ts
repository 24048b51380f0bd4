/**
 * One claim per return (one company's period in one environment): whoever
 * holds it is the only Filing Desk that may write a new submission record for
 * that return, send it, poll for it or record its outcome. Two windows, two
 * command lines, or two computers sharing a data folder can never both hold
 * it, whatever the timing of their writes, because it is taken by an
 * exclusive create of its file (O_EXCL, `wx`): of two creates, the file
 * system lets exactly one succeed. It is taken before the record is stamped
 * and released only once the outcome is written.
 *
 * The file names its owner: PID, the process's start time, host name, a
 * random token, and since when. A claim is taken from its owner only when
 * the owner is provably gone (process-identity.ts); otherwise the caller is
 * told who holds it, and may take it over deliberately (the user's choice,
 * for an owner on a computer that is switched off, say).
 *
 * Replacing a claim (stale, or taken over) never deletes one blindly: the
 * file is first renamed aside (only one of two renames of the same file
 * succeeds), then read; if it is not the claim that was judged (a rival
 * replaced it in between), it is put back by another exclusive create and
 * nothing is taken.
 */
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readRegularText } from '../store/regular-file.js';
import { isProvablyGone, systemProcessTable, thisProcess, type ProcessTable } from './process-identity.js';

/** The file operations a claim needs: node's, or a test's. */
export interface ClaimFs {
  open: typeof nodeFs.open;
  lstat: typeof nodeFs.lstat;
  rename: typeof nodeFs.rename;
  rm: typeof nodeFs.rm;
}

const claimSchema = z.strictObject({
  version: z.literal(1),
  pid: z.number().int(),
  startTime: z.string().max(200).nullable(),
  host: z.string().max(300),
  token: z.string().regex(/^[0-9a-f]{32}$/),
  since: z.string().max(40),
  /** Who holds it, in the user's words: "the command line", "the window". */
  by: z.string().max(100),
});
export type ClaimHolder = z.infer<typeof claimSchema>;

/** Why a claim could not be had: its holder, when its file says who that is. */
export interface ClaimRefused {
  holder: ClaimHolder | undefined;
  file: string;
  /** The refusal in full, when it came from beyond this data folder (the office: another desk filing it, already filed, not reachable). */
  message?: string;
}

/** How a filing under a claim ended, for a claim that reports it (the office's): its outcome, and HMRC's correlation ID or Companies House's submission number. */
export interface FilingEnding {
  outcome: 'accepted' | 'rejected' | 'not-sent' | 'not-finished';
  reference: string | null;
}

export type ClaimResult = { release: (ending?: FilingEnding) => Promise<void> } | { refused: ClaimRefused };

/**
 * A claim taken beyond this data folder before the data folder's own (the
 * office's, so two desks never both file one return): given the return and
 * how to take the local claim, it answers as a local claim does.
 */
export interface ClaimAcrossDesks {
  take(request: { returnKey: string; kind: 'ct600' | 'accounts'; takeOver: boolean }, local: () => Promise<ClaimResult>): Promise<ClaimResult>;
}

export interface ReturnClaimsOptions {
  /** The folder the claims live in (the submissions folder, so every process filing from one data folder sees them). */
  folder: string;
  /** "the command line", "the window". */
  by: string;
  fs?: ClaimFs;
  processes?: ProcessTable;
  clock?: () => Date;
}

/** A claim's file name for a return key ("UTR from to environment"), readable in a folder listing. */
export function claimFileName(returnKey: string): string {
  const name = returnKey.replace(/ /g, '_');
  if (!/^[0-9A-Za-z_-]{1,100}$/.test(name)) throw new RangeError(`"${returnKey.slice(0, 100)}" is not a return's key`);
  return `${name}.claim`;
}

const code = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A claim's holder, in words: who, on which computer, since when. */
export function describeHolder(holder: ClaimHolder | undefined): string {
  if (!holder) return 'another Filing Desk (its claim file does not say which)';
  return `another Filing Desk (${holder.by}, PID ${holder.pid} on ${JSON.stringify(holder.host.slice(0, 100))}, since ${holder.since})`;
}

export class ReturnClaims {
  private readonly fs: ClaimFs;
  private readonly processes: ProcessTable;
  private readonly clock: () => Date;

  constructor(private readonly options: ReturnClaimsOptions) {
    this.fs = options.fs ?? nodeFs;
    this.processes = options.processes ?? systemProcessTable;
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * Takes the claim on a return. `takeOver`: the user chose to take it from
   * a holder that is not provably gone. Returns the release, or who holds it.
   */
  async take(returnKey: string, options: { takeOver?: boolean } = {}): Promise<ClaimResult> {
    const file = join(this.options.folder, claimFileName(returnKey));
    const me = thisProcess(this.processes);
    const mine: ClaimHolder = { version: 1, ...me, token: randomBytes(16).toString('hex'), since: this.clock().toISOString(), by: this.options.by };
    // A few rounds: each either wins the create, or judges the holder and, where it may, moves its claim aside.
    for (let round = 0; round < 4; round++) {
      if (await this.create(file, mine)) return { release: () => this.release(file, mine.token) };
      const holder = await this.read(file);
      if (holder === 'missing') continue;
      const gone = holder !== undefined && isProvablyGone(holder, this.processes);
      if (!gone && !options.takeOver) return { refused: { holder, file } };
      await this.moveAside(file, holder?.token);
    }
    const last = await this.read(file);
    return { refused: { holder: last === 'missing' ? undefined : last, file } };
  }

  /** The exclusive create; false when a claim is there already. */
  private async create(file: string, claim: ClaimHolder): Promise<boolean> {
    let handle: nodeFs.FileHandle;
    try {
      handle = await this.fs.open(file, 'wx', 0o600);
    } catch (error) {
      if (code(error) === 'EEXIST') return false;
      throw error;
    }
    try {
      await handle.writeFile(`${JSON.stringify(claim)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  }

  /** The holder the file names; undefined when it names none readably (being written, or damaged); 'missing' when it is gone. */
  private async read(file: string): Promise<ClaimHolder | undefined | 'missing'> {
    // Read as every file Filing Desk did not just write: never through a link, never past a few kilobytes.
    const read = await readRegularText(file, { maxBytes: 4096, kind: 'filing claims', fs: this.fs });
    if (!read.ok) return read.problem === 'missing' ? 'missing' : undefined;
    try {
      const parsed = claimSchema.safeParse(JSON.parse(read.value));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Moves the claim judged (by its token) out of the way. If what was moved
   * is another claim (replaced between the judging and the move), it is put
   * back with an exclusive create, never over a claim made since.
   */
  private async moveAside(file: string, judgedToken: string | undefined): Promise<'moved' | 'not-moved'> {
    const aside = `${file}.${randomBytes(6).toString('hex')}.aside`;
    try {
      await this.fs.rename(file, aside);
    } catch (error) {
      if (code(error) === 'ENOENT') return 'not-moved';
      throw error;
    }
    const moved = await this.read(aside);
    try {
      const sameClaim = moved !== 'missing' && (moved === undefined ? judgedToken === undefined : moved.token === judgedToken);
      if (!sameClaim && moved !== 'missing' && moved !== undefined) {
        // Not the claim judged: it goes back (if nobody created one meanwhile, who then holds the return).
        await this.create(file, moved);
        return 'not-moved';
      }
      return 'moved';
    } finally {
      await this.fs.rm(aside, { force: true });
    }
  }

  /** Gives the claim up, if it is still this one's (a user may have taken it over meanwhile). */
  private async release(file: string, token: string): Promise<void> {
    const holder = await this.read(file);
    if (holder === 'missing' || holder?.token !== token) return;
    await this.moveAside(file, token);
  }
}
