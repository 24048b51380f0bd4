/**
 * End to end through the Electron stand-in: the real main bundle, the real
 * preload in an isolated world, IPC by structured clone, the built renderer
 * in Chromium served by main's own app:// handler. A bookkeeper double-clicks
 * a .fdesk draft (macOS hands it over before the app is ready), builds the
 * return, saves it through the save dialog, checks the saved file in
 * "Validate a file" and copies the results.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import { exportDraft } from '../../main/store/draft-transfer.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { buildAppFolder, chromiumPath, startElectronStandIn, type AppInstance, type ElectronStandIn } from '../electron-stand-in/index.js';
import { dropFiles, screenshot } from './harness.js';

const COMPANY = 'Acme Widgets Limited';

/** A complete return as the wizard stores it, with no attachments (reasons given instead), at 19% with the claim of box 329. */
const completeForm = {
  values: {
    companyName: COMPANY,
    registrationNumber: '01234567',
    utr: '1234567890',
    companyType: '0',
    returnType: 'new',
    sender: 'Agent',
    accountsChoice: 'NoAccountsReason',
    noAccountsReason: 'Not within charge to CT',
    computationsChoice: 'NoComputationsReason',
    noComputationsReason: 'Not within charge to CT',
    turnover: '250000',
    lossesBroughtForward: '0',
    netProfits: '40000',
    profitsBeforeOtherDeductions: '40000',
    profitsBeforeDonationsAndGroupRelief: '40000',
    chargeableProfits: '40000',
    associatedCompanies: '0',
    smallProfitsClaim: 'yes',
    fy1Profit: '40000',
    fy1Rate: '19',
    taxPayable: '7600.00',
    declarationName: 'Jane Smith',
    declarationStatus: 'Director',
  },
  dates: { periodFrom: { day: '1', month: '4', year: '2024' }, periodTo: { day: '31', month: '3', year: '2025' } },
  accepted: true,
  overrides: {},
};

/** The .fdesk file another copy of Filing Desk exported. */
async function exportedDraftFile(folder: string): Promise<string> {
  const drafts = new DraftStore({ dataDir: join(folder, 'elsewhere'), log: () => undefined });
  await drafts.open();
  const draft = await drafts.create({ kind: 'ct600', clientId: null, title: COMPANY, form: completeForm });
  const file = join(folder, 'acme-widgets.fdesk');
  await writeFile(file, (await exportDraft(drafts, draft.id, null)).bytes);
  return file;
}

let built: Awaited<ReturnType<typeof buildAppFolder>>;
let standIn: ElectronStandIn;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fd-electron-journey-'));
  built = await buildAppFolder();
  standIn = await startElectronStandIn({ appDir: built.appDir });
}, 180_000);

