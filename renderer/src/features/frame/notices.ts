import { create } from 'zustand';

/** A short message about something that just happened, with at most one action ("Undo"). */
export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
  action?: { label: string; run(): void };
}

interface NoticeState {
  notices: Notice[];
  show(notice: Omit<Notice, 'id'>): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;

/**
 * Notices stay until dismissed or pushed out by newer ones (at most three), so
 * a keyboard or screen-reader user has time to reach an Undo button; nothing
 * disappears on a timer.
 */
export const useNotices = create<NoticeState>((set) => ({
  notices: [],
  show: (notice) => {
    const id = nextId++;
    set((s) => ({ notices: [...s.notices, { ...notice, id }].slice(-3) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  clear: () => set({ notices: [] }),
}));
