/**
 * Companies House submission numbers across the desks of an office: a
 * presenter must never use one twice (companies-house.md §6), and desks of
 * one firm may file under the same presenter account, so the office hands
 * out the counts. Each is taken in one transaction under an advisory lock on
 * the presenter, so two desks asking at once are answered one after the
 * other and never alike; the primary key (presenter, count) stands behind
 * the lock.
 */
import type pg from 'pg';
import { MAX_OFFICE_SUBMISSION_COUNT, type SubmissionNumberRequest } from '../../../common/office/protocol.js';
import { recordAudit } from './audit.js';
import { OfficeHttpError, type OfficeCaller } from './office-context.js';
import { inTransaction } from './office-transaction.js';

/** The first half of the two-part advisory lock key: a fixed number no other part of the office uses ("FDSN" in ASCII); the second half is the presenter's. */
const SUBMISSION_NUMBERS_LOCK = 0x4644534e;

export async function takeSubmissionNumber(pool: pg.Pool, caller: OfficeCaller, request: SubmissionNumberRequest, clock: () => Date): Promise<{ count: number }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBMISSION_NUMBERS_LOCK, request.presenterKey]);
    const { rows } = await client.query<{ highest: number }>(
      'SELECT coalesce(max(count), 0)::integer AS highest FROM office_submission_numbers WHERE presenter_key = $1',
      [request.presenterKey],
    );
    // One past what any desk took, and never below what this desk's own folder already used.
    const count = Math.max(rows[0]!.highest + 1, request.atLeast);
    if (count > MAX_OFFICE_SUBMISSION_COUNT) {
      throw new OfficeHttpError(409, 'conflict', `every submission number Filing Desk writes (FD0001 to FDZZZZ) has been used by this presenter`, [
        { field: 'atLeast', message: `no count above ${count - 1} is left (the most is ${MAX_OFFICE_SUBMISSION_COUNT})` },
      ]);
    }
    await client.query(
      'INSERT INTO office_submission_numbers (presenter_key, count, for_what, user_name, desk, taken_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [request.presenterKey, count, request.for, caller.user, caller.desk, clock()],
    );
    await recordAudit(client, { user: caller.user, desk: caller.desk, action: 'submission-number-taken', kind: 'presenter', id: request.presenterKey, detail: { count, for: request.for } });
    return { count };
  });
}
