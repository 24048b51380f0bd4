/**
 * HMRC's dates for a company's corporation tax: when each return is due, when
 * its tax is due, and the penalties for a late return. Every rule cites its
 * source; dates follow the month arithmetic in calendar.ts.
 *
 * Sources:
 * - Accounting periods: CTA 2009 s10(1)(a) — an accounting period ends 12
 *   months after it began; a longer period of account is split, the first 12
 *   months then the rest (HMRC Company Taxation Manual CTM01405).
 * - Filing date: FA 1998 Sch 18 para 14 (CTM93030) — the last of 12 months
 *   after the end of the return period and, when the period of account is
 *   different, 12 months after its end (up to 18 months long) or 30 months
 *   from its start (longer than 18 months).
 * - Payment date: TMA 1970 s59D (CTM92010) — 9 months and 1 day after the end
 *   of the accounting period, for a company that does not pay by instalments.
 * - Instalments: The Corporation Tax (Instalment Payments) Regulations 1998
 *   (SI 1998/3175) reg 5 for large companies (6 months 13 days after the
 *   start, then every 3 months, the last 3 months 14 days after the end;
 *   CTM92510) and reg 5A for very large companies (2 months 13 days after the
 *   start, then every 3 months, the last on the 14th day of the period's last
 *   month; CTM92515).
 * - Late filing penalties: FA 1998 Sch 18 paras 17 and 18 (CTM61500,
 *   CTM61540) and gov.uk "Company Tax Returns: penalties for late filing"
 *   (www.gov.uk/company-tax-returns/penalties-for-late-filing): a flat
 *   penalty from the day after the filing date and another more than 3 months
 *   after it, larger for the third return in a row delivered late (para
 *   17(3)), the amounts by the return's filing date (penalty-tables.ts:
 *   £100/£500 each before 1 April 2026, £200/£1,000 each from then); 10% of
 *   the unpaid tax for a return not delivered 18 months after the end of its
 *   period (6 months after a 12-month filing date) and another 10% after 24
 *   months (para 18).
 * - Notice to deliver served late: FA 1998 Sch 18 para 14(1)(c) — when
 *   HMRC's notice requiring the return is served late, the filing date is the
 *   end of the three months beginning with the day it was served, if that is
 *   later than the dates above.
 */
import { addDays, addMonths, addMonthsFromStart, compareIso, dayNumber, type IsoDate } from './calendar.js';
import { flatPenaltyTableFor } from './penalty-tables.js';

export interface Period {
  start: IsoDate;
  end: IsoDate;
}

/** Quarterly instalment payers (SI 1998/3175): a client setting, since the test depends on profits and associated companies. */
export type InstalmentSize = 'large' | 'very-large';

export type PenaltyStep =
  | { kind: 'flat'; from: IsoDate; amount: number; why: string }
  | { kind: 'tax-geared'; from: IsoDate; percent: number; why: string };

export interface AccountingPeriodDeadlines extends Period {
  /** The period of account the accounts cover, which this accounting period is part of (or equal to). */
  periodOfAccount: Period;
  filingDue: IsoDate;
  /** The normal payment date; for an instalment payer, when any tax left over is due (the last instalment). */
  paymentDue: IsoDate;
  /** Quarterly instalment dates for a large or very large company, else empty. */
  instalments: IsoDate[];
  penaltySteps: PenaltyStep[];
}

/**
 * A period of account longer than 12 months gives one accounting period for
 * each 12 months from its start and one for the rest (CTA 2009 s10(1)(a)).
 */
export function accountingPeriods(periodOfAccount: Period): Period[] {
  const periods: Period[] = [];
  let start = periodOfAccount.start;
  while (compareIso(start, periodOfAccount.end) <= 0) {
    const twelveMonthsOn = addDays(addMonthsFromStart(start, 12), -1);
    const end = compareIso(twelveMonthsOn, periodOfAccount.end) < 0 ? twelveMonthsOn : periodOfAccount.end;
    periods.push({ start, end });
    start = addDays(end, 1);
  }
  return periods;
}

/** Whether the period of account is more than 18 months long (FA 1998 Sch 18 para 14(1)(b)). */
function longerThan18Months({ start, end }: Period): boolean {
  return compareIso(end, addDays(addMonthsFromStart(start, 18), -1)) > 0;
}

/**
 * The filing date of the return for `period`, part of `periodOfAccount` (Sch
 * 18 para 14), and when HMRC served its notice to deliver the return late,
 * the end of the three months beginning with that day if later (para 14(1)(c)).
 */
export function filingDue(period: Period, periodOfAccount: Period = period, noticeServedOn: IsoDate | null = null): IsoDate {
  const ownDate = addMonths(period.end, 12);
  // "30 months from the beginning": counted from the day before the start, as "12 months from the end" is from the end.
  const accountsDate = longerThan18Months(periodOfAccount)
    ? addMonths(addDays(periodOfAccount.start, -1), 30)
    : addMonths(periodOfAccount.end, 12);
  const statutory = compareIso(ownDate, accountsDate) >= 0 ? ownDate : accountsDate;
  if (noticeServedOn === null) return statutory;
  const afterNotice = threeMonthsBeginningWith(noticeServedOn);
  return compareIso(afterNotice, statutory) > 0 ? afterNotice : statutory;
}

/**
 * The last day of "the period of three months beginning with" a day: the day
 * before the same date three months on (served 15 March: 14 June; served 31
 * January: 30 April, as counting from a period's first day does).
 */
