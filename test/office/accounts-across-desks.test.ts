/**
 * Filing exactly once across desks, with Companies House: two data folders
 * joined to a real office, each filing accounts with the local Companies
 * House gateway as `cli accounts file` does, the office's claim taken before
 * each data folder's own. Submissions are counted where they arrive: at the
 * gateway.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CompaniesHouseRefusal, type CompaniesHouseOutcome } from '../../main/filing/companies-house/companies-house-filing.js';
import { FilingStore } from '../../main/filing/companies-house/filing-store.js';
import { ukDay } from '../../main/office/office-claim-words.js';
import { accounts, COMPANY, makeFiling, startGateway } from '../filing/companies-house/gateway-support.js';
import { joinedDataFolder, startOffice, unreachableOfficeUrl } from './office-desks.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function deskOn(url: string, user: string, desk: string) {
  const joined = await joinedDataFolder(url, user, desk, 'Wait for it to finish, then run the same command again.');
  const store = new FilingStore({ dataDir: joined.dataDir, claimedBy: 'the command line', acrossDesks: joined.officeClaims });
  return { ...makeFiling({ dataDir: joined.dataDir, store }), ...joined };
}

async function setUp(atCompaniesHouse: { onSubmission?: () => Promise<void> } = {}) {
  const office = await startOffice();
  cleanups.push(() => office.close());
  const { gateway, url } = await startGateway(atCompaniesHouse);
  cleanups.push(() => gateway.close());
  const sent = () => [...gateway.submissionsByNumber.values()].reduce((n, c) => n + c, 0);
  const request = { companyNumber: COMPANY.number, environment: 'test' as const, endpoint: url };
  return { office, gateway, sent, request, a: await deskOn(office.url, 'alice', 'front desk'), b: await deskOn(office.url, 'bob', 'back office') };
}

const refusalOf = async (filing: Promise<CompaniesHouseOutcome>) => {
  const error = await filing.then(
    (outcome) => new Error(`filed: ${outcome.outcome}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CompaniesHouseRefusal);
  expect((error as CompaniesHouseRefusal).field).toBe('claim');
  return (error as CompaniesHouseRefusal).message;
};

const WHAT = `the accounts of company ${COMPANY.number} made up to 2026-03-31 (Companies House test)`;

describe('one set of accounts filed once across the desks of an office', () => {
  it('desk B asks while desk A\'s accounts are at Companies House: B is told who is filing them; one submission; once accepted, B is told they were filed', async () => {
    let whenAtCompaniesHouse = async () => undefined as void;
    const { sent, request, a, b, office } = await setUp({ onSubmission: () => whenAtCompaniesHouse() });
    let bWasTold = '';
    whenAtCompaniesHouse = async () => {
      if (!bWasTold) bWasTold = await refusalOf(b.filing.file(accounts(), request));
    };
    const outcome = await a.filing.file(accounts(), request);
    expect(outcome.outcome).toBe('accepted');
    expect(bWasTold).toMatch(new RegExp(`^alice on front desk has been filing ${WHAT.replace(/[()]/g, '\\$&')} since \\d{1,2} \\w+ \\d{4} at \\d{2}:\\d{2}; it is never sent twice`));
    expect(sent()).toBe(1);
    expect(await refusalOf(b.filing.file(accounts(), request))).toBe(
      `The accounts of company ${COMPANY.number} made up to 2026-03-31 (Companies House test) was already filed by alice on front desk on ${ukDay(new Date().toISOString())}, reference ${outcome.submissionNumber}; it is not filed again, and nothing was sent.`,
    );
    expect(sent()).toBe(1);
    expect(await office.submissions()).toEqual([{ user_name: 'alice', desk: 'front desk', outcome: 'accepted', reference: outcome.submissionNumber }]);
  });

  it('the office cannot be reached: refused in those words; nothing reaches Companies House, not even the company check', async () => {
    const { gateway, request } = await setUp();
    const url = await unreachableOfficeUrl();
    const away = await deskOn(url, 'alice', 'laptop');
    const told = await refusalOf(away.filing.file(accounts(), request));
    expect(told).toBe(
      `The office at ${url} cannot be reached, so this return was not sent: in an office, a return is filed only once the office has confirmed no other desk is filing it. Try again when the office can be reached.`,
    );
    expect(gateway.requests).toEqual([]);
    expect((await away.store.list()).records).toEqual([]);
  });

  it('accounts Companies House has not decided on keep the claim: other desks are held off until the desk that sent them has the outcome', async () => {
    const { gateway, sent, request, a, b, office } = await setUp();
    gateway.faults.outcome = 'pending';
    expect((await a.filing.file(accounts(), request)).outcome).toBe('not-finished');
    expect(await refusalOf(b.filing.file(accounts(), request))).toMatch(/^alice on front desk has been filing the accounts/);
    gateway.faults.outcome = 'accept';
    const resumed = await a.filing.file(accounts(), request);
    expect(resumed.outcome).toBe('accepted');
    expect(sent()).toBe(1);
    // One attempt at the office, under one claim, from sending to acceptance.
    expect(await office.submissions()).toEqual([{ user_name: 'alice', desk: 'front desk', outcome: 'accepted', reference: resumed.submissionNumber }]);
  });

  it('rejected accounts give the claim back: corrected accounts are then filed, and the office keeps both attempts', async () => {
    const { gateway, sent, request, a, b, office } = await setUp();
    gateway.faults.outcome = 'reject';
    gateway.faults.rejections = [{ code: '0456', description: 'The balance sheet is not signed by a director.' }];
    const rejected = await a.filing.file(accounts(), request);
    expect(rejected.outcome).toBe('rejected');
    gateway.faults.outcome = 'accept';
    const corrected = await b.filing.file(accounts(), request);
    expect(corrected.outcome).toBe('accepted');
    expect(sent()).toBe(2);
    expect(await office.submissions()).toEqual([
      { user_name: 'alice', desk: 'front desk', outcome: 'rejected', reference: rejected.submissionNumber },
      { user_name: 'bob', desk: 'back office', outcome: 'accepted', reference: corrected.submissionNumber },
    ]);
  });
});
