/**
 * One launch of the app: the `electron` module this launch's main bundle
 * gets (app, BrowserWindow, ipcMain, protocol, session, dialog, shell, Menu,
 * net, …), its lifecycle (open-file before ready, ready, second-instance,
 * before-quit / will-quit / quit, window-all-closed, exit codes) and what
 * main asked of the dialogs, the shell and the menu.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PageScripts } from './build-app.js';
import { StandInIpcMain } from './ipc-main.js';
import { StandInProtocol } from './protocol.js';
import { StandInSession } from './session.js';
import { structuredCloneInNode } from './structured-clone.js';
import { StandInBrowserWindow, StandInWebContents, type WindowHost } from './window.js';

export interface DialogScript {
  showSaveDialog?: (options: Record<string, unknown>) => { canceled: boolean; filePath?: string };
  showOpenDialog?: (options: Record<string, unknown>) => { canceled: boolean; filePaths: string[] };
  showMessageBox?: (options: Record<string, unknown>) => { response: number; checkboxChecked?: boolean };
}

export interface LaunchOptions {
  /** The arguments after the executable (after `.` in a development run). */
  args?: string[];
  /** `electron .` (process.defaultApp) rather than the installed app. */
  defaultApp?: boolean;
  isPackaged?: boolean;
  /** The working directory a second instance reports. */
  cwd?: string;
  /** macOS hands these over through 'open-file' before 'ready'. */
  openFilesBeforeReady?: string[];
  dialogs?: DialogScript;
  /** What net.isOnline() says; true by default. */
  online?: boolean;
  /** Another build of the app (a damaged package, say) instead of the stand-in's own. */
  appDir?: string;
}

export interface SharedStandIn {
  browser: Browser;
  pageScripts: PageScripts;
  appDir: string;
  home: string;
  /** Single-instance locks by userData folder, as Electron keys them. */
  locks: Map<string, AppInstance>;
  fault(error: unknown): void;
}

type AnyFunction = (...args: any[]) => any;

function preventable() {
  let prevented = false;
  return { event: { preventDefault: () => void (prevented = true), defaultPrevented: false }, prevented: () => prevented };
}

/** Chromium puts its switches ahead of everything else in the argv a second instance reports. */
export function chromiumOrder(argv: readonly string[]): string[] {
  const [exe, ...rest] = argv;
  return [exe ?? '', ...rest.filter((a) => a.startsWith('-')), ...rest.filter((a) => !a.startsWith('-'))];
}

export class AppInstance {
  readonly ipcMain = new StandInIpcMain();
  readonly session = new StandInSession();
  readonly protocol = new StandInProtocol();
  readonly app: EventEmitter & Record<string, any>;
  readonly electron: Record<string, unknown>;
  readonly windows = new Set<StandInBrowserWindow>();
  /** What main asked: dialogs, shell calls, the application menu. */
  readonly asked = {
    dialogs: [] as { kind: string; options: Record<string, unknown> }[],
    errorBoxes: [] as { title: string; content: string }[],
    openedExternally: [] as string[],
    openedPaths: [] as string[],
    applicationMenu: null as { template: any[] } | null,
    sandboxEnabled: false,
  };
  readonly argv: string[];
  exitCode: number | null = null;
  readonly exited: Promise<number>;
  private resolveExited!: (code: number) => void;
  private readonly paths = new Map<string, string>();
  private context: Promise<BrowserContext> | null = null;
  private ready = false;
  private quitting = false;
  private holdsLock = false;
  private readonly resolveReady: Promise<void>;
  private markReady!: () => void;
  private readonly restoreProcess: (() => void)[] = [];
  readonly name: string;
  readonly version: string;
  readonly appDir: string;

