/**
 * What the deadline rules need from the app's own records: the client book's
 * clients and periods, and how far each return's draft has got. Drafts are
 * matched to an accounting period by client and exact period dates, as the
 * CT600 wizard saves them.
 */
import type { Client, DraftSummary } from '../../preload/contract.js';
import type { DeadlineClientInput, DraftProgress } from '../engine/deadlines/index.js';
import { poundsToPence } from './tax-payable.js';

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
      companyNumber: c.registrationNumber,
      incorporatedOn: c.incorporatedOn ?? null,
      accountsLateBefore: c.accountsLateBefore === true,
      periods: (c.periods ?? []).map((p) => ({
        start: p.start,
        end: p.end,
        filedOn: p.filedOn,
        accepted: p.accepted,
        noticeServedOn: p.noticeServedOn ?? null,
        accountsDeliveredOn: p.accountsDeliveredOn ?? null,
        shortenedByNoticeOn: p.shortenedByNoticeOn ?? null,
        payments: (p.payments ?? []).flatMap((pay) => {
          const pence = poundsToPence(pay.amount);
          return pence === null ? [] : [{ date: pay.date, pence }];
        }),
      })),
    }));
}

const RANK = { draft: 1, built: 2 } as const;

/** A submission HMRC accepted, as the deadlines need it. */
export interface AcceptedFiling {
  environment: string;
  clientId?: string;
  utr: string;
  periodFrom: string;
  periodTo: string;
  state: string;
  outcome?: { kind: string; acceptedTime?: string };
}

/**
 * Which accounting periods HMRC accepted a live return for, by client and
 * dates: a submission made from a client's draft counts for that client, one
 * sent without (the command line) for the client with its UTR. Test in Live
 * and HMRC's test service file nothing, so they never count.
 */
function acceptedOnByPeriod(clients: readonly Pick<Client, 'id' | 'utr' | 'archived'>[], submissions: readonly AcceptedFiling[]): Map<string, string> {
  const byUtr = new Map(clients.filter((c) => !c.archived && c.utr).map((c) => [c.utr.replace(/\s/g, ''), c.id]));
  const accepted = new Map<string, string>();
  for (const s of submissions) {
    if (s.environment !== 'live' || s.state !== 'accepted' || s.outcome?.kind !== 'accepted' || !s.outcome.acceptedTime) continue;
    const clientId = s.clientId ?? byUtr.get(s.utr);
    if (!clientId) continue;
    const key = `${clientId}/${s.periodFrom}/${s.periodTo}`;
    const day = localToday(new Date(s.outcome.acceptedTime));
    // An amendment accepted later does not move the day the return was delivered.
    const known = accepted.get(key);
    if (!known || day < known) accepted.set(key, day);
  }
  return accepted;
}

/**
 * `taxPayable`: box 525 of the return built (or filed) for each period, in
 * pence, by "clientId/from/to" (tax-payable.ts); `s455`: its box 480, the
 * s455 tax on loans to participators that box 525 includes.
 */
export function draftProgressOf(
  drafts: readonly DraftSummary[],
  accepted: { clients: readonly Pick<Client, 'id' | 'utr' | 'archived'>[]; submissions: readonly AcceptedFiling[] } = { clients: [], submissions: [] },
  taxPayable: ReadonlyMap<string, number> = new Map(),
  s455: ReadonlyMap<string, number> = new Map(),
): DraftProgress {
  const best = new Map<string, { state: 'draft' | 'built'; draftId: string }>();
  for (const d of drafts) {
    if (d.kind !== 'ct600' || d.clientId === null || d.periodFrom === null || d.periodTo === null) continue;
    const key = `${d.clientId}/${d.periodFrom}/${d.periodTo}`;
    const state = d.state === 'in-progress' ? 'draft' : 'built';
    const known = best.get(key);
    if (!known || RANK[state] > RANK[known.state]) best.set(key, { state, draftId: d.id });
  }
  const acceptedOn = acceptedOnByPeriod(accepted.clients, accepted.submissions);
  // A draft HMRC accepted live says so itself, should its submission record be gone (deleted, or on another computer).
  for (const d of drafts) {
    if (d.kind !== 'ct600' || d.clientId === null || d.periodFrom === null || d.periodTo === null || d.filed?.environment !== 'live') continue;
    const key = `${d.clientId}/${d.periodFrom}/${d.periodTo}`;
    const day = localToday(new Date(d.filed.acceptedAt));
    // A time that is not one (a draft changed by hand) proves nothing.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const known = acceptedOn.get(key);
    if (!known || day < known) acceptedOn.set(key, day);
  }
  return (clientId, period) => {
    const key = `${clientId}/${period.start}/${period.end}`;
    const draft = best.get(key);
    const day = acceptedOn.get(key);
    const tax = taxPayable.get(key);
    const loans = s455.get(key);
    const withTax = { ...(tax === undefined ? {} : { taxPayablePence: tax }), ...(loans === undefined ? {} : { s455Pence: loans }) };
    if (!day) return draft && { ...draft, ...withTax };
    return { state: draft?.state ?? 'built', draftId: draft?.draftId ?? null, acceptedOn: day, ...withTax };
  };
}

/** Today on the user's own calendar (the machine's time zone), as an ISO date: a deadline is a day in the UK, not a UTC instant. */
export function localToday(now: Date): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
