/**
 * The end-to-end harness: the built renderer in Debian's Chromium, served over
 * http on 127.0.0.1 through the app's own protocol handler (same CSP
 * headers), talking through the real bridge shape to IPC handlers the test
 * registers in this process. Only Electron's IPC transport is replaced, by a
 * Playwright binding; the test's own page stands for the main window.
 */
import { createServer, type Server } from 'node:http';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { APP_ORIGIN } from '../../main/window/app-origin.js';
import { createAppProtocolHandler } from '../../main/window/app-protocol.js';
import { createSenderCheck } from '../../main/window/trusted-sender.js';
import { decodeWire, encodeWire } from '../../renderer/src/bridge/wire-format.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createHandlers, type HandlerDeps } from '../../main/ipc/create-handlers.js';
import { TaxonomyStore } from '../../main/taxonomies/taxonomy-store.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers, type IpcEventLike } from '../../main/ipc/register-handlers.js';
import { OnlineDesk } from '../../main/online/online-desk.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import type { FileSaverDeps } from '../../main/ipc/file-save-handler.js';
import { createFilingWiring } from '../../main/ipc/filing-wiring.js';
import { createTransactionEnginePeer, type TransactionEnginePeer, type TransactionEnginePeerOptions } from '../../main/server/transaction-engine/transaction-engine-peer.js';
import type { PeerError } from '../../main/server/transaction-engine/peer-replies.js';
import { FakeIpcMain } from '../ipc/fake-ipc-main.js';
import { chromiumArgs, pageChromiumPath } from '../helpers/chromium.js';
import { buildRendererAsShipped } from '../helpers/renderer-build.js';
import { checkAccessibility } from './accessibility.js';

/** The browser the harness drives; a test file is skipped where it is not installed. */
export const chromiumPath = pageChromiumPath;
export { checkAccessibility };

export const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const shared = join(repoRoot, '..', 'shared');
export const screenshotsDir = join(repoRoot, 'test-output', 'screenshots');
export const artifactsDir = join(repoRoot, 'test-output', 'e2e-artifacts');

export interface OpenedPage {
  page: Page;
  /** Console errors, CSP reports and uncaught page errors, in order. */
  problems: string[];
}

export interface E2eHarness {
  /** A temporary folder the harness removes on close. */
  workDir: string;
  /** The built renderer the pages are served from: the run's (BUILT_RENDERER_ENV) or the harness's own in workDir. */
  rendererDir: string;
  origin: string;
  /** The same files served on another port: "a page that is not ours". */
  otherOrigin: string;
  ipc: FakeIpcMain;
  /** The sender rule of the app, with the harness's main window page as "ours". */
  isTrustedSender: (event: IpcEventLike) => boolean;
  /** Every channel the pages called, in order. */
  invokedChannels: string[];
  /** Opens the app as the main window (a new page: what a reload or restart gives). */
  openApp(): Promise<OpenedPage>;
  /** Opens a page at `url` with the bridge; it becomes the main window only when asked. */
  openPage(url: string, options?: { asMainWindow?: boolean }): Promise<OpenedPage>;
  close(): Promise<void>;
}

/**
 * The renderer as built for this run: `npm test` builds it once and names
 * the folder here (scripts/run-tests.mjs), since each end-to-end file
 * building its own cost one to two seconds of processor time apiece; the
 * pages only read it. Started any other way, the harness builds its own.
 */
export const BUILT_RENDERER_ENV = 'FILING_DESK_E2E_RENDERER';

