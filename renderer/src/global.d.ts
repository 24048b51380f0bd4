import type { FilingDeskBridge } from '../../preload/contract.js';

declare global {
  interface Window {
    /** Set by the preload (Electron) or by a host's browser shim; absent in a bare browser. */
    filingDesk?: FilingDeskBridge;
  }
}
