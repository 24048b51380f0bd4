import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../../preload/contract.js';

/**
 * main/index.ts against a recording stand-in for Electron: the real module
 * would try to download its binary. The stand-in records what main asks of
 * Electron so the test can check the window's security flags and the guards.
 */
type Listener = (...args: any[]) => unknown;

function makeElectron(lockGranted: boolean) {
  const appListeners = new Map<string, Listener>();
  const windows: { options: any; loaded: string[] }[] = [];
  const calls = {
    privileged: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    permissionRequest: undefined as Listener | undefined,
    permissionCheck: undefined as Listener | undefined,
    ipc: new Map<string, Listener>(),
    openedExternally: [] as string[],
    quit: 0,
    sandboxEnabled: false,
  };
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));

  class BrowserWindow {
    static getAllWindows = () => windows;
    webContents = {};
    constructor(options: unknown) {
      windows.push({ options, loaded: this.loaded });
    }
    loaded: string[] = [];
    once() {}
    on() {}
    show() {}
    isMinimized = () => false;
    restore() {}
    focus() {}
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }

  const electron = {
    app: {
      enableSandbox: () => void (calls.sandboxEnabled = true),
      requestSingleInstanceLock: () => lockGranted,
      quit: () => void calls.quit++,
      exit: () => undefined,
      on: (event: string, listener: Listener) => void appListeners.set(event, listener),
      whenReady: () => whenReady,
      isReady: () => true,
      getAppPath: () => '/opt/filing-desk/resources/app.asar',
      getPath: () => '/home/user/Documents',
      getVersion: () => '9.8.7',
    },
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => void calls.privileged.push(schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => void calls.protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => void (calls.permissionRequest = handler),
        setPermissionCheckHandler: (handler: Listener) => void (calls.permissionCheck = handler),
      },
    },
    ipcMain: { handle: (channel: string, listener: Listener) => void calls.ipc.set(channel, listener) },
    shell: { openExternal: async (url: string) => void calls.openedExternally.push(url) },
    dialog: { showSaveDialog: async () => ({ canceled: true }) },
  };
  return { electron, appListeners, windows, calls, ready };
}

let fake: ReturnType<typeof makeElectron>;

async function startMain(lockGranted = true) {
  vi.resetModules();
  fake = makeElectron(lockGranted);
  vi.doMock('electron', () => ({ ...fake.electron, default: fake.electron }));
  await import('../../main/index.js');
  fake.ready();
  // Let start() run after whenReady resolves.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('main process', () => {
  beforeEach(() => vi.doUnmock('electron'));

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

  it('denies every permission request and check', async () => {
    await startMain();
    const answers: boolean[] = [];
    fake.calls.permissionRequest!({}, 'media', (granted: boolean) => answers.push(granted), {});
    fake.calls.permissionRequest!({}, 'notifications', (granted: boolean) => answers.push(granted), {});
    expect(answers).toEqual([false, false]);
    expect(fake.calls.permissionCheck!({}, 'clipboard-read', 'app://filing-desk', {})).toBe(false);
  });

  it('guards every web contents: no new windows, no navigation, no webviews; web links go to the browser', async () => {
    await startMain();
    const listeners = new Map<string, Listener>();
    let openHandler: Listener | undefined;
    const contents = {
      setWindowOpenHandler: (h: Listener) => void (openHandler = h),
      on: (event: string, listener: Listener) => void listeners.set(event, listener),
    };
    fake.appListeners.get('web-contents-created')!({}, contents);

    expect(openHandler!({ url: 'https://www.gov.uk/' })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.calls.openedExternally).toEqual(['https://www.gov.uk/']);

    let prevented = 0;
    const event = { preventDefault: () => void prevented++ };
    listeners.get('will-navigate')!(event, 'https://evil.example/');
    listeners.get('will-navigate')!(event, 'app://filing-desk/other.html');
    listeners.get('will-attach-webview')!(event);
    expect(prevented).toBe(3);
  });

  it('answers IPC on every channel of the contract, and only for its own page', async () => {
    await startMain();
    expect([...fake.calls.ipc.keys()].sort()).toEqual([...channels].sort());
    const info = fake.calls.ipc.get('app.info')!;
    await expect(info({ senderFrame: { url: 'app://filing-desk/index.html' } })).resolves.toEqual({
      ok: true,
      value: { version: '9.8.7', platform: process.platform },
    });
    await expect(info({ senderFrame: { url: 'https://evil.example/' } })).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    await expect(info({ senderFrame: null })).resolves.toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
  });

  it('quits without a window when another instance holds the lock', async () => {
    await startMain(false);
    expect(fake.calls.quit).toBe(1);
    expect(fake.windows).toEqual([]);
    expect(fake.calls.ipc.size).toBe(0);
  });
});
