/**
 * End to end: the checks and focus moves a bookkeeper meets as they go, in
 * the built renderer in Debian's Chromium over the real handlers and engine.
 * A new return opens with the focus on its first step's heading and the
 * client picker's list inside the main landmark; Continue past a Computation
 * not begun says so on Profits and tax; HMRC's rule 9200 shows at box 340 as
 * soon as the box is left, before the declaration; "Use these figures from
 * the accounts" leaves the focus on the first figure it filled; and Check
 * your answers has one Change per section, plus one on a box to put right.
 *
 * The tests run in order over one return, made in the first.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, dropFilesFromDisk, startHarness, startMainOverDataFolder, type E2eHarness, type MainOverDataFolder } from './harness.js';
import { exampleAttachment, field, shot, typeDate, typeInto, windowPerTest } from './journey.js';

const COMPANY = 'Juniper Joinery Limited';
const CRN = '09876543';
const UTR = '3456789012';


const accountsFile = () => exampleAttachment('accounts-2025.xhtml', { name: COMPANY, crn: CRN, utr: UTR });

let h: E2eHarness;
let main: MainOverDataFolder;

beforeAll(async () => {
  h = await startHarness();
  main = await startMainOverDataFolder(h, 'juniper-ct600.xml');
  await main.clients.save(undefined, { companyName: COMPANY, registrationNumber: CRN, utr: UTR, periodEnd: '03-31', serviceClientName: '', serviceClientId: '' });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const openApp = windowPerTest(() => h, { timeout: 15_000, failedPrefix: 'failed-late-' });

const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', id: document.activeElement?.id ?? '', text: (document.activeElement?.textContent ?? '').trim() }));


async function openTheReturn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${COMPANY}`) }).first().click();
  await field(page, 'Company name (box 1)').waitFor();
}

describe.skipIf(!existsSync(chromiumPath))('Checks where the figure is typed, and the focus kept where a user can follow it, in Chromium', () => {
  it("opens a new return with the focus on its first step's heading, and the client picker's list inside the main landmark", async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Clients' }).click();
    await page.getByRole('button', { name: `New return for ${COMPANY}` }).click();
    await page.getByRole('heading', { name: 'Company and period', level: 2 }).waitFor();
    // The step's heading, not the whole main region, once the return has opened.
    await expect.poll(() => focused(page)).toEqual({ tag: 'H2', id: '', text: 'Company and period' });
    await shot(opened, 'late-01-new-return-heading-focused');

    await expect.poll(() => page.getByRole('combobox', { name: 'Client' }).inputValue()).toBe(COMPANY);
    await page.getByRole('button', { name: 'Show clients' }).click();
    const option = page.getByRole('option', { name: new RegExp(`^${COMPANY}`) });
    await option.waitFor();
    // In the main landmark with the field it belongs to, not after it at the end of <body>.
    await expect(page.getByRole('listbox').evaluate((list) => list.closest('main') !== null)).resolves.toBe(true);
    // And still drawn under the field it opened from.
    const input = (await page.getByRole('combobox', { name: 'Client' }).boundingBox())!;
    const list = (await page.getByRole('listbox').boundingBox())!;
    expect(Math.abs(list.y - (input.y + input.height))).toBeLessThan(24);
    expect(Math.abs(list.x - input.x)).toBeLessThan(48);
    await shot(opened, 'late-02-client-picker-in-main');
    await page.keyboard.press('Escape');
    await option.waitFor({ state: 'detached' });

    await typeDate(page, 'Start of the return period (box 30)', '1', '4', '2024');
    await typeDate(page, 'End of the return period (box 35)', '31', '3', '2025');
    await field(page, 'Type of company (box 4)').selectOption({ label: 'UK trading or professional company (code 0)' });
    await page.getByRole('radio', { name: 'A new return' }).check();
    await field(page, 'Who is sending this return?').selectOption({ label: 'An agent (an accountant or tax adviser)' });
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('All changes saved');
  });

  it('says on Profits and tax that Continue passed a Computation not begun, read with its heading', async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(page);
    await page.getByTestId('task-computation').click();
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    const heading = page.getByRole('heading', { name: 'Profits and tax', level: 2 });
    await heading.waitFor();
    const inset = page.getByTestId('computation-not-begun');
    await expect(inset.textContent()).resolves.toMatch(/^The Computation was not begun, so nothing here is worked out from the accounts/);
    // Focused on arrival, and the heading is described by the message, so a screen reader says both.
    await expect.poll(() => focused(page).then((f) => f.text)).toBe('Profits and tax');
    await expect(heading.getAttribute('aria-describedby')).resolves.toBe('computation-not-begun');
    // An inset, not an error summary: nothing is wrong, nothing stops the user.
    await expect(page.getByTestId('error-summary').count()).resolves.toBe(0);
    await shot(opened, 'late-03-computation-not-begun');
    await inset.getByRole('button', { name: 'Go back to the Computation' }).click();
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await expect(page.getByTestId('computation-not-begun').count()).resolves.toBe(0);
  });

  it("shows HMRC's rule 9200 at box 340 as soon as the box is left, before the declaration is made", async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(page);
    await page.getByTestId('task-profits').click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();
    await expect(page.getByTestId('task-declaration').locator('..').textContent()).resolves.toContain('Not started');
    await field(page, 'Rate of tax (box 340)').focus();
    await page.keyboard.type('21');
    // Nothing while the box is being typed in.
    await expect(page.getByTestId('fy1Rate-rule').count()).resolves.toBe(0);
    await page.keyboard.press('Tab');
    const rule = page.getByTestId('fy1Rate-rule');
    await expect.poll(() => rule.textContent()).toMatch(/^HMRC rule 9200: rate 21% is not allowed for financial year 2024; expected /);
    await expect(field(page, 'Rate of tax (box 340)').getAttribute('aria-describedby')).resolves.toContain('fy1Rate-notes');
    await expect(page.locator('#task-profits-status').textContent()).resolves.toMatch(/^Has errors/);
    await shot(opened, 'late-04-rule-9200-at-box-340');

    // Check your answers lists it on the box, with a Change that lands there.
    await page.getByTestId('task-check').click();
    const row = page.locator('.summary-list__row').filter({ has: page.locator('dt', { hasText: /^Rate of tax/ }) });
    await expect(row.textContent()).resolves.toMatch(/HMRC rule 9200: rate 21% is not allowed/);
    await row.getByRole('button', { name: 'Change rate of tax' }).click();
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('fy1Rate');
    await typeInto(page, 'Rate of tax (box 340)', '25');
    await expect.poll(() => rule.count()).toBe(0);
  });

  it('keeps the focus on the first figure "Use these figures from the accounts" filled, when the button goes', async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(page);
    await page.getByTestId('task-attachments').click();
    const path = join(h.workDir, 'juniper-accounts-2025.xhtml');
    await writeFile(path, accountsFile());
    await dropFilesFromDisk(page, '[data-testid="drop-accounts"]', [path]);
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: 'juniper-accounts-2025.xhtml', exact: true }).waitFor();
    await page.getByTestId('task-computation').click();
    const use = page.getByRole('button', { name: 'Use these figures from the accounts' });
    await use.waitFor({ timeout: 20_000 });
    await use.focus();
    await page.keyboard.press('Enter');
    await use.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('computation-profitAndLoss-turnover');
    await expect(field(page, 'Turnover (box 145)').inputValue()).resolves.toMatch(/^120,?000/);
    await shot(opened, 'late-05-accounts-figures-used-focus-kept');
  });

  it('has one Change per section on Check your answers, plus one on each box to put right, and no other Tab stop in its sections', async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(page);
    await page.getByTestId('task-check').click();
    const heading = page.getByRole('heading', { name: 'Check your answers and build', level: 2 });
    await heading.waitFor();
    const changes = page.getByRole('button', { name: /^Change / });
    const names = await changes.evaluateAll((buttons) => buttons.map((b) => (b.textContent ?? '').trim()));
    const sections = ['Change company and period', 'Change accounts and computations', 'Change computation', 'Change profits and tax', 'Change declaration'];
    // Each section once; besides them, only the boxes with an answer to put right (the declaration is still to make).
    expect(names.slice(0, 4)).toEqual(sections.slice(0, 4));
    expect(names.filter((n) => sections.includes(n))).toEqual(sections);
    const boxes = names.filter((n) => !sections.includes(n));
    expect(boxes.length).toBeGreaterThan(0);
    const problems = await page.locator('.summary-list__row--error').count();
    expect(boxes).toHaveLength(problems);
    // Never on a box the wizard computes.
    for (const computed of ['Change net trading profits', 'Change financial year', 'Change tax', 'Change tax chargeable']) expect(names).not.toContain(computed);
    // The sections' only Tab stops are these Change buttons: the Tab presses to Build are their count, not one per box.
    const tabStops = await page.locator('.check-section').evaluateAll((sections) =>
      sections.flatMap((s) => [...s.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled)).length,
    );
    expect(tabStops).toBe(names.length);
    await shot(opened, 'late-06-check-your-answers-changes');
    // A section's Change takes the user to its step's heading.
    await page.getByRole('button', { name: 'Change company and period' }).click();
    await expect.poll(() => focused(page)).toEqual({ tag: 'H2', id: '', text: 'Company and period' });
    console.log(`Check your answers: ${names.length} Change buttons (${sections.length} sections, ${boxes.length} boxes to put right)`);
  });
});