afterAll(async () => {
  await standIn?.close();
  await built?.remove();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(!existsSync(chromiumPath))('the app as a user launches it, in the Electron stand-in', () => {
  let app: AppInstance;

  it('opens a double-clicked draft, builds the return, saves it, and copies the check of the saved file', async () => {
    const draftFile = await exportedDraftFile(work);
    const saveDir = join(work, 'chosen-in-the-save-dialog');
    await mkdir(saveDir, { recursive: true });
    const savedPath = join(saveDir, 'acme-widgets-ct600.xml');
    app = standIn.launch({
      openFilesBeforeReady: [draftFile],
      dialogs: { showSaveDialog: () => ({ canceled: false, filePath: savedPath }) },
    });
    const page = await app.mainPage();
    page.setDefaultTimeout(20_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    // The file handed over before "ready" waited for the page, and opened in its wizard.
    await page.getByLabel('Company name (box 1)', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Company name (box 1)', { exact: true }).inputValue()).toBe(COMPANY);

    await page.getByTestId('task-check').click();
    await page.getByRole('heading', { name: 'Check your answers and build', level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Build/ }).click();
    await page.getByTestId('irmark').waitFor({ timeout: 60_000 });
    const irmark = (await page.getByTestId('irmark').textContent())!;
    await screenshot(page, 'electron-stand-in-built');

    await page.getByRole('button', { name: 'Save the return…' }).click();
    await page.getByText(/^Saved as /).waitFor();
    expect(app.asked.dialogs.filter((d) => d.kind === 'save')).toHaveLength(1);
    expect(verifyIrmark(await readFile(savedPath)).expected).toBe(irmark);

    // The saved return checked in "Validate a file", and its results copied.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
    await page.getByRole('heading', { name: 'Validate a file' }).waitFor();
    await dropFiles(page, '[data-testid="drop-zone"]', [{ fileName: 'acme-widgets-ct600.xml', bytes: await readFile(savedPath) }]);
    // The journey's return is one HMRC would accept: every check, HMRC's rules included, passes.
    await page.getByText(/Return is (not )?valid/).first().waitFor();
    await expect(page.getByText(/Return is (not )?valid/).first().textContent()).resolves.toMatch(/Return is valid$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    const notice = page.getByText(/^(Copied the results to the clipboard\.|The clipboard refused the text\.)/);
    await notice.waitFor();
    // Whether the write may happen is main's decision (its session permission handlers), asked as Chromium would.
    const decision = app.session.decisions.find((d) => d.permission === 'clipboard-sanitized-write');
    expect(decision, 'the clipboard write went through main’s permission handlers').toBeDefined();
    expect(decision!.url).toMatch(/^app:\/\/filing-desk\//);
    // Main grants exactly this permission to its own page: Copy works.
    expect(decision!.granted, 'main grants the clipboard write to its own page').toBe(true);
    await expect(notice.textContent()).resolves.toBe('Copied the results to the clipboard.');
    // Reading it back is the test's own check, not the app's: granted to the test directly.
    await page.context().grantPermissions(['clipboard-read'], { origin: new URL(page.url()).origin });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('acme-widgets-ct600.xml');
    await screenshot(page, 'electron-stand-in-validated-and-copied');
    expect(problems).toEqual([]);

    await app.quit();
    await expect(app.exited).resolves.toBe(0);
    expect(standIn.faults).toEqual([]);
  });

  it('hands a file from a second launch to the running window, with the argv reordered as Chromium does, and the second launch ends', async () => {
    const draftFile = await exportedDraftFile(await mkdtemp(join(work, 'second-')));
    app = standIn.launch({ isPackaged: true });
    const page = await app.mainPage();
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor({ timeout: 20_000 });
    const heard: unknown[][] = [];
    app.app.on('second-instance', (_event: unknown, ...rest: unknown[]) => heard.push(rest));

    // Explorer or Finder starts another copy with the file; Chromium moves its own switches first.
    const second = standIn.launch({ isPackaged: true, args: [draftFile, '--enable-logging'], cwd: work });
    await expect(second.exited).resolves.toBe(0);
    expect(second.windows.size).toBe(0);
    await page.getByLabel('Company name (box 1)', { exact: true }).waitFor({ timeout: 20_000 });
    expect(heard).toHaveLength(1);
    expect(heard[0]![0]).toEqual([second.argv[0], '--enable-logging', draftFile]);
    expect(heard[0]![1]).toBe(work);
    expect(app.asked.dialogs.filter((d) => d.kind === 'message')).toEqual([]);

    await app.quit();
    await expect(app.exited).resolves.toBe(0);
  });

  it('keeps ipcRenderer out of the page, and refuses what structured clone cannot carry, in both directions', async () => {
    app = standIn.launch();
    const page = await app.mainPage();
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor({ timeout: 20_000 });
    // The page has the bridge and nothing else of the preload's world.
    await expect(page.evaluate(() => [typeof (window as any).filingDesk?.appInfo, typeof (window as any).require, typeof (window as any).ipcRenderer])).resolves.toEqual(['function', 'undefined', 'undefined']);
    await expect(page.evaluate(() => (window as any).filingDesk.appInfo())).resolves.toMatchObject({ ok: true, value: { version: '0.1.0' } });
    // A function inside a request cannot be cloned: the call fails in the page, and main never hears of it.
    const before = app.ipcMain.calls.length;
    await expect(page.evaluate(() => (window as any).filingDesk.saveFile({ kind: 'validation-csv', suggestedName: 'x', contents: () => 'not data' }))).rejects.toThrow(/could not be cloned/);
    expect(app.ipcMain.calls.slice(before).map((c) => c.channel)).not.toContain('file.save');
    // Main to page: a listener's value that cannot be cloned throws in main, as Electron's webContents.send does.
    const window = [...app.windows][0]!;
    expect(() => window.webContents.send('menu.command', { run: () => 'save' })).toThrow(/could not be cloned/);
    await app.quit();
    await expect(app.exited).resolves.toBe(0);
  });
});
