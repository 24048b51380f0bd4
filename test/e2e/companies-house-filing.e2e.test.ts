/**
 * End to end: filing accounts with Companies House from the window, in
 * Debian's Chromium over the real bridge and handlers, against the local
 * Companies House gateway on 127.0.0.1. The presenter account typed in
 * Settings › Companies House, the company's code on the client's page, the
 * last look, a rejection with Companies House's words and plain English
 * beside them, then the corrected filing accepted once; and the Deadlines
 * screen's accounts row with its penalty so far. Main's clock: 24 November 2026.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createCompaniesHouseWiring } from '../../main/ipc/companies-house-wiring.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { OnlineDesk } from '../../main/online/online-desk.js';
import type { CompaniesHouseGateway } from '../../main/server/companies-house-gateway/companies-house-gateway.js';
import { AccountsDrafts } from '../../main/store/accounts-drafts.js';
import { accountsRecordSchema } from '../../main/store/accounts-record.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { accounts, COMPANY, SECRETS, startGateway } from '../filing/companies-house/gateway-support.js';
import { chromiumPath, screenshot, startHarness, type E2eHarness, type OpenedPage } from './harness.js';

let h: E2eHarness;
let gateway: CompaniesHouseGateway;
let current: OpenedPage | null = null;

beforeAll(async () => {
  h = await startHarness();
  const dataDir = join(h.workDir, 'data');
  const drafts = new DraftStore({ dataDir, log: () => undefined });
  await drafts.open();
  const clients = new ClientBook({ dataDir, log: () => undefined });
  const client = await clients.save(undefined, {
    companyName: COMPANY.name, registrationNumber: COMPANY.number, utr: '', periodEnd: '03-31', serviceClientName: '', serviceClientId: '',
    // 2024–25's accounts were due 31 December 2025 and never delivered: more than 6 months late on 24 November 2026.
    periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: '2025-12-01', accepted: true }, { start: '2025-04-01', end: '2026-03-31', filedOn: null, accepted: false }],
  });
  // The accounts of 2025–26, built: the bytes of a set Companies House accepted (Ashday (1986) Limited, made up to 31 March 2026).
  const store = new AccountsDrafts({ dataDir });
  const draft = await store.create({ clientId: client.id, companyName: COMPANY.name, companyNumber: COMPANY.number, periodFrom: '2025-04-01', periodTo: '2026-03-31', standard: 'FRS 102 1A' });
  await store.update(draft.id, (r) => ({ ...r, answers: { ...r.answers, directors: ['P Ashby'], approvalDate: { day: '14', month: '9', year: '2026' }, signingDirector: 'P Ashby' } }));
  const record = accountsRecordSchema.parse(JSON.parse(await readFile(join(dataDir, 'accounts', `${draft.id}.json`), 'utf8')));
  await store.recordBuild(draft.id, record, { xhtml: accounts(), fileName: 'Ashday-accounts-2026-03-31.xhtml', profitBeforeTax: 0, profitLoss: 0, balanceSheetTotal: 0 });

  const started = await startGateway();
  gateway = started.gateway;
  gateway.faults.outcome = 'reject';
  gateway.faults.rejections = [{ code: '0456', description: 'Audit exemption statement (s475) missing from the balance sheet.' }];
  const companiesHouse = createCompaniesHouseWiring({ dataDir, clients, credentials: new MemoryCredentialStore(), endpoint: started.url, service: { sleep: async () => undefined, retry: { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 4 } } });
  registerHandlers(
    h.ipc,
    createHandlers({
      ct600: createCt600Engine(),
      packages: createPackageEngine(),
      clients,
      drafts,
      online: new OnlineDesk({ dataDir, credentials: new MemoryCredentialStore(), drafts, clients, log: () => undefined }),
      openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true, filePath: '' }) }, defaultDirectory: h.workDir },
      appInfo: { version: '0.1.0', platform: process.platform },
      companiesHouse: companiesHouse.handlers,
      accountsWork: companiesHouse.accountsWork,
      clock: () => new Date('2026-11-24T12:00:00'),
    }),
    { isTrustedSender: h.isTrustedSender },
  );
}, 180_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
    await screenshot(current.page, `companies-house-failed-${context.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    console.log('problems on the failed page:', current.problems);
  }
});

afterAll(async () => {
  if (current && !current.page.isClosed()) await current.page.close();
  await gateway?.close();
  await h?.close();
});

describe.skipIf(!existsSync(chromiumPath))('Filing accounts with Companies House in Chromium', () => {
  it('files from the client’s page: rejected with reasons in plain words, then accepted once', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1280, height: 1000 });
    const nav = page.getByRole('navigation', { name: 'Sections' });

    await nav.getByRole('button', { name: /^Settings/ }).click();
    const settings = page.getByRole('region', { name: 'Companies House' });
    const test = settings.getByRole('group', { name: 'Test presenter account' });
    await test.getByLabel('Presenter ID').fill(SECRETS.presenterId);
    await test.getByLabel('Presenter authentication code').fill(SECRETS.presenterCode);
    await test.getByRole('button', { name: 'Save the test presenter account' }).click();
    await test.getByText('Saved in the keychain.').waitFor();
    expect(await test.getByLabel('Presenter ID').inputValue()).toBe('');

    await nav.getByRole('button', { name: /^Clients/ }).click();
    await page.getByRole('button', { name: `Periods and deadlines of ${COMPANY.name}` }).click();
    const panel = page.getByRole('region', { name: `Accounts with Companies House: ${COMPANY.name}` });
    await panel.getByLabel(`Company authentication code for ${COMPANY.number}`).fill(COMPANY.authCode);
    await panel.getByRole('button', { name: 'Save the code' }).click();
    await panel.getByText('Saved in the keychain.').waitFor();

    await panel.getByRole('button', { name: 'File with Companies House…' }).click();
    const look = panel.getByTestId('companies-house-last-look');
    await look.waitFor();
    for (const words of [COMPANY.number, COMPANY.name, '1 April 2025 to 31 March 2026', '14 September 2026', 'P Ashby', 'test service']) expect(await look.textContent()).toContain(words);
    await screenshot(page, 'companies-house-last-look');

    await panel.getByRole('button', { name: 'Send as a test submission' }).click();
    const rejected = panel.getByTestId('file-with-companies-house').getByTestId('companies-house-outcome');
    await rejected.waitFor({ timeout: 30_000 });
    const rejectedText = (await rejected.textContent()) ?? '';
    expect(rejectedText).toContain('Companies House rejected the accounts');
    expect(rejectedText).toContain('A statement the balance sheet must carry is missing or worded wrongly');
    expect(rejectedText).toContain('Companies House’s words: “Audit exemption statement (s475) missing from the balance sheet.” (code 0456)');
    await screenshot(page, 'companies-house-rejected');

    gateway.faults.outcome = 'accept';
    await panel.getByRole('button', { name: 'File with Companies House…' }).click();
    await panel.getByRole('button', { name: 'File with Companies House…' }).click();
    await panel.getByRole('button', { name: 'Send as a test submission' }).click();
    const accepted = panel.getByTestId('file-with-companies-house').getByTestId('companies-house-outcome');
    await expect.poll(async () => (await accepted.textContent()) ?? '', { timeout: 30_000 }).toContain('Companies House accepted the accounts');
    const history = panel.getByTestId('companies-house-filings');
    await expect.poll(async () => (await history.locator('tbody tr').allTextContents()).length).toBe(2);
    const rows = await history.locator('tbody tr').allTextContents();
    expect(rows.some((r) => r.includes('Accepted') && r.includes('(test)'))).toBe(true);
    expect(rows.some((r) => r.includes('Rejected'))).toBe(true);
    expect(gateway.held.size).toBe(2);
    expect(await page.content()).not.toContain(COMPANY.authCode);
    await screenshot(page, 'companies-house-accepted');
  });

  it('shows the accounts on Deadlines beside the returns, overdue with the penalty so far', async () => {
    const page = current!.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Deadlines/ }).click();
    await page.getByRole('list', { name: 'Deadlines' }).waitFor();
    const accountsRows = page.locator('[data-testid="deadline-row"]', { hasText: 'Accounts to Companies House' });
    await expect.poll(() => accountsRows.count()).toBeGreaterThanOrEqual(2);
    const overdue = accountsRows.filter({ hasText: 'Period 1 April 2024 to 31 March 2025' });
    const text = (await overdue.textContent()) ?? '';
    expect(text).toContain('Accounts due 31 December 2025');
    expect(text).toContain('328 days late');
    expect(text).toContain('Penalty £1,500 so far (more than 6 months late)');
    // The 2025–26 accounts: built, and filed only as a test submission, which delivers nothing.
    const next = (await accountsRows.filter({ hasText: 'Period 1 April 2025 to 31 March 2026' }).textContent()) ?? '';
    expect(next).toContain('Accounts due 31 December 2026');
    expect(next).toContain('Built');
    await screenshot(page, 'deadlines-companies-house');
  });
});
