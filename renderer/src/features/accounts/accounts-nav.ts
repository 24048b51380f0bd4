/**
 * Which accounts draft the Accounts section has open, and which client a
 * new one starts from (Start, or a client's page): kept over a reload of the
 * page, as the open return is. The draft's contents come from main.
 */
import { create } from 'zustand';

const STORAGE_KEY = 'filing-desk.accounts';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function remembered(): string | null {
  try {
    const id = (JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as { openId?: unknown } | null)?.openId;
    return typeof id === 'string' && /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

interface AccountsNavState {
  openId: string | null;
  /** The client a new set of accounts starts from, when one was chosen before coming here. */
  startClientId: string | null;
  open(id: string): void;
  close(): void;
  startFor(clientId: string | null): void;
}

export const useAccountsNav = create<AccountsNavState>((set) => ({
  openId: remembered(),
  startClientId: null,
  open: (id) => {
    set({ openId: id, startClientId: null });
    try {
      storage()?.setItem(STORAGE_KEY, JSON.stringify({ openId: id }));
    } catch {
      // Storage refused: the section opens on its list after a reload.
    }
  },
  close: () => {
    set({ openId: null });
    try {
      storage()?.removeItem(STORAGE_KEY);
    } catch {
      // As above.
    }
  },
  startFor: (clientId) => set({ openId: null, startClientId: clientId }),
}));
