/**
 * End to end: a return whose figures all come from the Computation step, in
 * the built renderer in Debian's Chromium over the real handlers and engine.
 * Only the accounts are attached: their figures start the computation, and
 * the computation Filing Desk writes is attached for it. Nothing is typed in
 * Profits and tax; the saved return passes `ct600 validate`. Then the client's next return starts from what this one
 * carried forward.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import { chromiumPath, dropFilesFromDisk, startHarness, startMainOverDataFolder, type E2eHarness } from './harness.js';
import { exampleAttachment, field, shot, typeDate, typeInto, waitSaved, windowPerTest } from './journey.js';

const COMPANY = 'Fennel Stationery Limited';
const CRN = '07654321';
const UTR = '8596148860';


const exampleFile = (name: string) => exampleAttachment(name, { name: COMPANY, crn: CRN });

let h: E2eHarness;
let savedPath: string;

beforeAll(async () => {
  h = await startHarness();
  ({ savedPath } = await startMainOverDataFolder(h, 'fennel-ct600.xml'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const openApp = windowPerTest(() => h, { timeout: 10_000 });




async function companyAndPeriod(page: Page, from: [string, string, string], to: [string, string, string]): Promise<void> {
  await typeDate(page, 'Start of the return period (box 30)', ...from);
  await typeDate(page, 'End of the return period (box 35)', ...to);
  await field(page, 'Type of company (box 4)').selectOption({ label: 'UK trading or professional company (code 0)' });
  await page.getByRole('radio', { name: 'A new return' }).check();
  await field(page, 'Who is sending this return?').selectOption({ label: 'An agent (an accountant or tax adviser)' });
}

/** A line of the computation's working, by its figure's words. */
const line = (page: Page, label: string) => page.getByTestId('working-line').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
const lineOfBox = (page: Page, box: string) => page.getByTestId('working-line').filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${box}$`) }) });
const amountOf = (row: ReturnType<typeof line>) => row.locator('td.numeric').textContent();

/** Unfolds a section of the working as a keyboard user does: its summary, then Enter. */
async function openWorking(page: Page, section: string): Promise<void> {
  await unfold(page.getByTestId(`working-${section}`));
}

/** Opens a details element from the keyboard (Enter on its summary), pressing again should the focus have been elsewhere when it was pressed. */
async function unfold(details: Locator): Promise<void> {
  const isOpen = () => details.evaluate((d) => (d as HTMLDetailsElement).open);
  await expect
    .poll(
      async () => {
        if (!(await isOpen())) await details.locator('summary').press('Enter');
        return isOpen();
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

async function addAsset(page: Page, a: { name: string; date: [string, string, string]; cost: string; used?: boolean; car?: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add an asset' }).click();
  const editor = page.getByTestId('asset-editor');
  await typeInto(page, 'What the asset is', a.name);
  await typeDate(page, 'Date bought', ...a.date);
  await typeInto(page, 'Cost', a.cost);
  if (a.car) {
    await editor.getByRole('checkbox', { name: 'It is a car' }).check();
    await typeInto(page, 'CO2 emissions (g/km)', a.car);
  }
  await editor.getByRole('radio', { name: a.used ? 'No, second-hand' : 'Yes' }).check();
  await page.getByRole('button', { name: 'Save asset' }).click();
  await editor.waitFor({ state: 'detached' });
}

describe.skipIf(!existsSync(chromiumPath))('A return built from the Computation step alone, in Chromium', () => {
  it('works out the profits and tax from the accounts and the asset register, fills Profits and tax, and builds a return that validates clean', async () => {
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
    await page.getByRole('button', { name: `New return for ${COMPANY}` }).click();
    await expect.poll(() => field(page, 'Company name (box 1)').inputValue()).toBe(COMPANY);
    await companyAndPeriod(page, ['1', '4', '2024'], ['31', '3', '2025']);

    await page.getByTestId('task-attachments').click();
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();
    // Only the accounts: the computation is Filing Desk's, written from the Computation step.
    await writeFile(join(h.workDir, 'fennel-accounts-2025.xhtml'), exampleFile('accounts-2025.xhtml'));
    await dropFilesFromDisk(page, '[data-testid="drop-accounts"]', [join(h.workDir, 'fennel-accounts-2025.xhtml')]);
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: 'fennel-accounts-2025.xhtml', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The Computation step comes before Profits and tax, in HMRC's order; the accounts' figures are its starting figures.
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    const offer = page.getByTestId('accounts-offer');
    // Each figure in plain words; the taxonomy's name for it only inside a fold.
    await expect.poll(() => offer.locator('dd').first().innerText(), { timeout: 15_000 }).toMatch(/^£120,000: Turnover for 1\s+April\s+2024 to 31\s+March\s+2025, from the accounts/);
    await expect(offer.textContent()).resolves.toContain('Not tagged in the accounts');
    await expect(offer.getByText('core:TurnoverRevenue').isVisible()).resolves.toBe(false);
    await shot(opened, 'computation-00-accounts-figures-offered');
    await page.getByRole('button', { name: 'Use these figures from the accounts' }).click();
    await expect.poll(() => field(page, 'Turnover (box 145)').inputValue()).toMatch(/^120,?000(\.00)?$/);
    await expect(page.locator('#computation-profitAndLoss-turnover-hint').textContent()).resolves.toBe('Turnover for 1\u00a0April\u00a02024 to 31\u00a0March\u00a02025, from the accounts');
    await expect.poll(() => page.locator('#computation-profitAndLoss-profitBeforeTax-hint').textContent()).toContain('Profit after tax £30,900 plus the tax charge £7,600');
    // The names the accounts tag them with, for whoever checks the tagging: folded under the field, opened by keyboard.
    const tagging = page.locator('#computation-profitAndLoss-turnover-notes details');
    await unfold(tagging);
    await expect.poll(() => tagging.getByText(/Tagged as/).innerText()).toContain('core:TurnoverRevenue');
    await shot(opened, 'computation-00b-accounts-figures-in-plain-words');
    // The accounts tag no depreciation: nothing is guessed.
    await expect(field(page, 'Depreciation and amortisation').inputValue()).resolves.toBe('');
    // A figure typed over the accounts' stays as typed, and no longer says it came from them.
    await typeInto(page, 'Profit or loss before tax', '38750');
    await expect.poll(() => page.locator('#computation-profitAndLoss-profitBeforeTax-hint').textContent()).not.toContain('from the accounts');
    await typeInto(page, 'Depreciation and amortisation', '2000');
    // Bank interest of £250 is in the accounts profit: taxed in box 170, not as trading income.
    await typeInto(page, 'Interest received (box 170)', '250');
    await page.getByRole('button', { name: 'Add an item to disallowable expenses' }).click();
    await typeInto(page, 'Disallowable expenses, item 1: what it is', 'Client entertaining');
    await typeInto(page, 'Disallowable expenses, item 1: amount', '500');
    // The asset register: a second-hand laptop and a new printer (the best claim proposed: the AIA), and a car over 50 g/km (the special rate pool).
    await addAsset(page, { name: 'Laptop', date: ['3', '6', '2024'], cost: '250', used: true });
    await addAsset(page, { name: 'Printer', date: ['12', '2', '2025'], cost: '150' });
    await addAsset(page, { name: 'Sales car', date: ['1', '4', '2024'], cost: '10000', used: true, car: '120' });
    const rows = page.getByTestId('asset-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.nth(1).textContent()).toContain('Annual investment allowance (100%) proposed as the best claim');
    await expect.poll(() => rows.nth(2).textContent()).toContain('Writing-down allowance in the pool');
    await expect(rows.nth(2).textContent()).resolves.toContain('special rate pool');
    // Each row says where its allowance went: the car's is its pool's writing-down allowance, never £0.00.
    await expect.poll(() => rows.nth(2).getByTestId('asset-allowance').textContent()).toBe('Into the special rate pool: £600.00 writing-down allowance on the pool (6%)');
    await expect(rows.nth(1).getByTestId('asset-allowance').textContent()).resolves.toBe('£150.00 annual investment allowance');
    // 38,750 + 2,000 + 500 − 250 interest − (AIA 400 + 6% of 10,000) = 40,000; with the interest, 315 is 40,250.
    // The key figures in view; each section's working folded beneath them, opened from the keyboard.
    const result = page.getByTestId('computation-result');
    await expect.poll(() => result.textContent()).toContain('Trading profits (box 155)£40,000');
    await expect(result.textContent()).resolves.toContain('Tax payable (box 525)£7,647.50');
    await expect(page.getByTestId('working-line').first().isVisible()).resolves.toBe(false);
    for (const section of ['trading', 'allowances', 'tax']) await openWorking(page, section);
    // One money format a column: the trading profit's in whole pounds, the tax's in pounds and pence.
    await expect.poll(() => amountOf(line(page, 'Trading profits'))).toBe('£40,000');
    await expect(amountOf(line(page, 'Turnover'))).resolves.toBe('£120,000');
    await expect(amountOf(line(page, 'Annual investment allowance'))).resolves.toMatch(/^£400(\.00)?$/);
    await expect(line(page, 'Special rate pool: allowances').textContent()).resolves.toContain('6% a year');
    await expect(amountOf(line(page, 'Tax, financial year 2024'))).resolves.toBe('£7,647.50');
    await expect(amountOf(line(page, 'Profits charged, financial year 2024'))).resolves.toBe('£40,250.00');
    // Each rule cited once; the rows that follow it link to it, and the link takes the keyboard there.
    const rules = await page.getByTestId('working-rule').allTextContents();
    expect(new Set(rules).size).toBe(rules.length);
    const cite = line(page, 'Tax, financial year 2024').locator('a.computation-working__cite');
    const rule = await cite.getAttribute('title');
    expect(rule).toBe('HMRC rule 9204');
    await cite.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(rule);
    await expect(page.getByTestId('carried-forward').textContent()).resolves.toContain('£9,400.00');
    await waitSaved(page);
    await shot(opened, 'computation-01-asset-register-and-working');

    // Change an asset's claim: the row shows the best claim beside the one made, and the working follows; then back to the best claim.
    await page.getByRole('button', { name: 'Change Printer' }).click();
    await page.getByTestId('asset-editor').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('asset-description');
    await field(page, 'Claim').selectOption({ label: 'Writing-down allowance in the pool' });
    await shot(opened, 'computation-02-changing-an-asset');
    await page.getByRole('button', { name: 'Save asset' }).click();
    await expect.poll(() => rows.nth(1).textContent()).toContain('best: Annual investment allowance (100%)');
    // £150 in the main pool is a small pool, written off in full: the same £150, by another rule.
    await expect.poll(() => line(page, 'Main pool: allowances').textContent()).toContain('written off in full (CAA 2001 s56A)');
    await page.getByRole('button', { name: 'Change Printer' }).click();
    await field(page, 'Claim').selectOption({ label: 'The best claim (proposed)' });
    await page.getByRole('button', { name: 'Save asset' }).click();
    await expect.poll(() => line(page, 'Main pool: allowances').count()).toBe(0);
    await expect.poll(() => rows.nth(1).textContent()).toContain('proposed as the best claim');
    // Add one and remove it again: the register and the figures are as they were.
    await addAsset(page, { name: 'Spare chair', date: ['5', '5', '2024'], cost: '90' });
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole('button', { name: 'Remove Spare chair' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => amountOf(line(page, 'Trading profits'))).toBe('£40,000');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();
    // Every figure is the computation's, shown as computed; nothing typed here.
    await expect.poll(() => field(page, 'Trading profits (box 155)').textContent()).toBe('£40,000');
    await expect(page.getByTestId('tradingProfits-from-computation').textContent()).resolves.toContain('From the computation');
    await expect(field(page, 'Profits before other deductions and reliefs (box 235)').textContent()).resolves.toBe('£40,250');
    await expect(field(page, 'Profits chargeable to corporation tax (box 315)').textContent()).resolves.toBe('£40,250');
    await expect(field(page, 'Rate of tax (box 340)').textContent()).resolves.toBe('19%');
    await expect(field(page, 'Tax (box 345)').textContent()).resolves.toBe('£7,647.50');
    await expect(field(page, 'Tax payable (box 525)').textContent()).resolves.toBe('£7,647.50');
    await expect(page.getByRole('checkbox', { name: /claims the small profits rate or marginal relief \(box 329\)/ }).isChecked()).resolves.toBe(true);
    await shot(opened, 'computation-03-profits-and-tax-from-the-computation');

    // The computation was written and attached as the computations (box 80B), made by Filing Desk, in place of a drop zone.
    await page.getByTestId('task-attachments').click();
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();
    const generated = page.getByTestId('generated-computation');
    await expect.poll(() => generated.textContent(), { timeout: 15_000 }).toContain('Made by Filing Desk from the Computation step');
    await expect(generated.getByRole('cell', { name: 'tax-computation-2025-03-31.xhtml', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('drop-computations').count()).resolves.toBe(0);
    await expect.poll(() => generated.locator('[data-testid^="findings-"]').textContent(), { timeout: 15_000 }).toBe('No problems found');
    await waitSaved(page);
    await shot(opened, 'computation-06-generated-attachment');
    // Viewable: a copy saved where the user chooses (the save itself is covered over the real handler in the IPC tests).
    await expect(generated.getByRole('button', { name: 'Save a copy to view tax-computation-2025-03-31.xhtml' }).isVisible()).resolves.toBe(true);

    await page.getByTestId('task-declaration').click();
    await typeInto(page, 'Name of the person making the declaration (box 975)', 'Jane Fennel');
    await typeInto(page, 'Their status (box 985)', 'Director');
    await page.getByRole('checkbox', { name: /^I declare/ }).check();
    await waitSaved(page);
    await page.getByTestId('task-check').click();
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Build/ }).click();
    await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
    await expect(page.getByText('Built and checked.').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save the return…' }).click();
    await page.getByText(/^Saved as /).waitFor();
    await shot(opened, 'computation-04-built-and-saved');
    // `ct600 validate` on the saved return: schema, HMRC's rules, the attachments and the IRmark all pass.
    let printed = '';
    const exit = await runCt600Command(['validate', savedPath], { out: (t) => void (printed += t), err: (t) => void (printed += t), stdoutIsTTY: false, stderrIsTTY: false });
    expect(JSON.parse(printed).messages.filter((m: { severity: string }) => m.severity !== 'info'), printed).toEqual([]);
    expect(exit).toBe(0);
    // The return carries the interest in box 170, so box 235 adds up (HMRC rule 9332).
    const xml = readFileSync(savedPath, 'utf8');
    expect(xml).toContain('<NonTradingLoanProfitsAndGains>250.00</NonTradingLoanProfitsAndGains>');
    // And the capital allowances: the AIA (box 690), the special rate pool (box 695) and the expenditure (box 775).
    expect(xml).toMatch(/<AllowancesAndCharges>\s*<AIACapitalAllowancesInc>400\.00<\/AIACapitalAllowancesInc>\s*<MachineryAndPlantSpecialRatePool>\s*<CapitalAllowances>600\.00<\/CapitalAllowances>/);

    // A computation that no longer works out holds the build: its figures in Profits and tax would be stale.
    await page.getByTestId('task-computation').click();
    await typeInto(page, 'Profit or loss before tax', 'forty');
    await expect.poll(() => page.locator(`#${'computation-profitAndLoss-profitBeforeTax'}-error`).textContent()).toContain('Enter an amount in pounds and pence');
    await page.getByTestId('task-check').click();
    const summary = page.getByTestId('error-summary');
    await summary.getByRole('link', { name: /^The computation has an answer to fix/ }).click();
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await typeInto(page, 'Profit or loss before tax', '38750');
    await page.getByTestId('task-check').click();
    await expect.poll(() => page.getByRole('button', { name: /^Build/ }).isDisabled()).toBe(false);
  }, 300_000);

  it('starts the client’s next return from the pools and losses this one carried forward, and works a disposal and a loss claim in it', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Clients' }).click();
    await page.getByRole('button', { name: `New return for ${COMPANY}` }).click();
    await expect.poll(() => field(page, 'Company name (box 1)').inputValue()).toBe(COMPANY);
    await companyAndPeriod(page, ['1', '4', '2025'], ['31', '3', '2026']);
    await waitSaved(page);
    await page.getByTestId('task-computation').click();
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await expect.poll(() => page.getByTestId('brought-forward-from').textContent()).toContain('1\u00a0April\u00a02024 to 31\u00a0March\u00a02025');
    await expect.poll(() => field(page, 'Special rate pool brought forward').inputValue()).toBe('9,400.00');
    // Nothing else typed yet: the step says what the computation still needs, without an error before Continue.
    await expect.poll(() => page.getByTestId('computation-waiting').textContent()).toBe('The computation is worked out once these are given: turnover, profit or loss before tax.');
    await waitSaved(page);
    await shot(opened, 'computation-05-next-period-brought-forward');

    // A year of loss: the sales car sold in the year, and the trading loss claimed against the period's other profits (the bank interest).
    await typeInto(page, 'Turnover (box 145)', '90000');
    await typeInto(page, 'Profit or loss before tax', '-20000');
    await typeInto(page, 'Interest received (box 170)', '3000');
    await page.getByRole('button', { name: 'Add a disposal' }).click();
    await typeInto(page, 'Disposal 1: what was sold', 'Sales car');
    await typeDate(page, 'Disposal 1: date', '30', '9', '2025');
    await typeInto(page, 'Disposal 1: proceeds', '6000');
    await typeInto(page, 'Disposal 1: original cost', '10000');
    await page.getByRole('group', { name: 'Disposal 1: pool' }).getByRole('radio', { name: 'Special rate pool' }).check();
    // The loss claims are folded away until needed.
    const claims = page.getByTestId('loss-claims');
    await expect(claims.locator('summary').textContent()).resolves.toBe('Loss claims (none made: a loss is carried forward)');
    await unfold(claims);
    await page.getByRole('checkbox', { name: /claim it against this period’s total profits/ }).check();
    await expect.poll(() => claims.locator('summary').textContent()).toBe('Loss claims: against this period’s total profits');
    // 9,400 brought forward less the car's 6,000 is 3,400 in the special rate pool: 6% is 204.
    // −20,000 less the interest (box 170) 3,000 and the 204 is a loss of 23,204 (box 780); 3,000 of it against the interest (box 275), 20,204 carried forward.
    const result = page.getByTestId('computation-result');
    await expect.poll(() => result.textContent()).toContain('Trading loss (box 780)£23,204');
    // The loss shows before the claim's own computation comes back: wait for that, with nothing left chargeable.
    await expect.poll(() => result.textContent()).toContain('Profits chargeable to corporation tax (box 315)£0');
    for (const section of ['allowances', 'losses']) await openWorking(page, section);
    await expect(lineOfBox(page, '695').textContent()).resolves.toMatch(/disposal values \S?£6,000/);
    await expect(amountOf(lineOfBox(page, '695'))).resolves.toMatch(/^£204(\.00)?$/);
    await expect(amountOf(lineOfBox(page, '780'))).resolves.toBe('£23,204');
    await expect(amountOf(lineOfBox(page, '275'))).resolves.toBe('£3,000');
    await expect(page.getByTestId('carried-forward').textContent()).resolves.toContain('£20,204.00');
    await waitSaved(page);
    await shot(opened, 'computation-07-loss-claim-and-disposal-working');

    // The rest carried back to the year before, as the amendment of that return it is: its box 300 as filed, £40,250.
    await page.getByRole('checkbox', { name: 'Carry what is left of the loss back to the previous 12 months' }).check();
    await expect.poll(() => claims.locator('summary').textContent()).toBe('Loss claims: against this period’s total profits; carried back 12 months');
    await page.getByRole('button', { name: 'Add an earlier return' }).click();
    await typeDate(page, 'Earlier return 1: start of its period (box 30)', '1', '4', '2024');
    await typeDate(page, 'Earlier return 1: end of its period (box 35)', '31', '3', '2025');
    await typeInto(page, 'Earlier return 1: profits before donations and group relief (box 300)', '40250');
    // 20,204 against 40,250 leaves 20,046 at 19%: £3,808.74 instead of £7,647.50, £3,838.76 repayable; nothing carried forward.
    const amendment = page.getByTestId('amendment');
    await expect.poll(() => amendment.textContent()).toContain('£20,204.00 of loss carried back; tax £7,647.50 becomes £3,808.74, £3,838.76 repayable');
    await expect(page.getByTestId('carried-forward').textContent()).resolves.toContain('Trading losses£0.00');
    await waitSaved(page);
    await shot(opened, 'computation-08-loss-carried-back-as-an-amendment');
  }, 240_000);
});
