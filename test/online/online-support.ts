/**
 * An OnlineDesk over a fresh data folder, for tests that drive it directly
 * against the local server: the real keychain when the private Secret
 * Service runs (scripts/run-tests.mjs), memory otherwise.
 */
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CredentialStore } from '../../main/credentials/credential-store.js';
import { KeyringCredentialStore } from '../../main/credentials/keyring-credential-store.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { OnlineDesk, type OnlineDeskOptions } from '../../main/online/online-desk.js';
import { DEFAULT_ONLINE_SETTINGS } from '../../main/online/online-settings.js';
import { ClientBook } from '../../main/store/client-book.js';
import { DraftStore } from '../../main/store/draft-store.js';
import type { Ct600Engine } from '../../main/ipc/ct600-handlers.js';
import { createHandlers, type HandlerDeps } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import type { IpcResult, OnlineSettings, OnlineStatus } from '../../preload/contract.js';
import { runKeychainTests } from '../credentials/secret-service.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from '../ipc/fake-ipc-main.js';
import type { RunningServer } from '../server/support.js';

export interface DeskUnderTest {
  desk: OnlineDesk;
  dataDir: string;
  store: CredentialStore;
  /** The keychain service name the items are filed under (real keychain only). */
  keychainService: string | null;
  drafts: DraftStore;
  clients: ClientBook;
  logs: string[];
  statuses: OnlineStatus[];
}

/** The desk and the local server a test opened; either may be left unset. */
export interface OpenedForTest {
  desk?: DeskUnderTest;
  server?: RunningServer;
}

/**
 * Stops what each test opened once it ends: the desk first, so nothing it
 * still sends meets a server already gone, then the server. Cleared after, so
 * a later test that opens neither does not stop them twice.
 */
export function stopAfterEachTest(): OpenedForTest {
  const opened: OpenedForTest = {};
  afterEach(async () => {
    await opened.desk?.desk.stop(0);
    await opened.server?.stop();
    opened.desk = undefined;
    opened.server = undefined;
  });
  return opened;
}

export async function openDesk(options: Partial<OnlineDeskOptions> & { dataDir?: string; store?: CredentialStore } = {}): Promise<DeskUnderTest> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fd-online-')));
  const logs: string[] = [];
  const log = (m: string) => logs.push(m);
  const keychainService = runKeychainTests && !options.store ? `Filing Desk test ${randomUUID()}` : null;
  const store = options.store ?? (keychainService ? new KeyringCredentialStore({ service: keychainService }) : new MemoryCredentialStore());
  const drafts = new DraftStore({ dataDir, log });
  const clients = new ClientBook({ dataDir, log });
  const statuses: OnlineStatus[] = [];
  const desk = new OnlineDesk({ log, onStatus: (s) => statuses.push(s), ...options, dataDir, credentials: store, drafts, clients });
  await desk.open();
  return { desk, dataDir, store, keychainService, drafts, clients, logs, statuses };
}

export const settingsFor = (url: string, change: Partial<OnlineSettings> = {}): OnlineSettings => ({ ...DEFAULT_ONLINE_SETTINGS, baseUrl: url, authUrl: url, ...change });

/**
 * What main gives createHandlers once the online desk is open: the desk and
 * its stores, the real engines, and file dialogs that are always cancelled
 * (nothing online asks for a file).
 */
export function handlerDepsOverDesk(
  d: Pick<DeskUnderTest, 'desk' | 'dataDir' | 'clients' | 'drafts'>,
  ct600: Ct600Engine = createCt600Engine(),
  platform: string = 'linux',
): HandlerDeps {
  return {
    ct600,
    packages: createPackageEngine(),
    fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: d.dataDir },
    openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
    clients: d.clients,
    drafts: d.drafts,
    online: d.desk,
    appInfo: { version: '0.1.0', platform },
  };
}

/** Every IPC handler as main wires them, over the desk's stores; `value` throws with the message on a refusal. */
export function handlersFor(d: DeskUnderTest, ct600: Ct600Engine = createCt600Engine()) {
  const ipc = new FakeIpcMain();
  registerHandlers(ipc, createHandlers(handlerDepsOverDesk(d, ct600)), { isTrustedSender: ownPageCheck });
  const call = async <T>(channel: string, request?: unknown) => (await ipc.invoke(channel, OWN_PAGE, ...(request === undefined ? [] : [request]))) as IpcResult<T>;
  const value = async <T>(channel: string, request?: unknown): Promise<T> => {
    const answer = await call<T>(channel, request);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  };
  return { ipc, call, value };
}
