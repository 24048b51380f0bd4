/**
 * End to end: filing a CT600 return with HMRC from the window. The built
 * renderer in Chromium talks through the real bridge to the real filing
 * handlers (the same wiring main uses), over a temporary data folder; HMRC
 * is the local Transaction Engine peer on a free port of 127.0.0.1, set as
 * the endpoint in Settings › Filing with HMRC › For testing, exactly as a
 * bookkeeper rehearsing would.
 *
 * The tests run in order: Settings, then a return built and filed in Test in
 * Live to its receipt, then a second period HMRC rejects, then the history.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import type { DraftStore } from '../../main/store/draft-store.js';
import type { TransactionEnginePeer } from '../../main/server/transaction-engine/transaction-engine-peer.js';
import { brokenGroups, linesOf } from './unbroken-groups.js';
import { chromiumPath, dropFilesFromDisk, keepArtifact, screenshot, startFilingPeer, startHarness, startMainOverDataFolder, type E2eHarness, type FilingPeer, type OpenedPage } from './harness.js';

interface Company {
  name: string;
  crn: string;
  utr: string;
}
const ACME: Company = { name: 'Acme Widgets Limited', crn: '01234567', utr: '1234567890' };
const BOLT: Company = { name: 'Bolt Fixings Limited', crn: '07654321', utr: '2345678901' };
const GATEWAY = { userId: 'AGENT1234567', password: 'peer-only-s3cret' };

/** The examples' accounts and computations (1 April 2024 – 31 March 2025), made out to the company. */
function companyFile(company: Company, exampleName: string): Uint8Array {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', exampleName), 'utf8');
  return new TextEncoder().encode(text.replaceAll('Example Trading Ltd', company.name).replaceAll('12345678', company.crn).replaceAll('8596148860', company.utr));
}

