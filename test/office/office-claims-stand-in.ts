/**
 * A stand-in for the office's side of the filing-claim protocol
 * (POST /claims, POST /claims/release in common/office/protocol.ts), in
 * memory: a test double of the protocol's answers, not of the database, for
 * testing the desk's claims where a real office cannot be made to misbehave
 * on cue (unreachable for one request, then back).
 */
import { randomUUID } from 'node:crypto';
import type { FilingClaimReply, FilingClaimRequest, FilingReleaseRequest } from '../../common/office/protocol.js';
import type { OfficeAnswer, OfficeClaimsLink } from '../../main/office/office-claims.js';

interface Row {
  claimId: string;
  user: string;
  desk: string;
  since: string;
  outcome: FilingReleaseRequest['outcome'] | null;
  reference: string | null;
}

export class OfficeClaimsStandIn {
  readonly url = 'http://127.0.0.1:9/office-stand-in';
  private readonly rows = new Map<string, Row>();
  /** Every request as it arrived, for the tests to count. */
  readonly requests: { what: 'claim' | 'release'; desk: string; body: FilingClaimRequest | FilingReleaseRequest }[] = [];
  reachable = true;

  row(returnKey: string): Readonly<Row> | undefined {
    return this.rows.get(returnKey);
  }

  linkFor(user: string, desk: string): OfficeClaimsLink {
    return {
      url: this.url,
      user,
      desk,
      claim: async (request) => this.answer(() => this.claim(user, desk, request), { what: 'claim', desk, body: request }),
      release: async (request) => this.answer(() => this.release(request), { what: 'release', desk, body: request }),
    };
  }

  private answer<T>(act: () => OfficeAnswer<T>, seen: (typeof this.requests)[number]): OfficeAnswer<T> {
    if (!this.reachable) return { ok: false, unreachable: true };
    this.requests.push(seen);
    return act();
  }

  private claim(user: string, desk: string, request: FilingClaimRequest): OfficeAnswer<FilingClaimReply> {
    const row = this.rows.get(request.returnKey);
    const holder = row && { user: row.user, desk: row.desk, since: row.since };
    if (row && holder && row.outcome === 'accepted') return { ok: true, value: { status: 'filed', by: holder, reference: row.reference } };
    if (row && holder && row.outcome === null && !request.takeOver) return { ok: true, value: { status: 'held', holder } };
    const claimId = randomUUID();
    this.rows.set(request.returnKey, { claimId, user, desk, since: '2026-12-02T10:15:00.000Z', outcome: null, reference: null });
    return { ok: true, value: { status: 'claimed', claimId } };
  }

  private release(request: FilingReleaseRequest): OfficeAnswer<void> {
    const row = [...this.rows.values()].find((r) => r.claimId === request.claimId);
    if (!row) return { ok: false, code: 'conflict', refused: 'this desk no longer holds the claim' };
    if (row.outcome === null) Object.assign(row, { outcome: request.outcome, reference: request.reference });
    return { ok: true, value: undefined };
  }
}
