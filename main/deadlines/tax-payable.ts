/**
 * The tax each accounting period's return says is payable (CT600 box 525),
 * read from the bytes of the latest build of its draft (or the build HMRC
 * accepted), never from the form, which may have changed since. Interest is
 * worked out on it, so a period without a built return shows no interest.
 */
import type { Draft } from '../../preload/contract.js';
import { addDays, addMonths, compareIso } from '../engine/deadlines/calendar.js';
import { summariseReturn } from '../filing/return-summary.js';

/** What is needed of a draft: its period, and its last build. */
export type BuiltDraft = Pick<Draft, 'id' | 'kind' | 'clientId' | 'periodFrom' | 'periodTo' | 'lastBuild' | 'filed'>;

/** "12000.00" (or "12000") as whole pence; null when not an amount. */
export function poundsToPence(text: string): number | null {
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -pence : pence;
}

/** Box 525 of a built return, in pence; null when the return has no box 525 or cannot be read. */
export function box525Pence(built: Uint8Array): number | null {
  try {
    const summary = summariseReturn(built);
    return summary.taxPayable?.box === '525' ? poundsToPence(summary.taxPayable.amount) : null;
  } catch {
    return null;
  }
}

/** Whether a draft's period has reached its normal payment date by `today` (before then no interest can run). */
export function paymentDatePassed(periodTo: string, today: string): boolean {
  return compareIso(addDays(addMonths(periodTo, 9), 1), today) < 0;
}

/**
 * For each client and period ("clientId/from/to"), box 525 of the return that
 * counts: the one filed with HMRC live, else the one built last.
 */
export async function taxPayableByPeriod(drafts: readonly BuiltDraft[], builtBytes: (draft: BuiltDraft) => Promise<Uint8Array | null>): Promise<Map<string, number>> {
  const chosen = new Map<string, BuiltDraft>();
  for (const d of drafts) {
    if (d.kind !== 'ct600' || d.clientId === null || d.periodFrom === null || d.periodTo === null || !d.lastBuild) continue;
    const key = `${d.clientId}/${d.periodFrom}/${d.periodTo}`;
    const known = chosen.get(key);
    if (!known || rank(d) > rank(known) || (rank(d) === rank(known) && d.lastBuild.builtAt > known.lastBuild!.builtAt)) chosen.set(key, d);
  }
  const taxes = new Map<string, number>();
  for (const [key, d] of chosen) {
    const bytes = await builtBytes(d).catch(() => null);
    const pence = bytes ? box525Pence(bytes) : null;
    if (pence !== null && pence >= 0) taxes.set(key, pence);
  }
  return taxes;
}

const rank = (d: BuiltDraft) => (d.filed?.environment === 'live' ? 1 : 0);
