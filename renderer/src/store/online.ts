import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { FilingDeskBridge, OnlineStatus, SessionStatus } from '../../../preload/contract.js';

/**
 * What the window knows about the filing service: the status main pushes,
 * the session (who is signed in where, never a secret) and the validation
 * jobs this window has followed. `changes` counts status pushes, so screens
 * that list the outbox or a draft's service results fetch again when
 * anything moved.
 */
export interface OnlineState {
  status: OnlineStatus | null;
  session: SessionStatus | null;
  /** Why the status could not be read, in words; null when it could. */
  problem: string | null;
  changes: number;
  /** Job ids followed from this window (the outbox's own job ids are listed from the outbox). */
  followedJobs: string[];
  refresh(): Promise<void>;
  refreshSession(): Promise<void>;
  setSession(session: SessionStatus): void;
  addFollowedJob(id: string): void;
  /** Listens to main's pushes and reads the status once; returns the function that stops listening. */
  connect(): () => void;
}

export type OnlineStore = StoreApi<OnlineState>;

export function createOnlineStore(bridge: FilingDeskBridge): OnlineStore {
  const store = createStore<OnlineState>((set, get) => ({
    status: null,
    session: null,
    problem: null,
    changes: 0,
    followedJobs: [],
    refresh: async () => {
      try {
        const status = await bridge.onlineStatus();
        if (status.ok) set((s) => ({ status: status.value, problem: null, changes: s.changes + 1 }));
        else set({ problem: status.error.message });
      } catch {
        set({ problem: 'Filing Desk could not read the connection status.' });
      }
      await get().refreshSession();
    },
    refreshSession: async () => {
      try {
        const session = await bridge.sessionStatus();
        if (session.ok) set({ session: session.value });
      } catch {
        // The status line already says what it can; the sign-in form stays as it was.
      }
    },
    setSession: (session) => set({ session }),
    addFollowedJob: (id) => set((s) => (s.followedJobs.includes(id) ? s : { followedJobs: [id, ...s.followedJobs] })),
    connect: () => {
      const stop = bridge.onOnlineStatus((status) => {
        const before = get().status;
        set((s) => ({ status, changes: s.changes + 1 }));
        // Who is signed in changed, or the queue paused for sign-in: the form must show why.
        if (before?.signedInAs !== status.signedInAs || before?.state !== status.state) void get().refreshSession();
      });
      void get().refresh();
      return stop;
    },
  }));
  return store;
}

export const OnlineContext = createContext<OnlineStore | null>(null);

/** Outside the app (a wizard shown on its own): nothing known, nothing pushed. */
const detached: OnlineStore = createStore<OnlineState>(() => ({
  status: null,
  session: null,
  problem: null,
  changes: 0,
  followedJobs: [],
  refresh: async () => undefined,
  refreshSession: async () => undefined,
  setSession: () => undefined,
  addFollowedJob: () => undefined,
  connect: () => () => undefined,
}));

export function useOnline<T>(selector: (state: OnlineState) => T): T {
  return useStore(useContext(OnlineContext) ?? detached, selector);
}
