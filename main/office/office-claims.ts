/**
 * Filing exactly once across desks (docs/office.md): in office mode a filing
 * takes the office's claim on the return before this data folder's own, and
 * gives it back with the filing's outcome once the local claim is given up.
 * Of two desks asking at once the office tells one `claimed` and the other
 * `held`, naming who and since; a return already accepted is `filed`, and no
 * desk files it again. An office that cannot be reached means nothing is
 * sent: only the office can say no other desk is filing the return.
 *
 * A filing whose outcome is not known yet (it may be with HMRC or Companies
 * House) keeps the office's claim: its desk resumes it under the same claim,
 * and no other desk can send the return meanwhile. What the office must
 * still be told (a release it could not be reached for) is kept in the data
 * folder (office-claim-ledger.ts) and told at the next filing of that return
 * or the next sync, never lost.
 */
import type { FilingClaimReply, FilingClaimRequest, FilingReleaseRequest } from '../../common/office/protocol.js';
import type { ClaimAcrossDesks, ClaimResult, FilingEnding } from '../filing/return-claim.js';
import type { OfficeClaimEntry, OfficeClaimLedger } from './office-claim-ledger.js';
import { describeReturnKey, filedWords, heldWords, officeRefusedWords, unreachableWords } from './office-claim-words.js';

/** The office's answer to one request: its reply, or that it could not be reached, or its refusal (code and sentence). */
export type OfficeAnswer<T> = { ok: true; value: T } | { ok: false; unreachable: true } | { ok: false; code: string; refused: string };

/** The office as the claims speak to it (office-claims-link.ts over the desk's OfficeConnection; a test's stand-in of the protocol). */
export interface OfficeClaimsLink {
  /** The office's address, and who this desk signs in as: a claim the office says this user on this desk holds may be this desk's own. */
  readonly url: string;
  readonly user: string;
  readonly desk: string;
  claim(request: FilingClaimRequest): Promise<OfficeAnswer<FilingClaimReply>>;
  release(request: FilingReleaseRequest): Promise<OfficeAnswer<void>>;
}

export interface OfficeClaimsDeps {
  /** The office this data folder has joined; null when it has not (then only the local claim is taken). Asked at each filing, so joining or leaving counts at once. */
  office: () => Promise<OfficeClaimsLink | null>;
  ledger: OfficeClaimLedger;
  /** How the user takes a claim over (the command line's --take-over, the window's button); it goes to the office too. */
  howToTakeOver: string;
  clock?: () => Date;
}

/** A release with no ending given is taken as not finished: the claim stays rather than free a return that may have been sent. */
const NOT_KNOWN: FilingEnding = { outcome: 'not-finished', reference: null };
const NOT_SENT: FilingEnding = { outcome: 'not-sent', reference: null };

export class OfficeClaims implements ClaimAcrossDesks {
  private readonly clock: () => Date;

