/**
 * The desk's side of filing exactly once across desks, against a stand-in
 * of the office's claim protocol and the real local claims (claim files in
 * each data folder): who is told what, and that a release the office could
 * not be told is kept in the data folder and told later.
 */
import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReturnClaims, type ClaimResult } from '../../main/filing/return-claim.js';
import { OfficeClaimLedger } from '../../main/office/office-claim-ledger.js';
import { OfficeClaims } from '../../main/office/office-claims.js';
import { OfficeClaimsStandIn } from './office-claims-stand-in.js';

const KEY = '1234567890 2025-04-01 2026-03-31 til';
const TAKE_OVER = 'To file it from here instead, run the same command with --take-over.';

async function deskOf(office: OfficeClaimsStandIn | null, user: string, desk: string, dataDir = mkdtempSync(join(tmpdir(), 'fd-office-claims-'))) {
  await mkdir(join(dataDir, 'submissions'), { recursive: true });
  const local = new ReturnClaims({ folder: join(dataDir, 'submissions'), by: 'the command line' });
  const ledger = new OfficeClaimLedger({ dataDir });
  const claims = new OfficeClaims({ office: async () => office?.linkFor(user, desk) ?? null, ledger, howToTakeOver: TAKE_OVER });
  let localTaken = 0;
  const take = (options: { takeOver?: boolean } = {}): Promise<ClaimResult> =>
    claims.take({ returnKey: KEY, kind: 'ct600', takeOver: options.takeOver === true }, () => {
      localTaken++;
      return local.take(KEY, options);
    });
  return { take, claims, ledger, dataDir, localTaken: () => localTaken };
}

const released = (r: ClaimResult) => {
  if (!('release' in r)) throw new Error(`refused: ${r.refused.message ?? 'by a local holder'}`);
  return r.release;
};
const refusal = (r: ClaimResult) => ('refused' in r ? r.refused.message : 'claimed');

