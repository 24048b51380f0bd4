import { create } from 'zustand';
import type { DraftKind } from '../../../preload/contract.js';

export type Section = 'start' | 'deadlines' | 'clients' | 'accounts' | 'validate' | 'verify' | 'settings' | 'outbox';

export const sections: ReadonlyArray<{ id: Section; label: string; built: boolean }> = [
  { id: 'start', label: 'Start', built: true },
  { id: 'deadlines', label: 'Deadlines', built: true },
  { id: 'clients', label: 'Clients', built: true },
  { id: 'accounts', label: 'Accounts', built: true },
  { id: 'validate', label: 'Validate a file', built: true },
  { id: 'verify', label: 'Verify a file', built: true },
  { id: 'settings', label: 'Settings', built: true },
  { id: 'outbox', label: 'Outbox', built: true },
];

/** The draft open in the window, if any: its id and kind, never its figures. */
export interface OpenDraft {
  id: string;
  kind: DraftKind;
}

interface NavigationState {
  section: Section;
  draft: OpenDraft | null;
  /** The "New CT600 return" chooser is showing on Start (from its button, the menu or the client book). */
  newReturn: boolean;
  /** The "New report package" chooser is showing on Start (from its button or the menu). */
  newPackage: boolean;
  go(section: Section): void;
  openDraft(draft: OpenDraft): void;
  closeDraft(): void;
  startNewReturn(): void;
  endNewReturn(): void;
  startNewPackage(): void;
  endNewPackage(): void;
}

/**
 * What survives a reload of the page (not a restart of the app): the section
 * and the open draft's id, so the bookkeeper lands back where they were. The
 * draft's contents come back from main's drafts store, never from here.
 */
const STORAGE_KEY = 'filing-desk.navigation';
const sectionIds = new Set<string>(sections.map((s) => s.id));

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readRemembered(): { section: Section; draft: OpenDraft | null } {
  const fallback = { section: 'start' as Section, draft: null };
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return fallback;
  try {
    const parsed = JSON.parse(raw) as { section?: unknown; draft?: { id?: unknown; kind?: unknown } | null };
    const section = typeof parsed.section === 'string' && sectionIds.has(parsed.section) ? (parsed.section as Section) : 'start';
    const d = parsed.draft;
    const draft =
      d && typeof d.id === 'string' && d.id.length > 0 && d.id.length <= 200 && (d.kind === 'ct600' || d.kind === 'report-package')
        ? { id: d.id, kind: d.kind as DraftKind }
        : null;
    return { section, draft };
  } catch {
    return fallback;
  }
}

function remember(section: Section, draft: OpenDraft | null): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ section, draft: draft ? { id: draft.id, kind: draft.kind } : null }));
  } catch {
    // Storage refused (private mode, quota): the app still works, it just opens on Start next time.
  }
}

// Opens on Start, or where the page was before a reload.
export const useNavigation = create<NavigationState>((set, get) => ({
  ...readRemembered(),
  newReturn: false,
  newPackage: false,
  go: (section) => {
    set({ section, draft: null, newReturn: false, newPackage: false });
    remember(section, null);
  },
  openDraft: (draft) => {
    set({ section: 'start', draft, newReturn: false, newPackage: false });
    remember('start', draft);
  },
  closeDraft: () => {
    set({ draft: null });
    remember(get().section, null);
  },
  startNewReturn: () => {
    set({ section: 'start', draft: null, newReturn: true, newPackage: false });
    remember('start', null);
  },
  endNewReturn: () => set({ newReturn: false }),
  startNewPackage: () => {
    set({ section: 'start', draft: null, newReturn: false, newPackage: true });
    remember('start', null);
  },
  endNewPackage: () => set({ newPackage: false }),
}));
