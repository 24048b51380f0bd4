import { createContext, useContext, type ReactNode } from 'react';
import type { FilingDeskBridge } from '../../../preload/contract.js';

const BridgeContext = createContext<FilingDeskBridge | null>(null);

/** Components get the bridge from here, never from window, so tests hand in their own. */
export function BridgeProvider({ bridge, children }: { bridge: FilingDeskBridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>;
}

export function useBridge(): FilingDeskBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge outside BridgeProvider');
  return bridge;
}