describe("the office's claim before a desk's own", () => {
  it('while desk A files, desk B is told who is filing it and since when; once accepted, B is told it was filed, by whom and with what reference', async () => {
    const office = new OfficeClaimsStandIn();
    const a = await deskOf(office, 'alice', 'front desk');
    const b = await deskOf(office, 'bob', 'back office');
    const release = released(await a.take());
    expect(refusal(await b.take())).toBe(
      `alice on front desk has been filing the Company Tax Return for UTR 1234567890, period 2025-04-01 to 2026-03-31 (til) since 2 December 2026 at 10:15; it is never sent twice, so nothing was sent from this desk: let it finish, then look again. ${TAKE_OVER}`,
    );
    expect(b.localTaken()).toBe(0);
    await release({ outcome: 'accepted', reference: 'A1B2C3' });
    expect(refusal(await b.take())).toBe(
      'The Company Tax Return for UTR 1234567890, period 2025-04-01 to 2026-03-31 (til) was already filed by alice on front desk on 2 December 2026, reference A1B2C3; it is not filed again, and nothing was sent.',
    );
    // Taking over does not reopen a return already accepted.
    expect(refusal(await b.take({ takeOver: true }))).toMatch(/^The Company Tax Return .* was already filed by alice/);
    expect(await a.ledger.entries()).toEqual([]);
  });

  it('an office that cannot be reached: refused with why, the local claim not even taken', async () => {
    const office = new OfficeClaimsStandIn();
    office.reachable = false;
    const a = await deskOf(office, 'alice', 'front desk');
    expect(refusal(await a.take())).toBe(
      `The office at ${office.url} cannot be reached, so this return was not sent: in an office, a return is filed only once the office has confirmed no other desk is filing it. Try again when the office can be reached.`,
    );
    expect(a.localTaken()).toBe(0);
  });

  it('a rejection gives the claim back, so a corrected return can be filed from any desk', async () => {
    const office = new OfficeClaimsStandIn();
    const a = await deskOf(office, 'alice', 'front desk');
    const b = await deskOf(office, 'bob', 'back office');
    await released(await a.take())({ outcome: 'rejected', reference: 'C0FFEE' });
    expect(office.row(KEY)).toMatchObject({ outcome: 'rejected', reference: 'C0FFEE' });
    const again = await b.take();
    expect('release' in again).toBe(true);
    expect(office.row(KEY)).toMatchObject({ user: 'bob', outcome: null });
  });

  it('a release the office could not be told is kept in the data folder and told before the next claim on that return', async () => {
    const office = new OfficeClaimsStandIn();
    const a = await deskOf(office, 'alice', 'front desk');
    const b = await deskOf(office, 'bob', 'back office');
    const release = released(await a.take());
    office.reachable = false;
    await release({ outcome: 'accepted', reference: 'FEED01' });
    expect((await a.ledger.entries()).map((e) => e.release)).toEqual([{ outcome: 'accepted', reference: 'FEED01' }]);
    office.reachable = true;
    // Until told, the office still has alice filing it: bob is held off, never let through.
    expect(refusal(await b.take())).toMatch(/^alice on front desk has been filing/);
    // Alice's next filing of the return tells the office first, and is then told it was filed.
    expect(refusal(await a.take())).toMatch(/was already filed by alice on front desk on 2 December 2026, reference FEED01/);
    expect(await a.ledger.entries()).toEqual([]);
  });

  it('the sync tells the office every release it was owed', async () => {
    const office = new OfficeClaimsStandIn();
    const a = await deskOf(office, 'alice', 'front desk');
    const release = released(await a.take());
    office.reachable = false;
    await release({ outcome: 'rejected', reference: 'AB12' });
    expect(await a.claims.tellOffice()).toEqual({ told: 0, owed: 1 });
    office.reachable = true;
    expect(await a.claims.tellOffice()).toEqual({ told: 1, owed: 0 });
    expect(office.row(KEY)).toMatchObject({ outcome: 'rejected', reference: 'AB12' });
  });

  it('a filing not finished keeps the claim: other desks are held off, and this desk goes on under the same claim', async () => {
    const office = new OfficeClaimsStandIn();
    const a = await deskOf(office, 'alice', 'front desk');
    const b = await deskOf(office, 'bob', 'back office');
    await released(await a.take())({ outcome: 'not-finished', reference: 'ACK01' });
    const claimId = office.row(KEY)!.claimId;
    expect(refusal(await b.take())).toMatch(/^alice on front desk has been filing/);
    const resumed = released(await a.take());
    expect(office.row(KEY)!.claimId).toBe(claimId);
    await resumed({ outcome: 'accepted', reference: 'ACK01' });
    expect(office.row(KEY)).toMatchObject({ claimId, outcome: 'accepted', reference: 'ACK01' });
    expect(office.requests.filter((r) => r.what === 'release')).toHaveLength(1);
  });

  it('another process of the same desk filing it: refused by the local claim, and a claim just taken at the office is given back', async () => {
    const office = new OfficeClaimsStandIn();
    const dataDir = mkdtempSync(join(tmpdir(), 'fd-office-claims-'));
    await mkdir(join(dataDir, 'submissions'), { recursive: true });
    const window = new ReturnClaims({ folder: join(dataDir, 'submissions'), by: 'the window' });
    const held = await window.take(KEY);
    const a = await deskOf(office, 'alice', 'front desk', dataDir);
    const answer = await a.take();
    expect('refused' in answer && answer.refused.holder?.by).toBe('the window');
    expect(office.row(KEY)).toMatchObject({ outcome: 'not-sent' });
    expect(await a.ledger.entries()).toEqual([]);
    if ('release' in held) await held.release();
  });

  it('a data folder that has not joined an office takes only its own claim', async () => {
    const a = await deskOf(null, 'alice', 'front desk');
    const answer = await a.take();
    expect('release' in answer).toBe(true);
    expect(a.localTaken()).toBe(1);
  });
});
