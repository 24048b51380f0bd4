/**
 * End to end: the window reflows (WCAG 1.4.10 Reflow, 1.4.4 Resize text).
 * In the built renderer in Debian's Chromium over the real handlers, Start,
 * the Computation step, Deadlines and the last look before filing are shown
 * 1280, 640 (a 1280-pixel window at 200%) and 320 CSS pixels wide. At each
 * width: the page never scrolls sideways (only a two-dimensional table may,
 * inside its own labelled, focusable region), no text is cut, no word broken
 * inside a label, heading, button or cell, no Deadlines row over another;
 * below 800 pixels the side bar folds under a Menu button that works from the
 * keyboard. Each state is pictured and checked with axe-core (the harness's
 * screenshot runs it, in both themes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftStore } from '../../main/store/draft-store.js';
import type { ClientDetails } from '../../preload/contract.js';
import { chromiumPath, dropFilesFromDisk, screenshot, startHarness, startMainOverDataFolder, type E2eHarness, type OpenedPage } from './harness.js';
import { reflowFaults } from './reflow-checks.js';

const WIDTHS = [1280, 640, 320] as const;
const HEIGHT = 800;
/** A long name, as client names are: it must wrap, never be cut to "O…". */
const LONG_NAME = 'Orchard Lane Property Management and Lettings Limited';
const COMPANY = { name: 'Acme Widgets Limited', crn: '01234567', utr: '1234567890' };

let h: E2eHarness;
let drafts: DraftStore;
let current: OpenedPage | null = null;
let computationDraft = '';

const base: ClientDetails = { companyName: '', registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '' };
const date = (day: string, month: string, year: string) => ({ day, month, year });

/** A return for the year to 31 March 2025, everything answered but the attachments. */
function returnForm(name: string, utr: string, crn: string, computation?: Record<string, unknown>) {
  return {
    values: {
      companyName: name,
      registrationNumber: crn,
      utr,
      companyType: '0',
      returnType: 'new',
      sender: 'Agent',
      accountsChoice: 'ThisPeriodAccounts',
      computationsChoice: 'ThisPeriodComputations',
      turnover: '250,000',
      netProfits: '40000',
      lossesBroughtForward: '0',
      profitsBeforeOtherDeductions: '40000',
      profitsBeforeDonationsAndGroupRelief: '40000',
      chargeableProfits: '40000',
      associatedCompanies: '0',
      smallProfitsClaim: 'yes',
      fy1Profit: '40000',
      fy1Rate: '19',
      taxPayable: '7,600.00',
      declarationName: 'Jane Smith',
      declarationStatus: 'Director',
    },
    dates: { periodFrom: date('1', '4', '2024'), periodTo: date('31', '3', '2025') },
    accepted: true,
    overrides: {},
    ...(computation ? { computation } : {}),
  };
}

/** A computation with a row of each kind: items added back, an asset register with a car, a disposal. */
const COMPUTATION = {
  turnover: '250000',
  profitBeforeTax: '38750',
  depreciation: '2000',
  disallowable: [{ id: 'd1', description: 'Client entertaining at the annual trade fair', amount: '500' }],
  nonTaxableIncome: [],
  interestReceived: '250',
  propertyIncome: '',
  mainPoolBroughtForward: '12000',
  specialRatePoolBroughtForward: '',
  assets: [
    { id: 'a1', description: 'Laptop for the accounts office', date: date('3', '6', '2024'), cost: '1250', pool: 'main', newAndUnused: 'no', isCar: false, co2: '', claim: '' },
    { id: 'a2', description: 'Sales car', date: date('1', '4', '2024'), cost: '10000', pool: 'special', newAndUnused: 'no', isCar: true, co2: '120', claim: '' },
  ],
  disposals: [{ id: 'x1', description: 'Old van', date: date('9', '9', '2024'), proceeds: '1500', cost: '9000', pool: 'main', fullExpensed: false }],
  tradeCeased: false,
  lossesBroughtForward: '',
  claimAgainstTotalProfits: false,
  previousPeriodTotalProfits: '',
  chargeableGains: '',
  qualifyingDonations: '',
};

