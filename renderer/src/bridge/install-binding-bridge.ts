/**
 * Installs window.filingDesk in a plain browser page from a binding named
 * __filingDeskInvoke(channel, jsonPayload) that the host exposes (the
 * end-to-end test wires it to the real main-process handlers). Bundled and
 * injected by the test only; the shipped renderer never contains it.
 */
import type { FilingDeskBridge } from '../../../preload/contract.js';
import type { MenuCommand, OnlineStatus } from '../../../preload/contract.js';
import { createBrowserBridge, createMenuCommandHub, createOnlineStatusHub } from './browser-bridge.js';
import { decodeWire, encodeWire } from './wire-format.js';

type Binding = (channel: string, payload: unknown) => Promise<unknown>;

const host = globalThis as unknown as {
  __filingDeskInvoke?: Binding;
  /** The test's stand-in for the application menu: page.evaluate(() => __filingDeskMenu('save')). */
  __filingDeskMenu?: (command: MenuCommand) => void;
  /** The test's stand-in for main's status pushes: page.evaluate((s) => __filingDeskOnlineStatus(s), status). */
  __filingDeskOnlineStatus?: (status: OnlineStatus) => void;
  filingDesk?: FilingDeskBridge;
};
const invoke = host.__filingDeskInvoke;
if (invoke) {
  const menu = createMenuCommandHub();
  host.__filingDeskMenu = menu.emit;
  const online = createOnlineStatusHub();
  host.__filingDeskOnlineStatus = online.emit;
  host.filingDesk = createBrowserBridge(
    async (channel, request) => decodeWire(await invoke(channel, encodeWire(request))) as never,
    menu,
    online,
  );
}
