/**
 * Companies House's dates for a private company's accounts: when they must be
 * delivered, and the late filing penalty a set delivered later pays.
 *
 * Sources (Companies Act 2006; ../shared/docs/accounts.md §1):
 * - s442(2)(a): a private company's accounts are due 9 months after the end
 *   of the accounting reference period (ARP).
 * - s442(3): when the ARP is the company's first and is longer than 12
 *   months, the later of 9 months from the first anniversary of
 *   incorporation and 3 months after the end of the ARP.
 * - s442(4): when the ARP was shortened by notice under s392 (form AA01),
 *   the later of the date above and 3 months from the date of the notice.
 * - s443: "N months after/from" a date ends on the same day number N months
 *   on, the last day of that month when it has no such day, and the last day
 *   of the month when the date is the last day of its month (30 June + 6
 *   months = 31 December). calendar.ts's addMonths counts exactly so.
 * - s453 and The Companies (Late Filing Penalties) and Limited Liability
 *   Partnerships (Filing Periods and Late Filing Penalties) Regulations 2008
 *   (SI 2008/497) reg 2 and its table: a private company delivering not more
 *   than 1 month late pays £150; more than 1 and up to 3 months £375; more
 *   than 3 and up to 6 months £750; more than 6 months £1,500; doubled when
 *   the accounts for the previous financial year were also delivered late.
 *
 * A company's first ARP begins on the day it was incorporated (s391(5)), so
 * a period starting on the incorporation date is its first.
 */
import { addDays, addMonths, addMonthsFromStart, compareIso, type IsoDate } from './calendar.js';
import type { Period } from './deadline-rules.js';

export interface AccountsFilingFacts {
  /** The day the company was incorporated; null when not known (the first-accounts rule then cannot apply). */
  incorporatedOn?: IsoDate | null;
  /** The day the company gave notice (AA01) shortening this accounting reference period; null when it did not. */
  shortenedByNoticeOn?: IsoDate | null;
}

/** Which rule set the accounts' filing date. */
export type AccountsDueRule = 'nine-months' | 'first-accounts-anniversary' | 'first-accounts-three-months' | 'shortened-notice';

export interface AccountsDue {
  filingDue: IsoDate;
  rule: AccountsDueRule;
  /** The period is the company's first ARP and longer than 12 months (s442(3)). */
  firstAccounts: boolean;
}

/** Whether a period runs longer than 12 months from its first day (a 12-month period ends the day before the same date a year on). */
export function longerThanTwelveMonths({ start, end }: Period): boolean {
  return compareIso(end, addDays(addMonthsFromStart(start, 12), -1)) > 0;
}

/**
 * The first anniversary of incorporation. A company incorporated on 29
 * February has none in a common year: taken as 28 February, the earlier of
 * the two readings, so the filing date shown is never later than the law's.
 */
export function firstAnniversary(incorporatedOn: IsoDate): IsoDate {
  const year = String(Number(incorporatedOn.slice(0, 4)) + 1).padStart(4, '0');
  const monthDay = incorporatedOn.slice(5);
  return monthDay === '02-29' ? `${year}-02-28` : `${year}-${monthDay}`;
}

/** The later of two dates, and whether it was the second. */
const later = (a: IsoDate, b: IsoDate): [IsoDate, boolean] => (compareIso(b, a) > 0 ? [b, true] : [a, false]);

/** The day a private company's accounts for `period` must be delivered to Companies House by (s442, s443). */
export function accountsFilingDue(period: Period, facts: AccountsFilingFacts = {}): AccountsDue {
  const incorporatedOn = facts.incorporatedOn ?? null;
  const firstAccounts = incorporatedOn !== null && period.start === incorporatedOn && longerThanTwelveMonths(period);
  let filingDue: IsoDate;
  let rule: AccountsDueRule;
  if (firstAccounts) {
    const [date, threeMonthsLater] = later(addMonths(firstAnniversary(incorporatedOn), 9), addMonths(period.end, 3));
    filingDue = date;
    rule = threeMonthsLater ? 'first-accounts-three-months' : 'first-accounts-anniversary';
  } else {
    filingDue = addMonths(period.end, 9);
    rule = 'nine-months';
  }
  const notice = facts.shortenedByNoticeOn ?? null;
  if (notice !== null) {
    const [date, fromNotice] = later(filingDue, addMonths(notice, 3));
    if (fromNotice) {
      filingDue = date;
      rule = 'shortened-notice';
    }
  }
  return { filingDue, rule, firstAccounts };
}

/** The bands of SI 2008/497's table for a private company: how many months late at most, and the penalty. */
export const ACCOUNTS_PENALTY_BANDS: readonly { upToMonths: number | null; pounds: number; words: string }[] = [
  { upToMonths: 1, pounds: 150, words: 'not more than 1 month late' },
  { upToMonths: 3, pounds: 375, words: 'more than 1 month and not more than 3 months late' },
  { upToMonths: 6, pounds: 750, words: 'more than 3 months and not more than 6 months late' },
  { upToMonths: null, pounds: 1500, words: 'more than 6 months late' },
];

export interface AccountsPenalty {
  /** The penalty in pounds: 0 when delivered in time. */
  pounds: number;
  /** Doubled because the previous financial year's accounts were also delivered late. */
  doubled: boolean;
  /** The band in words ("more than 1 month and not more than 3 months late"); '' when not late. */
  band: string;
}

/**
 * The late filing penalty for accounts due on `filingDue` and delivered on
 * `deliveredOn` (or, not yet delivered, as it stands that day). The months
 * late are counted from the filing date as s443 counts the filing period:
 * due 30 September, delivered by 31 October is not more than one month late.
 */
export function accountsLatePenalty(filingDue: IsoDate, deliveredOn: IsoDate, previousYearLate: boolean): AccountsPenalty {
  if (compareIso(deliveredOn, filingDue) <= 0) return { pounds: 0, doubled: false, band: '' };
  const band = ACCOUNTS_PENALTY_BANDS.find((b) => b.upToMonths === null || compareIso(deliveredOn, addMonths(filingDue, b.upToMonths)) <= 0)!;
  return { pounds: previousYearLate ? band.pounds * 2 : band.pounds, doubled: previousYearLate, band: band.words };
}

/** The day the penalty for accounts not yet delivered next rises, and to how much; null once in the last band. */
export function nextAccountsPenalty(filingDue: IsoDate, today: IsoDate, previousYearLate: boolean): { from: IsoDate; pounds: number } | null {
  const factor = previousYearLate ? 2 : 1;
  if (compareIso(today, filingDue) <= 0) return { from: addDays(filingDue, 1), pounds: ACCOUNTS_PENALTY_BANDS[0]!.pounds * factor };
  for (let i = 0; i < ACCOUNTS_PENALTY_BANDS.length - 1; i++) {
    const last = addMonths(filingDue, ACCOUNTS_PENALTY_BANDS[i]!.upToMonths!);
    if (compareIso(today, last) <= 0) return { from: addDays(last, 1), pounds: ACCOUNTS_PENALTY_BANDS[i + 1]!.pounds * factor };
  }
  return null;
}
