/**
 * App lifecycle, the main window and its security guards: the only module
 * that needs Electron's app and BrowserWindow. Every decision it applies
 * (protocol paths, CSP, link handling, sender trust, the menu, crash
 * recovery) lives in a small pure module under main/window so it is tested
 * without Electron.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, session, shell, type WebContents } from 'electron';
import { dirname, join } from 'node:path';
import {
  FILE_OPENED_CHANNEL,
  FILE_OPENED_SUBSCRIBE_CHANNEL,
  MENU_COMMAND_CHANNEL,
  ONLINE_STATUS_CHANNEL,
  type MenuCommand,
  type OnlineStatus,
} from '../preload/contract.js';
import { DeferredCredentialStore } from './credentials/deferred-credential-store.js';
import { openCredentialStore } from './credentials/open-credential-store.js';
import { MemoryCredentialStore } from './credentials/memory-credential-store.js';
import { OnlineDesk } from './online/online-desk.js';
import { fetchTransport } from './service/remote/http-transport.js';
import { currentGovTalkOptions } from './online/govtalk-options.js';
import { createHandlers } from './ipc/create-handlers.js';
import { createFilingWiring } from './ipc/filing-wiring.js';
import { createCompaniesHouseWiring } from './ipc/companies-house-wiring.js';
import { httpTransport } from './filing/transport.js';
import { ClientBook } from './store/client-book.js';
import { DraftStore } from './store/draft-store.js';
import { AccountsDrafts } from './store/accounts-drafts.js';
import { spawnEngineWorker } from './engine-worker/spawn-engine-worker.js';
import { createCt600Engine, createPackageEngine } from './ipc/engine-wiring.js';
import { taxonomyStoreFor } from './taxonomies/taxonomy-store.js';
import { registerHandlers } from './ipc/register-handlers.js';
import { applicationMenuTemplate } from './window/app-menu.js';
import { APP_ENTRY_URL, APP_SCHEME } from './window/app-origin.js';
import { createAppProtocolHandler } from './window/app-protocol.js';
import { decideWindowOpen, guardFrameNavigation, refuseNavigation } from './window/external-links.js';
import { createPermissionHandlers } from './window/permissions.js';
import { createRendererCrashRecovery } from './window/renderer-crash-recovery.js';
import { createSenderCheck } from './window/trusted-sender.js';
import { startAppLog } from './log/start-app-log.js';
import { createOpenedFileQueue } from './window/opened-files.js';
import { filePathsFromLaunchData, launchFiles } from './window/launch-files.js';
import { mainWindowOptions } from './window/window-options.js';
import { isSmokeTestRun, runSmokeTest } from './window/smoke-test.js';
import { runProfile } from './window/run-profile.js';
import { OfficeDesk } from './office/office-desk.js';
import { OfficeBackgroundSync } from './office/background-sync.js';
import { createRecordAdapters } from './office/record-adapters/index.js';
// One list of where the app's parts are, shared with package:check (the packaged app must hold each).
import APP_LAYOUT from './app-layout.json';

// Before anything reads the data folder (the log, the single-instance lock,
// the stores): a development run keeps to its own folders and keychain items.
const profile = runProfile({ isPackaged: app.isPackaged, appDataDir: app.getPath('appData') });
if (profile.dataDir) app.setPath('userData', profile.dataDir);
if (profile.logsDir) app.setAppLogsPath(profile.logsDir);

// Must happen before "ready": app:// behaves like https (standard + secure), so
// Vite's crossorigin module scripts load and the page is a secure context.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
/** True once start() has registered app:// and the handlers: only then can a window load our page. */
let started = false;

// The log file (the OS's logs folder, rotated, redacted); console output of main goes there too.
const appLog = startAppLog(app);

// `--smoke-test` on a release machine: start, check the window, engine and keychain once, exit 0 or 1.
const smokeTest = isSmokeTestRun(process.argv, process.env);

