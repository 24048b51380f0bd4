/**
 * App lifecycle, the main window and its security guards: the only module
 * that needs Electron's app and BrowserWindow. Every decision it applies
 * (protocol paths, CSP, link handling, sender trust) lives in a small pure
 * module under main/window so it is tested without Electron.
 */
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { createHandlers } from './ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from './ipc/engine-wiring.js';
import { registerHandlers } from './ipc/register-handlers.js';
import { APP_ENTRY_URL, APP_SCHEME } from './window/app-origin.js';
import { createAppProtocolHandler } from './window/app-protocol.js';
import { decideWindowOpen, guardNavigation } from './window/external-links.js';
import { isAppUrl } from './window/trusted-sender.js';
import { mainWindowOptions } from './window/window-options.js';

// Must happen before "ready": app:// behaves like https (standard + secure), so
// Vite's crossorigin module scripts load and the page is a secure context.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;

const openExternal = (url: string) => shell.openExternal(url);

function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => decideWindowOpen(url, openExternal));
  contents.on('will-navigate', (event, url) => guardNavigation(event, url, openExternal));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function createMainWindow(): BrowserWindow {
  const appRoot = app.getAppPath();
  const window = new BrowserWindow(mainWindowOptions(join(appRoot, 'dist', 'preload', 'index.cjs')));
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    mainWindow = null;
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

async function start(): Promise<void> {
  const appRoot = app.getAppPath();
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ rootDir: join(appRoot, 'dist', 'renderer') }));

  // Nothing the renderer could ask for (camera, notifications, clipboard, …) is needed.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  registerHandlers(
    ipcMain,
    createHandlers({
      // The GovTalk ChannelRouting names this product; the vendor id comes with Settings later.
      ct600: createCt600Engine({ product: 'Filing Desk', productVersion: app.getVersion() }),
      packages: createPackageEngine(),
      fileSaver: {
        dialog: {
          showSaveDialog: (options) =>
            mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
        },
        defaultDirectory: app.getPath('documents'),
      },
      appInfo: { version: app.getVersion(), platform: process.platform },
    }),
    { isTrustedSender: isAppUrl },
  );

  mainWindow = createMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Another Filing Desk is running; it gets focus through "second-instance".
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error('Filing Desk could not start', error);
    app.exit(1);
  });
}
