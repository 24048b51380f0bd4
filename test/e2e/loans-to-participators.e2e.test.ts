/**
 * End to end: loans to participators (the CT600A) typed in the Computation
 * step alone, in the built renderer in Debian's Chromium over the real
 * handlers and engine. Two directors' loan accounts give a CT600A with Parts
 * 1 and 2; the saved return passes `ct600 validate` (schema and every HMRC
 * rule); the step's states are kept as screenshots and each is checked with
 * axe. A new window keeps what was typed; the client's next return starts
 * from what was still owed; Deadlines shows the s455 tax with its interest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import { checkAccessibility, chromiumPath, dropFilesFromDisk, startHarness, startMainOverDataFolder, type E2eHarness, type OpenedPage } from './harness.js';
import { exampleAttachment, field, shot, typeDate, typeInto, waitSaved, windowPerTest } from './journey.js';

const COMPANY = 'Fennel Stationery Limited';
const CRN = '07654321';
const UTR = '8596148860';


const exampleFile = (name: string) => exampleAttachment(name, { name: COMPANY, crn: CRN });

let h: E2eHarness;
let savedPath: string;

beforeAll(async () => {
  h = await startHarness();
  ({ savedPath } = await startMainOverDataFolder(h, 'fennel-ct600a.xml'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const openApp = windowPerTest(() => h, { timeout: 10_000 });

/** A screenshot of the state, axe over it, and no console errors or CSP violations on the way. */
async function state(opened: OpenedPage, name: string): Promise<void> {
  await shot(opened, name);
  await checkAccessibility(opened.page, name);
}



async function dateOf(page: Page, legend: string): Promise<string[]> {
  const group = page.getByRole('group', { name: legend, exact: true });
  return Promise.all(['Day', 'Month', 'Year'].map((part) => group.getByLabel(part, { exact: true }).inputValue()));
}


async function newReturnFor(page: Page, from: [string, string, string], to: [string, string, string]): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Clients' }).click();
  await page.getByRole('button', { name: `New return for ${COMPANY}` }).click();
  await expect.poll(() => field(page, 'Company name (box 1)').inputValue()).toBe(COMPANY);
  await typeDate(page, 'Start of the return period (box 30)', ...from);
  await typeDate(page, 'End of the return period (box 35)', ...to);
  await field(page, 'Type of company (box 4)').selectOption({ label: 'UK trading or professional company (code 0)' });
  await page.getByRole('radio', { name: 'A new return' }).check();
  await field(page, 'Who is sending this return?').selectOption({ label: 'An agent (an accountant or tax adviser)' });
}

const box = (page: Page, name: string) => page.getByTestId(`ct600a-box-${name}`).locator('td.numeric');

