/**
 * Financial years and the main corporation tax rates by year. FY n runs from
 * 1 April n to 31 March n+1.
 */
import { formatRate } from './money.js';

/** The financial year a date (YYYY-MM-DD) falls in. */
export function financialYearOf(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const year = Number(m[1]);
  return Number(m[2]) >= 4 ? year : year - 1;
}

/** The first financial year of the small profits rate and marginal relief, claimed in box 329. */
export const SMALL_PROFITS_RATE_FROM_FY = 2023;

/**
 * Allowed rates (hundredths of a percent) for a financial year, or undefined
 * when we hold no table for it. From FY2023 the small profits rate is allowed
 * only to a return that claims it in box 329 (HMRC rule 9200); without the
 * claim the main rate applies.
 */
export function allowedRates(fy: number, smallProfitsRateClaimed: boolean): { rates: bigint[]; words: string } | undefined {
  if (fy === 2015 || fy === 2016) return { rates: [2000n], words: '20.00 (main rate for FY2015–FY2016)' };
  if (fy >= 2017 && fy <= 2022) return { rates: [1900n], words: '19.00 (main rate for FY2017–FY2022)' };
  if (fy >= SMALL_PROFITS_RATE_FROM_FY) {
    return smallProfitsRateClaimed
      ? { rates: [1900n, 2500n], words: '19.00 (small profits rate, claimed in box 329) or 25.00 (main rate, with any marginal relief in box 435)' }
      : { rates: [2500n], words: '25.00 (main rate); 19.00, the small profits rate, needs the claim in box 329' };
  }
  return undefined;
}

/**
 * HMRC rule 9200 on one rate of a financial year (box 340, or 390 as rule
 * 9209): why it is not allowed, or undefined when it is (or no table is held
 * for the year). One wording for the business rule over a built return and
 * the window, which says it as the box is left.
 */
export function rateNotAllowed(fy: number, smallProfitsRateClaimed: boolean, rate: bigint): { words: string; expected: string; found: string } | undefined {
  const allowed = allowedRates(fy, smallProfitsRateClaimed);
  if (!allowed || allowed.rates.includes(rate)) return undefined;
  const expected = allowed.rates.map(formatRate).join(' or ');
  const found = formatRate(rate);
  if (rate === 1900n && fy >= SMALL_PROFITS_RATE_FROM_FY) {
    return { words: `rate 19.00% is the small profits rate, which financial year ${fy} allows only when box 329 claims the small profits rate or marginal relief; claim it in box 329 or use the main rate of 25.00%`, expected, found };
  }
  return { words: `rate ${found}% is not allowed for financial year ${fy}; expected ${allowed.words}`, expected, found };
}

/** From FY2023: small profits limits, before dividing by associated companies and pro-rating by days. */
export const SMALL_PROFITS_LOWER_LIMIT_PENCE = 50_000_00n;
export const SMALL_PROFITS_UPPER_LIMIT_PENCE = 250_000_00n;

/** Calendar days in a period, both ends included; undefined for an unreadable date. */
export function daysInclusive(from: string, to: string): number | undefined {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  return Math.round((b - a) / 86_400_000) + 1;
}

/** The last day a period starting on `from` may end on: 12 months later, less a day. */
export function latestPeriodEnd(from: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(from);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]) + 1, Number(m[2]) - 1, Number(m[3])));
  // 29 February + 1 year rolls to 1 March in Date; the period may then end on 28 February.
  if (d.getUTCMonth() !== Number(m[2]) - 1) d.setUTCDate(0);
  else d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
