/**
 * One open accounts draft in the window: the view main read of it (trial
 * balance, mapping, builds), the answers as typed, saved as the user types
 * (debounced) and at once on flush, so nothing typed is lost on a reload.
 * A failed save keeps the answers waiting and tries again, waiting longer
 * each time.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AccountsAnswers, AccountsStandard, AccountsView, FilingDeskBridge } from '../../../../preload/contract.js';
import { AUTOSAVE_DELAY_MS, retryDelay, type SaveStatus } from '../../store/draft-session.js';
import { newerDraftGate } from '../../store/newer-draft.js';

export interface AccountsSessionState {
  loading: boolean;
  loadError: string | null;
  view: AccountsView | null;
  answers: AccountsAnswers | null;
  standard: AccountsStandard;
  save: SaveStatus;
  dirty: boolean;
  open(): Promise<void>;
  update(change: (answers: AccountsAnswers) => AccountsAnswers): void;
  setStandard(standard: AccountsStandard): void;
  /** The view as main returned it after a change it made (trial balance, mapping, build, attach); the answers stay as typed. One older than a view already taken (a late answer) is ignored. */
  adopt(view: AccountsView): void;
  flush(): Promise<boolean>;
  dispose(): void;
}

export function createAccountsSession(options: { bridge: FilingDeskBridge; id: string; delayMs?: number }): StoreApi<AccountsSessionState> {
  const { bridge, id } = options;
  const delay = options.delayMs ?? AUTOSAVE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<boolean> | null = null;
  let failures = 0;
  let disposed = false;
  /** The newest view main has answered with (opened or adopted). */
  const newer = newerDraftGate();

  return createStore<AccountsSessionState>((set, get) => {
    const schedule = (wait = delay) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void write();
      }, wait);
    };
    const write = async (): Promise<boolean> => {
      while (inFlight) await inFlight;
      const { answers, standard, dirty } = get();
      if (!answers || !dirty) return get().save.state !== 'failed';
      if (timer) clearTimeout(timer);
      timer = null;
      set({ save: { state: 'saving' }, dirty: false });
      const attempt = (async () => {
        try {
          const result = await bridge.saveAccounts({ id, standard, answers });
          if (!result.ok) throw new Error(result.error.message);
          failures = 0;
          if (disposed) return true;
          const view = get().view;
          set({ save: { state: 'saved', at: result.value.changedAt }, view: view ? { ...view, draft: { ...view.draft, answers, standard, changedAt: result.value.changedAt, changedSinceBuild: result.value.changedSinceBuild } } : view });
          return true;
        } catch (error) {
          if (disposed) return false;
          failures += 1;
          set({ save: { state: 'failed', message: error instanceof Error ? error.message : String(error) }, dirty: true });
          schedule(retryDelay(delay, failures));
          return false;
        }
      })();
      inFlight = attempt;
      void attempt.finally(() => {
        if (inFlight === attempt) inFlight = null;
      });
      return attempt;
    };

    return {
      loading: true,
      loadError: null,
      view: null,
      answers: null,
      standard: 'FRS 105',
      save: { state: 'idle' },
      dirty: false,
      open: async () => {
        disposed = false;
        set({ loading: true, loadError: null });
        const result = await bridge.openAccounts({ id }).catch((error: unknown) => ({ ok: false as const, error: { message: String(error) } }));
        if (disposed) return;
        if (!result.ok) return set({ loading: false, loadError: result.error.message });
        newer.take(result.value.draft.changedAt);
        set({ loading: false, view: result.value, answers: result.value.draft.answers, standard: result.value.draft.standard });
      },
      update: (change) => {
        const answers = get().answers;
        if (!answers) return;
        set({ answers: change(answers), dirty: true });
        schedule();
      },
      setStandard: (standard) => {
        set({ standard, dirty: true });
        schedule();
      },
      adopt: (view) => {
        // A save's answer is not compared: it changes only the answers, which stay as typed.
        if (!newer.take(view.draft.changedAt)) return;
        const answers = get().answers;
        // What was typed and not yet saved stays on screen and is saved next.
        set({ view: answers ? { ...view, draft: { ...view.draft, answers, standard: get().standard } } : view });
      },
      flush: async () => {
        for (;;) {
          if (inFlight) {
            await inFlight;
            continue;
          }
          if (!get().dirty) return get().save.state !== 'failed';
          if (!(await write())) return false;
        }
      },
      dispose: () => {
        if (timer || get().dirty) void write();
        disposed = true;
      },
    };
  });
}