describe.skipIf(!existsSync(chromiumPath))('Loans to participators (CT600A) from the Computation step alone, in Chromium', () => {
  it('takes each director’s loan account, shows the CT600A with its working, keeps it over a reload and builds a return that validates clean', async () => {
    let opened = await openApp();
    let page = opened.page;
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
    await newReturnFor(page, ['1', '4', '2024'], ['31', '3', '2025']);

    await page.getByTestId('task-attachments').click();
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();
    await writeFile(join(h.workDir, 'fennel-accounts-2025.xhtml'), exampleFile('accounts-2025.xhtml'));
    await dropFilesFromDisk(page, '[data-testid="drop-accounts"]', [join(h.workDir, 'fennel-accounts-2025.xhtml')]);
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: 'fennel-accounts-2025.xhtml', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await expect.poll(() => page.getByTestId('accounts-offer').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Use these figures from the accounts' }).click();
    const section = page.getByTestId('loans-to-participators');
    await expect(section.getByTestId('no-loan-accounts').isVisible()).resolves.toBe(true);
    await section.scrollIntoViewIfNeeded();
    await state(opened, 'loans-00-none');

    // Jane Fennel borrowed £10,000 in June 2024 and paid £4,000 back in July 2025, within nine months of the period end (Part 2).
    await page.getByRole('button', { name: 'Add a participator’s loan account' }).click();
    await typeInto(page, 'Participator 1: name', 'Jane Fennel');
    await page.getByRole('button', { name: 'Add a loan to Jane Fennel' }).click();
    await typeDate(page, 'Loan 1: date made', '1', '6', '2024');
    await typeInto(page, 'Loan 1: amount', '10000');
    await page.getByRole('button', { name: 'Add a repayment by Jane Fennel' }).click();
    await typeDate(page, 'Repayment 1: date', '1', '7', '2025');
    await typeInto(page, 'Repayment 1: amount', '4000');
    // Tom Fennel borrowed £6,000 in September 2024; the company wrote £1,000 of it off in August 2025.
    await page.getByRole('button', { name: 'Add another participator’s loan account' }).click();
    await typeInto(page, 'Participator 2: name', 'Tom Fennel');
    await page.getByRole('button', { name: 'Add a loan to Tom Fennel' }).click();
    await typeDate(page, 'Loan 2: date made', '3', '9', '2024');
    await typeInto(page, 'Loan 2: amount', '6000');
    await page.getByRole('button', { name: 'Add a repayment by Tom Fennel' }).click();
    await typeDate(page, 'Repayment 2: date', '1', '8', '2025');
    await typeInto(page, 'Repayment 2: amount', '1000');
    await field(page, 'Repayment 2: how').selectOption({ label: 'Released or written off' });

    // The page: £16,000 outstanding at 33.75% is £5,400; relief on the £5,000 repaid or written off within nine months is £1,687.50.
    // The figures follow the last answer (Tom's write-off) once the computation has run again.
    await expect.poll(() => box(page, 'A35').textContent(), { timeout: 15_000 }).toBe('£1,000');
    await expect(box(page, 'A15').textContent()).resolves.toBe('£16,000');
    await expect(box(page, 'A20').textContent()).resolves.toBe('£5,400.00');
    await expect(box(page, 'A30').textContent()).resolves.toBe('£4,000');
    await expect(box(page, 'A45').textContent()).resolves.toBe('£1,687.50');
    await expect(box(page, 'A80').textContent()).resolves.toBe('£3,712.50');
    await expect(box(page, '480').textContent()).resolves.toBe('£3,712.50');
    await expect(page.getByTestId('ct600a-box-A5').textContent()).resolves.toContain('No');
    await expect(page.getByTestId('ct600a-line-A10').count()).resolves.toBe(2);
    await expect(page.getByTestId('ct600a-line-A25').count()).resolves.toBe(2);
    await expect(page.getByTestId('ct600a-box-A20').textContent()).resolves.toContain('Tax chargeable on loans');
    await expect(page.getByTestId('ct600a-working').textContent()).resolves.toContain('CTA 2010 s455');
    await expect(page.getByTestId('s455-due').textContent()).resolves.toContain('1\u00a0January\u00a02026');
    // Still owed at the period end (the repayments came after it): the next return's loans brought forward.
    await expect(page.getByTestId('loans-carried-forward').textContent()).resolves.toContain('Jane Fennel: £10,000.00 still owed');
    await waitSaved(page);
    await page.getByTestId('ct600a-page').scrollIntoViewIfNeeded();
    await state(opened, 'loans-01-two-accounts-and-the-ct600a-page');

    // A figure that is no figure: the error beside the field, and on Continue in the summary, linked to it.
    await typeInto(page, 'Loan 2: amount', 'six thousand');
    const error = page.locator('#computation-loansToParticipators-loans-1-amount-error');
    await expect.poll(() => error.textContent()).toContain('Loan 2, amount: Enter an amount in pounds and pence');
    await page.getByRole('button', { name: 'Continue' }).click();
    const summary = page.getByTestId('error-summary');
    await summary.getByRole('link', { name: /^Loan 2, amount: Enter an amount/ }).waitFor();
    await state(opened, 'loans-02-an-amount-to-put-right');
    await summary.getByRole('link', { name: /^Loan 2, amount/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('computation-loansToParticipators-loans-1-amount');
    await typeInto(page, 'Loan 2: amount', '6000');
    await expect.poll(() => error.count()).toBe(0);
    await expect.poll(() => box(page, '480').textContent(), { timeout: 15_000 }).toBe('£3,712.50');
    await waitSaved(page);
    await page.close();

    // A new window over the same drafts folder: every account as it was typed.
    opened = await openApp();
    page = opened.page;
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${COMPANY}`) }).first().click();
    await field(page, 'Company name (box 1)').waitFor();
    await page.getByTestId('task-computation').click();
    await expect.poll(() => field(page, 'Participator 2: name').inputValue()).toBe('Tom Fennel');
    await expect(dateOf(page, 'Repayment 1: date')).resolves.toEqual(['1', '7', '2025']);
    await expect(field(page, 'Repayment 2: how').inputValue()).resolves.toBe('release');
    await expect.poll(() => box(page, '480').textContent(), { timeout: 15_000 }).toBe('£3,712.50');

    // Profits and tax: box 525 carries the s455 tax, and box 510 with it (HMRC rule 9339).
    await page.getByTestId('task-profits').click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();
    await expect.poll(() => field(page, 'Tax payable (box 525)').textContent()).toMatch(/^£/);

    await page.getByTestId('task-declaration').click();
    await typeInto(page, 'Name of the person making the declaration (box 975)', 'Jane Fennel');
    await typeInto(page, 'Their status (box 985)', 'Director');
    await page.getByRole('checkbox', { name: /^I declare/ }).check();
    await waitSaved(page);
    await page.getByTestId('task-attachments').click();
    await expect.poll(() => page.getByTestId('generated-computation').textContent(), { timeout: 15_000 }).toContain('Made by Filing Desk from the Computation step');
    await page.getByTestId('task-check').click();
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Build/ }).click();
    await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
    await expect(page.getByText('Built and checked.').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save the return…' }).click();
    await page.getByText(/^Saved as /).waitFor();
    await state(opened, 'loans-03-built-and-saved');

    // `ct600 validate` on the saved return: the schema and every HMRC rule, the CT600A's among them, pass.
    let printed = '';
    const exit = await runCt600Command(['validate', savedPath], { out: (t) => void (printed += t), err: (t) => void (printed += t), stdoutIsTTY: false, stderrIsTTY: false });
    expect(JSON.parse(printed).messages.filter((m: { severity: string }) => m.severity !== 'info'), printed).toEqual([]);
    expect(exit).toBe(0);
    const xml = readFileSync(savedPath, 'utf8');
    expect(xml).toContain('<LoansToParticipators>3712.50</LoansToParticipators>');
    expect(xml).toMatch(/<LoansByCloseCompanies>\s*<BeforeEndPeriod>no<\/BeforeEndPeriod>\s*<LoansInformation>/);
    expect(xml).toMatch(/<CT600A>yes<\/CT600A>/);
  }, 300_000);

  it('starts the client’s next return from what the directors still owed, and Deadlines shows the s455 tax with its interest', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    await newReturnFor(page, ['1', '4', '2025'], ['31', '3', '2026']);
    await waitSaved(page);
    await page.getByTestId('task-computation').click();
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await expect.poll(() => page.getByTestId('loans-brought-forward-from').textContent()).toContain('1\u00a0April\u00a02024 to 31\u00a0March\u00a02025');
    await expect(field(page, 'Participator 1: name').inputValue()).resolves.toBe('Jane Fennel');
    await expect(field(page, 'Loan brought forward 1: still owed at the start of this period').inputValue()).resolves.toBe('10,000.00');
    await expect(dateOf(page, 'Loan brought forward 1: end of the period it was made in')).resolves.toEqual(['31', '3', '2025']);
    await expect(field(page, 'Loan brought forward 2: still owed at the start of this period').inputValue()).resolves.toBe('6,000.00');
    await waitSaved(page);
    await page.getByTestId('loans-to-participators').scrollIntoViewIfNeeded();
    await state(opened, 'loans-04-next-period-brought-forward');

    // The first return is built; its tax (with the s455 tax) was due 1 January 2026 and is unpaid: interest runs on both.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Deadlines/ }).click();
    await page.getByRole('list', { name: 'Deadlines' }).waitFor();
    const s455 = page.getByTestId('deadline-s455');
    await expect.poll(() => s455.first().textContent()).toMatch(/^s455 tax on loans to participators £3,712\.50 \(box 480, in box 525\) due 1 January 2026, interest so far £[\d,]+\.\d\d of the above$/);
    await state(opened, 'loans-05-deadlines-s455');
  }, 120_000);
});
