/**
 * The window's Companies House channels over the real filing service and the
 * local Companies House gateway on 127.0.0.1: the last look names what is
 * missing, the codes go to the keychain and never come back, a filing runs in
 * the background to its outcome, a rejection carries Companies House's words
 * with plain English beside them, and the client's filings list it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompaniesHouseCredentialStore } from '../../main/filing/companies-house/presenter-keychain.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { CompaniesHouseFiling } from '../../main/filing/companies-house/companies-house-filing.js';
import { FilingStore } from '../../main/filing/companies-house/filing-store.js';
import { SubmissionNumbers } from '../../main/filing/companies-house/submission-numbers.js';
import { httpTransport } from '../../main/filing/transport.js';
import { createCompaniesHouseHandlers, type CompaniesHouseHandlers } from '../../main/ipc/companies-house-handlers.js';
import { IpcFailure } from '../../main/ipc/ipc-errors.js';
import type { CompaniesHouseGateway } from '../../main/server/companies-house-gateway/companies-house-gateway.js';
import type { Client } from '../../preload/contract.js';
import type { AccountsDraft } from '../../preload/contract-accounts.js';
import type { CompaniesHouseJob } from '../../preload/contract-companies-house.js';
import { accounts, COMPANY, SECRETS, startGateway } from '../filing/companies-house/gateway-support.js';

let gateway: CompaniesHouseGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

const bytes = accounts();
const draft: AccountsDraft = {
  id: 'acc1',
  schemaVersion: 1,
  createdAt: '2026-09-01T09:00:00.000Z',
  changedAt: '2026-09-01T09:00:00.000Z',
  clientId: 'c1',
  companyName: COMPANY.name,
  companyNumber: COMPANY.number,
  periodFrom: '2025-04-01',
  periodTo: '2026-03-31',
  standard: 'FRS 102 1A',
  trialBalance: null,
  mapping: {},
  answers: {
    directors: ['A Director'],
    approvalDate: { day: '1', month: '9', year: '2026' },
    signingDirector: 'A Director',
    averageEmployees: '3',
    dormant: 'no',
    principalActivity: '',
    directorsAdvances: [],
    commitments: { description: '', total: '' },
  },
  lastBuild: { builtAt: '2026-09-01T09:00:00.000Z', fileName: 'Ashday-accounts-2026-03-31.xhtml', size: bytes.length, sha256: 'a'.repeat(64), profitBeforeTax: 0, profitLoss: 0, balanceSheetTotal: 0 },
  changedSinceBuild: false,
  attachedTo: null,
};
const client = { id: 'c1', companyName: COMPANY.name, registrationNumber: COMPANY.number, utr: '', periodEnd: '03-31', serviceClientName: '', serviceClientId: '', associatedCompanies: 0, archived: false, createdAt: 'x', changedAt: 'x' } satisfies Client;

async function setUp(change: (g: CompaniesHouseGateway) => void = () => undefined) {
  const started = await startGateway();
  gateway = started.gateway;
  change(started.gateway);
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-ch-window-'));
  const credentials = new CompaniesHouseCredentialStore(new MemoryCredentialStore());
  const store = new FilingStore({ dataDir });
  const numbers = new SubmissionNumbers({ dataDir });
  const service = (environment: 'test' | 'live') =>
    new CompaniesHouseFiling({ store, numbers, transport: httpTransport({ timeoutMs: 10_000 }), secrets: (n) => credentials.secrets(environment, n), sleep: async () => undefined, retry: { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 4 } });
  const handlers = createCompaniesHouseHandlers({
    services: { test: service('test'), live: service('live') },
    credentials,
    accounts: { get: async () => draft, list: async () => ({ drafts: [{ id: draft.id, clientId: 'c1', companyName: draft.companyName, periodFrom: draft.periodFrom, periodTo: draft.periodTo, standard: draft.standard, state: 'built', changedAt: draft.changedAt }], unreadable: [] }), builtBytes: async () => bytes },
    clients: { list: async () => [client] },
    endpoint: started.url,
  });
  return { handlers, credentials };
}

async function saveCodes(handlers: CompaniesHouseHandlers) {
  await handlers['companiesHouse.savePresenter']({ environment: 'test', presenterId: SECRETS.presenterId, presenterCode: SECRETS.presenterCode });
  await handlers['companiesHouse.saveAuthCode']({ clientId: 'c1', code: COMPANY.authCode });
}

async function finished(handlers: CompaniesHouseHandlers, job: CompaniesHouseJob): Promise<CompaniesHouseJob> {
  for (let i = 0; i < 400; i++) {
    const now = await handlers['companiesHouse.job']({ jobId: job.jobId });
    if (now.outcome || now.refused) return now;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the filing did not finish');
}

describe('Companies House in the window', () => {
  it('shows the last look with what is missing, then nothing missing once the codes are saved; the codes never come back', async () => {
    const { handlers } = await setUp();
    const before = await handlers['companiesHouse.lastLook']({ accountsDraftId: 'acc1', environment: 'test' });
    expect(before).toMatchObject({ companyNumber: '02014751', companyName: 'Ashday (1986) Limited', periodFrom: '2025-04-01', periodTo: '2026-03-31', approvalDate: '2026-09-01', signingDirector: 'A Director', environment: 'test' });
    expect(before.missing.map((m) => m.field)).toEqual(['presenterId', 'companyAuthCode']);
    await expect(handlers['companiesHouse.file']({ accountsDraftId: 'acc1', environment: 'test' })).rejects.toMatchObject({ code: 'invalid-request', errors: before.missing });
    await saveCodes(handlers);
    const after = await handlers['companiesHouse.lastLook']({ accountsDraftId: 'acc1', environment: 'test' });
    expect(after.missing).toEqual([]);
    expect(after.willSendTo).toContain('test service');
    const shown = JSON.stringify([after, await handlers['companiesHouse.credentials'](), await handlers['companiesHouse.client']({ clientId: 'c1' })]);
    for (const secret of [SECRETS.presenterId, SECRETS.presenterCode, COMPANY.authCode]) expect(shown).not.toContain(secret);
    expect((await handlers['companiesHouse.client']({ clientId: 'c1' })).authCodeSaved).toBe(true);
  });

  it('refuses a company authentication code that is not 6 letters and digits, naming the field, and saves nothing', async () => {
    const { handlers, credentials } = await setUp();
    const refused = await handlers['companiesHouse.saveAuthCode']({ clientId: 'c1', code: 'AB12' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IpcFailure);
    expect((refused as IpcFailure).errors?.[0]?.field).toBe('companyAuthCode');
    expect(await credentials.hasCompanyAuthCode(COMPANY.number)).toBe(false);
  });

  it('files the accounts in the background to Companies House’s acceptance, once, and lists the filing for the client', async () => {
    const { handlers } = await setUp();
    await saveCodes(handlers);
    const job = await finished(handlers, await handlers['companiesHouse.file']({ accountsDraftId: 'acc1', environment: 'test' }));
    expect(job.outcome).toMatchObject({ outcome: 'accepted', companyNumber: '02014751', reasons: [] });
    expect(gateway!.held.size).toBe(1);
    expect([...gateway!.held.values()][0]!.document.equals(bytes)).toBe(true);
    const view = await handlers['companiesHouse.client']({ clientId: 'c1' });
    expect(view.filings.map((f) => [f.submissionNumber, f.environment, f.madeUpDate, f.outcome.outcome])).toEqual([[job.submissionNumber, 'test', '2026-03-31', 'accepted']]);
    expect(view.ready.map((r) => r.accountsDraftId)).toEqual(['acc1']);
  });

  it('gives a rejection with Companies House’s words and plain English beside them', async () => {
    const { handlers } = await setUp((g) => {
      g.faults.outcome = 'reject';
      g.faults.rejections = [
        { code: '0123', description: 'The company name in the accounts does not match the register.' },
        { code: '0456', description: 'Audit exemption statement (s475) missing from the balance sheet.' },
        { code: '0789', description: 'Examiner note: please telephone.' },
      ];
    });
    await saveCodes(handlers);
    const job = await finished(handlers, await handlers['companiesHouse.file']({ accountsDraftId: 'acc1', environment: 'test' }));
    expect(job.outcome?.outcome).toBe('rejected');
    const reasons = job.outcome!.reasons;
    expect(reasons.map((r) => [r.code, r.text])).toEqual([
      ['0123', 'The company name in the accounts does not match the register.'],
      ['0456', 'Audit exemption statement (s475) missing from the balance sheet.'],
      ['0789', 'Examiner note: please telephone.'],
    ]);
    expect(reasons[0]!.plain).toMatch(/^The company name or number in the accounts differs from the register/);
    expect(reasons[1]!.plain).toMatch(/audit exemption \(s475\)/);
    expect(reasons[2]!.plain).toBeNull();
  });

  it('says a filing Companies House has not decided is not finished, and what happens next', async () => {
    const { handlers } = await setUp((g) => {
      g.faults.outcome = 'pending';
    });
    await saveCodes(handlers);
    const job = await finished(handlers, await handlers['companiesHouse.file']({ accountsDraftId: 'acc1', environment: 'test' }));
    expect(job.outcome).toMatchObject({ outcome: 'not-finished', status: 'PENDING' });
    expect(job.outcome!.message).toMatch(/has not decided yet\. Check again later; the accounts are not sent again/);
    const again = await finished(handlers, await handlers['companiesHouse.checkAgain']({ submissionNumber: job.submissionNumber! }));
    expect(again.outcome?.outcome).toBe('not-finished');
    expect(gateway!.submissionsByNumber.get(job.submissionNumber!)).toBe(1);
  });
});
