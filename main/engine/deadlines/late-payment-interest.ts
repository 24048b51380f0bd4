/**
 * Late-payment interest on corporation tax (TMA 1970 s87A; the rate set by
 * the Taxes (Interest Rate) Regulations 1989, SI 1989/1297 reg 3: Bank Rate
 * plus 2.5%, plus 4% from 6 April 2025 after the Autumn Budget 2024). Simple
 * interest, day by day, from the day after the payment date on the tax still
 * unpaid that day, at the rate in force that day, over a 365-day year.
 *
 * Quarterly instalment payers are charged at a different rate (Bank Rate +
 * 1%) from each instalment date; they are not worked out here.
 */
import { compareIso, dayNumber, type IsoDate } from './calendar.js';

export interface InterestRateChange {
  /** The first day the rate applies. */
  from: IsoDate;
  /** Per cent a year, in hundredths (basis points): 775 is 7.75%. */
  basisPoints: number;
}

/**
 * HMRC's late-payment interest rate for the main taxes (corporation tax not
 * paid by instalments), each change since 2009, from HMRC's "Rates and
 * allowances: HMRC interest rates for late and early payments" (gov.uk,
 * first published 1 January 2010) and the news stories announcing each
 * change ("HMRC interest rates for late payments will be revised…"). The day
 * is that for non-quarterly instalment payments, which is later than the
 * instalment payers' day; gov.uk corrected January 2022's from 4 to 7
 * January. Checked up to 28 November 2026: the last change found in HMRC's
 * announcements is 9 January 2026. (A third-party calculator lists 8% from
 * 24 November 2026; no HMRC announcement of it was found, so it is not here.)
 */
export const LATE_PAYMENT_INTEREST_RATES: readonly InterestRateChange[] = [
  { from: '2009-09-29', basisPoints: 300 }, // Bank Rate 0.5%
  { from: '2016-08-23', basisPoints: 275 }, // 0.25%
  { from: '2017-11-21', basisPoints: 300 }, // 0.5%
  { from: '2018-08-21', basisPoints: 325 }, // 0.75%
  { from: '2020-03-30', basisPoints: 275 }, // 0.25%
  { from: '2020-04-07', basisPoints: 260 }, // 0.1%
  { from: '2022-01-07', basisPoints: 275 }, // 0.25%
  { from: '2022-02-21', basisPoints: 300 }, // 0.5%
  { from: '2022-04-05', basisPoints: 325 }, // 0.75%
  { from: '2022-05-24', basisPoints: 350 }, // 1%
  { from: '2022-07-05', basisPoints: 375 }, // 1.25%
  { from: '2022-08-23', basisPoints: 425 }, // 1.75%
  { from: '2022-10-11', basisPoints: 475 }, // 2.25%
  { from: '2022-11-22', basisPoints: 550 }, // 3%
  { from: '2023-01-06', basisPoints: 600 }, // 3.5%
  { from: '2023-02-21', basisPoints: 650 }, // 4%
  { from: '2023-04-13', basisPoints: 675 }, // 4.25%
  { from: '2023-05-31', basisPoints: 700 }, // 4.5%
  { from: '2023-07-11', basisPoints: 750 }, // 5%
  { from: '2023-08-22', basisPoints: 775 }, // 5.25%
  { from: '2024-08-20', basisPoints: 750 }, // 5%
  { from: '2024-11-26', basisPoints: 725 }, // 4.75%
  { from: '2025-02-25', basisPoints: 700 }, // 4.5%
  { from: '2025-04-06', basisPoints: 850 }, // 4.5% + 4%: the higher margin from 6 April 2025
  { from: '2025-05-28', basisPoints: 825 }, // 4.25%
  { from: '2025-08-27', basisPoints: 800 }, // 4%
  { from: '2026-01-09', basisPoints: 775 }, // 3.75%
];

/** The rate in force on a day (the earliest known rate before the table starts). */
export function interestRateOn(day: IsoDate, rates: readonly InterestRateChange[] = LATE_PAYMENT_INTEREST_RATES): InterestRateChange {
  let found = rates[0]!;
  for (const rate of rates) if (compareIso(rate.from, day) <= 0) found = rate;
  return found;
}

export interface TaxPayment {
  date: IsoDate;
  /** Whole pence. */
  pence: number;
}

export interface LateInterest {
  /** Interest to `to`, in whole pence (rounded half up from the exact sum). */
  pence: number;
  /** The rate in force on the last day counted, in basis points; null when no day is counted. */
  rateBasisPoints: number | null;
  /** Days interest ran on some unpaid tax. */
  days: number;
  /** Tax still unpaid at the end of `to`, in pence. */
  unpaidPence: number;
}

const YEAR_DAYS = 365n;

/**
 * Interest on `taxPence` due on `paymentDue`, counted for each day after it up
 * to and including `to` on the tax unpaid at the start of that day: a payment
 * stops interest on what it pays from the day after it is made, so tax paid
 * one day late carries one day's interest.
 */
export function lateInterest(taxPence: number, paymentDue: IsoDate, payments: readonly TaxPayment[], to: IsoDate, rates: readonly InterestRateChange[] = LATE_PAYMENT_INTEREST_RATES): LateInterest {
  const paid = [...payments].sort((a, b) => compareIso(a.date, b.date)).map((p) => ({ from: dayNumber(p.date) + 1, pence: p.pence }));
  const changes = rates.map((r) => dayNumber(r.from));
  const first = dayNumber(paymentDue) + 1;
  const last = dayNumber(to);
  let unpaid = taxPence;
  let next = 0;
  // Payments made on or before the payment date leave only the rest unpaid.
  while (next < paid.length && paid[next]!.from <= first) unpaid -= paid[next++]!.pence;
  let rateIndex = 0;
  while (rateIndex + 1 < changes.length && changes[rateIndex + 1]! <= first) rateIndex++;
  let sum = 0n; // pence × basis points × days, over 10,000 × 365
  let days = 0;
  let lastRate: number | null = null;
  // Stretches of days with the same unpaid tax and the same rate: a payment counts from the day after it.
  for (let day = first; day <= last && unpaid > 0; ) {
    const rate = rates[rateIndex]!.basisPoints;
    let end = last + 1;
    if (rateIndex + 1 < changes.length && changes[rateIndex + 1]! < end) end = changes[rateIndex + 1]!;
    if (next < paid.length && paid[next]!.from < end) end = paid[next]!.from;
    const length = end - day;
    sum += BigInt(unpaid) * BigInt(rate) * BigInt(length);
    days += length;
    lastRate = rate;
    day = end;
    while (next < paid.length && paid[next]!.from <= day) unpaid -= paid[next++]!.pence;
    while (rateIndex + 1 < changes.length && changes[rateIndex + 1]! <= day) rateIndex++;
  }
  while (next < paid.length && paid[next]!.from <= last + 1) unpaid -= paid[next++]!.pence;
  const denominator = 10_000n * YEAR_DAYS;
  const pence = Number((sum * 2n + denominator) / (denominator * 2n));
  return { pence, rateBasisPoints: lastRate, days, unpaidPence: Math.max(0, unpaid) };
}
