/**
 * The office's sync state in the words the Outbox uses for a request to the
 * filing service (Waiting, Sending, Done, Failed), so Settings › Office and
 * the Outbox say the same thing about the same sync.
 */
import type { OfficeStatusView, OfficeSyncState } from '../../../../preload/contract.js';
import { ukDateTime } from '../../format/index.js';

export type OfficeSyncStateWord = 'queued' | 'sending' | 'done' | 'failed';

/** Which of the Outbox's states the office sync is in: a problem outranks everything, then a sync running, then changes waiting. */
export function officeSyncStateOf(sync: OfficeSyncState): OfficeSyncStateWord {
  if (sync.running) return 'sending';
  if (sync.problem) return 'failed';
  if (sync.pending > 0 || sync.lastSync === null) return 'queued';
  return 'done';
}

/** A reason as main recorded it ("the office at … could not be reached: …") as a sentence of its own. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** "3 of 12 records sent", or the step alone when the desk cannot yet say how many. */
export function progressWords(running: NonNullable<OfficeSyncState['running']>): string {
  return running.total === null ? `${running.step}…` : `${running.step}: ${running.done.toLocaleString('en-GB')} of ${running.total.toLocaleString('en-GB')}`;
}

export function lastSyncedWords(sync: OfficeSyncState): string {
  if (!sync.lastSync) return 'Not yet';
  const { at, pushed, pulled } = sync.lastSync;
  return `${ukDateTime(at)} (${plural(pushed, 'change', 'changes')} sent, ${plural(pulled, 'change', 'changes')} received)`;
}

export function pendingWords(pending: number): string {
  return pending === 0 ? 'None' : plural(pending, 'change', 'changes');
}

/** One sentence for the Outbox row: what the sync is doing or did. */
export function officeSyncSentence(status: Extract<OfficeStatusView, { joined: true }>): string {
  const { sync } = status;
  if (sync.running) return `Syncing with the office now. ${progressWords(sync.running)}`;
  if (sync.problem) return `The last sync did not finish. ${asSentence(sync.problem)} Changes are kept on this desk and sent at the next sync.`;
  const conflicts = sync.conflicts.length > 0 ? ` ${plural(sync.conflicts.length, 'record was', 'records were')} changed on another desk too: choose which version to keep in Settings › Office.` : '';
  if (sync.pending > 0) return `${plural(sync.pending, 'change waits', 'changes wait')} to be sent to the office at the next sync.${conflicts}`;
  if (!sync.lastSync) return `Not synced with the office yet.${conflicts}`;
  return `Everything on this desk is with the office (last synced ${ukDateTime(sync.lastSync.at)}).${conflicts}`;
}
