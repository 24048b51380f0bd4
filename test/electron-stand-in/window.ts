/**
 * BrowserWindow and its webContents as a Playwright page in Debian's Chromium.
 * The preload file named in webPreferences runs in an isolated world of every
 * document (CDP), its IPC goes to the app's ipcMain through a CDP binding
 * that only that world has, and every value crosses by structured clone
 * (structuredClone() in the page, v8.serialize/deserialize here).
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { preloadWorldSource, type PageScripts } from './build-app.js';
import { carry, uncarry, type Carried } from './carrier.js';
import { structuredCloneInNode } from './structured-clone.js';
import { IPC_BINDING, IPC_DELIVER, ISOLATED_WORLD_NAME, PERMISSION_ANSWER, PERMISSION_BINDING } from './page/world-channel.js';
import type { StandInIpcMain } from './ipc-main.js';
import type { StandInSession } from './session.js';

export interface WindowHost {
  context(): Promise<BrowserContext>;
  pageScripts: PageScripts;
  ipcMain: StandInIpcMain;
  session: StandInSession;
  /** app://filing-desk/x → what Chromium is given (see protocol.ts). */
  toPageUrl(url: string): string;
  /** What Chromium shows → the URL the app believes it loaded. */
  toAppUrl(url: string): string;
  windowCreated(window: StandInBrowserWindow): void;
  windowClosed(window: StandInBrowserWindow): void;
  /** Errors of the stand-in's own plumbing: they fail the test, never pass silently. */
  fault(error: unknown): void;
}

let nextContentsId = 1;

interface FrameInfo {
  url: string;
  parentId: string | null;
}

