import { createContext, useContext } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeadlineList, FilingDeskBridge } from '../../../preload/contract.js';
import { settle } from '../features/frame/bridge-call.js';

export interface DeadlinesStore {
  list: DeadlineList | null;
  /** Why the list could not be made, in words; the last good list stays shown. */
  problem: string | null;
  refresh(): Promise<void>;
}

/** The firm's deadlines as main computed them; refreshed when the window moves between sections and drafts. */
export function createDeadlinesStore(bridge: FilingDeskBridge): StoreApi<DeadlinesStore> {
  let latest = 0;
  return createStore<DeadlinesStore>((set) => ({
    list: null,
    problem: null,
    refresh: async () => {
      const ticket = ++latest;
      const result = await settle(() => bridge.listDeadlines(), 'list your deadlines');
      if (ticket !== latest) return;
      if (result.ok) set({ list: result.value, problem: null });
      else set({ problem: result.failure.message });
    },
  }));
}

export const DeadlinesContext = createContext<StoreApi<DeadlinesStore> | null>(null);

export function useDeadlinesStore(): StoreApi<DeadlinesStore> {
  const store = useContext(DeadlinesContext);
  if (!store) throw new Error('useDeadlinesStore outside DeadlinesContext');
  return store;
}
