/**
 * One open draft: its form as typed, saved as the user types (debounced), with
 * the save's state on show. Nothing typed is lost on a reload: every change is
 * saved within AUTOSAVE_DELAY_MS, and flush() saves at once (menu Save,
 * leaving the draft).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Draft, DraftForm, DraftSaveRequest, FilingDeskBridge } from '../../../preload/contract.js';
import { newerDraftGate } from './newer-draft.js';

export const AUTOSAVE_DELAY_MS = 400;
/** The longest wait before trying again after saves keep failing. */
export const RETRY_MAX_DELAY_MS = 30_000;

/** The wait before the next try after `failures` saves failed in a row: twice as long each time, up to RETRY_MAX_DELAY_MS. */
export const retryDelay = (delay: number, failures: number) => Math.min(delay * 2 ** (failures - 1), RETRY_MAX_DELAY_MS);

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
  /** Replace the draft as main returned it (after attach, detach or build) without touching the form; an older one than already adopted is ignored. */
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
  /** The newest whole draft main has answered with (opened or adopted). */
  const newer = newerDraftGate();
  /** Saves that failed in a row: each retry waits twice as long as the one before. */
  let failures = 0;

  return createStore<DraftSessionState<F>>((set, get) => {
    const schedule = (wait = delay) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void write();
      }, wait);
    };
    const cancelTimer = () => {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
    };
    /** A failed save leaves the changes waiting: try again without waiting for another keystroke. */
    const failed = (message: string) => {
      if (disposed) return;
      failures += 1;
      set({ save: { state: 'failed', message }, dirty: true });
      schedule(retryDelay(delay, failures));
    };

    /** Writes the form as it is now; a change made while writing is written next. */
    const write = async (): Promise<boolean> => {
      while (inFlight) await inFlight;
      const { form, draft, clientId, dirty } = get();
      if (!form || !draft || !dirty) return get().save.state !== 'failed';
      // This write takes everything typed so far: a pending autosave or retry has nothing left to do.
      cancelTimer();
      const meta = describe(form);
      const request: DraftSaveRequest = { id: draft.id, clientId, title: meta.title, periodFrom: meta.periodFrom, periodTo: meta.periodTo, form: form as DraftForm };
      set({ save: { state: 'saving' }, dirty: false });
      const attempt = (async () => {
        try {
          const result = await bridge.saveDraft(request);
          if (!result.ok) {
            failed(result.error.message);
            return false;
          }
          failures = 0;
          if (disposed) return true;
          const current = get().draft;
          set({
            save: { state: 'saved', at: result.value.changedAt },
            draft: current
              ? { ...current, ...meta, clientId, form: request.form, changedAt: result.value.changedAt, changedSinceBuild: result.value.changedSinceBuild, state: result.value.state }
              : current,
          });
          return true;
        } catch (error) {
          failed(error instanceof Error ? error.message : String(error));
          return false;
        }
      })();
      inFlight = attempt;
      // Cleared before anyone waiting on the save resumes: they see it over.
      void attempt.finally(() => {
        if (inFlight === attempt) inFlight = null;
      });
      return attempt;
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
        // Opened again after dispose (React's StrictMode mounts, unmounts and mounts again): live again.
        disposed = false;
        set({ loading: true, loadError: null });
        try {
          const result = await bridge.openDraft({ id: draftId });
          if (disposed) return;
          if (!result.ok) return set({ loading: false, loadError: result.error.message });
          newer.take(result.value.changedAt);
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
      adoptDraft: (draft) => {
        // A save's answer is not compared, as it carries no attachments.
        if (!newer.take(draft.changedAt)) return;
        set({ draft: { ...draft, form: get().form as DraftForm } });
      },
      // "Saved" only once everything typed is written: waits for a save already under way
      // (another caller's, or an autosave), then writes what is still waiting, until nothing
      // is. A failed save ends the wait with false; its retry is already scheduled.
      flush: async () => {
        cancelTimer();
        for (;;) {
          if (inFlight) {
            await inFlight;
            continue;
          }
          const { form, draft, dirty } = get();
          if (!form || !draft || !dirty) return get().save.state !== 'failed';
          if (!(await write())) return false;
        }
      },
      dispose: () => {
        // Leaving the wizard saves what is pending first, whether it waits for the pause or
        // for a retry after a failed save; nothing typed is dropped. The write goes ahead after
        // dispose; only its answer is no longer shown.
        if (timer || get().dirty) {
          cancelTimer();
          void write();
        }
        disposed = true;
      },
    };
  });
}