beforeAll(async () => {
  h = await startHarness();
  const main = await startMainOverDataFolder(h, 'reflow-saved.xml');
  drafts = main.drafts;
  const period = (start: string, end: string) => ({ start, end, filedOn: null, accepted: false });
  await main.clients.save(undefined, { ...base, companyName: LONG_NAME, utr: '3333333333', instalments: 'large', periods: [period('2024-04-01', '2025-03-31'), period('2025-04-01', '2026-03-31')] });
  await main.clients.save(undefined, { ...base, companyName: 'Bolt Fixings Limited', utr: '2345678901', periodEnd: '12-31' });
  await main.clients.save(undefined, { ...base, companyName: COMPANY.name, utr: COMPANY.utr, registrationNumber: COMPANY.crn, periodEnd: '03-31' });
  const made = await drafts.create({ kind: 'ct600', clientId: null, title: `${LONG_NAME} 2025`, form: {} });
  const form = returnForm(LONG_NAME, '3333333333', '09876543', COMPUTATION);
  await drafts.save({ id: made.id, clientId: null, title: `${LONG_NAME} 2025`, periodFrom: '2024-04-01', periodTo: '2025-03-31', form });
  computationDraft = made.id;
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
    await screenshot(current.page, `reflow-failed-${context.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    console.log('problems on the failed page:', current.problems);
  }
  if (current && !current.page.isClosed()) await current.page.close();
  current = null;
});

afterAll(async () => {
  await h?.close();
});

async function openApp(): Promise<OpenedPage> {
  current = await h.openApp();
  current.page.setDefaultTimeout(15_000);
  await current.page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  return current;
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const menuButton = (page: Page) => sections(page).getByRole('button', { name: /^Menu/ });

/** Goes to a section from the side bar, or from the menu in a narrow window. */
async function goTo(page: Page, section: string): Promise<void> {
  if (await menuButton(page).isVisible()) await menuButton(page).click();
  await sections(page).getByRole('button', { name: new RegExp(`^${section}`) }).click();
}

/**
 * The screen at each width: reflowed, with nothing cut, pictured and checked
 * with axe. `ready` waits for what must be on screen at that width.
 */
async function atEachWidth(opened: OpenedPage, screen: string, ready: () => Promise<void>): Promise<void> {
  const { page } = opened;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await ready();
    // Two frames: the virtualised lists measure their rows after a resize.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect.poll(() => reflowFaults(page), { timeout: 5_000, message: `${screen} at ${width} CSS pixels` }).toEqual([]);
    const menuShown = await menuButton(page).isVisible();
    expect(menuShown, `the Menu button at ${width} CSS pixels`).toBe(width < 800);
    await screenshot(page, `reflow-${screen}-${width}`);
    expect(opened.problems, `console errors or CSP violations on ${screen} at ${width}`).toEqual([]);
  }
}

/** The examples' accounts and computations (year to 31 March 2025), made out to the company. */
function companyFile(exampleName: string): Uint8Array {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', exampleName), 'utf8');
  return new TextEncoder().encode(text.replaceAll('Example Trading Ltd', COMPANY.name).replaceAll('12345678', COMPANY.crn).replaceAll('8596148860', COMPANY.utr));
}

describe.skipIf(!existsSync(chromiumPath))('The window at 1280, 640 and 320 CSS pixels, in Chromium', () => {
  it('folds the side bar under a Menu button below 800 pixels: opened and closed from the keyboard, Escape gives the focus back', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await expect(menuButton(page).isVisible()).resolves.toBe(false);
    await expect(sections(page).getByRole('button', { name: 'Clients' }).isVisible()).resolves.toBe(true);

    await page.setViewportSize({ width: 640, height: HEIGHT });
    const button = menuButton(page);
    await expect(button.isVisible()).resolves.toBe(true);
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    const controls = (await button.getAttribute('aria-controls'))!;
    await expect(page.locator(`#${controls}`).isVisible()).resolves.toBe(false);
    await expect(sections(page).getByRole('button', { name: 'Clients' }).isVisible()).resolves.toBe(false);
    await expect.poll(() => reflowFaults(page)).toEqual([]);
    await screenshot(page, 'reflow-menu-closed-640');

    // From the top of the page: the skip link, then the Menu button.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(controls);
    await page.keyboard.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator(`#${controls}`).isVisible()).resolves.toBe(true);
    await expect(sections(page).getByRole('button', { name: 'Clients' }).isVisible()).resolves.toBe(true);
    await expect.poll(() => reflowFaults(page)).toEqual([]);
    await screenshot(page, 'reflow-menu-open-640');

    // The sections follow the button; Escape folds them away and the focus is back on the button.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Start');
    await page.keyboard.press('Escape');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(controls);

    // Space opens it again; choosing a section folds it away and takes the focus to the new content.
    await page.keyboard.press('Space');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Deadlines/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Deadlines', level: 2 }).waitFor();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');

    await page.setViewportSize({ width: 320, height: HEIGHT });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(sections(page).getByRole('button', { name: 'Outbox' }).isVisible()).resolves.toBe(true);
    await expect.poll(() => reflowFaults(page)).toEqual([]);
    await screenshot(page, 'reflow-menu-open-320');
  }, 120_000);

  it('Start reflows', async () => {
    const opened = await openApp();
    await atEachWidth(opened, 'start', () => opened.page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${LONG_NAME}`) }).waitFor());
  }, 120_000);

  it('Deadlines reflows: the filters in the window, rows one under another, names whole', async () => {
    const opened = await openApp();
    const { page } = opened;
    await goTo(page, 'Deadlines');
    await page.getByRole('heading', { name: 'Deadlines', level: 2 }).waitFor();
    await atEachWidth(opened, 'deadlines', async () => {
      await page.getByTestId('deadline-row').filter({ hasText: LONG_NAME }).first().waitFor();
    });
  }, 120_000);

  it('the Computation step reflows', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${LONG_NAME}`) }).first().click();
    await page.getByTestId('task-computation').click();
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    // Each section's working opened, as a bookkeeper checking the figures would.
    await page.getByTestId('working-trading').waitFor();
    for (const section of await page.locator('details.computation-section').all()) {
      if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator('summary').click();
    }
    await atEachWidth(opened, 'computation', () => page.getByTestId('asset-row').first().waitFor());
    expect(computationDraft).toBeTruthy();
  }, 180_000);

  it('the last look before filing reflows', async () => {
    const opened = await openApp();
    const { page } = opened;
    // Settings as a firm has them, so the last look has nothing missing to list.
    await goTo(page, 'Settings');
    const label = (text: string) => page.getByLabel(text, { exact: true });
    await label('Vendor ID').fill('1234');
    await label('Product name').fill('Filing Desk');
    await page.getByTestId('filing-settings').getByRole('button', { name: 'Save filing settings' }).click();
    await page.getByText('Filing settings saved.').waitFor();
    await label('Government Gateway user ID').fill('AGENT1234567');
    await label('Government Gateway password').fill('peer-only-s3cret');
    await page.getByTestId('gateway-settings').getByRole('button', { name: 'Save Government Gateway details' }).click();
    await page.getByTestId('gateway-settings').getByText(/^Saved\. /).waitFor();
    const title = 'Acme Widgets 2025';
    const made = await drafts.create({ kind: 'ct600', clientId: null, title, form: {} });
    await drafts.save({ id: made.id, clientId: null, title, periodFrom: '2024-04-01', periodTo: '2025-03-31', form: returnForm(COMPANY.name, COMPANY.utr, COMPANY.crn) });
    await page.reload();
    await goTo(page, 'Start');
    await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${title}`) }).first().click();
    await page.getByTestId('task-attachments').click();
    for (const [role, name] of [['accounts', 'accounts-2025.xhtml'], ['computations', 'computations-2025.xhtml']] as const) {
      await mkdir(join(h.workDir, made.id), { recursive: true });
      const path = join(h.workDir, made.id, `acme-${name}`);
      await writeFile(path, companyFile(name));
      await dropFilesFromDisk(page, `[data-testid="drop-${role}"]`, [path]);
      await page.getByRole('table', { name: `${role} attached` }).getByRole('cell', { name: `acme-${name}`, exact: true }).waitFor();
    }
    await page.getByTestId('task-check').click();
    await page.getByRole('button', { name: /^Build/ }).click();
    await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
    await page.getByTestId('task-file').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check before you file' }).waitFor();
    await atEachWidth(opened, 'last-look', () => page.getByRole('heading', { name: 'Check before you file' }).waitFor());
  }, 180_000);
});
