/**
 * Every IPC handler as main wires them over real stores in a fresh data
 * folder, reached through the fake IPC main with the app's sender check:
 * what the handler tests of one domain share. The package engine is not
 * wired (each call throws); a test passes what it needs in `overrides`.
 */
import { createHandlers, type HandlerDeps } from '../../main/ipc/create-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import type { IpcResult } from '../../preload/contract.js';
import { storeDeps } from '../helpers/store-deps.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const unused = async () => {
  throw new Error('unused');
};

export async function handlersOverStores(overrides: Partial<HandlerDeps> = {}) {
  const stores = await storeDeps();
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ct600: createCt600Engine({ productVersion: '0.1.0' }),
      packages: { build: unused, validate: unused, planDraft: unused, buildDraft: unused },
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: stores.dataDir },
      openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      clients: stores.clients,
      drafts: stores.drafts,
      online: stores.online,
      appInfo: { version: '0.1.0', platform: 'linux' },
      ...overrides,
    }),
    { isTrustedSender: ownPageCheck, logError: () => undefined },
  );
  const call = async <T>(channel: string, request?: unknown) =>
    (await (request === undefined ? ipc.invoke(channel, OWN_PAGE) : ipc.invoke(channel, OWN_PAGE, request))) as IpcResult<T>;
  /** The value of a call that must succeed; a refusal fails the test with its error. */
  const ok = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await call<T>(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  return { call, ok, stores };
}