  constructor(
    private readonly shared: SharedStandIn,
    private readonly options: LaunchOptions = {},
  ) {
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
    this.resolveReady = new Promise((resolve) => (this.markReady = resolve));
    this.appDir = options.appDir ?? shared.appDir;
    const pkg = JSON.parse(readFileSync(join(this.appDir, 'package.json'), 'utf8')) as { name: string; productName?: string; version: string };
    this.name = pkg.productName ?? pkg.name;
    this.version = pkg.version;
    const exe = options.defaultApp ? '/usr/lib/electron/electron' : `/opt/${this.name}/filing-desk`;
    this.argv = [exe, ...(options.defaultApp ? ['.'] : []), ...(options.args ?? [])];
    const appData = join(shared.home, '.config');
    for (const [name, path] of Object.entries({
      home: shared.home,
      appData,
      userData: join(appData, this.name),
      sessionData: join(appData, this.name),
      logs: join(appData, this.name, 'logs'),
      documents: join(shared.home, 'Documents'),
      downloads: join(shared.home, 'Downloads'),
      desktop: join(shared.home, 'Desktop'),
      temp: join(shared.home, 'tmp'),
      exe,
      module: exe,
    })) {
      this.paths.set(name, path);
    }
    this.app = this.makeApp();
    this.electron = this.makeModule();
  }

  // ---- app ------------------------------------------------------------------
  private makeApp(): EventEmitter & Record<string, any> {
    const self = this;
    const app = new EventEmitter() as EventEmitter & Record<string, any>;
    Object.assign(app, {
      name: this.name,
      isPackaged: this.options.isPackaged ?? false,
      commandLine: { appendSwitch: () => undefined, hasSwitch: (s: string) => self.argv.includes(`--${s}`), getSwitchValue: () => '' },
      getName: () => app.name,
      setName: (name: string) => void (app.name = name),
      getVersion: () => this.version,
      getAppPath: () => this.appDir,
      getLocale: () => 'en-GB',
      getPath: (name: string) => {
        const path = this.paths.get(name);
        if (!path) throw new Error(`Failed to get '${name}' path`);
        return path;
      },
      setPath: (name: string, path: string) => void this.paths.set(name, path),
      // Electron's own: without an argument, <userData>/logs on Windows and Linux.
      setAppLogsPath: (path?: string) => void this.paths.set('logs', path ?? join(this.paths.get('userData')!, 'logs')),
      isReady: () => this.ready,
      whenReady: () => this.resolveReady,
      enableSandbox: () => void (this.asked.sandboxEnabled = true),
      setAppUserModelId: () => undefined,
      focus: () => undefined,
      requestSingleInstanceLock: (additionalData?: unknown) => this.requestLock(additionalData),
      hasSingleInstanceLock: () => this.holdsLock,
      releaseSingleInstanceLock: () => this.releaseLock(),
      quit: () => void this.quit(),
      exit: (code = 0) => this.finish(code),
    });
    return app;
  }

  private requestLock(additionalData: unknown): boolean {
    const key = this.paths.get('userData')!;
    const holder = this.shared.locks.get(key);
    if (holder && holder !== this && holder.exitCode === null) {
      // Electron hands the data and the reordered argv to the first instance, once it is ready.
      const data = additionalData === undefined ? undefined : structuredCloneInNode(additionalData);
      const argv = chromiumOrder(this.argv);
      const cwd = this.options.cwd ?? process.cwd();
      void holder.resolveReady.then(() => holder.app.emit('second-instance', preventable().event, argv, cwd, data));
      return false;
    }
    this.shared.locks.set(key, this);
    this.holdsLock = true;
    return true;
  }

  private releaseLock(): void {
    const key = this.paths.get('userData')!;
    if (this.shared.locks.get(key) === this) this.shared.locks.delete(key);
    this.holdsLock = false;
  }

  /** Electron's quit: before-quit (preventable), windows close, will-quit (preventable), quit, exit 0. */
  async quit(): Promise<void> {
    if (this.exitCode !== null || this.quitting) return;
    const before = preventable();
    this.app.emit('before-quit', before.event);
    if (before.prevented()) return;
    this.quitting = true;
    try {
      for (const window of [...this.windows]) window.close();
      if (this.windows.size > 0) return; // a window refused to close: the quit is cancelled
      const will = preventable();
      this.app.emit('will-quit', will.event);
      if (will.prevented()) return;
      this.app.emit('quit', preventable().event, 0);
      this.finish(0);
    } finally {
      this.quitting = false;
    }
  }

