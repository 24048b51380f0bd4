/**
 * Short-life assets (CAA 2001 Chapter 9, s83–s89; CA23620 onwards): an
 * asset the company elects to treat as short-life has a pool of its own
 * (s86(1)). A disposal in a chargeable period that ends on or before the
 * relevant cut-off makes that period the pool's final one, with a balancing
 * allowance or charge (s65, s86(4); CA23270); if the cut-off comes first, the
 * pool ends without a final period and its balance joins the main pool for
 * the first chargeable period ending after the cut-off (s86(2)). The cut-off
 * is the eighth anniversary of the end of the chargeable period the
 * expenditure was incurred in (s86(3)(b), as amended by FA 2011 s12); it was
 * the fourth for expenditure before 1 April 2011 (s86(3)(a)).
 */
import { dayNumber, type ChargeablePeriod, type IsoDate } from '../dates.js';
import { fractionDown, type Pence } from '../money.js';
import type { WdaRate } from '../rates.js';

export const SHORT_LIFE_CUT_OFF_YEARS = 8;
/** Expenditure from this day has the eight-year cut-off (s86(3A), "the designated day" for corporation tax). */
export const SHORT_LIFE_EIGHT_YEARS_FROM = '2011-04-01';

/** The same day `years` later; 29 February becomes 28 February in a year that has none. */
export function addYears(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function dayAfter(date: IsoDate): IsoDate {
  return new Date((dayNumber(date) + 1) * 86_400_000).toISOString().slice(0, 10);
}

export interface ShortLifePoolResult {
  description: string;
  /** This period's addition at that position, or the short-life asset brought forward at it. */
  source: { addition: number } | { broughtForward: number };
  broughtForward: Pence;
  additions: Pence;
  disposalValue: Pence;
  disposed: boolean;
  /** The pool reached its relevant cut-off without a final chargeable period. */
  reachedCutOff: boolean;
  /** The relevant cut-off: a pool not ended by a disposal in a period ending on or before it joins the main pool after it. */
  cutOff: IsoDate;
  /** The pool reached its cut-off before a disposal: its balance went to the main pool for this period (s86(2)(b)). */
  transferredToMainPool: Pence;
  writingDownAllowance: Pence;
  /** The full writing-down allowance, when less was claimed (s56(5)). */
  writingDownAllowanceAvailable: Pence;
  balancingAllowance: Pence;
  balancingCharge: Pence;
  /** The rest of a first-year allowance's expenditure, joining the pool after this period's allowance (s58(5)). */
  firstYearBalance: Pence;
  carriedForward: Pence;
}

export interface ShortLifePoolInput {
  description: string;
  source: ShortLifePoolResult['source'];
  broughtForward: Pence;
  additions: Pence;
  /** The disposal value brought into account for it this period, if it was disposed of. */
  disposalValue: Pence | undefined;
  incurredInPeriodEnding: IsoDate;
  firstYearBalance: Pence;
  claimed: Pence | undefined;
}

/** Whether the pool's relevant cut-off falls before this period ends (s86(2), (4)): its balance then goes to the main pool. */
export function passesCutOff(period: ChargeablePeriod, incurredInPeriodEnding: IsoDate): boolean {
  return period.to > addYears(incurredInPeriodEnding, SHORT_LIFE_CUT_OFF_YEARS);
}

/**
 * One short-life asset pool for the period. Single asset pools have no small
 * pools allowance (s56A is for the main and special rate pools only) and take
 * the main rate (s56(1)).
 */
export function shortLifePool(p: ShortLifePoolInput, period: ChargeablePeriod, rate: WdaRate, tradeCeased: boolean): ShortLifePoolResult {
  const cutOff = addYears(p.incurredInPeriodEnding, SHORT_LIFE_CUT_OFF_YEARS);
  const r: ShortLifePoolResult = {
    description: p.description,
    source: p.source,
    broughtForward: p.broughtForward,
    additions: p.additions,
    disposalValue: 0,
    disposed: p.disposalValue !== undefined,
    reachedCutOff: false,
    cutOff,
    transferredToMainPool: 0,
    writingDownAllowance: 0,
    writingDownAllowanceAvailable: 0,
    balancingAllowance: 0,
    balancingCharge: 0,
    firstYearBalance: p.firstYearBalance,
    carriedForward: 0,
  };
  if (period.to > cutOff) {
    // The pool ends at the cut-off without a final chargeable period; a disposal after it is brought into account in the main pool.
    r.reachedCutOff = true;
    r.transferredToMainPool = p.broughtForward + p.additions + p.firstYearBalance;
    r.firstYearBalance = 0;
    return r;
  }
  const balance = p.broughtForward + p.additions - (p.disposalValue ?? 0);
  r.disposalValue = p.disposalValue ?? 0;
  if (r.disposed || tradeCeased) {
    // The final chargeable period: a balancing allowance or charge, no writing-down allowance (s55, s56(6)–(7), s65).
    if (balance >= 0) r.balancingAllowance = balance;
    else r.balancingCharge = -balance;
    r.firstYearBalance = 0;
    return r;
  }
  const full = period.fullYear ? fractionDown(balance, rate.hundredths, 10_000) : fractionDown(balance, rate.hundredths * period.days, 10_000 * 365);
  r.writingDownAllowanceAvailable = full;
  r.writingDownAllowance = p.claimed !== undefined ? Math.min(p.claimed, full) : full;
  r.carriedForward = balance - r.writingDownAllowance + r.firstYearBalance;
  return r;
}