/** Builds the renderer into a temporary folder (never dist/, which the build test owns), unless the run built it, and starts Chromium. */
export async function startHarness(): Promise<E2eHarness> {
  const workDir = await mkdtemp(join(tmpdir(), 'fd-e2e-'));
  const builtForTheRun = process.env[BUILT_RENDERER_ENV];
  const rendererDir = builtForTheRun ?? join(workDir, 'renderer');
  if (!builtForTheRun) await buildRendererAsShipped(rendererDir);
  const bundled = await esbuild({
    entryPoints: [join(repoRoot, 'renderer', 'src', 'bridge', 'install-binding-bridge.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  const shim = bundled.outputFiles[0]!.text;

  // The same handler that serves app:// in the app, with the same CSP headers.
  const serveApp = createAppProtocolHandler({ rootDir: rendererDir });
  const rendererServer = async (): Promise<{ server: Server; origin: string }> => {
    const server = createServer(async (req, res) => {
      const response = await serveApp(new Request(`${APP_ORIGIN}${req.url ?? '/'}`, { method: req.method ?? 'GET' }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };
  const { server, origin } = await rendererServer();
  const { server: otherServer, origin: otherOrigin } = await rendererServer();

  const ipc = new FakeIpcMain();
  const invokedChannels: string[] = [];
  const pageIds = new WeakMap<Page, number>();
  let nextPageId = 1;
  let mainWindowPage: Page | null = null;
  const idOf = (page: Page): number => {
    if (!pageIds.has(page)) pageIds.set(page, nextPageId++);
    return pageIds.get(page)!;
  };
  const isTrustedSender = createSenderCheck({ origin, ownContentsId: () => (mainWindowPage ? idOf(mainWindowPage) : null) });
  const browser: Browser = await chromium.launch({ executablePath: pageChromiumPath, args: chromiumArgs });

  async function openPage(url: string, { asMainWindow = false } = {}): Promise<OpenedPage> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
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
    // A blocked load or inline script is reported to the page as well as the console: count both.
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) => console.error('Content Security Policy violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));`,
    });
    if (asMainWindow) mainWindowPage = page;
    await page.goto(url);
    return { page, problems };
  }

  return {
    workDir,
    rendererDir,
    origin,
    otherOrigin,
    ipc,
    isTrustedSender,
    invokedChannels,
    openApp: () => openPage(`${origin}/index.html`, { asMainWindow: true }),
    openPage,
    close: async () => {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => otherServer.close(resolve));
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export interface FileToDrop {
  fileName: string;
  bytes: Uint8Array;
}

/** Drops files on the element matching `selector` the way a user's drop arrives: dragenter, dragover, drop. */
export async function dropFiles(page: Page, selector: string, files: FileToDrop[]): Promise<void> {
  const payload = files.map((f) => ({ fileName: f.fileName, base64: Buffer.from(f.bytes).toString('base64') }));
  await page.evaluate(
    ({ selector, payload }) => {
      const transfer = new DataTransfer();
      for (const f of payload) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.fileName));
      const zone = document.querySelector(selector);
      if (!zone) throw new Error(`no drop target ${selector}`);
      // A real drop has a position: React Aria's DropZone ignores events without one.
      const box = zone.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer, ...at }));
      }
    },
    { selector, payload },
  );
}

/**
 * A full-page screenshot under test-output/screenshots, whose path the run
 * prints; every picture is a screen state, so axe-core checks it too (after
 * the picture is taken, so a failure has its picture to look at).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  // The window scrolls inside its content pane, not the document: grow the
  // viewport to the tallest scrolled pane so the picture holds the whole step.
  const viewport = page.viewportSize();
  const tallest = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight,
      ...Array.from(document.querySelectorAll<HTMLElement>('*'))
        .filter((e) => /(auto|scroll)/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight)
        .map((e) => e.scrollHeight + e.getBoundingClientRect().top + 32),
    ),
  );
  if (viewport && tallest > viewport.height) await page.setViewportSize({ width: viewport.width, height: Math.min(Math.ceil(tallest), 6000) });
  await page.screenshot({ path, fullPage: true });
  if (viewport && tallest > viewport.height) await page.setViewportSize(viewport);
  console.log(`screenshot: ${path}`);
  await checkAccessibility(page, name);
  return path;
}

/** Keeps a file the run produced under test-output/e2e-artifacts, for checks outside the tests. */
export async function keepArtifact(source: string, name: string): Promise<string> {
  const target = join(artifactsDir, name);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target);
  return target;
}

/**
 * Drops files from disk on the element matching `selector` as the browser
 * itself delivers an operating-system drag (CDP Input.dispatchDragEvent):
 * real File entries, so code that walks `webkitGetAsEntry()` (React Aria's
 * DropZone does) sees them, which a DataTransfer built in the page cannot give.
 */
export async function dropFilesFromDisk(page: Page, selector: string, paths: string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const data = { items: [], files: paths, dragOperationsMask: 1 };
    // A check that finishes while the drag is over the target (a message shown above it) moves the target away, and
    // the drop would land on whatever is there now: the drag is called off and made again where the target has gone.
    for (let attempt = 0; attempt < 5; attempt++) {
      const box = await settledBox(page, selector);
      if (!box) throw new Error(`no visible drop target ${selector}`);
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      for (const type of ['dragEnter', 'dragOver'] as const) await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
      const stillThere = await page.evaluate(({ selector, x, y }) => {
        const target = document.querySelector(selector);
        const under = document.elementFromPoint(x, y);
        return Boolean(target && under && target.contains(under));
      }, { selector, x, y });
      if (stillThere) {
        await cdp.send('Input.dispatchDragEvent', { type: 'drop', x, y, data });
        return;
      }
      await cdp.send('Input.dispatchDragEvent', { type: 'dragCancel', x, y, data });
    }
    throw new Error(`the drop target ${selector} kept moving`);
  } finally {
    await cdp.detach();
  }
}

