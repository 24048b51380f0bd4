/**
 * What the deadline rules need from the app's own records: the client book's
 * clients and periods, and how far each return's draft has got. Drafts are
 * matched to an accounting period by client and exact period dates, as the
 * CT600 wizard saves them.
 */
import type { Client, DraftSummary } from '../../preload/contract.js';
import type { DeadlineClientInput, DraftProgress } from '../engine/deadlines/index.js';

export function deadlineClientsOf(clients: readonly Client[]): DeadlineClientInput[] {
  return clients
    .filter((c) => !c.archived)
    .map((c) => ({
      id: c.id,
      name: c.companyName,
      utr: c.utr,
      usualPeriodEnd: c.periodEnd,
      instalments: c.instalments ?? null,
      lateTwiceBefore: c.lateTwiceBefore === true,
      periods: c.periods ?? [],
    }));
}

const RANK = { draft: 1, built: 2 } as const;

export function draftProgressOf(drafts: readonly DraftSummary[]): DraftProgress {
  const best = new Map<string, { state: 'draft' | 'built'; draftId: string }>();
  for (const d of drafts) {
    if (d.kind !== 'ct600' || d.clientId === null || d.periodFrom === null || d.periodTo === null) continue;
    const key = `${d.clientId}/${d.periodFrom}/${d.periodTo}`;
    const state = d.state === 'in-progress' ? 'draft' : 'built';
    const known = best.get(key);
    if (!known || RANK[state] > RANK[known.state]) best.set(key, { state, draftId: d.id });
  }
  return (clientId, period) => best.get(`${clientId}/${period.start}/${period.end}`);
}

/** Today on the user's own calendar (the machine's time zone), as an ISO date: a deadline is a day in the UK, not a UTC instant. */
export function localToday(now: Date): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
