/**
 * One open draft: its form as typed, saved as the user types (debounced), with
 * the save's state on show. Nothing typed is lost on a reload: every change is
 * saved within AUTOSAVE_DELAY_MS, and flush() saves at once (menu Save,
 * leaving the draft).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Draft, DraftForm, DraftSaveRequest, FilingDeskBridge } from '../../../preload/contract.js';

export const AUTOSAVE_DELAY_MS = 400;

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed'; message: string };

export interface DraftMeta {
  title: string;
  periodFrom: string | null;
  periodTo: string | null;
}

export interface DraftSessionState<F> {
  loading: boolean;
  loadError: string | null;
  draft: Draft | null;
  form: F | null;
  clientId: string | null;
  save: SaveStatus;
  /** Whether there are changes not yet written. */
  dirty: boolean;
  open(): Promise<void>;
  update(change: (form: F) => F): void;
  setClientId(clientId: string | null): void;
  /** Replace the draft as main returned it (after attach, detach or build) without touching the form. */
  adoptDraft(draft: Draft): void;
  flush(): Promise<boolean>;
  dispose(): void;
}

export interface DraftSessionOptions<F> {
  bridge: FilingDeskBridge;
  draftId: string;
  /** The stored form → the wizard's form (tolerant of an empty or older one). */
  read(stored: DraftForm): F;
  /** What the drafts list shows: title and period, from the form. */
  describe(form: F): DraftMeta;
  delayMs?: number;
}

export function createDraftSession<F extends object>(options: DraftSessionOptions<F>): StoreApi<DraftSessionState<F>> {
  const { bridge, draftId, read, describe } = options;
  const delay = options.delayMs ?? AUTOSAVE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<boolean> | null = null;
  let disposed = false;

  return createStore<DraftSessionState<F>>((set, get) => {
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void write();
      }, delay);
    };

    /** Writes the form as it is now; a change made while writing is written next. */
    const write = async (): Promise<boolean> => {
      if (inFlight) await inFlight;
      const { form, draft, clientId, dirty } = get();
      if (!form || !draft || !dirty) return get().save.state !== 'failed';
      const meta = describe(form);
      const request: DraftSaveRequest = { id: draft.id, clientId, title: meta.title, periodFrom: meta.periodFrom, periodTo: meta.periodTo, form: form as DraftForm };
      set({ save: { state: 'saving' }, dirty: false });
      const attempt = (async () => {
        try {
          const result = await bridge.saveDraft(request);
          if (disposed) return result.ok;
          if (!result.ok) {
            set({ save: { state: 'failed', message: result.error.message }, dirty: true });
            return false;
          }
          const current = get().draft;
          set({
            save: { state: 'saved', at: result.value.changedAt },
            draft: current
              ? { ...current, ...meta, clientId, form: request.form, changedAt: result.value.changedAt, changedSinceBuild: result.value.changedSinceBuild, state: result.value.state }
              : current,
          });
          return true;
        } catch (error) {
          if (!disposed) set({ save: { state: 'failed', message: error instanceof Error ? error.message : String(error) }, dirty: true });
          return false;
        }
      })();
      inFlight = attempt;
      const ok = await attempt;
      if (inFlight === attempt) inFlight = null;
      return ok;
    };

    return {
      loading: true,
      loadError: null,
      draft: null,
      form: null,
      clientId: null,
      save: { state: 'idle' },
      dirty: false,
      open: async () => {
        // Opened again after a dispose (React StrictMode runs effects twice): live again.
        disposed = false;
        set({ loading: true, loadError: null });
        try {
          const result = await bridge.openDraft({ id: draftId });
          if (disposed) return;
          if (!result.ok) return set({ loading: false, loadError: result.error.message });
          set({ loading: false, draft: result.value, clientId: result.value.clientId, form: read(result.value.form) });
        } catch (error) {
          if (!disposed) set({ loading: false, loadError: error instanceof Error ? error.message : String(error) });
        }
      },
      update: (change) => {
        const form = get().form;
        if (!form) return;
        set({ form: change(form), dirty: true });
        schedule();
      },
      setClientId: (clientId) => {
        set({ clientId, dirty: true });
        schedule();
      },
      adoptDraft: (draft) => set({ draft: { ...draft, form: get().form as DraftForm } }),
      flush: async () => {
        if (timer) {
          clearTimeout(timer);
          timer = null;
        }
        return write();
      },
      dispose: () => {
        // Leaving the wizard saves what is pending first; nothing typed is dropped.
        if (timer) {
          clearTimeout(timer);
          timer = null;
          void write().finally(() => (disposed = true));
        } else disposed = true;
      },
    };
  });
}