// Files the OS opens with the app wait here until the page listens (bridge.onFileOpened).
const openedFiles = createOpenedFileQueue({
  send: (file) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(FILE_OPENED_CHANNEL, file);
  },
  refuse: (fileName, message) => {
    appLog.scope('open-file').warn(message);
    const options = { type: 'warning' as const, title: 'Filing Desk', message: `Filing Desk cannot open ${fileName}`, detail: message, buttons: ['OK'] };
    void (mainWindow && !mainWindow.isDestroyed() ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
  },
  reveal: () => showMainWindow(),
});

const openExternal = (url: string) => shell.openExternal(url);

function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => decideWindowOpen(url, openExternal));
  contents.on('will-frame-navigate', (details) => guardFrameNavigation(details, openExternal));
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function createMainWindow(): BrowserWindow {
  const appRoot = app.getAppPath();
  const window = new BrowserWindow(
    mainWindowOptions(join(appRoot, APP_LAYOUT.preload), { devTools: !app.isPackaged }),
  );
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
    openedFiles.pageGone();
  });
  // A reload or a crash: opened files wait until the new page subscribes.
  window.webContents.on('did-start-loading', () => openedFiles.pageGone());
  const recover = createRendererCrashRecovery({
    reload: () => void window.loadURL(APP_ENTRY_URL),
    giveUp: () => {
      dialog.showErrorBox(
        'Filing Desk stopped working',
        'The Filing Desk window stopped twice in a short time, so it has been closed. Your saved files are not affected. Please start Filing Desk again.',
      );
      window.destroy();
    },
  });
  window.webContents.on('render-process-gone', (_event, details) => {
    openedFiles.pageGone();
    recover(details);
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/** File menu commands go to the page, which owns the draft being edited. */
function sendMenuCommand(command: MenuCommand): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(MENU_COMMAND_CHANNEL, command);
}

/** The OS keychain, or memory for this run when there is none (the Settings screen says which). */
async function openKeychain() {
  try {
    return await openCredentialStore({ service: profile.keychainService, log: appLog });
  } catch (error) {
    console.error('keychain: the keychain library could not be loaded', error instanceof Error ? error.message : String(error));
    return new MemoryCredentialStore('the keychain library could not be loaded');
  }
}

/** The window shows online / offline / signed out / paused at all times. */
function sendOnlineStatus(status: OnlineStatus): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(ONLINE_STATUS_CHANNEL, status);
}

