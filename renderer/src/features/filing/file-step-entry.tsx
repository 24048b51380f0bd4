/**
 * The File with HMRC step's place in the CT600 wizard: its task-list entry,
 * and the banner a filed return shows on every other step.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Draft, DraftFiled } from '../../../../preload/contract.js';
import type { TaskStatus } from '../../components/TaskList.js';
import { settle } from '../frame/bridge-call.js';
import { useFilingApi } from './filing-api.js';
import type { SubmissionView } from './filing-types.js';
import { ENVIRONMENT_SHORT, isUnderWay, receiptTime } from './filing-words.js';

type LatestFiling = Pick<SubmissionView, 'state' | 'environment'>;

/** The newest submission of each open draft, as main last reported it: the File step keeps it current. */
export const useLatestFilings = create<{ byDraft: Record<string, LatestFiling>; note(draftId: string, latest: LatestFiling): void }>((set) => ({
  byDraft: {},
  // Unchanged news keeps the same store: the wizard reading it would otherwise render again on every poll.
  note: (draftId, latest) =>
    set((s) => {
      const known = s.byDraft[draftId];
      if (known && known.state === latest.state && known.environment === latest.environment) return s;
      return { byDraft: { ...s.byDraft, [draftId]: { state: latest.state, environment: latest.environment } } };
    }),
}));

/** The draft's newest submission: asked of main once when the return opens, then kept by the File step. */
export function useLatestFiling(draftId: string): LatestFiling | null {
  const api = useFilingApi();
  const note = useLatestFilings((s) => s.note);
  useEffect(() => {
    let gone = false;
    void settle(() => api.list({ draftId }), 'read this return’s filings').then((r) => {
      if (!gone && r.ok && r.value[0]) note(draftId, r.value[0]);
    });
    return () => {
      gone = true;
    };
  }, [api, draftId, note]);
  return useLatestFilings((s) => s.byDraft[draftId] ?? null);
}

export type FileStepId = 'file';

export const FILE_STEP = { id: 'file' as FileStepId, title: 'File with HMRC', summary: 'Send the built return to HMRC, follow it and keep HMRC’s receipt' };

/** The draft's filed mark: set once HMRC accepted it, cleared by starting an amendment. */
export function filedOf(draft: Draft): DraftFiled | null {
  return draft.filed ?? null;
}

/**
 * Filed (accepted live) is complete; a test accepted or a filing under way is
 * in progress; HMRC's rejection has errors; otherwise a current, valid build
 * can be filed and anything else must be built first.
 */
export function fileTaskStatus(draft: Draft, checkStatus: TaskStatus, latest: LatestFiling | null): TaskStatus {
  if (filedOf(draft)) return 'Completed';
  if (latest && isUnderWay(latest.state)) return 'In progress';
  if (latest && !draft.changedSinceBuild) {
    if (latest.state === 'accepted') return latest.environment === 'live' ? 'Completed' : 'In progress';
    if (latest.state === 'rejected' || latest.state === 'failed') return 'Has errors';
  }
  return checkStatus === 'Completed' ? 'Not started' : 'Cannot start yet';
}

export function FiledBanner({ filed, onShow }: { filed: DraftFiled; onShow(): void }) {
  return (
    <div className="filed-banner" role="note" data-testid="filed-banner">
      <p>
        <strong>This return was filed.</strong> HMRC accepted it on {receiptTime(filed.acceptedAt)} ({ENVIRONMENT_SHORT[filed.environment]}). It cannot be changed;
        start an amendment from File with HMRC to change it.
      </p>
      <button type="button" className="button" onClick={onShow}>
        See the receipt or start an amendment
      </button>
    </div>
  );
}