  constructor(private readonly deps: OfficeClaimsDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async take(request: { returnKey: string; kind: 'ct600' | 'accounts'; takeOver: boolean }, local: () => Promise<ClaimResult>): Promise<ClaimResult> {
    const office = await this.deps.office();
    if (!office) return local();
    const refuse = (message: string): ClaimResult => ({ refused: { holder: undefined, file: office.url, message } });
    const what = describeReturnKey(request.kind, request.returnKey);
    const owed = (await this.deps.ledger.entries()).filter((e) => e.returnKey === request.returnKey && e.kind === request.kind && e.officeUrl === office.url);
    // What the office was not told yet goes first: an acceptance it missed makes this claim `filed`.
    for (const entry of owed.filter((e) => e.release !== null)) {
      if ((await this.deliver(office, entry)) === 'unreachable') return refuse(unreachableWords(office.url));
    }
    const open = owed.find((e) => e.release === null);
    const answer = await office.claim({ returnKey: request.returnKey, kind: request.kind, describe: what, takeOver: request.takeOver });
    if (!answer.ok) return refuse('unreachable' in answer ? unreachableWords(office.url) : officeRefusedWords(office.url, answer.refused));
    const reply = answer.value;
    if (reply.status === 'filed') {
      if (open) await this.deps.ledger.forget(open.claimId);
      return refuse(filedWords(what, reply.by, reply.reference));
    }
    if (reply.status === 'held') {
      // Held by this user on this desk, with the claim noted here: an earlier run of this desk (stopped, or not finished) holds it, and this one goes on under it.
      if (open && reply.holder.user === office.user && reply.holder.desk === office.desk) return this.underClaim(office, open, local, false);
      return refuse(heldWords(what, reply.holder, this.deps.howToTakeOver));
    }
    // A new claim (taking over replaces any this desk held before).
    if (open) await this.deps.ledger.forget(open.claimId);
    const entry: OfficeClaimEntry = { version: 1, claimId: reply.claimId, returnKey: request.returnKey, kind: request.kind, officeUrl: office.url, since: this.clock().toISOString(), release: null };
    try {
      await this.deps.ledger.keep(entry);
    } catch (error) {
      // Not noted here, the claim could never be given back: it is given back now, before anything is sent.
      await office.release({ claimId: entry.claimId, ...NOT_SENT });
      throw error;
    }
    return this.underClaim(office, entry, local, true);
  }

  /** The local claim under the office's; refused locally (another process of this desk is filing it), a claim just taken is given back. */
  private async underClaim(office: OfficeClaimsLink, entry: OfficeClaimEntry, local: () => Promise<ClaimResult>, fresh: boolean): Promise<ClaimResult> {
    let here: ClaimResult;
    try {
      here = await local();
    } catch (error) {
      if (fresh) await this.end(office, entry, NOT_SENT);
      throw error;
    }
    if ('refused' in here) {
      if (fresh) await this.end(office, entry, NOT_SENT);
      return here;
    }
    return {
      release: async (ending = NOT_KNOWN) => {
        await here.release(ending);
        await this.end(office, entry, ending);
      },
    };
  }

  /** Gives the office's claim back with the ending; not finished, it stays with this desk. Never throws: the filing's outcome is already kept. */
  private async end(office: OfficeClaimsLink, entry: OfficeClaimEntry, ending: FilingEnding): Promise<void> {
    if (ending.outcome === 'not-finished') return;
    const owed: OfficeClaimEntry = { ...entry, release: { outcome: ending.outcome, reference: ending.reference } };
    const told = await this.deliver(office, owed);
    if (told === 'delivered' || told === 'superseded') return;
    try {
      await this.deps.ledger.keep(owed);
    } catch {
      // The open entry noted at claiming is still there: the next filing of this return goes on under the same claim and gives it back then.
    }
  }

  /**
   * Tells the office a release. Unreachable, or refused for another reason (a password changed, say), it stays owed.
   * Refused as superseded (another desk took the claim over; the office keeps what this desk reports on its
   * submission record) or as a claim it never gave, it is owed no more.
   */
  private async deliver(office: OfficeClaimsLink, entry: OfficeClaimEntry): Promise<'delivered' | 'superseded' | 'unreachable' | 'owed'> {
    if (!entry.release) return 'delivered';
    const answer = await office.release({ claimId: entry.claimId, outcome: entry.release.outcome, reference: entry.release.reference });
    if (!answer.ok && 'unreachable' in answer) return 'unreachable';
    if (!answer.ok && answer.code !== 'conflict' && answer.code !== 'not-found') return 'owed';
    try {
      await this.deps.ledger.forget(entry.claimId);
    } catch {
      // Left noted: told again next time, and the office answers a repeated release alike.
    }
    return answer.ok ? 'delivered' : 'superseded';
  }

  /** Every release the office was not told yet (the sync calls this); how many were told, and how many are still owed. */
  async tellOffice(): Promise<{ told: number; owed: number }> {
    const office = await this.deps.office();
    if (!office) return { told: 0, owed: 0 };
    let told = 0;
    let owed = 0;
    for (const entry of await this.deps.ledger.entries()) {
      if (entry.release === null || entry.officeUrl !== office.url) continue;
      const answer = await this.deliver(office, entry);
      if (answer === 'delivered' || answer === 'superseded') told++;
      else owed++;
    }
    return { told, owed };
  }
}
