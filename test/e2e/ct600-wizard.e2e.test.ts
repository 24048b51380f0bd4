/**
 * End to end: a bookkeeper's CT600 return in the built renderer in Debian's
 * Chromium, served with the app's CSP, over the real IPC handlers, the real
 * engine and a real client book and drafts folder in a temporary directory.
 * Only Electron's IPC transport (a Playwright binding) and the native save
 * dialog (answered with a temporary path) are replaced.
 *
 * The tests run in order and share the drafts folder: the return made in the
 * first is the one reloaded, broken and built in the next ones.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import type { DraftStore } from '../../main/store/draft-store.js';
import { checkAccessibility, chromiumPath, dropFiles, dropFilesFromDisk, keepArtifact, screenshot, startHarness, startMainOverDataFolder, type E2eHarness, type OpenedPage } from './harness.js';

const COMPANY = 'Acme Widgets Limited';
const CRN = '01234567';
const UTR = '1234567890';

/**
 * Acme's accounts (a micro-entity, FRS 105) and computations: the examples'
 * real Inline XBRL, made out to Acme's name, company number and UTR, so they
 * pass the attachment checks as a real set would.
 */
function acmeFile(exampleName: string): Uint8Array {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', exampleName), 'utf8');
  return new TextEncoder().encode(text.replaceAll('Example Trading Ltd', COMPANY).replaceAll('12345678', CRN).replaceAll('8596148860', UTR));
}

const accountsFile = { fileName: 'acme-accounts-2025.xhtml', bytes: acmeFile('accounts-2025.xhtml') };
const computationsFile = { fileName: 'acme-computations-2025.xhtml', bytes: acmeFile('computations-2025.xhtml') };

let h: E2eHarness;
let dataDir: string;
let savedPath: string;
let drafts: DraftStore;

beforeAll(async () => {
  h = await startHarness();
  ({ dataDir, savedPath, drafts } = await startMainOverDataFolder(h, 'acme-widgets-ct600.xml'));
}, 120_000);

/** The page of the running test, pictured if the test fails. */
let current: OpenedPage | null = null;
async function openApp(): Promise<OpenedPage> {
  current = await h.openApp();
  current.page.setDefaultTimeout(10_000);
  return current;
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
    await screenshot(current.page, `failed-${context.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    console.log('problems on the failed page:', current.problems);
  }
  if (current && !current.page.isClosed()) await current.page.close();
  current = null;
});

afterAll(async () => {
  await h?.close();
});

/** Fails on any console error, uncaught error or CSP report the page produced so far. */
function expectNoProblems(opened: OpenedPage, where: string): void {
  expect(opened.problems, `console errors or CSP violations on ${where}`).toEqual([]);
}

async function shot(opened: OpenedPage, name: string): Promise<void> {
  // Nothing in flight: no "Saving…" or check half-drawn in the picture.
  await opened.page.waitForTimeout(50);
  await screenshot(opened.page, name);
  expectNoProblems(opened, name);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types into a field by keyboard: focus, select what is there, type, Tab out. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await input.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

async function typeDate(page: Page, legend: string, day: string, month: string, year: string): Promise<void> {
  const group = page.getByRole('group', { name: legend, exact: true });
  for (const [part, value] of [['Day', day], ['Month', month], ['Year', year]] as const) {
    const input = group.getByLabel(part, { exact: true });
    await input.fill('');
    await input.pressSequentially(value);
  }
}

async function dateOf(page: Page, legend: string): Promise<string[]> {
  const group = page.getByRole('group', { name: legend, exact: true });
  return Promise.all(['Day', 'Month', 'Year'].map((p) => group.getByLabel(p, { exact: true }).inputValue()));
}

async function waitSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 10_000 }).toBe('All changes saved');
}

async function openTheReturn(opened: OpenedPage): Promise<void> {
  const { page } = opened;
  await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${COMPANY}`) }).first().click();
  await field(page, 'Company name (box 1)').waitFor();
}

