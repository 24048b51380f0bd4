/**
 * End to end: the built renderer in Debian's Chromium, served over http on
 * 127.0.0.1 with the app's CSP, talking through the real bridge shape to the
 * real IPC handlers and engine in this process. Only Electron's IPC transport
 * is replaced (a Playwright binding). Screenshots go to test-output/screenshots.
 */
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { APP_ORIGIN } from '../../main/window/app-origin.js';
import { createAppProtocolHandler } from '../../main/window/app-protocol.js';
import { createSenderCheck } from '../../main/window/trusted-sender.js';
import { decodeWire, encodeWire } from '../../renderer/src/bridge/wire-format.js';
import { FakeIpcMain } from '../ipc/fake-ipc-main.js';
import { unusedStoreDeps } from '../helpers/store-deps.js';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const shared = join(repoRoot, '..', 'shared');
const screenshots = join(repoRoot, 'test-output', 'screenshots');
const chromiumPath = '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let workDir: string;
let server: Server;
let origin: string;
/** A second server on another port: "a page that is not ours", served the same files. */
let otherServer: Server;
let otherOrigin: string;
let browser: Browser;
let shim: string;
const ipc = new FakeIpcMain();

// Each Playwright page stands for a web contents; the page the test opened as
// the app is "the main window", as mainWindow.webContents is in the app.
const pageIds = new WeakMap<Page, number>();
let nextPageId = 1;
let mainWindowPage: Page | null = null;
/** Every channel a page called, in order. */
const invokedChannels: string[] = [];
const idOf = (page: Page): number => {
  if (!pageIds.has(page)) pageIds.set(page, nextPageId++);
  return pageIds.get(page)!;
};

/** Serves the built renderer through the app's own protocol handler (same CSP headers). */
function rendererServer(serveApp: (request: Request) => Promise<Response>): Server {
  return createServer(async (req, res) => {
    const response = await serveApp(new Request(`${APP_ORIGIN}${req.url ?? '/'}`, { method: req.method ?? 'GET' }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
}

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'fd-e2e-'));
  const rendererDir = join(workDir, 'renderer');
  // Built into a temporary folder so this test never races the build test over dist/.
  await viteBuild({
    configFile: join(repoRoot, 'renderer', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: rendererDir, emptyOutDir: true },
  });
  const bundled = await esbuild({
    entryPoints: [join(repoRoot, 'renderer', 'src', 'bridge', 'install-binding-bridge.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  shim = bundled.outputFiles[0]!.text;

  // The same handler that serves app:// in the app, with the same CSP headers.
  const serveApp = createAppProtocolHandler({ rootDir: rendererDir });
  server = rendererServer(serveApp);
  origin = await listen(server);
  otherServer = rendererServer(serveApp);
  otherOrigin = await listen(otherServer);

  registerHandlers(
    ipc,
    createHandlers({
      ...unusedStoreDeps(),
      ct600: createCt600Engine(),
      packages: createPackageEngine(),
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: workDir },
      appInfo: { version: '0.1.0', platform: process.platform },
    }),
    // The app's real rule; here "our own page" is the first test server's origin.
    { isTrustedSender: createSenderCheck({ origin, ownContentsId: () => (mainWindowPage ? idOf(mainWindowPage) : null) }) },
  );
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await new Promise((resolve) => otherServer?.close(resolve));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A page with the bridge shim, its calls wired to the IPC handlers as Electron would send them. */
async function openPage(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 780 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.exposeBinding('__filingDeskInvoke', async (source, channel: string, payload: unknown) => {
    invokedChannels.push(channel);
    return encodeWire(
      await ipc.invoke(
        channel,
        { senderFrame: { url: source.frame.url(), parent: source.frame.parentFrame() }, sender: { id: idOf(source.page) } },
        decodeWire(payload),
      ),
    );
  });
  await page.addInitScript({ content: shim });
  await page.goto(url);
  return { page, problems };
}

async function openApp(): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage(`${origin}/index.html`);
  mainWindowPage = opened.page;
  // The window opens on Start; "Validate a file" is the third section.
  await opened.page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
  await opened.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Validate a file' }).click();
  await opened.page.getByRole('heading', { name: 'Validate a file' }).waitFor();
  return opened;
}

/** Drags a file onto the drop zone the way a user's drop arrives: dragenter, dragover, drop with a DataTransfer. */
async function dropFile(page: Page, path: string, fileName: string): Promise<void> {
  const base64 = (await readFile(path)).toString('base64');
  await page.evaluate(
    ({ base64, fileName }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName));
      const zone = document.querySelector('[data-testid="drop-zone"]')!;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    },
    { base64, fileName },
  );
}

async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshots, { recursive: true });
  const path = join(screenshots, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
  return path;
}

describe.skipIf(!existsSync(chromiumPath))('Validate a file, end to end in Chromium', () => {
  it("checks HMRC's accepted CT600 sample and shows that the IRmark matches", async () => {
    const { page, problems } = await openApp();
    await screenshot(page, '01-validate-empty');
    await dropFile(page, join(shared, 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'tpvs-accepted-sample.xml');
    await page.getByRole('heading', { name: 'IRmark matches' }).waitFor();
    await expect(page.getByText('MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4').isVisible()).resolves.toBe(true);
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
    invokedChannels.length = 0;
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
      'huge-return.xml is 31.0 MB; Filing Desk checks CT600 returns up to 30 MB (HMRC accepts messages up to 25 MB).',
    );
    await screenshot(page, '06-validate-too-large');
    expect(invokedChannels).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is keyboard operable: a skip link first, Tab reaches the sections, Enter opens one, focus moves to the content', async () => {
    // A freshly loaded window, on Start, nothing focused yet.
    const { page, problems } = await openPage(`${origin}/index.html`);
    mainWindowPage = page;
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor();
    const active = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toBe('Skip to content');
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toBe('Start');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toMatch(/^Settings/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect(page.locator('.coming-later__tag').textContent()).resolves.toBe('Coming in a later version');
    await screenshot(page, '05-settings-coming-later');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('content');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Validate a file' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(active()).resolves.toBe('Choose a file…');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refuses a call from a page that is not ours (another origin), with the real sender rule', async () => {
    const { page: own } = await openApp();
    await expect(own.evaluate(() => window.filingDesk!.appInfo())).resolves.toMatchObject({ ok: true });

    // The same files from another origin, in the main window's place: only the origin differs.
    const { page: other } = await openPage(`${otherOrigin}/index.html`);
    mainWindowPage = other;
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