export function threeMonthsBeginningWith(day: IsoDate): IsoDate {
  return addDays(addMonthsFromStart(day, 3), -1);
}

/** 9 months and 1 day after the end of the accounting period (TMA 1970 s59D). */
export function paymentDue(period: Period): IsoDate {
  return addDays(addMonths(period.end, 9), 1);
}

/** The quarterly instalment dates of SI 1998/3175 reg 5 (large) or 5A (very large). */
export function instalmentDates(period: Period, size: InstalmentSize): IsoDate[] {
  const firstMonths = size === 'large' ? 6 : 2;
  const last =
    size === 'large'
      ? addDays(addMonths(period.end, 3), 14)
      : // The 14th day of the period's last month: 13 days after that month's first day.
        addDays(`${period.end.slice(0, 8)}01`, 13);
  const dates: IsoDate[] = [];
  for (let k = 0; ; k++) {
    const date = addDays(addMonthsFromStart(period.start, firstMonths + 3 * k), 13);
    if (dayNumber(date) >= dayNumber(last)) break;
    dates.push(date);
  }
  dates.push(last);
  return dates;
}

/**
 * The penalties a return not yet delivered becomes liable to, each from the
 * first day it applies. `thirdLateInARow`: the returns for the two accounting
 * periods before this one were also late, so the flat penalties are the
 * larger ones. The amounts are those in force for the filing date.
 */
export function penaltySteps(period: Period, filing: IsoDate, thirdLateInARow: boolean): PenaltyStep[] {
  const table = flatPenaltyTableFor(filing);
  const late = thirdLateInARow ? table.thirdLateInARow : table.late;
  const moreThanThreeMonths = thirdLateInARow ? table.thirdLateInARow : table.moreThanThreeMonthsLate;
  return [
    { kind: 'flat', from: addDays(filing, 1), amount: late, why: thirdLateInARow ? WHY.lateThird : WHY.late },
    { kind: 'flat', from: addDays(addMonths(filing, 3), 1), amount: moreThanThreeMonths, why: thirdLateInARow ? WHY.threeMonthsThird : WHY.threeMonths },
    { kind: 'tax-geared', from: afterLater(addMonths(period.end, 18), filing), percent: 10, why: WHY.eighteenMonths },
    { kind: 'tax-geared', from: afterLater(addMonths(period.end, 24), filing), percent: 10, why: WHY.twentyFourMonths },
  ];
}

/** The day after the later of two dates. */
function afterLater(a: IsoDate, b: IsoDate): IsoDate {
  return addDays(compareIso(a, b) >= 0 ? a : b, 1);
}

const WHY = {
  late: 'return not delivered by the filing date',
  lateThird: 'return not delivered by the filing date (third return in a row delivered late)',
  threeMonths: 'return more than 3 months late',
  threeMonthsThird: 'return more than 3 months late (third return in a row delivered late)',
  eighteenMonths: 'return not delivered 18 months after the end of the period: 10% of the tax unpaid',
  twentyFourMonths: 'return not delivered 24 months after the end of the period: another 10% of the tax unpaid',
} as const;

export interface DeadlineOptions {
  /** Quarterly instalments for a large or very large company; null or absent for the normal payment date. */
  instalments?: InstalmentSize | null;
  /**
   * Whether each accounting period's return is the third late one in a row:
   * given per accounting period of this period of account, in order. Absent: no.
   */
  thirdLateInARow?: (period: Period) => boolean;
  /** The day HMRC served its notice to deliver the return(s), when that was late (Sch 18 para 14(1)(c)). */
  noticeServedOn?: IsoDate | null;
}

/** Every accounting period of a period of account with its dates and penalties. */
export function deadlinesOf(periodOfAccount: Period, options: DeadlineOptions = {}): AccountingPeriodDeadlines[] {
  return accountingPeriods(periodOfAccount).map((period) =>
    accountingPeriodDeadlines(period, periodOfAccount, options.instalments ?? null, options.thirdLateInARow?.(period) ?? false, options.noticeServedOn ?? null),
  );
}

/** One accounting period's dates and penalties, as part of its period of account. */
export function accountingPeriodDeadlines(
  period: Period,
  periodOfAccount: Period,
  instalmentSize: InstalmentSize | null,
  thirdLateInARow: boolean,
  noticeServedOn: IsoDate | null = null,
): AccountingPeriodDeadlines {
  const filing = filingDue(period, periodOfAccount, noticeServedOn);
  const instalments = instalmentSize ? instalmentDates(period, instalmentSize) : [];
  return {
    start: period.start,
    end: period.end,
    periodOfAccount: { start: periodOfAccount.start, end: periodOfAccount.end },
    filingDue: filing,
    paymentDue: instalments.length > 0 ? instalments[instalments.length - 1]! : paymentDue(period),
    instalments,
    penaltySteps: penaltySteps(period, filing, thirdLateInARow),
  };
}

export interface PenaltyDue {
  /** Flat-rate penalties in pounds. */
  flat: number;
  /** Tax-geared penalties as a percentage of the tax unpaid (0, 10 or 20). */
  percentOfUnpaidTax: number;
}

/** The penalties due for a return delivered (or still not delivered) on `on`. */
export function penaltyDue(steps: PenaltyStep[], on: IsoDate): PenaltyDue {
  const due: PenaltyDue = { flat: 0, percentOfUnpaidTax: 0 };
  for (const step of steps) {
    if (compareIso(on, step.from) < 0) continue;
    if (step.kind === 'flat') due.flat += step.amount;
    else due.percentOfUnpaidTax += step.percent;
  }
  return due;
}
