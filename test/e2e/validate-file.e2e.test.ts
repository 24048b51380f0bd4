/**
 * End to end: "Validate a file" in the built renderer in Debian's Chromium,
 * through the real bridge shape to the real IPC handlers and engine in this
 * process (test/e2e/harness.ts). Screenshots go to test-output/screenshots.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { unusedStoreDeps } from '../helpers/store-deps.js';
import { checkAccessibility, chromiumPath, dropFiles, screenshot, shared, startHarness, type E2eHarness, type OpenedPage, filingAsMainWiresIt } from './harness.js';

let harness: E2eHarness;

beforeAll(async () => {
  harness = await startHarness();
  const fileSaver = { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: harness.workDir };
  // Filing with HMRC wired as main always wires it, so the side bar shows what a user sees.
  const dataDir = join(harness.workDir, 'data');
  const drafts = new DraftStore({ dataDir, log: () => undefined });
  await drafts.open();
  registerHandlers(
    harness.ipc,
    createHandlers({
      ...unusedStoreDeps(),
      ct600: createCt600Engine(),
      packages: createPackageEngine(),
      fileSaver,
      filing: filingAsMainWiresIt(dataDir, drafts, fileSaver),
      appInfo: { version: '0.1.0', platform: process.platform },
    }),
    // The app's real rule; here "our own page" is the harness's first origin.
    { isTrustedSender: harness.isTrustedSender },
  );
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function openApp(): Promise<OpenedPage> {
  const opened = await harness.openApp();
  // The window opens on Start; "Validate a file" is the third section.
  await opened.page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  await opened.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
  await opened.page.getByRole('heading', { name: 'Validate a file' }).waitFor();
  return opened;
}

/** Drags a file onto the drop zone the way a user's drop arrives. */
async function dropFile(page: Page, path: string, fileName: string): Promise<void> {
  await dropFiles(page, '[data-testid="drop-zone"]', [{ fileName, bytes: await readFile(path) }]);
}

describe.skipIf(!existsSync(chromiumPath))('Validate a file, end to end in Chromium', () => {
  it("checks HMRC's accepted CT600 sample and shows that the IRmark matches", async () => {
    const { page, problems } = await openApp();
    await screenshot(page, '01-validate-empty');
    await dropFile(page, join(shared, 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'tpvs-accepted-sample.xml');
    await page.getByRole('heading', { name: 'IRmark matches' }).waitFor();
    await expect(page.getByText('MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4').isVisible()).resolves.toBe(true);
    // The full local validation job ran too: schema, business rules and IRmark, with a verdict.
    await page.getByRole('heading', { name: /^Return is (not )?valid$/ }).waitFor();
    await screenshot(page, '02-validate-irmark-matches');
    expect(problems).toEqual([]);
    // The app ran all of that under Trusted Types: a string sent to a DOM sink is refused.
    await expect(
      page.evaluate(() => {
        try {
          document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
          return 'assigned';
        } catch (error) {
          return String(error);
        }
      }),
    ).resolves.toMatch(/TrustedHTML/);
    // The page's one policy (empty strings only, for React Aria's announcer) was made before anything else ran.
    await expect(page.evaluate(() => (globalThis as { trustedTypes?: { defaultPolicy?: { name: string } } }).trustedTypes?.defaultPolicy?.name)).resolves.toBe('default');
    problems.length = 0;
    await page.close();
  });

  it('shows expected versus found for a document whose IRmark is wrong', async () => {
    const { page, problems } = await openApp();
    await dropFile(page, join(shared, 'ct600', 'vectors', 'not-valid', 'php-govtalk-GiftAidRequest.xml'), 'gift-aid.xml');
    await page.getByRole('heading', { name: 'IRmark does not match' }).waitFor();
    await screenshot(page, '03-validate-irmark-mismatch');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('validates a broken report package and lists its official codes', async () => {
    const { page, problems } = await openApp();
    await dropFile(page, join(shared, 'xbrl', 'conformance', 'packages', 'bad-dotdot.xbri'), 'bad-dotdot.xbri');
    await page.getByRole('heading', { name: 'Package is not valid' }).waitFor();
    await expect(page.locator('table.messages code').first().textContent()).resolves.toMatch(/^(rpe|tpe):/);
    await screenshot(page, '04-validate-package-invalid');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refuses a CT600 return over 30 MB in the page, naming the limit, without calling main', async () => {
    const { page, problems } = await openApp();
    harness.invokedChannels.length = 0;
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(31 * 1024 * 1024)], 'huge-return.xml'));
      const zone = document.querySelector('[data-testid="drop-zone"]')!;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(
      'huge-return.xml is 31 MB; Filing Desk checks CT600 returns up to 30 MB (HMRC accepts messages up to 25 MB).',
    );
    await screenshot(page, '06-validate-too-large');
    expect(harness.invokedChannels).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is keyboard operable: a skip link first, Tab reaches the sections, Enter opens one, focus moves to the content', async () => {
    // A freshly loaded window, on Start, nothing focused yet.
    const { page, problems } = await harness.openApp();
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    const active = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    // Where the keyboard is must show (WCAG 2.4.7): a ring at least 2 px wide round each stop.
    const ringWidth = () => page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    });
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toBe('Skip to content');
    await expect(ringWidth()).resolves.toBeGreaterThanOrEqual(2);
    await checkAccessibility(page, 'start-skip-link-focused');
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toBe('Start');
    await expect(ringWidth()).resolves.toBeGreaterThanOrEqual(2);
    // The sections in order, one Tab each.
    for (const label of ['Deadlines', 'Clients', 'Accounts', 'Validate a file', 'Verify a file']) {
      await page.keyboard.press('Tab');
      await expect(active()).resolves.toBe(label);
      await expect(ringWidth()).resolves.toBeGreaterThanOrEqual(2);
    }
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toMatch(/^Settings/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    await screenshot(page, '05-settings');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('content');
    // Back from the content: Outbox, Settings, Verify a file, then Validate a file.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(active()).resolves.toBe('Validate a file');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Validate a file' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toBe('Choose a file…');
    await expect(ringWidth()).resolves.toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refuses a call from a page that is not ours (another origin), with the real sender rule', async () => {
    const { page: own } = await openApp();
    await expect(own.evaluate(() => window.filingDesk!.appInfo())).resolves.toMatchObject({ ok: true });

    // The same files from another origin, in the main window's place: only the origin differs.
    const { page: other } = await harness.openPage(`${harness.otherOrigin}/index.html`, { asMainWindow: true });
    await expect(other.evaluate(() => window.filingDesk!.appInfo())).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    // Our own page, but not the main window's web contents.
    await expect(own.evaluate(() => window.filingDesk!.appInfo())).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    await own.close();
    await other.close();
  });
});
