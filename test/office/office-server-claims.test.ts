import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { filingClaimReply, type FilingClaimRequest } from '../../common/office/protocol.js';
import { claimFiling, releaseClaim } from '../../main/server/office/filing-claims.js';
import type { OfficeCaller } from '../../main/server/office/office-context.js';
import { addTestUsers, openTestOffice, signInDesk, startTestServer, type TestOffice } from './office-test-office.js';

const clock = () => new Date();
const deskOf = (user: string, desk: string): OfficeCaller => ({ user, admin: false, desk });
const front = deskOf('alice', 'front-desk');
const back = deskOf('bob', 'back-office');

function ct600(returnKey: string, takeOver = false): FilingClaimRequest {
  return { returnKey, kind: 'ct600', describe: `CT600 for ${returnKey}`, takeOver };
}

describe('office filing claims', () => {
  let office: TestOffice;
  beforeAll(async () => {
    office = await openTestOffice(12);
  });
  afterAll(async () => office.close());

  const submissions = async (returnKey: string) =>
    (await office.pool.query('SELECT claim_id, user_name, desk, outcome, reference FROM office_submissions WHERE return_key = $1 ORDER BY started_at, claim_id', [returnKey])).rows;

  it('of 10 desks claiming one return at once, exactly one is told claimed and the rest who holds it', async () => {
    const desks = Array.from({ length: 10 }, (_, n) => deskOf('alice', `desk-${n}`));
    const replies = await Promise.all(desks.map((desk) => claimFiling(office.pool, desk, ct600('live/1234567890/2025-03-31'), clock)));
    replies.forEach((reply) => filingClaimReply.parse(reply));
    const claimed = replies.flatMap((reply, n) => (reply.status === 'claimed' ? [n] : []));
    expect(claimed).toHaveLength(1);
    const winner = desks[claimed[0]!]!.desk;
    expect(replies.filter((r) => r.status === 'held').map((r) => (r.status === 'held' ? r.holder.desk : ''))).toEqual(Array(9).fill(winner));
    expect(await submissions('live/1234567890/2025-03-31')).toMatchObject([{ desk: winner, outcome: null }]);
  });

  it('keeps an accepted return closed: later claims, even taking over, are told it was filed, by whom and its reference', async () => {
    const key = 'live/2222222222/2025-03-31';
    const claim = await claimFiling(office.pool, front, ct600(key), clock);
    if (claim.status !== 'claimed') throw new Error(`expected claimed, got ${claim.status}`);
    await releaseClaim(office.pool, front, { claimId: claim.claimId, outcome: 'accepted', reference: 'CORR-123' }, clock);
    for (const takeOver of [false, true]) {
      expect(await claimFiling(office.pool, back, ct600(key, takeOver), clock)).toMatchObject({ status: 'filed', by: { user: 'alice', desk: 'front-desk' }, reference: 'CORR-123' });
    }
    expect(await submissions(key)).toMatchObject([{ outcome: 'accepted', reference: 'CORR-123' }]);
  });

  it('lets a rejected return be claimed again, as a new attempt with its own submission record', async () => {
    const key = 'live/3333333333/2025-03-31';
    const first = await claimFiling(office.pool, front, ct600(key), clock);
    if (first.status !== 'claimed') throw new Error('expected claimed');
    await releaseClaim(office.pool, front, { claimId: first.claimId, outcome: 'rejected', reference: null }, clock);
    const second = await claimFiling(office.pool, back, ct600(key), clock);
    expect(second.status).toBe('claimed');
    if (second.status !== 'claimed') return;
    expect(second.claimId).not.toBe(first.claimId);
    expect(await claimFiling(office.pool, front, ct600(key), clock)).toMatchObject({ status: 'held', holder: { user: 'bob', desk: 'back-office' } });
    const rows = await submissions(key);
    expect(rows.map((r) => [r.claim_id, r.outcome])).toEqual([
      [first.claimId, 'rejected'],
      [second.claimId, null],
    ]);
  });

  it('hands a held claim to a desk that takes it over, names the previous holder in the audit, and refuses the superseded release', async () => {
    const key = 'live/4444444444/2025-03-31';
    const held = await claimFiling(office.pool, front, ct600(key), clock);
    if (held.status !== 'claimed') throw new Error('expected claimed');
    expect(await claimFiling(office.pool, back, ct600(key), clock)).toMatchObject({ status: 'held', holder: { user: 'alice', desk: 'front-desk' } });
    const taken = await claimFiling(office.pool, back, ct600(key, true), clock);
    if (taken.status !== 'claimed') throw new Error('expected the take-over to claim');
    const audit = await office.pool.query("SELECT user_name, detail FROM office_audit WHERE action = 'claim-taken-over' AND id = $1", [key]);
    expect(audit.rows).toMatchObject([{ user_name: 'bob', detail: { claimId: taken.claimId, from: { user: 'alice', desk: 'front-desk', claimId: held.claimId } } }]);

    await expect(releaseClaim(office.pool, front, { claimId: held.claimId, outcome: 'not-sent', reference: null }, clock)).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringContaining('taken over by bob on back-office'),
    });
    // The claim stays with the desk that took it; what the superseded desk reported is kept on its own attempt.
    expect(await claimFiling(office.pool, front, ct600(key), clock)).toMatchObject({ status: 'held', holder: { user: 'bob' } });
    expect((await submissions(key)).map((r) => [r.claim_id, r.outcome])).toEqual([
      [held.claimId, 'not-sent'],
      [taken.claimId, null],
    ]);
    await releaseClaim(office.pool, back, { claimId: taken.claimId, outcome: 'accepted', reference: 'CORR-9' }, clock);
    // A retried release with the same outcome is answered alike; a different one is refused.
    await releaseClaim(office.pool, back, { claimId: taken.claimId, outcome: 'accepted', reference: 'CORR-9' }, clock);
    await expect(releaseClaim(office.pool, back, { claimId: taken.claimId, outcome: 'rejected', reference: null }, clock)).rejects.toMatchObject({ status: 409, fields: [{ field: 'outcome' }] });
  });

  it('refuses to release a claim the office never gave, naming claimId', async () => {
    await expect(releaseClaim(office.pool, front, { claimId: '8f7e6d5c-4b3a-4291-8877-665544332211', outcome: 'rejected', reference: null }, clock)).rejects.toMatchObject({
      status: 404,
      fields: [{ field: 'claimId' }],
    });
  });
});

