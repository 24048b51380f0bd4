/**
 * The tax each accounting period's return says is payable (CT600 box 525),
 * read from the bytes of the latest build of its draft (or the build HMRC
 * accepted), never from the form, which may have changed since. Interest is
 * worked out on it, so a period without a built return shows no interest.
 * Box 480, the s455 tax on loans to participators, is read beside it: it is
 * part of box 525, due on the same day with interest as on the rest
 * (CTA 2010 s455(3); TMA 1970 s59D, s87A).
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
  return returnTaxes(built).payable;
}

/** Boxes 525 and 480 of a built return, in pence; null for a box the return lacks (or a return that cannot be read). */
export function returnTaxes(built: Uint8Array): { payable: number | null; s455: number | null } {
  try {
    const summary = summariseReturn(built);
    return { payable: summary.taxPayable?.box === '525' ? poundsToPence(summary.taxPayable.amount) : null, s455: summary.s455 === null ? null : poundsToPence(summary.s455) };
  } catch {
    return { payable: null, s455: null };
  }
}

/** Box 525 and, where the return has it, box 480 of the return that counts for each period, in pence, by "clientId/from/to". */
export interface PeriodTaxes {
  payable: Map<string, number>;
  s455: Map<string, number>;
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
  return (await taxesByPeriod(drafts, builtBytes)).payable;
}

/** Boxes 525 and 480 of the return that counts for each period (the one filed live, else the one built last), read once. */
export async function taxesByPeriod(drafts: readonly BuiltDraft[], builtBytes: (draft: BuiltDraft) => Promise<Uint8Array | null>): Promise<PeriodTaxes> {
  const chosen = new Map<string, BuiltDraft>();
  for (const d of drafts) {
    if (d.kind !== 'ct600' || d.clientId === null || d.periodFrom === null || d.periodTo === null || !d.lastBuild) continue;
    const key = `${d.clientId}/${d.periodFrom}/${d.periodTo}`;
    const known = chosen.get(key);
    if (!known || rank(d) > rank(known) || (rank(d) === rank(known) && d.lastBuild.builtAt > known.lastBuild!.builtAt)) chosen.set(key, d);
  }
  const taxes: PeriodTaxes = { payable: new Map(), s455: new Map() };
  for (const [key, d] of chosen) {
    const bytes = await builtBytes(d).catch(() => null);
    const { payable, s455 } = bytes ? returnTaxes(bytes) : { payable: null, s455: null };
    if (payable !== null && payable >= 0) taxes.payable.set(key, payable);
    if (s455 !== null && s455 > 0) taxes.s455.set(key, s455);
  }
  return taxes;
}

const rank = (d: BuiltDraft) => (d.filed?.environment === 'live' ? 1 : 0);
