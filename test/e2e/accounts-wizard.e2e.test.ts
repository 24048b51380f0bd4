/**
 * End to end: statutory accounts from a trial balance in the Accounts wizard,
 * in the built renderer in Debian's Chromium over the real handlers, engine
 * and stores. The trial balance is dropped, the one code the default mapping
 * cannot place is answered, the statements are read with a figure's working,
 * the directors and approval are given (after an empty Continue shows the
 * errors), the accounts are built and shown as they read, and attached to a
 * CT600 return started for the period (box 80A). The return's Computation
 * step takes their profit before tax once the user says so; the return built
 * from it passes `ct600 validate` clean. Each step is pictured and checked with axe.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import { chromiumPath, dropFilesFromDisk, repoRoot, startHarness, startMainOverDataFolder, type E2eHarness } from './harness.js';
import { field, shot, typeDate, typeInto, waitSaved, windowPerTest } from './journey.js';

const COMPANY = 'Van Hire Ltd';
const CRN = '01234567';
const UTR = '8596148860';
/** The worked micro-entity trial balance for 1 April 2025 to 31 March 2026 (test/fixtures/accounts/README.md). */
const TRIAL_BALANCE = join(repoRoot, 'test', 'fixtures', 'accounts', 'micro-van-2026.csv');

let h: E2eHarness;
let savedPath: string;