/** Opens the main window, or brings the existing one to the front. */
function showMainWindow(): void {
  if (!started) return; // start() opens the first window
  if (!mainWindow || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function start(): Promise<void> {
  const appRoot = app.getAppPath();
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ rootDir: join(appRoot, APP_LAYOUT.rendererDir) }));
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      applicationMenuTemplate({
        platform: process.platform,
        isPackaged: app.isPackaged,
        appName: app.name,
        sendCommand: sendMenuCommand,
        showLogFolder: () => void shell.openPath(dirname(appLog.file)).then((problem) => problem && appLog.warn('the log folder could not be shown:', problem)),
      }),
    ),
  );

  // Only the clipboard write of "Copy", for our own page in our window; camera, notifications, clipboard reads, … are refused.
  const permissions = createPermissionHandlers({ ownContentsId: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents.id : null) });
  session.defaultSession.setPermissionRequestHandler(permissions.request);
  session.defaultSession.setPermissionCheckHandler(permissions.check);
  // Files leave the app only through file.save (main's dialog, name and
  // extension); <a download href="blob:…"> would otherwise get Electron's own
  // save dialog with whatever name and type the page chose.
  session.defaultSession.on('will-download', (event) => event.preventDefault());

  // Engine work (parsing XML, reading zips) runs in a worker thread: a big
  // file must not freeze the window or, when memory runs out, end the app.
  const engineWorker = spawnEngineWorker(join(appRoot, APP_LAYOUT.engineWorker));
  app.on('will-quit', () => void engineWorker.close());
  // Clients and drafts live in the app's own data folder; the store sweeps what a crash left mid-write.
  const dataDir = app.getPath('userData');
  const drafts = new DraftStore({ dataDir });
  void drafts.open().catch((error) => console.error('drafts: the drafts folder could not be opened', error));
  const clients = new ClientBook({ dataDir });
  // Secrets in the OS keychain, or in memory for this run when there is none (the Settings screen says which).
  const credentials = new DeferredCredentialStore(openKeychain());
  const online = new OnlineDesk({
    dataDir,
    credentials,
    drafts,
    clients,
    // net.isOnline() is only trusted when it says offline: "online" just means "try now".
    isOnline: () => net.isOnline(),
    // The service's HTTP goes through Chromium's network stack: the system proxy, PAC files and
    // the OS's trusted certificates apply as in the user's browser (Node's https knows none of them).
    transport: fetchTransport((input, init) => net.fetch(input instanceof URL ? input.href : input, init)),
    onStatus: sendOnlineStatus,
    // Outbox, job, sign-in and Test connection outcomes, and every secret main learns, go to the redacting log.
    logger: appLog,
  });
  void online.open().catch((error) => console.error('online: the outbox could not be opened', error));
  const engines = {
    // The GovTalk header (vendor id, product version, test flags) follows the
    // current Online settings at every local build; ChannelRouting names this product.
    ct600: createCt600Engine(currentGovTalkOptions(online.settings, { product: 'Filing Desk', version: app.getVersion() }), engineWorker, dataDir),
    // References a package does not hold resolve in the taxonomy packages installed in the data folder.
    packages: createPackageEngine(engineWorker, dataDir),
  };
  // Electron has no network-change event in main: look every 15 s, and at once when woken.
  const networkWatch = setInterval(() => online.networkChanged(), 15_000);
  let drained = false;
  app.on('before-quit', (event) => {
    if (drained) return;
    // Give requests in flight a moment to finish; the rest are resent with their keys next time.
    event.preventDefault();
    drained = true;
    clearInterval(networkWatch);
    void online.stop(3_000).finally(() => app.quit());
  });
  const fileSaver = {
    dialog: {
      showSaveDialog: (options: Parameters<typeof dialog.showSaveDialog>[0]) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
    },
    defaultDirectory: app.getPath('documents'),
  };
  // Filing with HMRC: the Government Gateway password in the same keychain, told to the log redactor
  // as soon as it is saved or read; submissions left unfinished by a crash or a quit go on now.
  const filingLog = appLog.scope('filing');
  const filing = createFilingWiring({
    dataDir,
    drafts,
    credentials,
    fileSaver,
    registerSecret: (value) => appLog.registerSecret(value),
    log: filingLog,
    // HMRC's Transaction Engine through Chromium's network stack too, like the service: a firm's
    // proxy settings and the OS's trusted certificates apply. The reply is still read as a stream
    // within the limit (httpTransport), whichever fetch brings it.
    desk: { transport: httpTransport({ fetch: (url, init) => net.fetch(url, init) }) },
  });
  // Filing accounts with Companies House: the presenter and company codes in the same keychain, told to the log redactor.
  // One store of accounts drafts for the Accounts wizard, Companies House filing and the office sync, so each draft's saves queue in one place.
  const accountsDrafts = new AccountsDrafts({ dataDir });
  const companiesHouse = createCompaniesHouseWiring({
    dataDir,
    clients,
    accounts: accountsDrafts,
    credentials,
    registerSecret: (value) => appLog.registerSecret(value),
    service: { transport: httpTransport({ fetch: (url, init) => net.fetch(url, init) }) },
  });
  // The office: this desk's share of the firm's client book and CT600 drafts (the same stores the window writes,
  // so the sync's writes queue behind the window's), its office password in the same keychain;
  // while joined it syncs at start, every two minutes and soon after each local save.
  const office = new OfficeDesk({ dataDir, credentials, adapters: createRecordAdapters({ clientBook: clients, drafts, accountsDrafts }) });
  const officeLog = appLog.scope('office');
  // After each sync, the filings that ended while the office could not be told are told (one ledger in the data folder holds both kinds).
  const syncAndTell: Pick<OfficeDesk, 'status' | 'sync'> = {
    status: () => office.status(),
    sync: async (onProgress) => {
      const status = await office.sync(onProgress);
      await filing.officeClaims.tellOffice().catch((error: unknown) => officeLog.warn('filing outcomes could not be told to the office yet', error instanceof Error ? error.message : String(error)));
      return status;
    },
  };
  const officeSync = new OfficeBackgroundSync({ desk: syncAndTell, log: (message, error) => officeLog.warn(message, error instanceof Error ? error.message : String(error)) });
  void officeSync.start().catch((error) => officeLog.error('the office settings could not be read at start', error));
  app.on('will-quit', () => officeSync.stop());
  void filing.filing.resumeUnfinished().catch((error) => filingLog.error('unfinished submissions could not be resumed', error));
  registerHandlers(
    ipcMain,
    createHandlers({
      ct600: engines.ct600,
      packages: engines.packages,
      clients,
      drafts,
      online,
      openDialog: {
        showOpenDialog: (options) => (mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options)),
      },
      fileSaver,
      filing: filing.handlers,
      companiesHouse: companiesHouse.handlers,
      accountsWork: companiesHouse.accountsWork,
      accountsDrafts,
      submissions: filing.submissions,
      appInfo: { version: app.getVersion(), platform: process.platform },
      taxonomies: taxonomyStoreFor(dataDir),
      checkInlineXbrl: (fileName, bytes) => engineWorker.run('taxonomy.checkDocument', fileName, bytes, dataDir),
      office,
      officeSync,
    }),
    { isTrustedSender: createSenderCheck({ ownContentsId: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents.id : null) }) },
  );

  // The page says when it listens for opened files; only our own page is heard.
  const isOwnPage = createSenderCheck({ ownContentsId: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents.id : null) });
  ipcMain.on(FILE_OPENED_SUBSCRIBE_CHANNEL, (event) => {
    if (isOwnPage(event)) openedFiles.pageReady();
  });

  started = true;
  mainWindow = createMainWindow();
  appLog.info('started', { version: app.getVersion(), electron: process.versions.electron ?? 'none', platform: process.platform, arch: process.arch, packaged: app.isPackaged });
  openedFiles.start();
  if (smokeTest) {
    void runSmokeTest({
      evaluateInPage: (script) =>
        mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents.executeJavaScript(script) : Promise.reject(new Error('there is no window')),
      verifyIrmark: (xml) => engineWorker.run('ct600.verify', xml),
      credentials: () => credentials.ready,
      log: appLog.scope('smoke-test'),
    }).then(
      (outcome) => app.exit(outcome.passed ? 0 : 1),
      (error) => {
        appLog.error('smoke test: it could not run', error);
        app.exit(1);
      },
    );
  }
}

