import { createContext, useContext } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Client, ClientBookNotice, ClientDetails, FieldError, FilingDeskBridge } from '../../../preload/contract.js';
import { settle } from '../features/frame/bridge-call.js';

export type ClientListLoad = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

export type SaveOutcome = { ok: true; client: Client } | { ok: false; message: string; errors: FieldError[] };

export interface ClientsStore {
  query: string;
  includeArchived: boolean;
  load: ClientListLoad;
  clients: Client[];
  /** Why the book on disk could not be used as it is (moved aside, or read-only), or null. */
  notice: ClientBookNotice | null;
  setQuery(query: string): void;
  setIncludeArchived(includeArchived: boolean): void;
  refresh(): Promise<void>;
  save(id: string | undefined, details: ClientDetails): Promise<SaveOutcome>;
  setArchived(client: Client, archived: boolean): Promise<string | null>;
  /** Every active client, for the "New CT600 return" chooser (no query). */
  activeClients(): Promise<{ clients: Client[] } | { message: string }>;
}

export function createClientsStore(bridge: FilingDeskBridge): StoreApi<ClientsStore> {
  // A later search wins: answers to earlier ones that arrive late are dropped.
  let latest = 0;
  return createStore<ClientsStore>((set, get) => ({
    query: '',
    includeArchived: false,
    load: { status: 'loading' },
    clients: [],
    notice: null,
    setQuery: (query) => {
      set({ query });
      void get().refresh();
    },
    setIncludeArchived: (includeArchived) => {
      set({ includeArchived });
      void get().refresh();
    },
    refresh: async () => {
      const ticket = ++latest;
      const { query, includeArchived } = get();
      const result = await settle(() => bridge.listClients({ query, includeArchived }), 'list your clients');
      if (ticket !== latest) return;
      if (!result.ok) return set({ load: { status: 'error', message: result.failure.message } });
      // Asked after the list: the list is what reads the book, and so what moves an unreadable one aside.
      const notice = await settle(() => bridge.clientBookNotice(), 'check the client book');
      if (ticket !== latest) return;
      set({ load: { status: 'ready' }, clients: result.value, notice: notice.ok ? notice.value : get().notice });
    },
    save: async (id, details) => {
      const result = await settle(() => bridge.saveClient(id ? { id, details } : { details }), 'save the client');
      if (!result.ok) return { ok: false, message: result.failure.message, errors: result.failure.errors ?? [] };
      void get().refresh();
      return { ok: true, client: result.value };
    },
    setArchived: async (client, archived) => {
      const result = await settle(() => bridge.archiveClient({ id: client.id, archived }), 'change the client');
      if (!result.ok) return result.failure.message;
      await get().refresh();
      return null;
    },
    activeClients: async () => {
      const result = await settle(() => bridge.listClients({ query: '', includeArchived: false }), 'list your clients');
      return result.ok ? { clients: result.value } : { message: result.failure.message };
    },
  }));
}

export const ClientsContext = createContext<StoreApi<ClientsStore> | null>(null);

export function useClientsStore(): StoreApi<ClientsStore> {
  const store = useContext(ClientsContext);
  if (!store) throw new Error('useClientsStore outside ClientsContext');
  return store;
}