describe('office filing claims over HTTP', () => {
  let office: TestOffice;
  let app: FastifyInstance;
  beforeAll(async () => {
    office = await openTestOffice();
    await addTestUsers(office.pool, ['alice', 'bob']);
    app = await startTestServer(office.pool);
  });
  afterAll(async () => {
    await app.close();
    await office.close();
  });

  it('claims, tells the other desk who holds it, releases, and refuses a bad request naming the field', async () => {
    const alice = await signInDesk(app, 'alice', 'front-desk');
    const bob = await signInDesk(app, 'bob', 'back-office');
    const claim = await alice.request('POST', '/claims', { returnKey: 'live/5555555555/2025-03-31', kind: 'accounts', describe: 'Accounts to 31 March 2025', takeOver: false });
    expect(claim.status).toBe(200);
    expect(claim.json.status).toBe('claimed');
    const other = await bob.request('POST', '/claims', { returnKey: 'live/5555555555/2025-03-31', kind: 'accounts', describe: 'Accounts to 31 March 2025', takeOver: false });
    expect(other.json).toMatchObject({ status: 'held', holder: { user: 'alice', desk: 'front-desk' } });
    const release = await alice.request('POST', '/claims/release', { claimId: claim.json.claimId, outcome: 'accepted', reference: 'CH-0001' });
    expect(release.status).toBe(200);
    const refused = await bob.request('POST', '/claims/release', { claimId: claim.json.claimId, outcome: 'finished', reference: null });
    expect([refused.status, refused.json.error.fields[0].field]).toEqual([400, 'outcome']);
    const noKey = await bob.request('POST', '/claims', { kind: 'ct600', describe: 'CT600', takeOver: false });
    expect([noKey.status, noKey.json.error.fields[0].field]).toEqual([400, 'returnKey']);
  });
});
