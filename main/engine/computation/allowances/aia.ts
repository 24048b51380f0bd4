/**
 * The annual investment allowance: its maximum for the period (CAA 2001
 * s51A; the straddling rules of CA23084), or the part of a group's or related
 * companies' single allowance allocated to this company (s51B–s51N: s51C a
 * group, s51E related companies under common control, s51K allocation;
 * CA23088), and how it is set against the expenditure claimed on.
 */
import type { ChargeablePeriod, IsoDate } from '../dates.js';
import { ukDate } from '../dates.js';
import type { Pool } from '../input-types.js';
import { poundsWords, type Pence } from '../money.js';
import { aiaMaximum, type AiaMaximum } from '../rates.js';

export const AIA_SHARED_RULE = 'CAA 2001 s51A–s51N (s51C groups, s51E related companies, s51K allocation); CA23088';

/** The maximum this company may claim: the period's maximum, or less when its group allocated it less. */
export function aiaFor(period: ChargeablePeriod, allocated: Pence | null | undefined): AiaMaximum & { allocated: boolean } {
  const max = aiaMaximum(period);
  if (allocated === null || allocated === undefined) return { ...max, allocated: false };
  const restriction = max.restriction ? { ...max.restriction, pence: Math.min(max.restriction.pence, allocated) } : undefined;
  return {
    pence: allocated,
    ...(restriction ? { restriction } : {}),
    how: `${poundsWords(allocated)} allocated to this company out of the single allowance it shares with its group or related companies, which may allocate it as they think fit; the maximum for the period is ${poundsWords(max.pence)} (${max.how})`,
    rule: `${AIA_SHARED_RULE}; ${max.rule}`,
    allocated: true,
  };
}

export interface AiaClaimant {
  pool: Pool;
  date: IsoDate;
  cost: Pence;
  allowance: Pence;
  toPoolNow: Pence;
}

/**
 * Sets the AIA against the expenditure claimed on. The law lets the company
 * choose which expenditure takes it (s51A(1), "may claim"); the app's choice
 * is special rate expenditure first (the rest of it would earn only 6% a
 * year), then main-rate, each by date, so that across a straddle of a change
 * in the limit the expenditure before the change takes the allowance first
 * (which gives the largest total allowed, CA23084). Returns the words for the
 * working.
 */
export function allocateAia(claimants: AiaClaimant[], max: AiaMaximum): string {
  let room = max.pence;
  let capRoom = max.restriction?.pence ?? Infinity;
  const order = claimants
    .map((c, i) => ({ c, i }))
    .sort((x, y) => (x.c.pool === y.c.pool ? 0 : x.c.pool === 'special' ? -1 : 1) || (x.c.date < y.c.date ? -1 : x.c.date > y.c.date ? 1 : x.i - y.i));
  for (const { c } of order) {
    const r = max.restriction;
    const capped = r !== undefined && (r.side === 'before' ? c.date < r.change : c.date >= r.change);
    const given = Math.min(c.cost, Math.max(0, capped ? Math.min(room, capRoom) : room));
    c.allowance = given;
    c.toPoolNow = c.cost - given;
    room -= given;
    if (capped) capRoom -= given;
  }
  const wanted = claimants.reduce((s, c) => s + c.cost, 0);
  if (wanted <= max.pence && !(max.restriction && claimants.some((c) => c.toPoolNow > 0))) return '';
  const straddle = max.restriction ? `, so expenditure before ${ukDate(max.restriction.change)} takes it before expenditure from that day` : '';
  return ` The expenditure claimed on (${poundsWords(wanted)}) is more than the allowance can cover: the law lets the company choose which expenditure takes it (CAA 2001 s51A(1)); the app sets it against special rate expenditure first, whose rest would earn only 6% a year, then main-rate expenditure, each by date${straddle}.`;
}
