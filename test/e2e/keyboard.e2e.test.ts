/**
 * End to end with the keyboard alone: a CT600 return and a report package,
 * each from Start to a saved file, in the built renderer in Debian's Chromium
 * over the real IPC handlers and engines. Only Tab, Shift+Tab, Enter, Space,
 * the arrow keys and typing move through the window: no clicks, no focus()
 * calls. The system's file chooser and save dialog are the harness's
 * stand-ins (a file chosen by path; the save dialog answers with a path).
 *
 * Each step's Tab presses are counted and printed; the Profits and tax step
 * must take at most 15 from its first field to Continue.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import { chromiumPath, screenshot, startHarness, startMainOverDataFolder, type E2eHarness, type MainOverDataFolder, type OpenedPage } from './harness.js';

const COMPANY = 'Acme Widgets Limited';
const CRN = '01234567';
const UTR = '1234567890';

let h: E2eHarness;
let main: MainOverDataFolder;
let current: OpenedPage | null = null;

beforeAll(async () => {
  h = await startHarness();
  main = await startMainOverDataFolder(h, 'saved-by-keyboard');
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
    await screenshot(current.page, `failed-keyboard-${context.task.name.slice(0, 30).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    console.log('problems on the failed page:', current.problems);
  }
  if (current && !current.page.isClosed()) await current.page.close();
  current = null;
});

afterAll(async () => {
  await h?.close();
});

/** What the focused element is, for matching and for a failure message. */
interface Focused {
  tag: string;
  id: string;
  text: string;
  label: string;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', id: '', text: '', label: '' };
    const labelledBy = el.getAttribute('aria-labelledby');
    const label =
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      (labelledBy ? labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : el.getAttribute('aria-label') ?? '');
    return { tag: el.tagName.toLowerCase(), id: el.id, text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), label: label.replace(/\s+/g, ' ').trim() };
  });
}

type Target = { id: string } | { text: string } | { label: string } | { textStarts: string };

const matches = (f: Focused, t: Target) =>
  'id' in t ? f.id === t.id : 'text' in t ? f.text === t.text : 'textStarts' in t ? f.text.startsWith(t.textStarts) : f.label === t.label;

/** Tab presses per step, in the order the steps were done. */
const tabs = new Map<string, number>();

/** Presses Tab until the focus is on `target`, counting each press against `step`; fails past `max`. */
async function tabTo(page: Page, step: string, target: Target, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    tabs.set(step, (tabs.get(step) ?? 0) + 1);
    if (matches(await focused(page), target)) return;
  }
  throw new Error(`${JSON.stringify(target)} not reached with ${max} Tab presses on "${step}"; the focus is on ${JSON.stringify(await focused(page))}`);
}

