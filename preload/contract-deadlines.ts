/**
 * Deadlines: every client's accounting periods, computed by main from the
 * client book, the drafts and the submissions to HMRC (main/engine/deadlines,
 * main/deadlines/firm-deadlines.ts): each period with a return started in
 * the app is listed until HMRC accepts it.
 */
import type { ReturnDeadlineRow } from '../main/engine/deadlines/deadline-list.js';
import type { DeadlineRow } from '../main/engine/deadlines/all-rows.js';
import type { AccountsDeadlineRow } from '../main/engine/deadlines/accounts-list.js';
import type { IpcResult } from './contract-ipc.js';

export type { AccountsDeadlineRow, DeadlineRow, ReturnDeadlineRow };

export interface DeadlineList {
  /** The day the list was computed for, on this computer's calendar (ISO). */
  today: string;
  /** Company Tax Returns and accounts to Companies House: overdue first, then due in the next 90 days, then later, then filed; overdue ones whatever their date. */
  rows: DeadlineRow[];
}

export interface DeadlineChannels {
  'deadlines.list': { request: void; response: DeadlineList };
}

export const deadlineChannels = ['deadlines.list'] as const satisfies ReadonlyArray<keyof DeadlineChannels>;

export interface DeadlineBridge {
  listDeadlines(): Promise<IpcResult<DeadlineList>>;
}

export const deadlineBridgeChannels = {
  listDeadlines: 'deadlines.list',
} as const satisfies { [M in keyof DeadlineBridge]: keyof DeadlineChannels };
