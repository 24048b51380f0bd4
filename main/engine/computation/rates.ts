/**
 * The rates and limits of plant and machinery allowances (CAA 2001) by date,
 * and how a chargeable period that is not a year, or that straddles a change,
 * takes them. Amounts are in pence.
 */
import { splitAt, ukDate, type ChargeablePeriod, type IsoDate } from './dates.js';
import { poundsWords as pounds } from './money.js';

/** Days a year is counted in when scaling an annual figure (HMRC's rule 9288 scales the AIA limit by days over 365). */
export const DAYS_IN_YEAR = 365;

/** The AIA annual limit, from the day it applies (CAA 2001 s51A(5) as amended). */
interface AiaLimit {
  from: IsoDate;
  pence: number;
  source: string;
}

/**
 * £500,000 from 1 April 2014 (FA 2014 Sch 2), £200,000 from 1 January 2016
 * (F(No.2)A 2015 s8), £1,000,000 from 1 January 2019 (FA 2019 s32), made
 * permanent from 1 April 2023. The amount did not change then, so a period
 * straddling 1 April 2023 has one £1,000,000 allowance, not two parts (CA23084).
 */
export const AIA_LIMITS: readonly AiaLimit[] = [
  { from: '2014-04-01', pence: 500_000_00, source: 'FA 2014 Sch 2' },
  { from: '2016-01-01', pence: 200_000_00, source: 'F(No.2)A 2015 s8' },
  { from: '2019-01-01', pence: 1_000_000_00, source: 'FA 2019 s32, permanent from 1 April 2023' },
];

export interface AiaMaximum {
  /** The maximum allowance for the period. */
  pence: number;
  /** A period straddling a change of limit: expenditure on one side of it is capped on its own. */
  restriction?: { side: 'before' | 'after'; change: IsoDate; pence: number };
  /** How the figure was reached, for the working. */
  how: string;
  rule: string;
}


/** Annual figure × days / 365, to the penny (half up). */
export function scaled(annualPence: number, days: number): number {
  return Math.round((annualPence * days) / DAYS_IN_YEAR);
}

function limitOn(date: IsoDate): AiaLimit {
  let found = AIA_LIMITS[0]!;
  for (const l of AIA_LIMITS) if (l.from <= date) found = l;
  return found;
}

/**
 * The AIA maximum for a chargeable period (CAA 2001 s51A; CA23084). A period
 * that is not 12 months has the limit scaled by its days over 365. A period
 * straddling a change of limit is treated as two chargeable periods, each
 * with its own scaled limit, added together (FA 2019 Sch 13 para 1; F(No.2)A
 * 2014 Sch 2 para 4 for 1 January 2016), with the cap for expenditure on the changed
 * side: after a decrease, expenditure from the change may use only the later
 * part's limit; before an increase, only the old limit for the whole period.
 */
export function aiaMaximum(period: ChargeablePeriod): AiaMaximum {
  const change = AIA_LIMITS.find((l) => splitAt(period, l.from) !== undefined && limitOn(period.from).pence !== l.pence);
  if (!change) {
    const limit = limitOn(period.to);
    if (period.fullYear) {
      return { pence: limit.pence, how: `the annual limit of ${pounds(limit.pence)} for a 12-month period`, rule: `CAA 2001 s51A(5); ${limit.source}` };
    }
    const pence = scaled(limit.pence, period.days);
    return { pence, how: `${pounds(limit.pence)} × ${period.days} days ÷ 365 = ${pounds(pence)}: a period of ${period.days} days has the limit reduced in proportion`, rule: `CAA 2001 s51A(6); CA23084; HMRC rule 9288` };
  }
  const old = limitOn(period.from);
  const parts = splitAt(period, change.from)!;
  const first = scaled(old.pence, parts.before);
  const second = scaled(change.pence, parts.after);
  const pence = first + second;
  const how = `the period straddles ${ukDate(change.from)}, when the limit changed from ${pounds(old.pence)} to ${pounds(change.pence)}: ${pounds(old.pence)} × ${parts.before} ÷ 365 = ${pounds(first)} plus ${pounds(change.pence)} × ${parts.after} ÷ 365 = ${pounds(second)}, ${pounds(pence)} in all`;
  const restriction =
    change.pence < old.pence
      ? { side: 'after' as const, change: change.from, pence: second }
      : { side: 'before' as const, change: change.from, pence: period.fullYear ? old.pence : scaled(old.pence, period.days) };
  const capWords =
    restriction.side === 'after'
      ? `; expenditure from ${ukDate(change.from)} may take at most ${pounds(restriction.pence)}, the later part's own limit`
      : `; expenditure before ${ukDate(change.from)} may take at most ${pounds(restriction.pence)}, the old limit for the whole period`;
  return { pence, restriction, how: how + capWords, rule: `CA23084; ${change.from === '2019-01-01' ? 'FA 2019 Sch 13 para 1' : 'FA 2014 Sch 2 para 4'}` };
}