/** Types into the focused field, replacing what is there (Ctrl+A, then the text). */
async function typeHere(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function expectFocusOn(page: Page, target: Target, where: string): Promise<void> {
  const f = await focused(page);
  expect(matches(f, target), `focus after ${where}: ${JSON.stringify(f)}`).toBe(true);
}

/**
 * Presses Enter on the focused file picker button and answers the system's
 * file chooser with `paths`. One listener stays on the page for its whole
 * life, so Playwright intercepts every chooser (re-arming it between two
 * choosers can miss the second).
 */
const choosers = new WeakMap<Page, FileChooser[]>();
async function chooseFiles(page: Page, paths: string[]): Promise<void> {
  if (!choosers.has(page)) {
    const seen: FileChooser[] = [];
    choosers.set(page, seen);
    page.on('filechooser', (chooser) => seen.push(chooser));
  }
  const seen = choosers.get(page)!;
  const before = seen.length;
  // A picker busy with the files before says so and ignores Enter: wait, as a user hears it, until it is free.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-disabled') ?? 'free')).toBe('free');
  await page.keyboard.press('Enter');
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(before + 1);
  await seen[before]!.setFiles(paths);
}

function acmeFile(exampleName: string): Uint8Array {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', exampleName), 'utf8');
  return new TextEncoder().encode(text.replaceAll('Example Trading Ltd', COMPANY).replaceAll('12345678', CRN).replaceAll('8596148860', UTR));
}

function printTabs(title: string, steps: string[]): void {
  console.log(`${title}: Tab presses per step: ${steps.map((s) => `${s} ${tabs.get(s) ?? 0}`).join('; ')}`);
}

describe.skipIf(!existsSync(chromiumPath))('The keyboard alone, from Start to a saved file', () => {
  it('completes a CT600 return, with at most 15 Tab presses on Profits and tax', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(15_000);
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();

    // Start: a return without a client.
    await tabTo(page, 'Start', { text: 'New CT600 return' });
    await page.keyboard.press('Enter');
    // The client list takes the focus once the client book is read, as a user sees it: wait for it.
    await expect.poll(() => focused(page).then((f) => f.label)).toBe('Client');
    await tabTo(page, 'Start', { text: 'Create return' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Company and period', level: 2 }).waitFor();
    expect((await focused(page)).tag, 'focus after opening the return').not.toBe('body');

    // Company and period.
    const company = 'Company and period';
    await tabTo(page, company, { id: 'companyName' });
    await typeHere(page, COMPANY);
    await tabTo(page, company, { id: 'registrationNumber' });
    await typeHere(page, CRN);
    await tabTo(page, company, { id: 'utr' });
    await typeHere(page, UTR);
    await tabTo(page, company, { id: 'periodFrom' });
    await typeHere(page, '1');
    await tabTo(page, company, { id: 'periodFrom-month' });
    await typeHere(page, '4');
    await tabTo(page, company, { id: 'periodFrom-year' });
    await typeHere(page, '2024');
    // The end date: 30 March typed, then the calendar moves it one day on with an arrow key.
    await tabTo(page, company, { id: 'periodTo' });
    await typeHere(page, '30');
    await tabTo(page, company, { id: 'periodTo-month' });
    await typeHere(page, '3');
    await tabTo(page, company, { id: 'periodTo-year' });
    await typeHere(page, '2025');
    await tabTo(page, company, { label: 'Choose the end of the return period from a calendar' });
    await page.keyboard.press('Enter');
    await page.getByRole('grid').waitFor();
    // The calendar opens on the chosen date, and the arrows move at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/30 March 2025/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/31 March 2025/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#periodTo').inputValue()).toBe('31');
    await screenshot(page, 'keyboard-ct600-company');
    // The choices keep their defaults: a new return, a UK trading company, sent by an agent.
    await tabTo(page, company, { text: 'Continue' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Accounts and computations', level: 2 }).waitFor();

    // Accounts and computations: each file through the file chooser; the button keeps the focus.
    const attachments = 'Accounts and computations';
    const accounts = join(h.workDir, 'acme-accounts-2025.xhtml');
    const computations = join(h.workDir, 'acme-computations-2025.xhtml');
    await writeFile(accounts, acmeFile('accounts-2025.xhtml'));
    await writeFile(computations, acmeFile('computations-2025.xhtml'));
    await tabTo(page, attachments, { text: 'Choose files…' });
    await chooseFiles(page, [accounts]);
    await page.getByRole('table', { name: 'accounts attached' }).getByRole('cell', { name: 'acme-accounts-2025.xhtml', exact: true }).waitFor();
    await expectFocusOn(page, { text: 'Choose files…' }, 'attaching the accounts');
    await tabTo(page, attachments, { text: 'Choose files…' });
    await chooseFiles(page, [computations]);
    await page.getByRole('table', { name: 'computations attached' }).getByRole('cell', { name: 'acme-computations-2025.xhtml', exact: true }).waitFor();
    await expectFocusOn(page, { text: 'Choose files…' }, 'attaching the computations');
    await tabTo(page, attachments, { text: 'Continue' });
    await page.keyboard.press('Enter');
    // The Computation step, left empty here: its Continue leads on to Profits and tax.
    await page.getByRole('heading', { name: 'Computation', level: 2 }).waitFor();
    await tabTo(page, 'Computation', { text: 'Continue' }, 120);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();

    // Profits and tax: the presses from its first field to Continue are the ones that count.
    await tabTo(page, 'Profits and tax (to its first field)', { id: 'turnover' });
    const profits = 'Profits and tax';
    await typeHere(page, '250000');
    await tabTo(page, profits, { id: 'tradingProfits' });
    await typeHere(page, '40000');
    await tabTo(page, profits, { id: 'lossesBroughtForward' });
    await typeHere(page, '0');
    await tabTo(page, profits, { id: 'profitsBeforeOtherDeductions' });
    await typeHere(page, '40000');
    await tabTo(page, profits, { id: 'profitsBeforeDonationsAndGroupRelief' });
    await typeHere(page, '40000');
    await tabTo(page, profits, { id: 'chargeableProfits' });
    await typeHere(page, '40000');
    // Within the limits: the wizard proposes the claim in box 329.
    await tabTo(page, profits, { id: 'smallProfitsClaim' });
    await expect(page.getByTestId('small-profits-proposal').textContent()).resolves.toMatch(/tick box 329/);
    await page.keyboard.press('Space');
    await expect(page.locator('#smallProfitsClaim').isChecked()).resolves.toBe(true);
    await tabTo(page, profits, { id: 'fy1Profit' });
    await typeHere(page, '40000');
    await tabTo(page, profits, { id: 'fy1Rate' });
    await typeHere(page, '19');
    await tabTo(page, profits, { id: 'taxPayable' });
    await typeHere(page, '7600.00');
    await tabTo(page, profits, { text: 'Continue' });
    await expect.poll(() => page.getByLabel('Tax (box 345)', { exact: true }).textContent()).toBe('£7,600.00');
    await screenshot(page, 'keyboard-ct600-profits');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Declaration', level: 2 }).waitFor();

    // Declaration.
    const declaration = 'Declaration';
    await tabTo(page, declaration, { id: 'declarationName' });
    await typeHere(page, 'Jane Smith');
    await tabTo(page, declaration, { id: 'declarationStatus' });
    await typeHere(page, 'Director');
    await tabTo(page, declaration, { id: 'declarationAccepted' });
    await page.keyboard.press('Space');
    await tabTo(page, declaration, { text: 'Continue' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();

    // Check your answers: Build, then Save; each button keeps the focus while it works.
    const check = 'Check your answers and build';
    await tabTo(page, check, { text: 'Build' }, 120);
    await page.keyboard.press('Enter');
    await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
    await expect(page.getByText('Built and checked.').isVisible()).resolves.toBe(true);
    await expectFocusOn(page, { text: 'Build again' }, 'building');
    const irmark = (await page.getByTestId('irmark').textContent())!;
    await tabTo(page, check, { text: 'Save the return…' });
    await page.keyboard.press('Enter');
    await page.getByText(/^Saved as /).waitFor();
    await expectFocusOn(page, { text: 'Save the return…' }, 'saving');
    // The save dialog stand-in answers one name for both files; the app adds the extension.
    expect(verifyIrmark(await readFile(`${main.savedPath}.xml`)).expected).toBe(irmark);
    expect(current.problems).toEqual([]);

    const steps = ['Start', company, attachments, 'Profits and tax (to its first field)', profits, declaration, check];
    printTabs('CT600 return by keyboard', steps);
    expect(tabs.get(profits)).toBeLessThanOrEqual(15);
  });

  it('completes a report package', async () => {
    current = await h.openApp();
    const { page } = current;
    page.setDefaultTimeout(15_000);
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();

    const start = 'Start (package)';
    await tabTo(page, start, { text: 'New report package' });
    await page.keyboard.press('Enter');
    // The client list takes the focus once the client book is read, as a user sees it: wait for it.
    await expect.poll(() => focused(page).then((f) => f.label)).toBe('Client');
    await tabTo(page, start, { text: 'Create package' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'About the package', level: 2 }).waitFor();

    const about = 'About the package';
    await tabTo(page, about, { label: 'Package name' });
    await typeHere(page, 'Acme Widgets Ltd annual report 2024');
    await tabTo(page, about, { label: 'File name' });
    await typeHere(page, 'ACME-2024');
    await tabTo(page, about, { label: 'Identifier' });
    await typeHere(page, 'https://example.com/acme/2024/package');
    await tabTo(page, about, { text: 'Continue' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Entry points', level: 2 }).waitFor();

    const entry = 'Entry points';
    await tabTo(page, entry, { label: 'Name' });
    await typeHere(page, 'Acme Widgets Ltd 2024');
    await tabTo(page, entry, { label: 'Entry point document URL' });
    await typeHere(page, 'http://example.com/acme/2024/acme-2024.xsd');
    await tabTo(page, entry, { text: 'Continue' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Report and taxonomy files', level: 2 }).waitFor();

    const files = 'Report and taxonomy files';
    const dir = join(repoRootOf(), 'test', 'fixtures', 'report-packages', 'acme-2024');
    const zip = new JSZip();
    zip.file('example.com/acme/2024/acme-2024-lab.xml', readFileSync(join(dir, 'taxonomy', 'acme-2024-lab.xml')));
    zip.file('example.com/acme/2024/acme-2024-pre.xml', readFileSync(join(dir, 'taxonomy', 'acme-2024-pre.xml')));
    const zipPath = join(h.workDir, 'acme-linkbases.zip');
    await writeFile(zipPath, await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    await tabTo(page, files, { text: 'Choose a file…' });
    await chooseFiles(page, [join(dir, 'report', 'acme-2024.xhtml')]);
    await page.getByRole('table', { name: 'Report added' }).waitFor();
    await expectFocusOn(page, { text: 'Choose a file…' }, 'adding the report');
    await tabTo(page, files, { text: 'Choose files…' });
    await chooseFiles(page, [zipPath, join(dir, 'taxonomy', 'acme-2024.xsd')]);
    await expect.poll(() => page.getByTestId('attached-file').count()).toBe(3);
    await expectFocusOn(page, { text: 'Choose files…' }, 'adding the taxonomy');
    await expect.poll(() => page.locator('[data-testid="reference-row"][data-verdict="missing"]').count()).toBe(0);
    await tabTo(page, files, { text: 'Continue' }, 120);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check and build', level: 2 }).waitFor();

    const review = 'Check and build';
    await tabTo(page, review, { text: 'Build the package' }, 120);
    await page.keyboard.press('Enter');
    await page.getByTestId('build-result').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Package is valid' }).waitFor();
    await expectFocusOn(page, { text: 'Build again' }, 'building the package');
    await tabTo(page, review, { text: 'Save the package…' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('save-note').textContent()).toMatch(/Saved as saved-by-keyboard\.xbri/);
    await expectFocusOn(page, { text: 'Save the package…' }, 'saving the package');
    expect((await readFile(`${main.savedPath}.xbri`)).subarray(0, 2).toString('latin1')).toBe('PK');
    expect(current.problems).toEqual([]);

    printTabs('Report package by keyboard', [start, about, entry, files, review]);
  });
});

function repoRootOf(): string {
  return join(import.meta.dirname, '..', '..');
}
