/**
 * The s455 rate and the dates the charge and its relief run by.
 *
 * - Rate: CTA 2010 s455(3) charges "an amount equal to the dividend upper
 *   rate" for the tax year the loan is made in (FA 2016 s50 tied it to that
 *   rate): 25% to 5 April 2016, 32.5% from 6 April 2016, 33.75% from 6 April
 *   2022 (FA 2022), 35.75% from 6 April 2026 (the dividend upper rate from
 *   6 April 2026, Budget 2025). CTM61540.
 * - The form's rate: HMRC's v1.994 rules (9466–9474) know 25%, 32.5% and
 *   33.75% only, chosen by the period's own dates (boxes 30 and 35), rounded
 *   half up to the penny; HMRC expects its forms to take 35.75% from April
 *   2027. Where the law charges more than the boxes may carry, the boxes carry
 *   what the rules accept and the difference is reported (s455Underpaid).
 * - Tax due: nine months and one day after the end of the period (s455(3) and
 *   TMA 1970 s59D; CTM61505), on the first day of the tenth month after a
 *   month's last day (CTM01800).
 * - Relief for a repayment, release or write-off (s458) within that time is
 *   given on the return (Part 2); for one after it, not before nine months
 *   after the end of the accounting period the repayment was made in
 *   (s458(5); CTM61605): on the return (Part 3) only when that day has come
 *   by the time the return is delivered (COM53130).
 */
import { addDays, addMonths, addMonthsFromStart } from '../../deadlines/calendar.js';
import { paymentDue } from '../../deadlines/deadline-rules.js';
import type { IsoDate } from '../dates.js';
import type { Pence } from '../money.js';

/** Rates in hundredths of a percent (33.75% → 3375), each from the date it applies. */
const LAW_RATES: readonly { from: IsoDate; hundredths: number }[] = [
  { from: '2026-04-06', hundredths: 3575 },
  { from: '2022-04-06', hundredths: 3375 },
  { from: '2016-04-06', hundredths: 3250 },
  { from: '0000-01-01', hundredths: 2500 },
];

/** The s455 rate for a loan made on `date` (the dividend upper rate of that tax year). */
export function lawRate(date: IsoDate): number {
  return LAW_RATES.find((r) => date >= r.from)!.hundredths;
}

/** The rate HMRC's v1.994 rules give a date (their LOANS-PARTICIPATOR-RATE): 33.75% is their last. */
function formRateOn(date: IsoDate): number {
  if (date >= '2022-04-06') return 3375;
  if (date >= '2016-04-06') return 3250;
  return 2500;
}

/** The lowest and highest rate the rules allow a period, from its first and last days (rules 9466–9468). */
export function formRates(from: IsoDate, to: IsoDate): { low: number; high: number } {
  const a = formRateOn(from);
  const b = formRateOn(to);
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

/** amount × rate, rounded half up to the penny, as HMRC's rules round (XPath round). */
export function taxAt(amount: Pence, hundredths: number): Pence {
  // amount (pence) × hundredths / 10000, half up, exact in integers.
  const n = BigInt(amount) * BigInt(hundredths);
  return Number((n * 2n + 10000n) / 20000n);
}

/**
 * The figure a box may carry for tax or relief worked out by law: exactly
 * amount × the period's rate when the rules' rate does not change in the
 * period, else the law's figure kept within the rules' lowest and highest.
 */
export function formFigure(wholePounds: Pence, byLaw: Pence, from: IsoDate, to: IsoDate): Pence {
  const { low, high } = formRates(from, to);
  if (low === high) return taxAt(wholePounds, low);
  return Math.min(Math.max(byLaw, taxAt(wholePounds, low)), taxAt(wholePounds, high));
}

/** Nine months and a day after a period's end: when its s455 tax is due, and the first day Part 2 no longer covers. */
export function nineMonthsAndADay(periodEnd: IsoDate): IsoDate {
  return paymentDue({ start: periodEnd, end: periodEnd });
}

/**
 * The end of the accounting period a day after `periodEnd` falls in, taking
 * the company's later accounting periods as 12 months each from the day after
 * `periodEnd` (CTA 2009 s10(1)(a)); the working says so.
 */
export function accountingPeriodEndOf(date: IsoDate, periodEnd: IsoDate): IsoDate {
  let start = addDays(periodEnd, 1);
  for (;;) {
    const end = addDays(addMonthsFromStart(start, 12), -1);
    if (date <= end) return end;
    start = addDays(end, 1);
  }
}

/** When relief for a repayment on `date` is due (s458(5)): nine months and a day after the end of its accounting period. */
export function reliefDueFor(date: IsoDate, lastKnownPeriodEnd: IsoDate): IsoDate {
  const apEnd = date <= lastKnownPeriodEnd ? lastKnownPeriodEnd : accountingPeriodEndOf(date, lastKnownPeriodEnd);
  return nineMonthsAndADay(apEnd);
}

/** HMRC: a claim within two years of the end of the period the loan was made in amends that period's CT600A; later, form L2P. */
export function claimRoute(loanPeriodEnd: IsoDate, reliefDue: IsoDate): 'amendment' | 'L2P' {
  return reliefDue <= addMonths(loanPeriodEnd, 24) ? 'amendment' : 'L2P';
}
