/**
 * The File with HMRC step's place in the CT600 wizard: its task-list entry,
 * and the banner a filed return shows on every other step.
 */
import type { Draft } from '../../../../preload/contract.js';
import type { TaskStatus } from '../../components/TaskList.js';
import type { FilingEnvironment } from './filing-types.js';
import { ENVIRONMENT_SHORT, receiptTime } from './filing-words.js';

export type FileStepId = 'file';

export const FILE_STEP = { id: 'file' as FileStepId, title: 'File with HMRC', summary: 'Send the built return to HMRC, follow it and keep HMRC’s receipt' };

export interface FiledMark {
  transactionId: string;
  acceptedAt: string;
  environment: FilingEnvironment;
}

/** The draft's filed mark: set once HMRC accepted it, cleared by starting an amendment. */
export function filedOf(draft: Draft): FiledMark | null {
  return (draft as Draft & { filed?: FiledMark | null }).filed ?? null;
}

/** Filed is complete; a current, valid build can be filed; anything else must be built first. */
export function fileTaskStatus(draft: Draft, checkStatus: TaskStatus): TaskStatus {
  if (filedOf(draft)) return 'Completed';
  return checkStatus === 'Completed' ? 'Not started' : 'Cannot start yet';
}

export function FiledBanner({ filed, onShow }: { filed: FiledMark; onShow(): void }) {
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
