/**
 * Installs window.filingDesk in a plain browser page from a binding named
 * __filingDeskInvoke(channel, jsonPayload) that the host exposes (the
 * end-to-end test wires it to the real main-process handlers). Bundled and
 * injected by the test only; the shipped renderer never contains it.
 */
import type { FilingDeskBridge } from '../../../preload/contract.js';
import { createBrowserBridge } from './browser-bridge.js';
import { decodeWire, encodeWire } from './wire-format.js';

type Binding = (channel: string, payload: unknown) => Promise<unknown>;

const host = globalThis as unknown as { __filingDeskInvoke?: Binding; filingDesk?: FilingDeskBridge };
const invoke = host.__filingDeskInvoke;
if (invoke) {
  host.filingDesk = createBrowserBridge(
    async (channel, request) => decodeWire(await invoke(channel, encodeWire(request))) as never,
  );
}
