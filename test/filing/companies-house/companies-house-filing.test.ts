/**
 * Filing accounts with the local Companies House gateway through the real
 * HTTP transport: each outcome Companies House gives (ACCEPT, REJECT with
 * reasons, PENDING, PARKED, INTERNAL_FAILURE) and each fault (a duplicate
 * number, a slow gateway, no answer), with the rule that only ACCEPT and
 * REJECT are outcomes and that the accounts are submitted once.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CompaniesHouseRefusal } from '../../../main/filing/companies-house/companies-house-filing.js';
import type { CompaniesHouseGateway } from '../../../main/server/companies-house-gateway/companies-house-gateway.js';
import { accounts, COMPANY, makeFiling, SECRETS, startGateway } from './gateway-support.js';

const gateways: CompaniesHouseGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
});

async function setUp() {
  const started = await startGateway();
  gateways.push(started.gateway);
  return { ...started, ...makeFiling() };
}

const request = (url: string) => ({ companyNumber: COMPANY.number, environment: 'test' as const, endpoint: url });

describe('Companies House outcomes through the XML Gateway', () => {
  it('ACCEPT: accepted, the company data checked first, the status acknowledged after the outcome is written', async () => {
    const { gateway, url, filing, store } = await setUp();
    const outcome = await filing.file(accounts(), request(url));
    expect(outcome).toMatchObject({ outcome: 'accepted', companyNumber: COMPANY.number, reasons: [], status: 'ACCEPT' });
    expect(outcome.submissionNumber).toBe('FD0001');
    expect(gateway.requests.map((r) => r.messageClass)).toEqual(['CompanyDataRequest', 'Accounts', 'GetSubmissionStatus', 'StatusAck']);
    expect([...gateway.submissionsByNumber.values()]).toEqual([1]);
    expect(gateway.held.get('FD0001')!.gatewayTest).toBe('1');
    const [record] = (await store.list()).records;
    expect(record).toMatchObject({ state: 'accepted', statusAcknowledged: true, companyName: COMPANY.name, madeUpDate: '2026-03-31', dateSigned: '2026-08-18' });
  });

  it('REJECT: rejected with Companies House\'s reasons verbatim; a corrected filing goes under a new number', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.outcome = 'reject';
    gateway.faults.rejections = [
      { code: '0456', description: 'The balance sheet is not signed by a director.' },
      { code: '0789', description: 'Duplicate made-up date.' },
    ];
    const outcome = await filing.file(accounts(), request(url));
    expect(outcome).toMatchObject({ outcome: 'rejected', status: 'REJECT', reasons: [{ code: '0456', text: 'The balance sheet is not signed by a director.' }, { code: '0789', text: 'Duplicate made-up date.' }] });
    gateway.faults.outcome = 'accept';
    const again = await filing.file(accounts(), request(url));
    expect(again).toMatchObject({ outcome: 'accepted', submissionNumber: 'FD0002' });
  });

  it.each([
    ['pending', 'PENDING'],
    ['parked', 'PARKED'],
    ['internal-failure', 'INTERNAL_FAILURE'],
  ] as const)('%s: not finished, never rejected; the next run asks again and sends nothing', async (mode, code) => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.outcome = mode;
    const first = await filing.file(accounts(), request(url));
    expect(first).toMatchObject({ outcome: 'not-finished', status: code, reasons: [] });
    gateway.faults.outcome = 'accept';
    const second = await filing.file(accounts(), request(url));
    expect(second).toMatchObject({ outcome: 'accepted', submissionNumber: first.submissionNumber });
    expect([...gateway.submissionsByNumber.values()]).toEqual([1]);
  });

  it('PENDING for a while, then ACCEPT within the same run', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.pendingAnswers = 2;
    const progress: string[] = [];
    const outcome = await filing.file(accounts(), request(url), (p) => progress.push(`${p.step}${p.status ? ` ${p.status}` : ''}`));
    expect(outcome.outcome).toBe('accepted');
    expect(progress).toContain('waiting PENDING');
  });

  it('a duplicate number (9999) is never read as a rejection: the status of the number is asked instead', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.duplicateNumber = true;
    const outcome = await filing.file(accounts(), request(url));
    expect(outcome.outcome).toBe('not-finished');
    expect(outcome.reasons).toEqual([]);
    expect(outcome.message).toMatch(/submission number FD0001 was used before/);
    expect(gateway.requests.map((r) => r.messageClass)).toContain('GetSubmissionStatus');
  });

  it('no answer to the submission: its number\'s status is asked, and it is found held; submitted once', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.dropSubmissionAnswers = 1;
    const outcome = await filing.file(accounts(), request(url));
    expect(outcome).toMatchObject({ outcome: 'accepted', submissionNumber: 'FD0001' });
    expect(gateway.submissionsByNumber.get('FD0001')).toBe(1);
  });

  it('no answer before the gateway read the submission: the status is asked, nothing is known, the same submission goes again under the same number', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.dropSubmissionsUnread = 1;
    const outcome = await filing.file(accounts(), request(url));
    expect(outcome).toMatchObject({ outcome: 'accepted', submissionNumber: 'FD0001' });
    expect(gateway.submissionsByNumber.get('FD0001')).toBe(1);
    expect(gateway.requests.map((r) => r.messageClass)).toEqual(['CompanyDataRequest', 'Accounts', 'GetSubmissionStatus', 'Accounts', 'GetSubmissionStatus', 'StatusAck']);
  });

  it('no answer to any status request: not finished, never rejected', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.dropStatusAnswers = 100;
    const outcome = await filing.file(accounts(), request(url));
    expect(outcome).toMatchObject({ outcome: 'not-finished', reasons: [] });
  });

  it('a slow gateway is waited for', async () => {
    const { gateway, url, filing } = await setUp();
    gateway.faults.slowMs = 300;
    expect((await filing.file(accounts(), request(url))).outcome).toBe('accepted');
  });

  it('a wrong company authentication code is refused by CompanyData before any submission: nothing submitted, no number used', async () => {
    const { gateway, url } = await setUp();
    const { filing, dataDir } = makeFiling({ secrets: async () => ({ ...SECRETS, companyAuthCode: 'ZZ99ZZ' }) });
    const refused = await filing.file(accounts(), request(url)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CompaniesHouseRefusal);
    expect((refused as CompaniesHouseRefusal).field).toBe('companyAuthCode');
    expect((refused as Error).message).toMatch(/502 Authorisation Failure.*nothing was sent/);
    expect(gateway.submissionsByNumber.size).toBe(0);
    expect(dataDir).toBeTruthy();
  });

  it('the same accounts filed again after ACCEPT: the outcome already known, nothing sent', async () => {
    const { gateway, url, filing } = await setUp();
    await filing.file(accounts(), request(url));
    const before = gateway.requests.length;
    expect((await filing.file(accounts(), request(url))).outcome).toBe('accepted');
    expect(gateway.requests.length).toBe(before);
  });

  it('a record edited to send elsewhere sends nothing there: refused by its address before any request', async () => {
    const { gateway, url, filing, dataDir } = await setUp();
    gateway.faults.outcome = 'pending';
    await filing.file(accounts(), request(url));
    const folder = join(dataDir, 'companies-house', 'filings');
    const [name] = readdirSync(folder).filter((n) => n.endsWith('.json'));
    const path = join(folder, name!);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), gatewayUrl: 'https://gateway.example.com/v1-0/xmlgw/Gateway' }));
    const before = gateway.requests.length;
    const refused = await filing.file(accounts(), request(url)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CompaniesHouseRefusal);
    expect((refused as CompaniesHouseRefusal).field).toBe('endpoint');
    expect(gateway.requests.length).toBe(before);
  });

  it('the history lists each filing with its outcome', async () => {
    const { url, filing } = await setUp();
    await filing.file(accounts(), { ...request(url), clientId: 'client-7' });
    const history = await filing.history({ clientId: 'client-7' });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ submissionNumber: 'FD0001', companyName: COMPANY.name, madeUpDate: '2026-03-31', outcome: { outcome: 'accepted' } });
    expect(history[0]).not.toHaveProperty('document');
  });
});
