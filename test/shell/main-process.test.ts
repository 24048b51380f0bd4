import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channels, FILE_OPENED_CHANNEL, FILE_OPENED_SUBSCRIBE_CHANNEL, MAX_REPORT_PACKAGE_BYTES, type Draft, type IpcResult, type OutboxItemView } from '../../preload/contract.js';
import { DEFAULT_ONLINE_SETTINGS } from '../../main/online/online-settings.js';
import type { TokenResponse } from '../../main/server/token-authority.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { until } from '../outbox/outbox-support.js';
import { credentials, startServer, type RunningServer } from '../server/support.js';

/**
 * main/index.ts against a recording stand-in for Electron: the real module
 * would try to download its binary. The stand-in records what main asks of
 * Electron so the test can check the window's security flags and the guards.
 */
type Listener = (...args: any[]) => unknown;

interface FakeElectronOptions {
  lockGranted?: boolean;
  isPackaged?: boolean;
  /** Makes protocol.handle throw, so start() fails after "ready". */
  protocolHandleThrows?: boolean;
}

function makeElectron({ lockGranted = true, isPackaged = false, protocolHandleThrows = false }: FakeElectronOptions = {}) {
  const appListeners = new Map<string, Listener>();
  const sessionListeners = new Map<string, Listener>();
  const windows: FakeWindow[] = [];
  const calls = {
    privileged: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    permissionRequest: undefined as Listener | undefined,
    permissionCheck: undefined as Listener | undefined,
    ipc: new Map<string, Listener>(),
    openedExternally: [] as string[],
    errorBoxes: [] as { title: string; content: string }[],
    exitCodes: [] as number[],
    applicationMenu: undefined as { template: any[] } | null | undefined,
    ipcOn: new Map<string, Listener>(),
    messageBoxes: [] as { message: string; detail: string }[],
    openedPaths: [] as string[],
    quit: 0,
    sandboxEnabled: false,
    /** The order in which main asked for folders and the lock. */
    order: [] as string[],
    paths: new Map<string, string>(),
    lockData: [] as unknown[],
    netFetched: [] as string[],
  };
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  let nextContentsId = 1;

  class FakeWindow {
    static getAllWindows = () => windows.filter((w) => !w.destroyed);
    readonly events: string[] = [];
    readonly loaded: string[] = [];
    readonly listeners = new Map<string, Listener[]>();
    readonly contentsListeners = new Map<string, Listener>();
    minimized = false;
    destroyed = false;
    readonly sent: { channel: string; payload: unknown }[] = [];
    readonly webContents = {
      id: nextContentsId++,
      on: (event: string, listener: Listener) => void this.contentsListeners.set(event, listener),
      send: (channel: string, payload: unknown) => void this.sent.push({ channel, payload }),
    };
    constructor(readonly options: any) {
      windows.push(this);
    }
    once(event: string, listener: Listener) {
      this.on(event, listener);
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
    show() {
      this.events.push('show');
    }
    focus() {
      this.events.push('focus');
    }
    restore() {
      this.events.push('restore');
      this.minimized = false;
    }
    isMinimized() {
      return this.minimized;
    }
    isDestroyed() {
      return this.destroyed;
    }
    destroy() {
      this.events.push('destroy');
      this.destroyed = true;
      this.emit('closed');
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }

  const electron = {
    app: {
      name: 'Filing Desk',
      isPackaged,
      enableSandbox: () => void (calls.sandboxEnabled = true),
      requestSingleInstanceLock: (additionalData?: unknown) => {
        calls.order.push('requestSingleInstanceLock');
        calls.lockData.push(additionalData);
        return lockGranted;
      },
      quit: () => void calls.quit++,
      exit: (code: number) => void calls.exitCodes.push(code),
      on: (event: string, listener: Listener) => void appListeners.set(event, listener),
      whenReady: () => whenReady,
      isReady: () => true,
      getAppPath: () => '/opt/filing-desk/resources/app.asar',
      getPath: (name: string) => {
        calls.order.push(`getPath ${name}`);
        // Each folder under the test's own temporary folder (or where main moved it): main writes its log and drafts there.
        const dir = calls.paths.get(name) ?? join(paths.root, name);
        mkdirSync(dir, { recursive: true });
        return dir;
      },
      setPath: (name: string, path: string) => {
        calls.order.push(`setPath ${name}`);
        calls.paths.set(name, path);
      },
      setAppLogsPath: (path: string) => {
        calls.order.push('setAppLogsPath');
        calls.paths.set('logs', path);
      },
      getVersion: () => '9.8.7',
    },
    BrowserWindow: FakeWindow,
    // Only "offline" is trusted; "online" means "try now".
    net: {
      isOnline: () => true,
      // Chromium's network stack, standing in: Node's fetch, recording each URL main sends through it.
      fetch: (input: string | Request, init?: RequestInit) => {
        calls.netFetched.push(typeof input === 'string' ? input : input.url);
        return fetch(input, init);
      },
    },
    Menu: {
      buildFromTemplate: (template: any[]) => ({ template }),
      setApplicationMenu: (menu: { template: any[] } | null) => void (calls.applicationMenu = menu),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => void calls.privileged.push(schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        if (protocolHandleThrows) throw new Error('The scheme has been registered');
        calls.protocolHandlers.set(scheme, handler);
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => void (calls.permissionRequest = handler),
        setPermissionCheckHandler: (handler: Listener) => void (calls.permissionCheck = handler),
        on: (event: string, listener: Listener) => void sessionListeners.set(event, listener),
      },
    },
    ipcMain: {
      handle: (channel: string, listener: Listener) => void calls.ipc.set(channel, listener),
      on: (channel: string, listener: Listener) => void calls.ipcOn.set(channel, listener),
    },
    shell: {
      openExternal: async (url: string) => void calls.openedExternally.push(url),
      openPath: async (path: string) => {
        calls.openedPaths.push(path);
        return '';
      },
    },
    dialog: {
      showSaveDialog: async () => ({ canceled: true }),
      showErrorBox: (title: string, content: string) => void calls.errorBoxes.push({ title, content }),
      showMessageBox: async (...args: any[]) => {
        const options = args.length > 1 ? args[1] : args[0];
        calls.messageBoxes.push({ message: options.message, detail: options.detail });
        return { response: 0 };
      },
    },
  };
  return { electron, appListeners, sessionListeners, windows, calls, ready };
}

/** The test's own folders (Electron's app.getPath answers under root). */
const paths = { root: '' };
let fake: ReturnType<typeof makeElectron>;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Imports main against a fresh fake; `beforeReady` runs after import, before "ready" (macOS open-file). */
async function startMain(options: FakeElectronOptions = {}, beforeReady?: () => void) {
  vi.resetModules();
  fake = makeElectron(options);
  vi.doMock('electron', () => ({ ...fake.electron, default: fake.electron }));
  await import('../../main/index.js');
  beforeReady?.();
  fake.ready();
  // Let start() run after whenReady resolves.
  await tick();
  await tick();
}

/** A web contents as web-contents-created hands it over, with its guards recorded. */
function guardedContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: Listener | undefined;
  const contents = {
    setWindowOpenHandler: (h: Listener) => void (openHandler = h),
    on: (event: string, listener: Listener) => void listeners.set(event, listener),
  };
  fake.appListeners.get('web-contents-created')!({}, contents);
  return { listeners, open: (url: string) => openHandler!({ url }) };
}

function preventable(fields: Record<string, unknown> = {}) {
  const event = { ...fields, prevented: 0, preventDefault: () => void event.prevented++ };
  return event;
}

const OWN_FRAME = { url: 'app://filing-desk/index.html', parent: null };

// main captures console output into its log: each test gets the real console back.
const realConsole = { error: console.error, warn: console.warn, info: console.info, log: console.log };
const realArgv = process.argv;
beforeEach(() => {
  paths.root = mkdtempSync(join(tmpdir(), 'fd-main-'));
  // As the packaged app is started: the executable alone (the test runner's own arguments are not files to open).
  process.argv = ['/opt/filing-desk/filing-desk'];
});
afterEach(() => {
  Object.assign(console, realConsole);
  process.argv = realArgv;
  process.removeAllListeners('uncaughtExceptionMonitor');
  rmSync(paths.root, { recursive: true, force: true });
});

describe('main process', () => {
  beforeEach(() => vi.doUnmock('electron'));
  afterEach(() => vi.restoreAllMocks());

  it('creates the window with context isolation, sandbox, no Node and web security, and loads app://', async () => {
    await startMain();
    expect(fake.windows).toHaveLength(1);
    const { options, loaded } = fake.windows[0]!;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/opt/filing-desk/resources/app.asar/dist/preload/index.cjs',
    });
    expect(loaded).toEqual(['app://filing-desk/index.html']);
    expect(fake.calls.sandboxEnabled).toBe(true);
  });

  it('registers app:// as a standard, secure scheme and serves only the renderer folder', async () => {
    await startMain();
    expect(fake.calls.privileged).toEqual([[{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]]);
    const handler = fake.calls.protocolHandlers.get('app')!;
    const refused = await handler(new Request('app://filing-desk/..%2f..%2fpackage.json'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('grants only the clipboard write ("Copy") to its own page, and denies every other permission request and check', async () => {
    await startMain();
    const own = fake.windows[0]!.webContents;
    const ownFrame = { isMainFrame: true, requestingUrl: 'app://filing-desk/index.html' };
    const answers: boolean[] = [];
    fake.calls.permissionRequest!(own, 'media', (granted: boolean) => answers.push(granted), ownFrame);
    fake.calls.permissionRequest!(own, 'notifications', (granted: boolean) => answers.push(granted), ownFrame);
    fake.calls.permissionRequest!({ id: own.id + 1 }, 'clipboard-sanitized-write', (granted: boolean) => answers.push(granted), ownFrame);
    fake.calls.permissionRequest!(own, 'clipboard-sanitized-write', (granted: boolean) => answers.push(granted), { isMainFrame: true, requestingUrl: 'https://evil.example/' });
    fake.calls.permissionRequest!(own, 'clipboard-sanitized-write', (granted: boolean) => answers.push(granted), ownFrame);
    expect(answers).toEqual([false, false, false, false, true]);
    expect(fake.calls.permissionCheck!(own, 'clipboard-read', 'app://filing-desk', ownFrame)).toBe(false);
    expect(fake.calls.permissionCheck!(own, 'clipboard-sanitized-write', 'https://evil.example', { isMainFrame: true })).toBe(false);
    expect(fake.calls.permissionCheck!(own, 'clipboard-sanitized-write', 'app://filing-desk', ownFrame)).toBe(true);
  });

  it('guards every web contents: no new windows, no navigation, no redirects, no webviews; web links go to the browser', async () => {
    await startMain();
    const { listeners, open } = guardedContents();

    expect(open('https://www.gov.uk/')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(fake.calls.openedExternally).toEqual(['https://www.gov.uk/']);

    // Electron emits will-frame-navigate first; preventing it stops the navigation
    // (and will-navigate is then never emitted), so a clicked web link opens from here, once.
    const click = preventable({ url: 'https://www.gov.uk/guidance', isMainFrame: true });
    listeners.get('will-frame-navigate')!(click);
    const subframe = preventable({ url: 'https://evil.example/', isMainFrame: false });
    listeners.get('will-frame-navigate')!(subframe);
    const ownPage = preventable({ url: 'app://filing-desk/other.html', isMainFrame: true });
    listeners.get('will-frame-navigate')!(ownPage);
    expect([click.prevented, subframe.prevented, ownPage.prevented]).toEqual([1, 1, 1]);
    expect(fake.calls.openedExternally).toEqual(['https://www.gov.uk/', 'https://www.gov.uk/guidance']);

    const navigate = preventable();
    listeners.get('will-navigate')!(navigate, 'https://evil.example/');
    const redirect = preventable({ url: 'https://evil.example/landing', isMainFrame: true });
    listeners.get('will-redirect')!(redirect, 'https://evil.example/landing');
    const webview = preventable();
    listeners.get('will-attach-webview')!(webview);
    expect([navigate.prevented, redirect.prevented, webview.prevented]).toEqual([1, 1, 1]);
    // A redirect's target is chosen by a server, not by the user: it never opens anywhere.
    expect(fake.calls.openedExternally).toHaveLength(2);
  });

  it('refuses every download, so <a download> cannot bypass file.save and its dialog', async () => {
    await startMain();
    const download = preventable();
    fake.sessionListeners.get('will-download')!(download, { getFilename: () => 'evil.exe' }, {});
    expect(download.prevented).toBe(1);
  });

  it('answers IPC on every channel of the contract, and only for its own page', async () => {
    await startMain();
    expect([...fake.calls.ipc.keys()].sort()).toEqual([...channels].sort());
    const info = fake.calls.ipc.get('app.info')!;
    const own = fake.windows[0]!.webContents.id;
    await expect(info({ senderFrame: OWN_FRAME, sender: { id: own } })).resolves.toEqual({
      ok: true,
      value: { version: '9.8.7', platform: process.platform },
    });
    for (const event of [
      { senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: own } },
      { senderFrame: null, sender: { id: own } },
      // An iframe inside our window, even one on our own origin.
      { senderFrame: { url: OWN_FRAME.url, parent: { url: OWN_FRAME.url } }, sender: { id: own } },
      // Our page loaded in some other web contents.
      { senderFrame: OWN_FRAME, sender: { id: own + 100 } },
    ]) {
      await expect(info(event)).resolves.toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    }
  });

  it('quits without a window when another instance holds the lock', async () => {
    await startMain({ lockGranted: false });
    expect(fake.calls.quit).toBe(1);
    expect(fake.windows).toEqual([]);
    expect(fake.calls.ipc.size).toBe(0);
  });

  describe('when start() fails after ready', () => {
    it('logs, tells the user in plain words and exits with code 1 (releasing the single-instance lock)', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await startMain({ protocolHandleThrows: true });
      expect(fake.calls.errorBoxes).toHaveLength(1);
      expect(fake.calls.errorBoxes[0]!.title).toBe('Filing Desk could not start');
      expect(fake.calls.errorBoxes[0]!.content).not.toMatch(/scheme|Error|at /);
      expect(fake.calls.exitCodes).toEqual([1]);
      expect(fake.windows).toEqual([]);
      // Logged (through main's log, which also prints it) with the error's message.
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Filing Desk could not start Error: The scheme has been registered/));
    });
  });

  describe('second-instance', () => {
    it('shows and focuses the existing window, restoring it when minimised', async () => {
      await startMain();
      const window = fake.windows[0]!;
      window.minimized = true;
      fake.appListeners.get('second-instance')!({}, [], '/');
      expect(window.events).toEqual(['restore', 'show', 'focus']);
      window.events.length = 0;
      fake.appListeners.get('second-instance')!({}, [], '/');
      expect(window.events).toEqual(['show', 'focus']);
      expect(fake.windows).toHaveLength(1);
    });

    it('opens a new window when the last one was closed (macOS keeps running without windows)', async () => {
      await startMain();
      fake.windows[0]!.emit('closed');
      fake.windows[0]!.destroyed = true;
      fake.appListeners.get('second-instance')!({}, [], '/');
      expect(fake.windows).toHaveLength(2);
      expect(fake.windows[1]!.loaded).toEqual(['app://filing-desk/index.html']);
    });
  });

  describe('activate and window-all-closed', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    afterEach(() => Object.defineProperty(process, 'platform', platform));

    it('activate opens a window only when there is none', async () => {
      await startMain();
      fake.appListeners.get('activate')!();
      expect(fake.windows).toHaveLength(1);
      fake.windows[0]!.destroy();
      fake.appListeners.get('activate')!();
      expect(fake.windows).toHaveLength(2);
    });

    it('window-all-closed quits on Windows and Linux, not on macOS', async () => {
      await startMain();
      Object.defineProperty(process, 'platform', { ...platform, value: 'win32' });
      fake.appListeners.get('window-all-closed')!();
      expect(fake.calls.quit).toBe(1);
      Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
      fake.appListeners.get('window-all-closed')!();
      expect(fake.calls.quit).toBe(1);
    });
  });

  describe('development runs and the installed app', () => {
    it("a development run moves its data and log folders to \"Filing Desk Dev\" before anything reads them or takes the single-instance lock", async () => {
      await startMain({ isPackaged: false });
      const appData = join(paths.root, 'appData');
      expect(fake.electron.app.getPath('userData')).toBe(join(appData, 'Filing Desk Dev'));
      expect(fake.electron.app.getPath('logs')).toBe(join(appData, 'Filing Desk Dev', 'logs'));
      const order = fake.calls.order;
      const moved = Math.max(order.indexOf('setPath userData'), order.indexOf('setAppLogsPath'));
      expect(order.indexOf('setPath userData')).toBeGreaterThanOrEqual(0);
      for (const reader of ['getPath userData', 'getPath logs', 'requestSingleInstanceLock']) {
        const first = order.indexOf(reader);
        expect(first, reader).toBeGreaterThan(moved);
      }
      // The log is written in the development folder, not the installed app's.
      console.info('dev-run-marker');
      for (let i = 0; i < 5; i++) await tick();
      expect(readFileSync(join(appData, 'Filing Desk Dev', 'logs', 'main.log'), 'utf8')).toContain('dev-run-marker');
    });

    it('the packaged app keeps the folders Electron gives it', async () => {
      await startMain({ isPackaged: true });
      expect(fake.calls.order.filter((call) => call.startsWith('set'))).toEqual([]);
      expect(fake.electron.app.getPath('userData')).toBe(join(paths.root, 'userData'));
    });

    it('files keychain items under "Filing Desk Dev" in a development run and "Filing Desk" in the packaged app', async () => {
      const services: unknown[] = [];
      vi.doMock('../../main/credentials/open-credential-store.js', () => ({
        openCredentialStore: async (options: { service?: string }) => {
          services.push(options.service);
          const { MemoryCredentialStore } = await import('../../main/credentials/memory-credential-store.js');
          return new MemoryCredentialStore('test');
        },
      }));
      try {
        await startMain({ isPackaged: false });
        await startMain({ isPackaged: true });
      } finally {
        vi.doUnmock('../../main/credentials/open-credential-store.js');
      }
      expect(services).toEqual(['Filing Desk Dev', 'Filing Desk']);
    });
  });

  describe('developer tools and the menu', () => {
    const roles = (items: any[]): string[] => items.flatMap((i) => [...(i.role ? [i.role] : []), ...(i.submenu ? roles(i.submenu) : [])]);

    it('the packaged app has no DevTools, no Reload and no Toggle Developer Tools', async () => {
      await startMain({ isPackaged: true });
      expect(fake.windows[0]!.options.webPreferences.devTools).toBe(false);
      const menu = roles(fake.calls.applicationMenu!.template);
      for (const role of ['reload', 'forceReload', 'toggleDevTools']) expect(menu).not.toContain(role);
      for (const role of ['undo', 'redo', 'copy', 'paste', 'selectAll', 'quit']) expect(menu).toContain(role);
    });

    it('a development run keeps DevTools and Reload', async () => {
      await startMain({ isPackaged: false });
      expect(fake.windows[0]!.options.webPreferences.devTools).toBe(true);
      expect(roles(fake.calls.applicationMenu!.template)).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
    });
  });

  describe('render-process-gone', () => {
    it('reloads the app page once, and gives up with an error box when it dies again soon after', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await startMain();
      const window = fake.windows[0]!;
      const gone = window.webContents && (fake.windows[0] as any).contentsListeners.get('render-process-gone');
      gone({}, { reason: 'crashed', exitCode: 139 });
      expect(window.loaded).toEqual(['app://filing-desk/index.html', 'app://filing-desk/index.html']);
      expect(fake.calls.errorBoxes).toEqual([]);
      gone({}, { reason: 'oom', exitCode: 0 });
      expect(window.loaded).toHaveLength(2);
      expect(fake.calls.errorBoxes).toHaveLength(1);
      expect(fake.calls.errorBoxes[0]!.content).toMatch(/stopped/);
      expect(window.events).toContain('destroy');
      expect(logged).toHaveBeenCalled();
    });

    it('does nothing when the page closed normally', async () => {
      await startMain();
      (fake.windows[0] as any).contentsListeners.get('render-process-gone')({}, { reason: 'clean-exit', exitCode: 0 });
      expect(fake.windows[0]!.loaded).toHaveLength(1);
      expect(fake.calls.errorBoxes).toEqual([]);
    });
  });

  describe('files the operating system opens with the app', () => {
    /** A small report package: a zip's local file header and its name. */
    const PACKAGE_BYTES = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, ...Buffer.from('ACME-2024/META-INF/reportPackage.json')]);
    const packageFile = (name = 'ACME-2024.xbri') => {
      const file = join(paths.root, name);
      writeFileSync(file, PACKAGE_BYTES);
      return file;
    };
    const ownPage = () => ({ senderFrame: OWN_FRAME, sender: { id: fake.windows.at(-1)!.webContents.id } });
    /** The page calls bridge.onFileOpened: the preload tells main it listens. */
    const pageSubscribes = (event: unknown = ownPage()) => fake.calls.ipcOn.get(FILE_OPENED_SUBSCRIBE_CHANNEL)!(event);
    const openedSent = () => fake.windows.flatMap((w) => w.sent).filter((m) => m.channel === FILE_OPENED_CHANNEL).map((m) => m.payload as { fileName: string; bytes: Uint8Array });
    const settle = async () => {
      for (let i = 0; i < 20; i++) await tick();
    };

    it('a .xbri passed by macOS open-file before the window exists waits for the page, then reaches it once, as name and bytes only', async () => {
      const file = packageFile();
      const opened = preventable();
      await startMain({}, () => fake.appListeners.get('open-file')!(opened, file));
      expect(opened.prevented).toBe(1);
      await settle();
      expect(openedSent()).toEqual([]); // the page does not listen yet: nothing is lost, nothing sent
      pageSubscribes();
      await settle();
      expect(openedSent()).toEqual([{ fileName: 'ACME-2024.xbri', bytes: PACKAGE_BYTES }]);
      expect(Object.keys(openedSent()[0]!).sort()).toEqual(['bytes', 'fileName']);
      // The page subscribing again (a re-render, StrictMode) sends nothing twice.
      pageSubscribes();
      await settle();
      expect(openedSent()).toHaveLength(1);
      expect(fake.calls.messageBoxes).toEqual([]);
    });

    it("a .xbri on the app's own command line (Windows, Linux) reaches the page once", async () => {
      const file = packageFile('Client accounts.xbr');
      process.argv = ['/opt/filing-desk/filing-desk', '--no-sandbox-for-test', file];
      await startMain();
      pageSubscribes();
      await settle();
      expect(openedSent()).toEqual([{ fileName: 'Client accounts.xbr', bytes: PACKAGE_BYTES }]);
    });

    it("a .xbri a second launch sends through the lock reaches the first instance's page once and brings its window forward", async () => {
      const file = packageFile();
      await startMain();
      pageSubscribes();
      await settle();
      const window = fake.windows[0]!;
      window.events.length = 0;
      // The argv Chromium hands over is not read: the files come in the lock's additional data.
      fake.appListeners.get('second-instance')!({}, ['/opt/filing-desk/filing-desk', '--original-process-start-time=1', 'Other.xbri'], paths.root, { filePaths: [file] });
      await settle();
      expect(openedSent()).toEqual([{ fileName: 'ACME-2024.xbri', bytes: PACKAGE_BYTES }]);
      expect(window.events).toContain('focus');
      expect(fake.windows).toHaveLength(1);
      expect(fake.calls.messageBoxes).toEqual([]);
    });

    describe('in a development run (electron .)', () => {
      const hadDefaultApp = Object.getOwnPropertyDescriptor(process, 'defaultApp');
      const realCwd = process.cwd();
      beforeEach(() => Object.defineProperty(process, 'defaultApp', { value: true, configurable: true, writable: true }));
      afterEach(() => {
        if (hadDefaultApp) Object.defineProperty(process, 'defaultApp', hadDefaultApp);
        else delete (process as { defaultApp?: boolean }).defaultApp;
        process.chdir(realCwd);
      });

      it("a second launch whose argv Chromium reordered opens nothing and warns of nothing: the app folder '.' is not a file", async () => {
        const appFolder = join(paths.root, 'main');
        mkdirSync(appFolder);
        await startMain();
        pageSubscribes();
        await settle();
        // What the first instance receives from `npm start` run again in the checkout "main": Chromium's switches first, then '.'.
        const reordered = ['/work/main/node_modules/electron/dist/electron', '--allow-file-access-from-files', '--original-process-start-time=13397541', '.'];
        fake.appListeners.get('second-instance')!({}, reordered, appFolder, { filePaths: [] });
        await settle();
        expect(fake.calls.messageBoxes).toEqual([]);
        expect(openedSent()).toEqual([]);
        expect(fake.windows[0]!.events).toContain('focus');
      });

      it('the launch sends its own files, made absolute against the folder it started in, through the lock', async () => {
        packageFile();
        process.chdir(paths.root);
        process.argv = ['/work/main/node_modules/electron/dist/electron', '.', 'ACME-2024.xbri', '--inspect'];
        await startMain({ lockGranted: false });
        expect(fake.calls.lockData).toEqual([{ filePaths: [join(paths.root, 'ACME-2024.xbri')] }]);
        expect(fake.calls.quit).toBe(1);
      });
    });

    it('ignores additional data that is not a list of absolute paths', async () => {
      await startMain();
      pageSubscribes();
      await settle();
      for (const data of [undefined, null, 'ACME.xbri', { filePaths: 'ACME.xbri' }, { filePaths: ['relative.xbri', 7, ''] }]) {
        fake.appListeners.get('second-instance')!({}, [], paths.root, data);
      }
      await settle();
      expect(fake.calls.messageBoxes).toEqual([]);
      expect(openedSent()).toEqual([]);
    });

    it('a .fdesk draft file reaches the page as well; the page decides it goes to drafts.import', async () => {
      const draft = join(paths.root, 'Smith Ltd.fdesk');
      writeFileSync(draft, '\uFEFF{"format":"filing-desk-draft"}');
      process.argv = ['/opt/filing-desk/filing-desk', draft];
      await startMain();
      pageSubscribes();
      await settle();
      expect(openedSent().map((f) => f.fileName)).toEqual(['Smith Ltd.fdesk']);
    });

    it('only our own page can ask for the files: another frame subscribing gets nothing', async () => {
      process.argv = ['/opt/filing-desk/filing-desk', packageFile()];
      await startMain();
      pageSubscribes({ senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: fake.windows[0]!.webContents.id } });
      await settle();
      expect(openedSent()).toEqual([]);
      pageSubscribes();
      await settle();
      expect(openedSent()).toHaveLength(1);
    });

    it('a file opened while the page reloads waits for the new page', async () => {
      await startMain();
      pageSubscribes();
      (fake.windows[0] as any).contentsListeners.get('did-start-loading')();
      fake.appListeners.get('open-file')!(preventable(), packageFile());
      await settle();
      expect(openedSent()).toEqual([]);
      pageSubscribes();
      await settle();
      expect(openedSent()).toHaveLength(1);
    });

    it('refuses a folder, a missing file, an oversized file, an .exe renamed .xbri and an unknown type, each with a message, and sends the page nothing', async () => {
      const folder = join(paths.root, 'Folder.xbri');
      mkdirSync(folder);
      const huge = join(paths.root, 'Huge.xbri');
      writeFileSync(huge, PACKAGE_BYTES);
      truncateSync(huge, MAX_REPORT_PACKAGE_BYTES + 1); // sparse: no disk space used
      const renamed = join(paths.root, 'Invoice.xbri');
      writeFileSync(renamed, Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64), Buffer.from('This program cannot be run in DOS mode.')]));
      const fakeDraft = join(paths.root, 'Draft.fdesk');
      writeFileSync(fakeDraft, Buffer.from('MZ\x90\x00'));
      const other = join(paths.root, 'notes.txt');
      writeFileSync(other, 'hello');
      await startMain({}, () => fake.appListeners.get('open-file')!(preventable(), folder));
      pageSubscribes();
      for (const path of [join(paths.root, 'Missing.xbri'), huge, renamed, fakeDraft, other]) fake.appListeners.get('open-file')!(preventable(), path);
      await settle();
      expect(openedSent()).toEqual([]);
      expect(fake.calls.messageBoxes.map((b) => b.message)).toEqual([
        'Filing Desk cannot open Folder.xbri',
        'Filing Desk cannot open Missing.xbri',
        'Filing Desk cannot open Huge.xbri',
        'Filing Desk cannot open Invoice.xbri',
        'Filing Desk cannot open Draft.fdesk',
        'Filing Desk cannot open notes.txt',
      ]);
      expect(fake.calls.messageBoxes.map((b) => b.detail)).toEqual([
        'Folder.xbri cannot be opened: it is a folder, not a file.',
        'Missing.xbri cannot be opened: the file does not exist. It may have been moved, renamed or deleted.',
        'Huge.xbri cannot be opened: it is larger than the 256 MB Filing Desk opens for report packages.',
        'Invoice.xbri cannot be opened: it is not a report package: it is not a zip file.',
        'Draft.fdesk cannot be opened: it is not a Filing Desk draft file.',
        'notes.txt cannot be opened: Filing Desk opens report packages (.xbri, .xbr) and draft files (.fdesk).',
      ]);
      // A good file after the refusals still goes through.
      fake.appListeners.get('open-file')!(preventable(), packageFile());
      await settle();
      expect(openedSent().map((f) => f.fileName)).toEqual(['ACME-2024.xbri']);
    });
  });

  describe('the log file after a whole session', () => {
    const SECRETS = ['sEcReT-cl1ent-Zq9', 'hunter2-Correct-Horse', 'rt_9f8e7d6c5b4a39281706', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJl'];
    const FIGURES = ['4823917', '1,234,567.89', '8473629105', '987654'];
    const MARKER = 'support-marker-QZXW';

    it('is in the logs folder, holds start-up, errors and what was planted, and never the secrets or the figures of a return', async () => {
      const file = join(paths.root, 'ACME-2024.xbri');
      writeFileSync(file, Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from('turnover 4823917')]));
      const renamed = join(paths.root, 'Invoice 8473629105.xbri');
      writeFileSync(renamed, 'MZ this is a program');
      process.argv = ['/opt/filing-desk/filing-desk', file, renamed];
      await startMain();
      const own = { senderFrame: OWN_FRAME, sender: { id: fake.windows[0]!.webContents.id } };
      fake.calls.ipcOn.get(FILE_OPENED_SUBSCRIBE_CHANNEL)!(own);

      // A return with its figures goes through IPC; the engine worker is missing here, so the call fails and main logs the failure.
      const request = { companyName: 'Acme Widgets Ltd', utr: '8473629105', tradingProfits: 4823917, turnover: '1,234,567.89', clientSecret: SECRETS[0] };
      await fake.calls.ipc.get('ct600.build')!(own, request);
      await fake.calls.ipc.get('ct600.verify')!(own, { fileName: 'return.xml', bytes: new TextEncoder().encode('<Turnover>987654</Turnover>') });
      // What the service and outbox code report through console, as they do today.
      console.error('remote: token request failed', {
        status: 400,
        config: { headers: { Authorization: `Bearer ${SECRETS[3]}` }, data: `grant_type=password&client_secret=${SECRETS[0]}&password=${SECRETS[1]}` },
        response: { data: { refresh_token: SECRETS[2] } },
      });
      console.warn(`outbox: submission for UTR 8473629105 failed (box 155 = £1,234,567.89), will retry; refresh_token=${SECRETS[2]}`);
      console.info(new Error(`service answered 500 with ${SECRETS[3]} for tradingProfits 987654`));
      console.info(`${MARKER} planted by the test`);
      for (let i = 0; i < 20; i++) await tick();

      const log = readFileSync(join(fake.electron.app.getPath('logs'), 'main.log'), 'utf8');
      // The search is real: it finds what was planted, in the file the app writes.
      expect(log).toContain(MARKER);
      expect(log).toMatch(/started \{ version: 9\.8\.7, .*platform: /);
      expect(log).toMatch(/\[open-file\] Invoice # ?\.xbri cannot be opened: it is not a report package/);
      expect(log).toMatch(/\[ipc ct600\.build\]/);
      expect(log).toMatch(/remote: token request failed/);
      for (const secret of SECRETS) expect(log, secret).not.toContain(secret);
      for (const part of SECRETS[3]!.split('.')) expect(log).not.toContain(part);
      for (const figure of FIGURES) expect(log, figure).not.toContain(figure);
      expect(log).not.toContain('Turnover');
      expect(log).not.toContain('turnover 4823917');
    });

    describe('with the filing service', () => {
      let running: RunningServer | undefined;
      afterEach(async () => {
        // main's before-quit drains the outbox; here the test ends it by stopping the server.
        await running?.stop();
        running = undefined;
      });

      it('after sign-in, a send through an outage and a token refresh, and sign-out, holds each outcome and never a secret, token or figure', async () => {
        running = await startServer();
        const server = running;
        // Every token the service hands out, so the scan below looks for each of them.
        const issued: TokenResponse[] = [];
        const tokens = server.server.tokens;
        const grantForPassword = tokens.grantForPassword.bind(tokens);
        const grantForRefresh = tokens.grantForRefresh.bind(tokens);
        tokens.grantForPassword = (...args) => {
          const t = grantForPassword(...args);
          issued.push(t);
          return t;
        };
        tokens.grantForRefresh = (...args) => {
          const t = grantForRefresh(...args);
          if (t) issued.push(t);
          return t;
        };

        await startMain();
        const own = { senderFrame: OWN_FRAME, sender: { id: fake.windows[0]!.webContents.id } };
        const value = async <T>(channel: string, request?: unknown): Promise<T> => {
          const answer = (await fake.calls.ipc.get(channel)!(own, ...(request === undefined ? [] : [request]))) as IpcResult<T>;
          if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
          return answer.value;
        };
        const item = async (id: string) => (await value<OutboxItemView[]>('outbox.list')).find((i) => i.id === id);

        await value('settings.save', { ...DEFAULT_ONLINE_SETTINGS, baseUrl: server.url, authUrl: server.url });
        await value('session.signIn', credentials);
        // Sign-in went through Electron's net.fetch (Chromium's proxy and certificate settings), not Node's https.
        expect(fake.calls.netFetched).toEqual([`${server.url}/connect/token`]);

        // A return with figures of its own, sent through an outage (503), then a 401 that one refresh cures.
        const figures = { chargeableProfits: 4823917.23, netCorporationTaxChargeable: 916544.27, taxPayable: 916544.27 };
        const ret = { ...minimumReturn(), companyName: 'Quillfeather Widgets Ltd', utrValue: '7392018465', reference: '7392018465', ...figures };
        const draft = await value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Quillfeather Widgets Ltd', form: {} });
        server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'status', status: 503 }, times: 1 });
        server.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'unauthorized' }, times: 1 });
        const { item: sent } = await value<{ item: OutboxItemView }>('ct600.sendDraft', { draftId: draft.id, request: ret });
        let waiting: OutboxItemView | undefined;
        await until(() => {
          void item(sent.id).then((i) => (waiting = i));
          return waiting?.state === 'queued' && waiting.attempts === 1 && waiting.nextTryAt !== null;
        }, 'the retry after the outage');
        await value('outbox.retry', { id: sent.id }); // the user does not wait for the backoff
        let done: OutboxItemView | undefined;
        await until(() => {
          void item(sent.id).then((i) => (done = i));
          return done?.state === 'done';
        }, 'the send after the refresh');
        expect(server.server.tokens.issued).toEqual({ password: 1, refresh: 1 });
        // So did every later call, the token refresh included.
        expect(fake.calls.netFetched.length).toBe(server.seen.length);
        expect(new Set(fake.calls.netFetched.map((url) => new URL(url).pathname))).toEqual(new Set(['/connect/token', '/hrmc/build-ct600']));
        await value('session.signOut');
        console.info(`${MARKER} planted by the test`);
        for (let i = 0; i < 20; i++) await tick();

        const log = readFileSync(join(fake.electron.app.getPath('logs'), 'main.log'), 'utf8');
        const scan = (needles: string[]) => needles.filter((needle) => log.includes(needle));
        // The scan is real: it finds what was planted, in the file the app writes.
        expect(scan([MARKER])).toEqual([MARKER]);
        const host = new URL(server.url).host;
        expect(log).toContain(`[session] signed in { user: "${credentials.username}", host: ${host} }`);
        expect(log).toContain(`[outbox] queued { outboxId: ${sent.id}, kind: ct600-build, attempts: 0 }`);
        expect(log).toMatch(new RegExp(`\\[outbox\\] retry scheduled \\{ outboxId: ${sent.id}, kind: ct600-build, attempts: 1, delayMs: \\d+ \\}`));
        expect(log).toContain(`[outbox] done { outboxId: ${sent.id}, kind: ct600-build, attempts: 2, status: 200, replayed: false }`);
        expect(log).toContain(`[session] signed out { user: "${credentials.username}" }`);

        expect(issued).toHaveLength(2);
        const secrets = [credentials.clientSecret, credentials.password, ...issued.flatMap((t) => [t.access_token, t.refresh_token])];
        const returnFigures = ['4823917', '4,823,917', '916544', '916,544', '7392018465', 'Quillfeather'];
        expect(scan(secrets)).toEqual([]);
        expect(scan(returnFigures)).toEqual([]);
      });
    });
  });
});