export class StandInWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  page: Page | null = null;
  private cdp: CDPSession | null = null;
  private readonly frames = new Map<string, FrameInfo>();
  /** Isolated-world execution contexts by id → their frame. */
  private readonly worlds = new Map<number, string>();
  private mainFrameId: string | null = null;
  private windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  private destroyed = false;
  readonly session: StandInSession;

  constructor(
    private readonly host: WindowHost,
    private readonly preloadPath: string | undefined,
  ) {
    super();
    this.session = host.session;
  }

  async attach(page: Page): Promise<void> {
    this.page = page;
    const cdp = await page.context().newCDPSession(page);
    this.cdp = cdp;
    cdp.on('Page.frameNavigated', ({ frame }) => {
      this.frames.set(frame.id, { url: frame.url + (frame.urlFragment ?? ''), parentId: frame.parentId ?? null });
      if (!frame.parentId) this.mainFrameId = frame.id;
    });
    cdp.on('Page.frameDetached', ({ frameId }) => this.frames.delete(frameId));
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      const aux = context.auxData as { frameId?: string; type?: string } | undefined;
      if (context.name === ISOLATED_WORLD_NAME && aux?.frameId) this.worlds.set(context.id, aux.frameId);
    });
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => this.worlds.delete(executionContextId));
    cdp.on('Runtime.executionContextsCleared', () => this.worlds.clear());
    cdp.on('Runtime.bindingCalled', (call) => {
      if (call.name === IPC_BINDING) this.fromPreload(call.executionContextId, call.payload).catch((e) => this.host.fault(e));
      if (call.name === PERMISSION_BINDING) this.permissionQuestion(call.executionContextId, call.payload).catch((e) => this.host.fault(e));
    });
    await cdp.send('Page.enable');
    await cdp.send('Runtime.enable');
    const tree = await cdp.send('Page.getFrameTree');
    this.mainFrameId = tree.frameTree.frame.id;
    // Only the preload's world gets IPC; the page's world only asks permission questions.
    await cdp.send('Runtime.addBinding', { name: IPC_BINDING, executionContextName: ISOLATED_WORLD_NAME });
    await cdp.send('Runtime.addBinding', { name: PERMISSION_BINDING });
    if (this.preloadPath) {
      const source = preloadWorldSource(this.host.pageScripts.preloadHost, readFileSync(this.preloadPath, 'utf8'), this.preloadPath);
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source, worldName: ISOLATED_WORLD_NAME });
    }
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: this.host.pageScripts.mainWorld });
    page.on('popup', (popup) => {
      // Electron asks setWindowOpenHandler before a window exists; Chromium has opened it already: close it unless allowed.
      const decision = this.windowOpenHandler?.({ url: this.host.toAppUrl(popup.url()) }) ?? { action: 'allow' };
      if (decision.action === 'deny') void popup.close();
    });
    page.on('load', () => this.emit('did-finish-load'));
    page.on('crash', () => this.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 }));
  }

  private senderFrame(frameId: string) {
    const frame = (id: string | null): { url: string; parent: unknown; frameId: string } | null => {
      const info = id ? this.frames.get(id) : undefined;
      if (!id || !info) return null;
      return { url: this.host.toAppUrl(info.url), parent: frame(info.parentId), frameId: id };
    };
    return frame(frameId);
  }

  private async fromPreload(contextId: number, payload: string): Promise<void> {
    const frameId = this.worlds.get(contextId);
    const message = JSON.parse(payload) as { kind: 'invoke'; id: number; channel: string; args: Carried } | { kind: 'send'; channel: string; args: Carried };
    // The page side cloned the arguments; they cross into main as Electron's IPC delivers them.
    const args = structuredCloneInNode(uncarry(message.args)) as unknown[];
    const event = { sender: this, senderFrame: frameId ? this.senderFrame(frameId) : null, frameId, processId: 1 };
    if (message.kind === 'send') {
      this.host.ipcMain.emitMessage(message.channel, event, args);
      return;
    }
    let delivery: object;
    try {
      const value = await this.host.ipcMain.invoke(message.channel, event, args);
      delivery = { kind: 'result', id: message.id, ok: true, value: carry(structuredCloneInNode(value)) };
    } catch (error) {
      delivery = { kind: 'result', id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    await this.deliver(contextId, delivery);
  }

  private async permissionQuestion(contextId: number, payload: string): Promise<void> {
    const { id, permission, gesture, url } = JSON.parse(payload) as { id: number; permission: string; gesture: boolean; url: string };
    const granted = await this.host.session.decide(this, permission, this.host.toAppUrl(url), gesture);
    await this.cdp?.send('Runtime.evaluate', { contextId, expression: `globalThis.${PERMISSION_ANSWER}(${id}, ${granted})` }).catch(() => undefined);
  }

  private async deliver(contextId: number, delivery: object): Promise<void> {
    // A page that navigated away meanwhile has no one waiting: that is not an error.
    await this.cdp?.send('Runtime.evaluate', { contextId, expression: `globalThis.${IPC_DELIVER}(${JSON.stringify(JSON.stringify(delivery))})` }).catch(() => undefined);
  }

  /** webContents.send: to the preload of the top frame's current document. */
  send(channel: string, ...args: unknown[]): void {
    const cloned = structuredCloneInNode(args); // throws here, as Electron's send does, for what cannot cross
    const world = [...this.worlds].find(([, frameId]) => frameId === this.mainFrameId)?.[0];
    if (world === undefined) return; // no page listening: Electron drops it too
    this.deliver(world, { kind: 'message', channel, args: carry(cloned) }).catch((e) => this.host.fault(e));
  }

  getURL(): string {
    return this.page ? this.host.toAppUrl(this.page.url()) : '';
  }

  async loadURL(url: string): Promise<void> {
    if (!this.page) throw new Error('the window has no page yet');
    this.emit('did-start-loading');
    await this.page.goto(this.host.toPageUrl(url));
  }

  reload(): void {
    this.emit('did-start-loading');
    void this.page?.reload();
  }

  /** Runs in the page's own world, as Electron's executeJavaScript does. */
  async executeJavaScript(code: string): Promise<unknown> {
    if (!this.page) throw new Error('the window has no page yet');
    return structuredCloneInNode(await this.page.evaluate(code));
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  markDestroyed(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

/** Settings the stand-in can honour; anything else would need a real Electron. */
function checkWebPreferences(prefs: Record<string, unknown>): void {
  const need: [string, unknown][] = [
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
  ];
  for (const [name, value] of need) {
    if (prefs[name] !== undefined && prefs[name] !== value) {
      throw new Error(`the Electron stand-in only runs windows with ${name}: ${String(value)} (the app asked for ${String(prefs[name])})`);
    }
  }
}

export class StandInBrowserWindow extends EventEmitter {
  readonly webContents: StandInWebContents;
  readonly options: Record<string, unknown>;
  readonly opened: Promise<Page>;
  private visible: boolean;
  private minimized = false;
  private destroyed = false;
  private shownOnce = false;

  constructor(
    private readonly host: WindowHost,
    options: Record<string, unknown> = {},
  ) {
    super();
    this.options = options;
    const prefs = (options.webPreferences ?? {}) as Record<string, unknown>;
    checkWebPreferences(prefs);
    this.visible = options.show !== false;
    this.webContents = new StandInWebContents(host, typeof prefs.preload === 'string' ? prefs.preload : undefined);
    host.windowCreated(this);
    const contents = this.webContents;
    this.opened = (async () => {
      const context = await host.context();
      const page = await context.newPage();
      await contents.attach(page);
      page.on('load', () => {
        if (this.shownOnce) return;
        this.shownOnce = true;
        this.emit('ready-to-show');
      });
      page.on('close', () => this.finishClosing());
      return page;
    })();
    this.opened.catch((e) => host.fault(e));
  }

  async loadURL(url: string): Promise<void> {
    await this.opened;
    await this.webContents.loadURL(url);
  }

  show(): void {
    this.visible = true;
    this.minimized = false;
    this.emit('show');
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.emit('focus');
  }
  isVisible = () => this.visible;
  isMinimized = () => this.minimized;
  minimize(): void {
    this.minimized = true;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed = () => this.destroyed;

  /** close(): 'close' may be prevented; then the page goes and 'closed' follows. */
  close(): void {
    if (this.destroyed) return;
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    void this.opened.then((page) => page.close()).catch(() => undefined);
    this.finishClosing();
  }

  private finishClosing(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.markDestroyed();
    this.emit('closed');
    this.host.windowClosed(this);
  }
}
