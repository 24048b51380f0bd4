/**
 * The office's claim on each return (HMRC) or set of accounts (Companies
 * House): one row per return key, so of any number of desks asking at once
 * exactly one is told `claimed`. The claim and the office's submission record
 * are written in one transaction, and an accepted filing keeps the claim so
 * no desk files that return again (docs/office.md, "Filing exactly once
 * across desks").
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { FilingClaimReply, FilingClaimRequest, FilingReleaseRequest } from '../../../common/office/protocol.js';
import { recordAudit } from './audit.js';
import { OfficeHttpError, type OfficeCaller } from './office-context.js';
import { inTransaction } from './office-transaction.js';

interface ClaimRow {
  return_key: string;
  claim_id: string;
  user_name: string;
  desk: string;
  since: Date;
  outcome: string | null;
  reference: string | null;
}

const holderOf = (row: ClaimRow) => ({ user: row.user_name, desk: row.desk, since: row.since.toISOString() });

export async function claimFiling(pool: pg.Pool, caller: OfficeCaller, request: FilingClaimRequest, clock: () => Date): Promise<FilingClaimReply> {
  return inTransaction(pool, async (client) => {
    const claimId = randomUUID();
    const now = clock();
    await client.query(
      `INSERT INTO office_filing_claims (return_key, kind, claim_id, describe, user_name, desk, since) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (return_key) DO NOTHING`,
      [request.returnKey, request.kind, claimId, request.describe, caller.user, caller.desk, now],
    );
    // The row is locked until commit: a desk asking at the same moment waits here and then sees this answer's outcome.
    const { rows } = await client.query<ClaimRow>('SELECT * FROM office_filing_claims WHERE return_key = $1 FOR UPDATE', [request.returnKey]);
    const row = rows[0]!;
    if (row.claim_id === claimId) {
      await startSubmission(client, caller, request, claimId, now, 'claim-taken', {});
      return { status: 'claimed', claimId };
    }
    if (row.outcome === 'accepted') return { status: 'filed', by: holderOf(row), reference: row.reference };
    if (row.outcome === null && !request.takeOver) return { status: 'held', holder: holderOf(row) };
    await client.query(
      `UPDATE office_filing_claims SET kind = $2, claim_id = $3, describe = $4, user_name = $5, desk = $6, since = $7, outcome = NULL, reference = NULL, released_at = NULL
       WHERE return_key = $1`,
      [request.returnKey, request.kind, claimId, request.describe, caller.user, caller.desk, now],
    );
    if (row.outcome === null) {
      await startSubmission(client, caller, request, claimId, now, 'claim-taken-over', { from: { ...holderOf(row), claimId: row.claim_id } });
    } else {
      await startSubmission(client, caller, request, claimId, now, 'claim-taken', { after: row.outcome });
    }
    return { status: 'claimed', claimId };
  });
}

async function startSubmission(
  client: pg.PoolClient,
  caller: OfficeCaller,
  request: FilingClaimRequest,
  claimId: string,
  now: Date,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await client.query(
    'INSERT INTO office_submissions (claim_id, return_key, kind, describe, user_name, desk, started_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [claimId, request.returnKey, request.kind, request.describe, caller.user, caller.desk, now],
  );
  await recordAudit(client, { user: caller.user, desk: caller.desk, action, kind: request.kind, id: request.returnKey, detail: { claimId, describe: request.describe, ...detail } });
}

type ReleaseOutcome = { released: true } | { refused: OfficeHttpError };

/**
 * Ends a claim with the filing's outcome. Only the claim's current holder may
 * release it; a desk whose claim was taken over is refused, though what it
 * reports is still kept on its own submission record (if it did send, the
 * office must not forget that).
 */
export async function releaseClaim(pool: pg.Pool, caller: OfficeCaller, request: FilingReleaseRequest, clock: () => Date): Promise<void> {
  const outcome = await inTransaction(pool, async (client): Promise<ReleaseOutcome> => {
    const now = clock();
    const submission = await client.query<{ return_key: string; kind: string; outcome: string | null }>(
      'SELECT return_key, kind, outcome FROM office_submissions WHERE claim_id = $1 FOR UPDATE',
      [request.claimId],
    );
    const started = submission.rows[0];
    if (!started) {
      return { refused: new OfficeHttpError(404, 'not-found', `The office has no filing claim ${request.claimId}.`, [{ field: 'claimId', message: 'is not a claim the office gave' }]) };
    }
    const claims = await client.query<ClaimRow>('SELECT * FROM office_filing_claims WHERE return_key = $1 FOR UPDATE', [started.return_key]);
    const claim = claims.rows[0]!;
    const audit = { user: caller.user, desk: caller.desk, kind: started.kind, id: started.return_key };
    if (claim.claim_id !== request.claimId) {
      if (started.outcome === null) {
        await finishSubmission(client, request, now);
        await recordAudit(client, { ...audit, action: 'claim-release-superseded', detail: { claimId: request.claimId, outcome: request.outcome, reference: request.reference } });
      }
      return { refused: new OfficeHttpError(409, 'conflict', `The claim was taken over by ${claim.user_name} on ${claim.desk} at ${claim.since.toISOString()}; this desk no longer holds it.`) };
    }
    if (claim.outcome !== null) {
      // A retry of a release that reached the office is answered alike; a different outcome for the same attempt is refused.
      if (claim.outcome === request.outcome && claim.reference === request.reference) return { released: true };
      return { refused: new OfficeHttpError(409, 'conflict', `This claim was already released as ${claim.outcome}.`, [{ field: 'outcome', message: `must be ${claim.outcome}, as first released` }]) };
    }
    await client.query('UPDATE office_filing_claims SET outcome = $2, reference = $3, released_at = $4 WHERE return_key = $1', [
      started.return_key,
      request.outcome,
      request.reference,
      now,
    ]);
    await finishSubmission(client, request, now);
    await recordAudit(client, { ...audit, action: 'claim-released', detail: { claimId: request.claimId, outcome: request.outcome, reference: request.reference } });
    return { released: true };
  });
  if ('refused' in outcome) throw outcome.refused;
}

async function finishSubmission(client: pg.PoolClient, request: FilingReleaseRequest, now: Date): Promise<void> {
  await client.query('UPDATE office_submissions SET outcome = $2, reference = $3, finished_at = $4 WHERE claim_id = $1', [request.claimId, request.outcome, request.reference, now]);
}