beforeAll(async () => {
  h = await startHarness();
  ({ savedPath } = await startMainOverDataFolder(h, 'van-hire-ct600.xml'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const openApp = windowPerTest(() => h, { timeout: 15_000, failedPrefix: 'accounts-wizard-failed-' });

describe.skipIf(!existsSync(chromiumPath))('The Accounts wizard, in Chromium', () => {
  it('builds the accounts from a dropped trial balance, attaches them to the return, and the Computation step takes their profit', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Add a client' }).click();
    await typeInto(page, 'Company name', COMPANY);
    await typeInto(page, 'Companies House number', CRN);
    await typeInto(page, 'Unique Taxpayer Reference (UTR)', UTR);
    const periodEnd = page.getByRole('group', { name: 'Usual accounting period end' });
    await periodEnd.getByLabel('Day').fill('31');
    await periodEnd.getByLabel('Month').fill('3');
    await page.getByRole('button', { name: 'Add client' }).click();

    // From the client's row: the client chosen and its latest ended period offered.
    await page.getByRole('button', { name: `Prepare accounts for ${COMPANY}` }).click();
    await page.getByRole('heading', { name: 'Accounts', level: 2 }).waitFor();
    await expect.poll(() => field(page, 'Client').inputValue()).not.toBe('');
    const from = page.getByRole('group', { name: 'Start of the period', exact: true });
    const to = page.getByRole('group', { name: 'End of the period', exact: true });
    await from.getByLabel('Day', { exact: true }).fill('1');
    await from.getByLabel('Month', { exact: true }).fill('4');
    await from.getByLabel('Year', { exact: true }).fill('2025');
    await to.getByLabel('Day', { exact: true }).fill('31');
    await to.getByLabel('Month', { exact: true }).fill('3');
    await to.getByLabel('Year', { exact: true }).fill('2026');
    await shot(opened, 'accounts-wizard-start');
    await page.getByRole('button', { name: 'Start the accounts' }).click();

    // Trial balance: dropped as the operating system drops a file.
    await page.getByRole('heading', { name: 'Trial balance', level: 2 }).waitFor();
    await dropFilesFromDisk(page, '[data-testid="trial-balance-drop"]', [TRIAL_BALANCE]);
    await expect.poll(() => page.getByTestId('tb-format').textContent()).toBe("Filing Desk's trial balance CSV");
    await expect(page.getByTestId('tb-balances').textContent()).resolves.toBe('The trial balance balances: debits equal credits.');
    await expect(page.getByRole('table', { name: 'The 20 accounts read' }).getByRole('row', { name: /4000 Sales Type A/ }).textContent()).resolves.toContain('£62,400.00');
    await shot(opened, 'accounts-wizard-trial-balance');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Mapping: only the code the standard chart cannot place is asked.
    await page.getByRole('heading', { name: 'Mapping', level: 2 }).waitFor();
    await expect(page.getByTestId('mapping-counts').textContent()).resolves.toContain('19 codes were placed by the standard chart');
    const dividends = page.getByLabel(/^Code 3260: Dividends/);
    await expect(page.locator('select').count()).resolves.toBe(1);
    await dividends.selectOption('DividendsPaid');
    await expect.poll(() => dividends.inputValue()).toBe('DividendsPaid');
    await shot(opened, 'accounts-wizard-mapping');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Statements: as the engine builds them, each figure's working on demand.
    await page.getByRole('heading', { name: 'Statements', level: 2 }).waitFor();
    const turnover = page.getByTestId('line-TurnoverRevenue');
    await expect.poll(() => turnover.locator('td.numeric').first().textContent()).toBe('£62,400');
    await turnover.getByRole('button', { name: /^Show working/ }).press('Enter');
    await expect.poll(() => page.locator('#working-TurnoverRevenue').textContent()).toBe('Code 4000, Sales Type A: £62,400.00');
    await shot(opened, 'accounts-wizard-statements');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Directors and approval: Continue with nothing given lists what to give, each beside its field.
    await page.getByRole('heading', { name: 'Directors and approval', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    const summary = page.getByTestId('error-summary');
    await expect.poll(() => summary.textContent()).toContain('Enter the name of at least one director');
    await expect(summary.textContent()).resolves.toContain('Enter the date the board approved the accounts');
    await expect(page.locator('#accounts-directors-0-error').textContent()).resolves.toBe('Enter the name of at least one director');
    await shot(opened, 'accounts-wizard-directors-errors');
    await summary.getByRole('link', { name: 'Enter the name of at least one director' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('accounts-directors-0');
    await typeInto(page, 'Director 1’s full name', 'Ann Driver');
    await typeDate(page, 'Date the board approved the accounts', '1', '6', '2026');
    await field(page, 'Director who signs the balance sheet').selectOption('Ann Driver');
    await typeInto(page, 'Average number of employees in the period', '1');
    await page.getByRole('radio', { name: 'No, it traded or had transactions' }).check();
    await typeInto(page, 'What the company does', 'Van hire');
    await waitSaved(page);
    await shot(opened, 'accounts-wizard-directors');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Check and build: the answers, the checks, the build, the accounts as they read.
    await page.getByRole('heading', { name: 'Check and build', level: 2 }).waitFor();
    await expect.poll(() => page.getByTestId('checks-clean').or(page.getByTestId('checks')).first().textContent()).not.toContain('To put right');
    await page.getByRole('button', { name: 'Build the accounts' }).click();
    const preview = page.getByTestId('accounts-preview');
    await preview.waitFor({ timeout: 30_000 });
    await expect(preview.textContent()).resolves.toContain(COMPANY);
    await expect(preview.textContent()).resolves.toMatch(/62,400/);
    await shot(opened, 'accounts-wizard-built');

    // Attached to the return for the period: there is none yet, so one is started.
    await page.getByRole('button', { name: 'Attach to the CT600 return for this period (box 80A)' }).click();
    await page.getByTestId('no-return').waitFor();
    await page.getByRole('button', { name: 'Start a CT600 return for this period and attach the accounts' }).click();
    await page.getByTestId('attached').waitFor({ timeout: 30_000 });
    await shot(opened, 'accounts-wizard-attached');
    await page.getByRole('button', { name: 'Open the return' }).click();

    // The return: made out to the client and the accounts' period.
    await expect.poll(() => field(page, 'Company name (box 1)').inputValue()).toBe(COMPANY);
    await expect(page.getByRole('group', { name: 'End of the return period (box 35)' }).getByLabel('Year').inputValue()).resolves.toBe('2026');
    await field(page, 'Type of company (box 4)').selectOption({ label: 'UK trading or professional company (code 0)' });
    await page.getByRole('radio', { name: 'A new return' }).check();
    await field(page, 'Who is sending this return?').selectOption({ label: 'An agent (an accountant or tax adviser)' });
    await page.getByTestId('task-attachments').click();
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: 'Van-Hire-Ltd-accounts-2026-03-31.xhtml', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The Computation step offers the accounts' profit before tax with its source; the user takes it.
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    const offer = page.getByTestId('accounts-offer');
    await expect.poll(() => offer.textContent(), { timeout: 15_000 }).toContain('£32,139');
    await page.getByRole('button', { name: 'Use these figures from the accounts' }).click();
    await expect.poll(() => field(page, 'Profit or loss before tax').inputValue()).toMatch(/^32,?139(\.00)?$/);
    await expect.poll(() => page.locator('#computation-profitAndLoss-profitBeforeTax-hint').textContent()).toContain('from the accounts');
    await waitSaved(page);
    await shot(opened, 'accounts-wizard-computation');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();

    await page.getByTestId('task-declaration').click();
    await typeInto(page, 'Name of the person making the declaration (box 975)', 'Ann Driver');
    await typeInto(page, 'Their status (box 985)', 'Director');
    await page.getByRole('checkbox', { name: /^I declare/ }).check();
    await waitSaved(page);
    await page.getByTestId('task-check').click();
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Build/ }).click();
    await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save the return…' }).click();
    await page.getByText(/^Saved as /).waitFor();
    await shot(opened, 'accounts-wizard-return-built');

    // `ct600 validate` on the saved return, the accounts inside it included: nothing but information.
    let printed = '';
    const exit = await runCt600Command(['validate', savedPath], { out: (t) => void (printed += t), err: (t) => void (printed += t), stdoutIsTTY: false, stderrIsTTY: false });
    expect(JSON.parse(printed).messages.filter((m: { severity: string }) => m.severity !== 'info'), printed).toEqual([]);
    expect(exit).toBe(0);
  }, 300_000);
});