  /** The process ends: everything of this launch goes. */
  finish(code: number): void {
    if (this.exitCode !== null) return;
    this.exitCode = code;
    for (const window of [...this.windows]) window.destroy();
    this.releaseLock();
    for (const restore of this.restoreProcess.splice(0).reverse()) restore();
    void this.context?.then((c) => c.close()).catch(() => undefined);
    this.resolveExited(code);
  }

  // ---- the electron module ----------------------------------------------------------
  private makeModule(): Record<string, unknown> {
    const self = this;
    const host: WindowHost = {
      context: () => this.browserContext(),
      pageScripts: this.shared.pageScripts,
      ipcMain: this.ipcMain,
      session: this.session,
      toPageUrl: (url) => this.protocol.toPageUrl(url),
      toAppUrl: (url) => this.protocol.toAppUrl(url),
      windowCreated: (window) => {
        this.windows.add(window);
        this.app.emit('browser-window-created', preventable().event, window);
        this.app.emit('web-contents-created', preventable().event, window.webContents);
      },
      windowClosed: (window) => {
        this.windows.delete(window);
        if (this.windows.size > 0 || this.quitting || this.exitCode !== null) return;
        // With no listener Electron quits when the last window closes.
        if (this.app.listenerCount('window-all-closed') === 0) void this.quit();
        else this.app.emit('window-all-closed');
      },
      fault: (error) => this.shared.fault(error),
    };
    class BrowserWindow extends StandInBrowserWindow {
      constructor(options: Record<string, unknown> = {}) {
        super(host, options);
      }
      static getAllWindows = () => [...self.windows];
      static getFocusedWindow = () => [...self.windows][0] ?? null;
      static fromWebContents = (contents: StandInWebContents) => [...self.windows].find((w) => w.webContents === contents) ?? null;
    }
    const dialogArgs = (args: unknown[]) => (args[0] instanceof StandInBrowserWindow ? args[1] : args[0]) as Record<string, unknown>;
    const script = this.options.dialogs ?? {};
    const dialog = {
      showSaveDialog: async (...args: unknown[]) => {
        const options = dialogArgs(args);
        this.asked.dialogs.push({ kind: 'save', options });
        return script.showSaveDialog?.(options) ?? { canceled: true };
      },
      showOpenDialog: async (...args: unknown[]) => {
        const options = dialogArgs(args);
        this.asked.dialogs.push({ kind: 'open', options });
        return script.showOpenDialog?.(options) ?? { canceled: true, filePaths: [] };
      },
      showMessageBox: async (...args: unknown[]) => {
        const options = dialogArgs(args);
        this.asked.dialogs.push({ kind: 'message', options });
        return script.showMessageBox?.(options) ?? { response: 0, checkboxChecked: false };
      },
      showErrorBox: (title: string, content: string) => void this.asked.errorBoxes.push({ title, content }),
    };
    const shell = {
      openExternal: async (url: string) => void this.asked.openedExternally.push(url),
      openPath: async (path: string) => {
        this.asked.openedPaths.push(path);
        return '';
      },
      showItemInFolder: (path: string) => void this.asked.openedPaths.push(path),
    };
    const Menu = {
      buildFromTemplate: (template: any[]) => ({ template, items: template }),
      setApplicationMenu: (menu: { template: any[] } | null) => void (this.asked.applicationMenu = menu),
      getApplicationMenu: () => this.asked.applicationMenu,
    };
    let online = this.options.online ?? true;
    const net = {
      isOnline: () => online,
      get online() {
        return online;
      },
      /** Chromium's network stack in the app; Node's fetch here. */
      fetch: (input: any, init?: any) => globalThis.fetch(input, init),
    };
    this.setOnline = (value) => void (online = value);
    const modules: Record<string, unknown> = {
      app: this.app,
      BrowserWindow,
      ipcMain: this.ipcMain,
      protocol: this.protocol,
      session: { defaultSession: this.session, fromPartition: () => this.session },
      dialog,
      shell,
      Menu,
      net,
      safeStorage: { isEncryptionAvailable: () => false },
      webContents: {
        getAllWebContents: () => [...this.windows].map((w) => w.webContents),
        fromId: (id: number) => [...this.windows].map((w) => w.webContents).find((c) => c.id === id),
      },
    };
    // Something main needs that the stand-in lacks fails loudly, naming it.
    return new Proxy(modules, {
      get(target, key) {
        if (typeof key === 'symbol' || key === '__esModule' || key === 'default' || key === 'then') return (target as any)[key];
        if (!(key in target)) throw new Error(`the Electron stand-in has no electron.${key}: add it to test/electron-stand-in`);
        return target[key];
      },
    });
  }

