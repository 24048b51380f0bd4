/**
 * Companies House submission numbers across the desks of an office: two data
 * folders joined to a real office on PostgreSQL take their numbers from it,
 * so filings under one presenter from two desks never carry the same number
 * (the local Companies House gateway refuses a number used twice, as
 * Companies House does).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FilingStore } from '../../main/filing/companies-house/filing-store.js';
import { presenterKey, SubmissionNumbers, SubmissionNumbersError } from '../../main/filing/companies-house/submission-numbers.js';
import { officeSubmissionNumbersFor } from '../../main/office/office-submission-numbers.js';
import { createCompaniesHouseGateway } from '../../main/server/companies-house-gateway/companies-house-gateway.js';
import { accounts, COMPANY, makeFiling, SECRETS } from '../filing/companies-house/gateway-support.js';
import { sharedDir } from '../helpers/shared.js';
import { joinedDataFolder, startOffice, unreachableOfficeUrl } from './office-desks.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A second company's accounts, filed under the same presenter as COMPANY's. */
const EN_PLACE = { number: 'NI731272', name: 'En Place Foods Limited', authCode: 'EP34FG' };
const enPlaceAccounts = () => readFileSync(join(sharedDir, 'ct600', 'ixbrl-accounts', 'Prod223_4316_NI731272_20251231.html'));

async function deskOn(url: string, user: string, desk: string) {
  const joined = await joinedDataFolder(url, user, desk, 'Wait for it to finish, then run the same command again.');
  const numbers = new SubmissionNumbers({ dataDir: joined.dataDir, acrossDesks: officeSubmissionNumbersFor(joined.dataDir, { keychain: async () => joined.keychain }) });
  return { ...joined, numbers };
}

async function officeWithDesks() {
  const office = await startOffice();
  cleanups.push(() => office.close());
  return { office, a: await deskOn(office.url, 'alice', 'front desk'), b: await deskOn(office.url, 'bob', 'back office') };
}

const takenAtOffice = async (office: Awaited<ReturnType<typeof startOffice>>) =>
  (await office.pool.query<{ presenter_key: string; count: number; user_name: string; desk: string; for_what: string }>('SELECT presenter_key, count, user_name, desk, for_what FROM office_submission_numbers ORDER BY count')).rows;

describe('Companies House submission numbers come from the office', () => {
  it("two desks file different companies' accounts under one presenter: each gets its own number, and Companies House accepts both", async () => {
    const { office, a, b } = await officeWithDesks();
    const gateway = await createCompaniesHouseGateway({ presenter: { ...SECRETS }, companies: [COMPANY, EN_PLACE] });
    const url = await gateway.listen();
    cleanups.push(() => gateway.close());
    const fileFrom = (desk: typeof a, companyAuthCode: string) =>
      makeFiling({ dataDir: desk.dataDir, store: new FilingStore({ dataDir: desk.dataDir, acrossDesks: desk.officeClaims }), numbers: desk.numbers, secrets: async () => ({ ...SECRETS, companyAuthCode }) }).filing;

    const first = await fileFrom(a, COMPANY.authCode).file(accounts(), { companyNumber: COMPANY.number, environment: 'test', endpoint: url });
    const second = await fileFrom(b, EN_PLACE.authCode).file(enPlaceAccounts(), { companyNumber: EN_PLACE.number, environment: 'test', endpoint: url });

    expect([first.outcome, second.outcome]).toEqual(['accepted', 'accepted']);
    expect([first.submissionNumber, second.submissionNumber]).toEqual(['FD0001', 'FD0002']);
    expect([...gateway.submissionsByNumber.entries()].sort()).toEqual([
      ['FD0001', 1],
      ['FD0002', 1],
    ]);
    const key = await presenterKey(SECRETS.presenterId);
    expect(await takenAtOffice(office)).toEqual([
      { presenter_key: key, count: 1, user_name: 'alice', desk: 'front desk', for_what: `accounts of ${COMPANY.number} made up to 2026-03-31` },
      { presenter_key: key, count: 2, user_name: 'bob', desk: 'back office', for_what: `accounts of ${EN_PLACE.number} made up to 2025-12-31` },
    ]);
    // The office knows the presenter only by its slow hash: neither its tables nor its audit trail hold the ID.
    const audit = await office.pool.query<{ action: string; id: string }>("SELECT action, id FROM office_audit WHERE action = 'submission-number-taken'");
    expect(audit.rows).toEqual([
      { action: 'submission-number-taken', id: key },
      { action: 'submission-number-taken', id: key },
    ]);
    const everything = JSON.stringify((await office.pool.query('SELECT * FROM office_submission_numbers')).rows) + JSON.stringify((await office.pool.query('SELECT * FROM office_audit')).rows);
    expect(everything).not.toContain(SECRETS.presenterId);
  });

  it('ten numbers taken at once by two desks are all different', async () => {
    const { office, a, b } = await officeWithDesks();
    const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).numbers.allocate(SECRETS.presenterId, `accounts number ${i}`)));
    expect(new Set(taken).size).toBe(10);
    expect([...taken].sort()).toEqual(['FD0001', 'FD0002', 'FD0003', 'FD0004', 'FD0005', 'FD0006', 'FD0007', 'FD0008', 'FD0009', 'FD000A']);
    expect((await takenAtOffice(office)).map((r) => r.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("a desk whose data folder already used FD0005 is given a number past it, and the other desk one past that", async () => {
    const { office, a, b } = await officeWithDesks();
    const folder = join(a.dataDir, await a.numbers.folderOf(SECRETS.presenterId));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'FD0005.number'), `${JSON.stringify({ submissionNumber: 'FD0005', for: 'accounts filed before this desk joined the office', takenAt: '2026-01-05T10:00:00.000Z' })}\n`);
    expect(await a.numbers.allocate(SECRETS.presenterId, 'accounts of 02014751 made up to 2026-03-31')).toBe('FD0006');
    expect(await b.numbers.allocate(SECRETS.presenterId, 'accounts of NI731272 made up to 2025-12-31')).toBe('FD0007');
    expect((await takenAtOffice(office)).map((r) => [r.count, r.user_name])).toEqual([
      [6, 'alice'],
      [7, 'bob'],
    ]);
  });

  it('the office cannot be reached: no number is taken, in those words, and nothing is written in the data folder', async () => {
    const url = await unreachableOfficeUrl();
    const away = await deskOn(url, 'alice', 'laptop');
    const error = await away.numbers.allocate(SECRETS.presenterId, 'accounts of 02014751 made up to 2026-03-31').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionNumbersError);
    expect((error as Error).message).toBe(
      `The office at ${url} cannot be reached, so no submission number could be taken and nothing was sent: in an office, submission numbers come from the office so no two desks send the same one. Try again when the office can be reached.`,
    );
    expect(await away.numbers.highest(SECRETS.presenterId)).toBe(0);
  });

  it('the office refuses a presenter given as its ID rather than its key, naming the field and the rule', async () => {
    const { office, a } = await officeWithDesks();
    const ask = await officeSubmissionNumbersFor(a.dataDir, { keychain: async () => a.keychain }).forPresenter(SECRETS.presenterId, 'accounts of 02014751');
    const error = await ask!(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionNumbersError);
    expect((error as Error).message).toMatch(new RegExp(`^The office at ${office.url.replace(/[.]/g, '\\.')} refused this desk a submission number \\(.*presenterKey.*32 lower-case hex digits.*\\), so nothing was sent\\.$`));
    expect(await takenAtOffice(office)).toEqual([]);
  });
});