/**
 * The target's box once it has stopped moving (the same over two animation
 * frames): the page may still be laying out what the last step added (a file
 * row, its checks), and a drop sent to where the target was lands elsewhere.
 */
async function settledBox(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number } | null> {
  let last: { x: number; y: number; width: number; height: number } | null = null;
  for (let i = 0; i < 50; i++) {
    await page.locator(selector).scrollIntoViewIfNeeded();
    const box = await page.locator(selector).boundingBox();
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width && box.height === last.height) return box;
    last = box;
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }
  return last;
}

export interface MainOverDataFolder {
  dataDir: string;
  /** The folder the save dialog "chooses". */
  saveDir: string;
  /** Where every save lands: the dialog always answers with this path. */
  savedPath: string;
  drafts: DraftStore;
  clients: ClientBook;
}

/**
 * Main as a bookkeeper's wizards use it, wired to the harness: the real
 * engines, client book and drafts folder over one data folder in the work
 * folder, and a save dialog that picks `savedFileName` in a temporary folder.
 * Offline throughout: the online desk has no credentials and never reaches a service.
 */
/** Filing with HMRC's handlers as main always wires them, with the keychain in memory: so a window's side bar and filing history show what a user sees. */
export function filingAsMainWiresIt(dataDir: string, drafts: DraftStore, fileSaver: FileSaverDeps) {
  return createFilingWiring({ dataDir, drafts, credentials: new MemoryCredentialStore(), fileSaver }).handlers;
}

export async function startMainOverDataFolder(
  h: E2eHarness,
  savedFileName: string,
  options: {
    /** false: a window whose filing calls are refused. */ filing?: boolean;
    /** This desk's office service over the same data folder (Settings › Office); left out, the window is in no office. */
    office?: (folder: { dataDir: string; clients: ClientBook; drafts: DraftStore }) => Pick<HandlerDeps, 'office' | 'officeSync'>;
  } = {},
): Promise<MainOverDataFolder> {
  const dataDir = join(h.workDir, 'data');
  const saveDir = join(h.workDir, 'chosen-by-the-save-dialog');
  await mkdir(saveDir, { recursive: true });
  const savedPath = join(saveDir, savedFileName);
  const drafts = new DraftStore({ dataDir, log: () => undefined });
  await drafts.open();
  const clients = new ClientBook({ dataDir, log: () => undefined });
  const fileSaver = { dialog: { showSaveDialog: async () => ({ canceled: false, filePath: savedPath }) }, defaultDirectory: saveDir };
  // Filing with HMRC as main wires it (always, as the app does), with its keychain in memory; the endpoint is whatever Settings holds.
  const filing = options.filing !== false ? filingAsMainWiresIt(dataDir, drafts, fileSaver) : undefined;
  registerHandlers(
    h.ipc,
    createHandlers({
      ct600: createCt600Engine(),
      packages: createPackageEngine(),
      clients,
      drafts,
      online: new OnlineDesk({ dataDir, credentials: new MemoryCredentialStore(), drafts, clients, log: () => undefined }),
      openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      fileSaver,
      appInfo: { version: '0.1.0', platform: process.platform },
      taxonomies: TaxonomyStore.inDataFolder(dataDir),
      ...(filing ? { filing } : {}),
      ...(options.office ? options.office({ dataDir, clients, drafts }) : {}),
    }),
    { isTrustedSender: h.isTrustedSender },
  );
  return { dataDir, saveDir, savedPath, drafts, clients };
}

export interface FilingPeer {
  peer: TransactionEnginePeer;
  /** The peer's submission address, for Settings › Filing with HMRC › For testing. */
  endpoint: string;
  /** HMRC's verdict on the next submission replaced by these business errors (HMRC's rules go beyond ours). */
  rejectNext(errors: PeerError[]): void;
}

/**
 * The local Transaction Engine on a free port of 127.0.0.1. A rejection is
 * set on the submission the peer has just held, before it answers, so the
 * polls deliver it exactly as a rejection of HMRC's would arrive.
 */
export async function startFilingPeer(options: Pick<TransactionEnginePeerOptions, 'credentials'> & Partial<TransactionEnginePeerOptions>): Promise<FilingPeer> {
  let rejection: PeerError[] | null = null;
  let peer: TransactionEnginePeer | undefined = undefined;
  peer = await createTransactionEnginePeer({
    ...options,
    onSubmission: async (seen) => {
      if (rejection && peer) {
        const held = [...peer.held.values()].find((s) => s.transactionId === seen.transactionId) as { businessErrors: PeerError[] } | undefined;
        if (held) held.businessErrors = rejection;
        rejection = null;
      }
      await options.onSubmission?.(seen);
    },
  });
  const base = await peer.listen(0);
  return { peer, endpoint: `${base}/submission`, rejectNext: (errors) => void (rejection = errors) };
}
