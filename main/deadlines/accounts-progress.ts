/**
 * How far each period's accounts have got, from the app's records: an
 * accounts draft (built or not) and a filing Companies House accepted live.
 * The records come in already reduced to this shape, so the Deadlines screen
 * and `cli deadlines` place them by the same rule.
 */
import type { AccountsProgress, Period } from '../engine/deadlines/index.js';

/** One set of accounts the app holds for a client and period. */
export interface AccountsWork {
  clientId: string;
  periodFrom: string;
  periodTo: string;
  /** An accounts draft's state: built means the accounts document exists. */
  state: 'draft' | 'built';
  draftId: string | null;
  /** The day Companies House accepted them, on a live filing; absent while not accepted. */
  deliveredOn?: string;
}

const RANK = { draft: 1, built: 2 } as const;

/** The furthest state per client and period, and the earliest day accepted. */
export function accountsProgressOf(work: readonly AccountsWork[]): AccountsProgress {
  const best = new Map<string, { state: 'draft' | 'built'; draftId: string | null; deliveredOn?: string }>();
  for (const w of work) {
    const key = `${w.clientId}/${w.periodFrom}/${w.periodTo}`;
    const known = best.get(key);
    const state = known && RANK[known.state] > RANK[w.state] ? known.state : w.state;
    const draftId = known && RANK[known.state] > RANK[w.state] ? known.draftId : (w.draftId ?? known?.draftId ?? null);
    const days = [known?.deliveredOn, w.deliveredOn].filter((d): d is string => d !== undefined).sort();
    best.set(key, { state, draftId, ...(days.length > 0 && { deliveredOn: days[0]! }) });
  }
  return (clientId, period) => best.get(`${clientId}/${period.start}/${period.end}`);
}

/** The periods of each client's accounts work, for listing until delivered. */
export function accountsPeriodsByClient(work: readonly AccountsWork[]): Map<string, Period[]> {
  const byClient = new Map<string, Period[]>();
  for (const w of work) {
    const list = byClient.get(w.clientId) ?? [];
    list.push({ start: w.periodFrom, end: w.periodTo });
    byClient.set(w.clientId, list);
  }
  return byClient;
}