describe.skipIf(!existsSync(chromiumPath))('A CT600 return from the client book to a saved, marked file, in Chromium', () => {
  let draftId: string;

  it('adds a client, starts a return from it and fills in the company and period by keyboard', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    await shot(opened, 'ct600-00-start-empty');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Add a client' }).click();
    await page.getByLabel('Company name').waitFor();
    await checkAccessibility(page, 'clients-add-a-client-form');
    // Sent empty: the form's own error summary, whose links are 24 px targets like the wizards'.
    await page.getByRole('button', { name: 'Add client' }).click();
    const clientProblems = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await clientProblems.waitFor();
    for (const link of await clientProblems.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await checkAccessibility(page, 'clients-add-a-client-errors');
    await typeInto(page, 'Company name', COMPANY);
    await typeInto(page, 'Companies House number', CRN);
    await typeInto(page, 'Unique Taxpayer Reference (UTR)', UTR);
    const periodEnd = page.getByRole('group', { name: 'Usual accounting period end' });
    await periodEnd.getByLabel('Day').fill('31');
    await periodEnd.getByLabel('Month').fill('3');
    await page.getByRole('button', { name: 'Add client' }).press('Enter');
    await page.getByRole('rowheader', { name: COMPANY }).waitFor();
    await shot(opened, 'ct600-01-client-added');

    await page.getByRole('button', { name: `New return for ${COMPANY}` }).click();
    await field(page, 'Company name (box 1)').waitFor();
    // Pre-filled from the client book.
    await expect.poll(() => field(page, 'Company name (box 1)').inputValue()).toBe(COMPANY);
    await expect(field(page, 'Company registration number (box 2)').inputValue()).resolves.toBe(CRN);
    await expect(field(page, 'Unique Taxpayer Reference (UTR) (box 3)').inputValue()).resolves.toBe(UTR);
    // The client picker shows the client the return was started from, and lists the book.
    const picker = page.getByRole('combobox', { name: 'Client' });
    await expect.poll(() => picker.inputValue()).toBe(COMPANY);
    await page.getByRole('button', { name: 'Show clients' }).click();
    const option = page.getByRole('option', { name: new RegExp(`^${COMPANY}`) });
    await option.waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => option.getAttribute('data-focused')).toBe('true');
    // The list is not modal: the rest of the window is neither hidden from a screen reader nor focusable-but-silent.
    await expect(page.evaluate(() => document.querySelectorAll('#root [aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex])').length)).resolves.toBe(0);
    await expect(page.evaluate(() => document.querySelectorAll('#root [aria-hidden="true"]:is(a[href], button, input, select, textarea, [tabindex])').length)).resolves.toBe(0);
    // The highlighted option's UTR is in the option's own ink (white on blue), not faded to 3.9:1.
    const [optionInk, utrInk] = await option.evaluate((o) => [getComputedStyle(o).color, getComputedStyle(o.querySelector('.combo__meta')!).color]);
    expect(utrInk).toBe(optionInk);
    expect(await option.evaluate((o) => getComputedStyle(o.querySelector('.combo__meta')!).opacity)).toBe('1');
    await shot(opened, 'ct600-02-client-picker');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#root[data-react-aria-top-layer]').count()).toBe(0);

    // The calendar beside a date is a dialog: named, and checked while open.
    await page.getByRole('button', { name: /^Choose the start of the return period.* from a calendar$/ }).click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor();
    await checkAccessibility(page, 'ct600-calendar-open');
    // Named after its date, and modal in fact: the window behind it cannot be reached until it closes.
    await expect(calendar.getAttribute('aria-label')).resolves.toMatch(/start of the return period/i);
    await expect(page.evaluate(() => document.querySelector<HTMLElement>('.frame')!.closest('[inert]') !== null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });

    // This return is for a specific period: typed over the pre-filled one.
    await typeDate(page, 'Start of the return period (box 30)', '1', '4', '2024');
    await typeDate(page, 'End of the return period (box 35)', '31', '3', '2025');
    await field(page, 'Type of company (box 4)').selectOption({ label: 'UK trading or professional company (code 0)' });
    await page.getByRole('radio', { name: 'A new return' }).check();
    await field(page, 'Who is sending this return?').selectOption({ label: 'An agent (an accountant or tax adviser)' });
    await waitSaved(page);
    await shot(opened, 'ct600-03-company-and-period');
    draftId = (await drafts.list()).drafts[0]!.id;

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();
    await expect(page.getByTestId('task-company').textContent()).resolves.toContain('Company and period');
    await expect(page.locator('#task-company-status').textContent()).resolves.toBe('Completed');
    await page.close();
  });

  it('attaches the accounts and computations by dropping them', async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(opened);
    await page.getByTestId('task-attachments').click();
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();
    await writeFile(join(h.workDir, accountsFile.fileName), accountsFile.bytes);
    await writeFile(join(h.workDir, computationsFile.fileName), computationsFile.bytes);
    await dropFilesFromDisk(page, '[data-testid="drop-accounts"]', [join(h.workDir, accountsFile.fileName)]);
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: accountsFile.fileName, exact: true }).waitFor();
    await dropFilesFromDisk(page, '[data-testid="drop-computations"]', [join(h.workDir, computationsFile.fileName)]);
    await page.getByRole('table', { name: 'computations attached' }).getByRole('cell', { name: computationsFile.fileName, exact: true }).waitFor();
    for (const name of ['accounts attached', 'computations attached']) {
      await expect(page.getByRole('table', { name }).getByRole('cell', { name: 'Yes' }).count()).resolves.toBe(1);
    }
    await shot(opened, 'ct600-04-attachments-dropped');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The Computation step comes next; this return types its figures in Profits and tax instead.
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await page.close();
  });

  it('fills in profits and tax, then a reload in the middle gives back every field and attached file', async () => {
    let opened = await openApp();
    let page = opened.page;
    await openTheReturn(opened);
    await page.getByTestId('task-profits').click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();
    await typeInto(page, 'Turnover (box 145)', '250,000');
    // HMRC's order: 155 and 160 as the computations give them, 165 worked out.
    await typeInto(page, 'Trading profits (box 155)', '40000');
    await typeInto(page, 'Trading losses brought forward (box 160)', '0');
    await expect.poll(() => field(page, 'Net trading profits (box 165)').textContent()).toBe('£40,000');
    await typeInto(page, 'Profits before other deductions and reliefs (box 235)', '40000');
    await typeInto(page, 'Profits before qualifying donations and group relief (box 300)', '40000');
    await typeInto(page, 'Profits chargeable to corporation tax (box 315)', '40000');
    await typeInto(page, 'Profits charged at this rate (box 335)', '40000');
    await typeInto(page, 'Rate of tax (box 340)', '19');
    // 19% from FY2023 needs the claim in box 329: the wizard shows the limits and proposes it.
    await expect(page.getByTestId('small-profits-limits').textContent()).resolves.toContain('lower limit £50,000, upper limit £250,000; profits of £40,000 are within the lower limit');
    await expect(page.getByTestId('small-profits-proposal').textContent()).resolves.toMatch(/can claim the small profits rate or marginal relief: tick box 329/);
    await page.getByRole('checkbox', { name: /claims the small profits rate or marginal relief \(box 329\)/ }).check();
    await expect(page.getByRole('checkbox', { name: /claims the small profits rate or marginal relief \(box 329\)/ }).isChecked()).resolves.toBe(true);
    await typeInto(page, 'Tax payable (box 525)', '7,600.00');
    // Computed boxes follow the figures.
    await expect.poll(() => field(page, 'Financial year (box 330)').textContent()).toBe('2024');
    await expect(field(page, 'Tax (box 345)').textContent()).resolves.toBe('£7,600.00');
    await expect(field(page, 'Tax chargeable (box 510)').textContent()).resolves.toBe('£7,600.00');
    // Typed figures are shown formatted once the field loses focus: whole pounds without pence.
    await expect(field(page, 'Trading profits (box 155)').inputValue()).resolves.toBe('40,000');
    await waitSaved(page);
    await shot(opened, 'ct600-05-profits-and-tax');
    await page.close();

    // A new window over the same drafts folder: what a reload, a crash or a restart gives.
    opened = await openApp();
    page = opened.page;
    await openTheReturn(opened);
    await expect(field(page, 'Company name (box 1)').inputValue()).resolves.toBe(COMPANY);
    await expect(field(page, 'Company registration number (box 2)').inputValue()).resolves.toBe(CRN);
    await expect(field(page, 'Unique Taxpayer Reference (UTR) (box 3)').inputValue()).resolves.toBe(UTR);
    await expect(dateOf(page, 'Start of the return period (box 30)')).resolves.toEqual(['1', '4', '2024']);
    await expect(dateOf(page, 'End of the return period (box 35)')).resolves.toEqual(['31', '3', '2025']);
    await expect(page.getByRole('radio', { name: 'A new return' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'Client' }).inputValue()).resolves.toBe(COMPANY);
    await page.getByTestId('task-attachments').click();
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: accountsFile.fileName, exact: true }).waitFor();
    await page.getByRole('table', { name: 'computations attached' }).getByRole('cell', { name: computationsFile.fileName, exact: true }).waitFor();
    await page.getByTestId('task-profits').click();
    const expected: [string, string][] = [
      ['Turnover (box 145)', '250,000'],
      ['Trading profits (box 155)', '40,000'],
      ['Trading losses brought forward (box 160)', '0'],
      ['Profits chargeable to corporation tax (box 315)', '40,000'],
      ['Rate of tax (box 340)', '19'],
      ['Tax payable (box 525)', '7,600.00'],
    ];
    for (const [label, value] of expected) await expect(field(page, label).inputValue(), label).resolves.toBe(value);
    await expect(page.getByRole('checkbox', { name: /claims the small profits rate or marginal relief \(box 329\)/ }).isChecked()).resolves.toBe(true);
    await shot(opened, 'ct600-06-after-reload');
    await page.close();
  });

  it('shows a wrong UTR and a negative amount beside their fields and keeps Build disabled', async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(opened);
    await typeInto(page, 'Unique Taxpayer Reference (UTR) (box 3)', '12345');
    const utr = field(page, 'Unique Taxpayer Reference (UTR) (box 3)');
    await expect(utr.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#utr-error').textContent()).resolves.toMatch(/10-digit UTR/);
    await expect(utr.getAttribute('aria-describedby')).resolves.toContain('utr-error');
    // The step sits in the window's one main landmark, not a main of its own.
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await shot(opened, 'ct600-07-wrong-utr');

    await page.getByTestId('task-profits').click();
    await typeInto(page, 'Turnover (box 145)', '-5000');
    const turnover = field(page, 'Turnover (box 145)');
    await expect(turnover.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#turnover-error').isVisible()).resolves.toBe(true);
    await expect(turnover.getAttribute('aria-describedby')).resolves.toContain('turnover-error');
    await shot(opened, 'ct600-08-negative-amount');

    await page.getByTestId('task-check').click();
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();
    const build = page.getByRole('button', { name: /^Build/ });
    await expect(build.isDisabled()).resolves.toBe(true);
    const summary = page.getByTestId('error-summary');
    // Both answers are in the summary, in the words beside their fields (the declaration is still to come).
    await summary.getByRole('link', { name: 'Unique Taxpayer Reference (UTR) must be the 10-digit UTR (box 3)' }).waitFor();
    await summary.getByRole('link', { name: 'Turnover must not be negative (box 145)' }).waitFor();
    await expect(page.locator('#build-blocked').textContent()).resolves.toMatch(/You cannot build the return yet/);
    // Each link in the summary is a target at least 24 px high (WCAG 2.5.8).
    for (const link of await summary.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await shot(opened, 'ct600-09-build-blocked');
    // The summary's link goes back to the field.
    await summary.getByRole('link', { name: /UTR/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('utr');

    // Put them right again.
    await typeInto(page, 'Unique Taxpayer Reference (UTR) (box 3)', UTR);
    await page.getByTestId('task-profits').click();
    await typeInto(page, 'Turnover (box 145)', '250,000');
    await waitSaved(page);
    await page.close();
  });

  it("warns about a rate that breaks HMRC's rule 9200, and its link lands on box 340", async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(opened);
    // HMRC's rules are checked once the schema accepts the return: the declaration first.
    await page.getByTestId('task-declaration').click();
    await typeInto(page, 'Name of the person making the declaration (box 975)', 'Jane Smith');
    await typeInto(page, 'Their status (box 985)', 'Director');
    await page.getByLabel(/I declare that the information/).check();
    await waitSaved(page);
    await shot(opened, 'ct600-10-declaration');

    await page.getByTestId('task-profits').click();
    // 21% is no rate of FY2024 (30%, the ring fence main rate, is one HMRC's rule 9200 allows).
    await typeInto(page, 'Rate of tax (box 340)', '21');
    const warning = page.getByTestId('fy1Rate-rule').first();
    await warning.waitFor({ timeout: 15_000 });
    // Named once, in the bookkeeper's words: "HMRC rule 9200: rate 21% is not allowed …".
    await expect(warning.textContent()).resolves.toMatch(/^HMRC rule 9200: rate 21% is not allowed/);
    // Beside its field, and read with it.
    await expect(field(page, 'Rate of tax (box 340)').getAttribute('aria-describedby')).resolves.toContain('fy1Rate-notes');
    await shot(opened, 'ct600-11-rate-rule-warning');

    await page.getByTestId('task-check').click();
    await page.getByRole('button', { name: /^Build/ }).click();
    const link = page
      .getByRole('table', { name: 'Validation messages' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^HMRC business rule\s*9200$/ }) })
      .getByTestId('message-link');
    await link.waitFor({ timeout: 30_000 });
    await shot(opened, 'ct600-12-built-with-rule-9200');
    // Saving it asks first, naming the rule; Escape leaves it unsaved with the focus back on the button.
    const save = page.getByRole('button', { name: 'Save the return HMRC would reject…' });
    await save.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Save a return HMRC would reject?' });
    await question.getByText(/^HMRC rule 9200 \(box 340\): rate 21% is not allowed/).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Go back and fix');
    await shot(opened, 'ct600-12b-save-rejected-question');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Save the return HMRC would reject…');
    await link.click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fy1Rate');

    await typeInto(page, 'Rate of tax (box 340)', '19');
    await waitSaved(page);
    await page.close();
  });

  it('builds the return, shows the IRmark ct600 verify finds in the saved file, and saves it through the save dialog', async () => {
    const opened = await openApp();
    const { page } = opened;
    await openTheReturn(opened);
    await page.getByTestId('task-check').click();
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();
    // Money as its box holds it (whole pounds or pence), the rate as a percentage.
    const summary = (key: string) => page.locator('.summary-list__row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${key}`) }) }).locator('.summary-list__value');
    await expect(summary('Turnover').textContent()).resolves.toBe('£250,000');
    await expect(summary('Profits chargeable to corporation tax').textContent()).resolves.toBe('£40,000');
    await expect(summary('Rate of tax').textContent()).resolves.toBe('19%');
    await expect(summary('Tax payable').textContent()).resolves.toBe('£7,600.00');
    await shot(opened, 'ct600-13-check-your-answers');
    await page.getByRole('button', { name: /^Build/ }).click();
    await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
    await expect(page.getByText('Built and checked.').isVisible()).resolves.toBe(true);
    const irmark = (await page.getByTestId('irmark').textContent())!;
    const base32 = (await page.getByTestId('irmark-base32').textContent())!;
    await shot(opened, 'ct600-14-built');

    await page.getByRole('button', { name: 'Save the return…' }).click();
    await page.getByText(/^Saved as /).waitFor();
    const saved = await readFile(savedPath);
    // `ct600 verify <file>` on what was written, as a bookkeeper or HMRC's checker would run it.
    let printed = '';
    const exitCode = await runCt600Command(['verify', savedPath], { out: (t) => void (printed += t), err: (t) => void (printed += t), stdoutIsTTY: false, stderrIsTTY: false });
    expect(exitCode).toBe(0);
    const verify = JSON.parse(printed) as { matches: boolean; expected: string; expectedBase32: string; found: string };
    // The base32 form is shown in HMRC's groups of four; the file holds it without the spaces.
    expect(base32).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7=]{1,4}$/);
    expect(verify).toMatchObject({ matches: true, expected: irmark, expectedBase32: base32.replaceAll(' ', ''), found: irmark });
    // Both attachments went into the return.
    const text = saved.toString('utf8');
    expect(text).toContain(`Filename="${accountsFile.fileName}"`);
    expect(text).toContain(`Filename="${computationsFile.fileName}"`);
    await keepArtifact(savedPath, 'ct600-e2e.xml');
    await shot(opened, 'ct600-15-saved');
    await page.close();

    // Reloaded with nothing changed: the last build's IRmark is back, and Save works without a Build click.
    await rm(savedPath);
    const again = await openApp();
    await openTheReturn(again);
    await again.page.getByTestId('task-check').click();
    await expect(again.page.getByTestId('irmark').textContent()).resolves.toBe(irmark);
    await expect(again.page.getByTestId('irmark-base32').textContent()).resolves.toBe(base32);
    await expect(again.page.getByTestId('last-build').textContent()).resolves.toContain('Unchanged since the last build');
    await expect(again.page.getByTestId('last-build').textContent()).resolves.toMatch(/^Last built \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d \(/);
    await shot(again, 'ct600-18-reloaded-after-build');
    await again.page.getByRole('button', { name: 'Save the return…' }).click();
    await again.page.getByText(/^Saved as /).waitFor();
    expect(verifyIrmark(await readFile(savedPath)).expected).toBe(irmark);
  });

  it('lists a corrupt draft file as unreadable and still opens the other drafts', async () => {
    const draftsDir = join(dataDir, 'drafts');
    const names = await readdir(draftsDir);
    expect(names.some((n) => n.endsWith('.json'))).toBe(true);
    await writeFile(join(draftsDir, 'half-written-return.json'), '{"kind":"ct600","form":{ garbage \u0000');
    const opened = await openApp();
    const { page } = opened;
    const unreadable = page.getByRole('region', { name: 'Drafts that could not be read' });
    await unreadable.getByText('half-written-return.json').waitFor();
    await shot(opened, 'ct600-16-unreadable-draft');
    await openTheReturn(opened);
    await expect(field(page, 'Company name (box 1)').inputValue()).resolves.toBe(COMPANY);
    expectNoProblems(opened, 'the return opened beside an unreadable draft');
    await page.close();
  });

  it('shows the validation messages of a dropped return whose IRmark is broken', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
    await page.getByRole('heading', { name: 'Validate a file' }).waitFor();
    // The return just saved, with one figure changed after marking: its IRmark no longer matches.
    const built = await readFile(savedPath, 'utf8');
    const tampered = built.replace('<Total>250000.00</Total>', '<Total>250001.00</Total>');
    expect(tampered).not.toBe(built);
    await dropFiles(page, '[data-testid="drop-zone"]', [{ fileName: 'acme-tampered.xml', bytes: new TextEncoder().encode(tampered) }]);
    await page.getByRole('heading', { name: 'IRmark does not match' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Return is not valid' }).waitFor();
    await page.locator('table.messages').getByRole('cell', { name: /^IRmark does not match the content\s*irmark-mismatch$/ }).waitFor();
    await shot(opened, 'ct600-17-validate-broken-irmark');
    await page.close();
  });
});
