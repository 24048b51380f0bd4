/**
 * The same bridge as the preload's, for a plain browser: each method forwards
 * to a transport function the host provides (a test's fake, or a Playwright
 * binding into the real main-process handlers). This is what lets the
 * renderer run outside Electron.
 */
import {
  bridgeChannels,
  type Channel,
  type FilingDeskBridge,
  type IpcResult,
  type RequestOf,
  type ResponseOf,
} from '../../../preload/contract.js';

export type BridgeTransport = <C extends Channel>(channel: C, request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;

export function createBrowserBridge(transport: BridgeTransport): FilingDeskBridge {
  return {
    buildCt600: (request) => transport(bridgeChannels.buildCt600, request),
    verifyCt600: (file) => transport(bridgeChannels.verifyCt600, file),
    buildPackage: (request) => transport(bridgeChannels.buildPackage, request),
    validatePackage: (file) => transport(bridgeChannels.validatePackage, file),
    saveFile: (request) => transport(bridgeChannels.saveFile, request),
    appInfo: () => transport(bridgeChannels.appInfo, undefined),
  } satisfies FilingDeskBridge;
}