  setOnline: (online: boolean) => void = () => undefined;

  private browserContext(): Promise<BrowserContext> {
    this.context ??= (async () => {
      const context = await this.shared.browser.newContext({ viewport: { width: 1120, height: 760 } });
      await this.protocol.route(context);
      return context;
    })();
    return this.context;
  }

  // ---- running the main bundle -----------------------------------------------------
  /** Loads the app's main bundle with this launch's `electron`, then runs the launch (open-file, ready). */
  start(): this {
    const pkg = JSON.parse(readFileSync(join(this.appDir, 'package.json'), 'utf8')) as { main: string };
    const filename = join(this.appDir, pkg.main);
    const ModuleClass = Module as unknown as { new (id: string, parent: unknown): any; _nodeModulePaths(dir: string): string[] };
    const mod = new ModuleClass(filename, null);
    mod.filename = filename;
    mod.paths = ModuleClass._nodeModulePaths(dirname(filename));
    const requireOwn = mod.require.bind(mod) as AnyFunction;
    mod.require = (id: string) => (id === 'electron' ? this.electron : requireOwn(id));
    this.watchProcessGlobals();
    const argv = process.argv;
    process.argv = this.argv;
    try {
      mod._compile(readFileSync(filename, 'utf8'), filename);
    } finally {
      process.argv = argv;
    }
    setImmediate(() => {
      if (this.exitCode !== null || this.quitting) return;
      this.app.emit('will-finish-launching');
      for (const path of this.options.openFilesBeforeReady ?? []) this.app.emit('open-file', preventable().event, path);
      this.ready = true;
      this.app.emit('ready', preventable().event, {});
      this.markReady();
    });
    return this;
  }

  /**
   * What the bundle changes in this shared process (the console it captures
   * into its log, its uncaught-error monitor, process.defaultApp) is put back
   * when this launch ends.
   */
  private watchProcessGlobals(): void {
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const saved = methods.map((m) => console[m]);
    const monitors = new Set(process.listeners('uncaughtExceptionMonitor'));
    const defaultApp = (process as { defaultApp?: boolean }).defaultApp;
    (process as { defaultApp?: boolean }).defaultApp = this.options.defaultApp ?? false;
    this.restoreProcess.push(() => {
      methods.forEach((m, i) => (console[m] = saved[i]!));
      for (const listener of process.listeners('uncaughtExceptionMonitor')) if (!monitors.has(listener)) process.off('uncaughtExceptionMonitor', listener);
      (process as { defaultApp?: boolean }).defaultApp = defaultApp;
    });
  }

  /** The app's log file (main.log in app.getPath('logs')). */
  get logFile(): string {
    return join(this.paths.get('logs')!, 'main.log');
  }

  // ---- for tests -------------------------------------------------------------------
  /** macOS: the user double-clicks a file while the app runs. */
  openFile(path: string): void {
    this.app.emit('open-file', preventable().event, path);
  }

  /** The first window's page once it has loaded the app. */
  async mainPage(timeoutMs = 30_000): Promise<Page> {
    const started = Date.now();
    for (;;) {
      const window = [...this.windows][0];
      if (window) {
        const page = await window.opened;
        if (page.url().startsWith('https://')) return page;
      }
      if (this.exitCode !== null) throw new Error(`the app exited with code ${this.exitCode} before its window loaded`);
      if (Date.now() - started > timeoutMs) throw new Error('the app opened no window');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Clicks an item of the application menu by its label (without the & mnemonics). */
  clickMenu(...labels: string[]): void {
    let items = this.asked.applicationMenu?.template ?? [];
    let item: any;
    for (const label of labels) {
      item = items.find((i: any) => String(i.label ?? '').replace(/&/g, '') === label);
      if (!item) throw new Error(`no menu item ${labels.join(' → ')}`);
      items = Array.isArray(item.submenu) ? item.submenu : [];
    }
    item.click?.();
  }
}