/** A writing-down rate that changed on a date, in hundredths of a percent. */
interface RateChange {
  from: IsoDate;
  before: number;
  after: number;
  source: string;
}

/** Main pool: 18% until 31 March 2026, 14% from 1 April 2026 (policy paper of 26 November 2025). */
const MAIN_RATE_CHANGE: RateChange = { from: '2026-04-01', before: 1800, after: 1400, source: 'CAA 2001 s56(1), 14% from 1 April 2026 (policy paper "Capital allowances: new first-year allowance and reducing main rate writing-down allowances", 26 November 2025)' };
/** Special rate pool: 8% until 31 March 2019, 6% from 1 April 2019 (FA 2019 s31). */
const SPECIAL_RATE_CHANGE: RateChange = { from: '2019-04-01', before: 800, after: 600, source: 'CAA 2001 s104D(1); 6% from 1 April 2019 (FA 2019 s31)' };

export interface WdaRate {
  /** Hundredths of a percent (14.99% → 1499). */
  hundredths: number;
  how: string;
  rule: string;
}

const percent = (h: number) => `${(h / 100).toFixed(h % 100 === 0 ? 0 : 2)}%`;

/**
 * The writing-down rate for a pool over a chargeable period. A period that
 * straddles a change of rate takes a hybrid rate: each rate weighted by the
 * days of the period before and from the change, the result rounded up to two
 * decimal places, as HMRC has done at every change of rate (CA23711: FA 2008
 * s80(10) "apportionments must be made on the basis of days … rounded up to
 * two decimal places"; the same at the 2012 and 2019 changes).
 */
function wdaRate(period: ChargeablePeriod, change: RateChange): WdaRate {
  const parts = splitAt(period, change.from);
  if (!parts) {
    const h = period.to < change.from ? change.before : change.after;
    return { hundredths: h, how: `${percent(h)} a year`, rule: change.source };
  }
  // Rounded up to a hundredth of a percent: ceil(Σ rate × days / period days).
  const numerator = change.before * parts.before + change.after * parts.after;
  const h = Math.ceil(numerator / period.days);
  const exact = (numerator / period.days / 100).toFixed(4);
  return {
    hundredths: h,
    how: `hybrid rate: ${percent(change.before)} × ${parts.before}/${period.days} + ${percent(change.after)} × ${parts.after}/${period.days} = ${exact}%, rounded up to ${percent(h)} (the period straddles ${ukDate(change.from)})`,
    rule: `${change.source}; CA23711 (hybrid rate by days, rounded up to two decimal places)`,
  };
}

export const mainRate = (period: ChargeablePeriod) => wdaRate(period, MAIN_RATE_CHANGE);
export const specialRate = (period: ChargeablePeriod) => wdaRate(period, SPECIAL_RATE_CHANGE);

/** The small pools limit: £1,000, scaled for a period that is not a year (CAA 2001 s56A(1), (3)). */
export const SMALL_POOL_LIMIT_PENCE = 1_000_00;

/** First-year allowances by the day the expenditure is incurred. */
export const FULL_EXPENSING_FROM = '2023-04-01'; // F(No.2)A 2023 s7; CAA 2001 s45S; CA23174A onwards
export const FYA40_FROM = '2026-01-01'; // policy paper of 26 November 2025
export const ZERO_EMISSION_CAR_FYA_UNTIL = '2027-03-31'; // CAA 2001 s45D, extended by Budget 2025
/** Cars up to this many g/km go to the main pool; above it to the special rate pool (CAA 2001 s104AA, from 1 April 2021). */
export const MAIN_RATE_CAR_MAX_CO2 = 50;

export { percent as percentWords };