/**
 * A failure in start() must not leave a process holding the single-instance
 * lock with no window (every later launch would quit at once): log it, tell
 * the user in plain words, and exit.
 */
function failedToStart(error: unknown): void {
  appLog.error('Filing Desk could not start', error);
  try {
    // An unattended smoke test reads the log and the exit code; a dialog would wait for a click.
    if (!smokeTest) dialog.showErrorBox(
      'Filing Desk could not start',
      'Something went wrong while Filing Desk was starting, so it will close. Please start it again. If this keeps happening, reinstall Filing Desk.',
    );
  } finally {
    app.exit(1);
  }
}

// Windows and Linux: the files on this launch's own command line. A running
// Filing Desk receives them through the lock, never by re-reading our argv.
const ownLaunch = launchFiles(process.argv, { defaultApp: process.defaultApp === true, workingDirectory: process.cwd() });
if (!app.requestSingleInstanceLock(ownLaunch)) {
  if (smokeTest) {
    // Handing over to the running copy would check nothing: say so and fail.
    appLog.error('smoke test: FAILED: another Filing Desk is running; close it and run the smoke test again');
    app.exit(1);
  } else {
    // Another Filing Desk is running; it gets focus and our files through "second-instance".
    app.quit();
  }
} else {
  // macOS: a double-clicked file, also before "ready" (the app may be launched by it).
  app.on('open-file', (event, path) => {
    event.preventDefault();
    openedFiles.add(path);
  });
  for (const path of ownLaunch.filePaths) openedFiles.add(path);
  app.on('second-instance', (_event, _argv, _workingDirectory, additionalData) => {
    showMainWindow();
    for (const path of filePathsFromLaunchData(additionalData)) openedFiles.add(path);
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (started && BrowserWindow.getAllWindows().length === 0) showMainWindow();
  });
  app.whenReady().then(start).catch(failedToStart);
}
