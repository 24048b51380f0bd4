/** A Companies House filing service against the local Companies House gateway on 127.0.0.1, with a temporary data folder, and an accepted set of accounts from ../shared. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompaniesHouseFiling, type CompaniesHouseFilingDeps } from '../../../main/filing/companies-house/companies-house-filing.js';
import { FilingStore } from '../../../main/filing/companies-house/filing-store.js';
import { SubmissionNumbers } from '../../../main/filing/companies-house/submission-numbers.js';
import { httpTransport } from '../../../main/filing/transport.js';
import { createCompaniesHouseGateway } from '../../../main/server/companies-house-gateway/companies-house-gateway.js';
import { sharedDir } from '../../helpers/shared.js';

/** Accounts a company filed (FRS 102, FRC 2026 taxonomy), as accepted: Ashday (1986) Limited, 02014751, made up to 31 March 2026. */
export const ACCOUNTS_FILE = join(sharedDir, 'ct600', 'ixbrl-accounts', 'Prod223_4316_02014751_20260331.html');
export const accounts = () => readFileSync(ACCOUNTS_FILE);
export const COMPANY = { number: '02014751', name: 'Ashday (1986) Limited', authCode: 'AB12CD' };

/** Test presenter credentials as Companies House issues them: 11 characters each. */
export const SECRETS = { presenterId: 'E0001234567', presenterCode: 'Qw7Rt9Yu3Io', companyAuthCode: COMPANY.authCode };

export async function startGateway(options: { onSubmission?: (seen: { submissionNumber: string; count: number }) => void | Promise<void> } = {}) {
  const gateway = await createCompaniesHouseGateway({ presenter: SECRETS, companies: [COMPANY], ...options });
  const url = await gateway.listen();
  return { gateway, url };
}

export function makeFiling(overrides: Partial<CompaniesHouseFilingDeps> & { dataDir?: string } = {}) {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'fd-ch-filing-'));
  const store = new FilingStore({ dataDir });
  const filing = new CompaniesHouseFiling({
    store,
    numbers: new SubmissionNumbers({ dataDir }),
    transport: httpTransport({ timeoutMs: 10_000 }),
    secrets: async () => SECRETS,
    retry: { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 4 },
    ...overrides,
  });
  return { filing, store, dataDir };
}