/** The company's return for 1 April 2024 – 31 March 2025 as the wizard stores it: everything but the attachments, which are dropped in the window. */
function returnForm(company: Company) {
  return {
    values: {
      companyName: company.name,
      registrationNumber: company.crn,
      utr: company.utr,
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
    dates: { periodFrom: { day: '1', month: '4', year: '2024' }, periodTo: { day: '31', month: '3', year: '2025' } },
    accepted: true,
    overrides: {},
  };
}

let h: E2eHarness;
let drafts: DraftStore;
let savedPath: string;
let peer: TransactionEnginePeer;
let endpoint: string;
let rejectNext: FilingPeer['rejectNext'];
let current: OpenedPage | null = null;

beforeAll(async () => {
  h = await startHarness();
  ({ peer, endpoint, rejectNext } = await startFilingPeer({ credentials: { senderId: GATEWAY.userId, password: GATEWAY.password }, pollIntervalSeconds: 2 }));
  ({ drafts, savedPath } = await startMainOverDataFolder(h, 'filing-saved.xml'));
}, 120_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current && !current.page.isClosed()) {
    await screenshot(current.page, `failed-filing-${context.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    console.log('problems on the failed page:', current.problems);
  }
  if (current && !current.page.isClosed()) await current.page.close();
  current = null;
});

afterAll(async () => {
  await peer?.close();
  await h?.close();
});

async function openApp(): Promise<OpenedPage> {
  current = await h.openApp();
  current.page.setDefaultTimeout(15_000);
  return current;
}

async function shot(opened: OpenedPage, name: string): Promise<void> {
  await opened.page.waitForTimeout(50);
  await screenshot(opened.page, name);
  expect(opened.problems, `console errors or CSP violations on ${name}`).toEqual([]);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** A return for this period with its accounts and computations dropped on it, built in the window. */
async function buildReturn(opened: OpenedPage, title: string, company: Company): Promise<string> {
  const { page } = opened;
  const draft = await drafts.create({ kind: 'ct600', clientId: null, title, form: returnForm(company) });
  await drafts.save({ id: draft.id, clientId: null, title, periodFrom: '2024-04-01', periodTo: '2025-03-31', form: returnForm(company) });
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Start' }).click();
  // Made behind the window's back: a reload lists it, as a restart would.
  await page.reload();
  await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: new RegExp(`^${title}`) }).first().click();
  await field(page, 'Company name (box 1)').waitFor();
  await page.getByTestId('task-attachments').click();
  for (const [role, name] of [['accounts', 'accounts-2025.xhtml'], ['computations', 'computations-2025.xhtml']] as const) {
    await mkdir(join(h.workDir, draft.id), { recursive: true });
    const fileName = `${company.name.split(' ')[0]!.toLowerCase()}-${name}`;
    const path = join(h.workDir, draft.id, fileName);
    await writeFile(path, companyFile(company, name));
    await dropFilesFromDisk(page, `[data-testid="drop-${role}"]`, [path]);
    await page.getByRole('table', { name: `${role} attached` }).getByRole('cell', { name: fileName, exact: true }).waitFor();
  }
  await page.getByTestId('task-check').click();
  await page.getByRole('button', { name: /^Build/ }).click();
  await page.getByTestId('irmark').waitFor({ timeout: 30_000 });
  return draft.id;
}

describe.skipIf(!existsSync(chromiumPath))('Filing a CT600 return with HMRC (a local Transaction Engine), in Chromium', () => {
  it('names each thing missing before filing once, by the one place it is put right, and its link lands on that field', async () => {
    const opened = await openApp();
    const { page } = opened;
    await buildReturn(opened, 'Acme Widgets before Settings', ACME);
    await page.getByTestId('task-file').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check before you file' }).waitFor();
    const summary = page.getByTestId('error-summary');
    const links = await summary.getByRole('link').allTextContents();
    expect(links).toEqual(expect.arrayContaining([expect.stringMatching(/vendor ID/), expect.stringMatching(/Government Gateway user ID/)]));
    for (const text of links) {
      // One place, named one way: "Settings › Filing with HMRC" or "Settings › Government Gateway", never twice.
      expect(text.match(/Settings/g) ?? [], text).toHaveLength(1);
      expect(text, text).toMatch(/Settings › (Filing with HMRC|Government Gateway)\b/);
    }
    // The summary's title is one level under "Check before you file" (h3), as "Declaration" is: no level skipped (axe's heading-order, in the picture's check).
    await expect(summary.getByRole('heading', { name: 'There is a problem' }).evaluate((h) => h.tagName)).resolves.toBe('H4');
    await shot(opened, 'filing-00-last-look-missing-settings');
    await summary.getByRole('link', { name: /vendor ID/ }).click();
    await page.getByTestId('filing-settings').waitFor();
    await expect.poll(() => focusedId(page)).toBe('filing-vendorId');
  }, 120_000);

  it('takes the Government Gateway details, the vendor ID and the test Transaction Engine in Settings, and never shows the password again', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    const filing = page.getByTestId('filing-settings');
    await field(page, 'Vendor ID').fill('1234');
    await field(page, 'Product name').fill('Filing Desk');
    await filing.getByText('For testing').click();
    await field(page, 'Transaction Engine address').fill(endpoint);
    await filing.getByRole('button', { name: 'Save filing settings' }).click();
    await filing.getByText('Filing settings saved.').waitFor();

    const gateway = page.getByTestId('gateway-settings');
    await field(page, 'Government Gateway user ID').fill(GATEWAY.userId);
    await field(page, 'Government Gateway password').fill(GATEWAY.password);
    await gateway.getByRole('button', { name: 'Save Government Gateway details' }).click();
    await gateway.getByText(/^Saved\. The password is kept /).waitFor();
    await expect(gateway.getByTestId('gateway-password-saved').textContent()).resolves.toMatch(/a password is saved /);
    expect(await page.content()).not.toContain(GATEWAY.password);
    await shot(opened, 'filing-01-settings');
  });

  it('files a built return in Test in Live: confirmation, progress, and the receipt whose IRmark is the one ct600 verify prints', async () => {
    const opened = await openApp();
    const { page } = opened;
    const draftId = await buildReturn(opened, 'Acme Widgets 2025', ACME);
    const ourIrmark = (await page.getByTestId('irmark').textContent())!;

    await page.getByTestId('task-file').click();
    await page.getByRole('heading', { name: 'File with HMRC', level: 2 }).waitFor();
    await expect(page.getByRole('radio', { name: /^Test in Live/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: /^Live/ }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check before you file' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Check before you file');
    await expect(page.getByTestId('confirm-tax').textContent()).resolves.toBe('£7,600.00');
    await expect(page.getByTestId('confirm-declaration').textContent()).resolves.toMatch(/^Jane Smith \(Director\) declares/);
    await expect(page.getByTestId('error-summary').count()).resolves.toBe(0);
    // Nothing is sent yet: where it will go, in the future tense.
    await page.getByRole('term').filter({ hasText: /^Will be sent to$/ }).waitFor();
    await expect(page.getByRole('term').filter({ hasText: /^Sent to$/ }).count()).resolves.toBe(0);
    await expect(page.getByTestId('confirm-irmark').textContent()).resolves.toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    // At the window's usual width each file name is on one line of its own.
    for (const name of await page.getByTestId('confirm-attachment').all()) await expect(linesOf(name)).resolves.toBe(1);
    await shot(opened, 'filing-02-confirm');
    // In a narrow window the IRmark wraps between its groups of four, never inside one; the UTR and file names stay whole.
    await page.setViewportSize({ width: 320, height: 860 });
    await expect.poll(() => linesOf(page.getByTestId('confirm-irmark'))).toBeGreaterThan(1);
    await expect(brokenGroups(page.getByTestId('confirm-irmark'))).resolves.toEqual([]);
    await expect(brokenGroups(page.getByTestId('confirm-utr'))).resolves.toEqual([]);
    for (const name of await page.getByTestId('confirm-attachment').all()) await expect(brokenGroups(name, /[\s.-]+/)).resolves.toEqual([]);
    await shot(opened, 'filing-02b-confirm-320px');
    await page.setViewportSize({ width: 1280, height: 860 });

    // HMRC takes a few polls over this one, so the side bar has time to say so.
    peer.faults.add({ fault: { kind: 'slow-poll', polls: 8 }, on: 'poll', times: 1 });
    await page.getByRole('button', { name: 'Send the test to HMRC' }).click();
    await page.getByTestId('filing-progress').waitFor();
    await page.getByTestId('filing-next-check').getByText(/^Next check in \d+ s\.$/).waitFor({ timeout: 15_000 });
    // The side bar names HMRC filing apart from the filing service (which is not set up here, and says so).
    const hmrcStatus = page.getByRole('region', { name: 'Returns being filed with HMRC' });
    await expect.poll(() => hmrcStatus.textContent(), { timeout: 5_000 }).toMatch(/1 return being filed/);
    await shot(opened, 'filing-03-progress');
    await expect(page.getByRole('region', { name: 'Connection to the filing service' }).textContent()).resolves.toMatch(/^Filing service/);

    // Leave and come back: the return shows the same filing, carried on in main.
    await page.getByRole('button', { name: 'Go to Start' }).click();
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    await page.getByRole('list', { name: 'Drafts' }).getByRole('button', { name: /^Acme Widgets 2025/ }).first().click();
    await page.getByTestId('task-file').click();
    const receiptHeading = page.getByRole('heading', { name: 'HMRC accepted the test return' });
    await receiptHeading.waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('receipt-accepted-at').textContent()).resolves.toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d$/);
    await expect(page.getByTestId('receipt-irmark-check').textContent()).resolves.toMatch(/^Matches the IRmark/);
    const receiptIrmark = (await page.getByTestId('receipt-irmark-base64').textContent())!;
    expect(receiptIrmark).toBe(ourIrmark);
    await shot(opened, 'filing-04-receipt');
    await expect.poll(() => hmrcStatus.textContent(), { timeout: 15_000 }).toMatch(/Nothing being filed/);
    // Printed, the receipt stands alone under the app's name: no sections, task list or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Start' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('navigation', { name: 'Steps of this return' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).resolves.toBe(false);
    await expect(receiptHeading.isVisible()).resolves.toBe(true);
    await shot(opened, 'filing-04-receipt-printed');
    await page.emulateMedia({ media: 'screen' });

    // HMRC's response and the return as filed, through the real filing.save path.
    await page.getByRole('button', { name: 'Save HMRC’s receipt (XML)' }).click();
    await page.getByText(/^Saved HMRC’s receipt as /).waitFor();
    const receiptXml = await readFile(savedPath, 'utf8');
    await keepArtifact(savedPath, 'filing-receipt.xml');
    await page.getByRole('button', { name: 'Save the return as filed' }).click();
    await page.getByText(/^Saved the return as filed as /).waitFor();
    await keepArtifact(savedPath, 'filing-return.xml');
    let printed = '';
    const exitCode = await runCt600Command(['verify', savedPath], { out: (t) => void (printed += t), err: (t) => void (printed += t), stdoutIsTTY: false, stderrIsTTY: false });
    expect(exitCode).toBe(0);
    const verify = JSON.parse(printed) as { matches: boolean; expected: string; expectedBase32: string; found: string };
    expect(verify.matches).toBe(true);
    expect(verify.found).toBe(receiptIrmark);
    const digest = /<dsig:DigestValue>([^<]+)<\/dsig:DigestValue>/.exec(receiptXml)?.[1];
    expect(digest).toBe(verify.found);
    expect(receiptXml).toContain(verify.expectedBase32);
    expect(await readFile(savedPath, 'utf8')).not.toContain(GATEWAY.password);
    // Sent once.
    expect([...peer.submissionsByTransactionId.values()]).toEqual([1]);
    expect(peer.earlyPolls).toBe(0);
    expect(draftId).toBeTruthy();
  }, 120_000);

  it("shows HMRC's business rejection beside its number, and its link lands focus on the box's field", async () => {
    // HMRC's own rules go beyond ours: the peer answers this return with rule 9200 against box 340, as HMRC would.
    const location = '/hd:GovTalkMessage[1]/hd:Body[1]/ct:IRenvelope[1]/ct:CompanyTaxReturn[1]/ct:CompanyTaxCalculation[1]/ct:CorporationTaxChargeable[1]/ct:FinancialYearOne[1]/ct:Details[1]/ct:TaxRate[1]';
    rejectNext([{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: 'Rate 19.00 is not allowed for financial year 2024.', location }]);
    const opened = await openApp();
    const { page } = opened;
    await buildReturn(opened, 'Bolt Fixings 2025', BOLT);
    await page.getByTestId('task-file').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Send the test to HMRC' }).click();
    await page.getByRole('heading', { name: 'HMRC did not accept the return' }).waitFor({ timeout: 60_000 });
    const row = page.getByRole('table', { name: 'HMRC’s errors' }).getByRole('row').filter({ has: page.getByRole('cell', { name: '9200', exact: true }) });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('340');
    await expect(row.getByRole('cell').nth(3).textContent()).resolves.toBe('Rate 19.00 is not allowed for financial year 2024.');
    await shot(opened, 'filing-05-rejection');
    await row.getByTestId('hmrc-error-link').click();
    await page.getByRole('heading', { name: 'Profits and tax', level: 2 }).waitFor();
    await expect.poll(() => focusedId(page)).toBe('fy1Rate');
  }, 120_000);

  it('lists both submissions, newest first, in the filing history on Start', async () => {
    const opened = await openApp();
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Start' }).click();
    const table = page.getByRole('table', { name: 'Filing history' });
    await table.waitFor();
    const states = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => [r.children[0]?.textContent, r.children[4]?.textContent]));
    expect(states.map(([company]) => company)).toEqual([BOLT.name, ACME.name]);
    expect(states[0]![1]).toMatch(/reject/i);
    expect(states[1]![1]).toMatch(/accept/i);
    await table.scrollIntoViewIfNeeded();
    await shot(opened, 'filing-06-history');
  });
});
