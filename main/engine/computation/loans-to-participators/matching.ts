/**
 * Which loan each repayment pays off. By default the oldest loan outstanding
 * on the day (a participator's account is a running account: payments go to
 * the earliest debts first). CTA 2010 s464C overrides that for bed and
 * breakfasting (CTM61625–CTM61645):
 *
 * - the 30-day rule, s464C(1)–(2) (CTM61630): where within any 30 days
 *   repayments of £5,000 or more are made and new loans of £5,000 or more are
 *   made in a later accounting period than the loan repaid, the repayments
 *   are treated as repaying those new loans, up to their amount; the rest is
 *   relieved in the usual way;
 * - the arrangements rule, s464C(3)–(4) (CTM61635): where £15,000 or more is
 *   outstanding before a repayment and, at that time, arrangements had been
 *   made for new loans of £5,000 or more, the repayment is matched to those
 *   new loans whenever they come (no time limit). The app cannot see
 *   arrangements, only dates: it presumes them for new loans of £5,000 or
 *   more in a later accounting period after the 30 days, and says so in the
 *   working; the 30-day rule goes first (s464C(4)(b)(i));
 * - neither applies to a repayment that is itself taxed as income on the
 *   participator, such as a dividend or bonus credited (s464C(6)), nor to a
 *   release or write-off, which is not a repayment.
 */
import type { FieldError } from '../../errors.js';
import { dayNumber, type IsoDate } from '../dates.js';
import { poundsWords, type Pence } from '../money.js';
import { accountingPeriodEndOf } from './rates.js';
import type { LoanRepayment, LoansToParticipatorsInput } from './types.js';

export interface Lot {
  participator: string;
  date: IsoDate;
  /** The end of the accounting period the loan was made in. */
  periodEnd: IsoDate;
  origin: 'earlier' | 'this' | 'later';
  amount: Pence;
  /** Left after every repayment matched to it so far. */
  outstanding: Pence;
  /** Taken by s464C matches so far. */
  matched: Pence;
}

export interface Allocation {
  repayment: LoanRepayment;
  /** Index of the repayment in the input, for errors. */
  index: number;
  lot: Lot;
  amount: Pence;
  matchedBy?: '30-day' | 'arrangements';
}

export interface MatchingResult {
  lots: Lot[];
  allocations: Allocation[];
  errors: FieldError[];
}

const FIVE_THOUSAND = 500_000;
const FIFTEEN_THOUSAND = 1_500_000;
const days = (a: IsoDate, b: IsoDate) => dayNumber(b) - dayNumber(a);

export function matchRepayments(input: LoansToParticipatorsInput, period: { from: IsoDate; to: IsoDate }): MatchingResult {
  const lots: Lot[] = [
    ...input.broughtForward.map((b): Lot => ({ participator: b.participator, date: b.loanDate, periodEnd: b.periodEnd, origin: 'earlier', amount: b.amount, outstanding: b.amount, matched: 0 })),
    ...input.loans.map((l): Lot => {
      const later = l.date > period.to;
      return { participator: l.participator, date: l.date, periodEnd: later ? accountingPeriodEndOf(l.date, period.to) : period.to, origin: later ? 'later' : 'this', amount: l.amount, outstanding: l.amount, matched: 0 };
    }),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.periodEnd < b.periodEnd ? -1 : 0));

  const allocations: Allocation[] = [];
  const errors: FieldError[] = [];
  const order = input.repayments.map((repayment, index) => ({ repayment, index })).sort((a, b) => (a.repayment.date < b.repayment.date ? -1 : a.repayment.date > b.repayment.date ? 1 : a.index - b.index));

  for (const { repayment: r, index } of order) {
    const own = lots.filter((l) => l.participator === r.participator);
    const onTheDay = own.filter((l) => l.date <= r.date && l.outstanding > 0);
    let left = r.amount;
    const target = onTheDay[0];
    if (r.kind === 'repayment' && target) {
      const take = (lot: Lot, amount: Pence, rule: '30-day' | 'arrangements') => {
        lot.outstanding -= amount;
        lot.matched += amount;
        left -= amount;
        allocations.push({ repayment: r, index, lot, amount, matchedBy: rule });
      };
      // s464C(1): new loans in a later accounting period than the loan repaid, within a 30-day period with the repayment.
      for (const lot of thirtyDayMatches(own, target, r, input.repayments)) {
        if (left === 0) break;
        take(lot, Math.min(left, lot.amount - lot.matched, lot.outstanding), '30-day');
      }
      // s464C(3): £15,000 or more outstanding before the repayment, new loans of £5,000 or more after the 30 days.
      const before = onTheDay.reduce((s, l) => s + l.outstanding, 0);
      if (left > 0 && before >= FIFTEEN_THOUSAND) {
        const later = own.filter((l) => l.periodEnd > target.periodEnd && days(r.date, l.date) > 29 && l.amount - l.matched > 0 && l.outstanding > 0);
        if (later.reduce((s, l) => s + l.amount - l.matched, 0) >= FIVE_THOUSAND) {
          for (const lot of later) {
            if (left === 0) break;
            take(lot, Math.min(left, lot.amount - lot.matched, lot.outstanding), 'arrangements');
          }
        }
      }
    }
    for (const lot of onTheDay) {
      if (left === 0) break;
      const amount = Math.min(left, lot.outstanding);
      if (amount === 0) continue;
      lot.outstanding -= amount;
      left -= amount;
      allocations.push({ repayment: r, index, lot, amount });
    }
    if (left > 0) {
      const owed = r.amount - left;
      errors.push({
        field: `loansToParticipators.repayments[${index}].amount`,
        message: `is more than ${r.participator} owed on ${r.date} (${poundsWords(owed)} of loans made by then and not already repaid): a repayment pays off loans already made (CTA 2010 s458), so list every loan and the balance brought forward; ${poundsWords(left)} is left over`,
      });
    }
  }
  return { lots, allocations, errors };
}

/**
 * The new loans s464C(1) matches a repayment to: in a later accounting period
 * than `target`, inside a 30-day period that also holds the repayment, where
 * that period's repayments and such new loans each come to £5,000 or more.
 */
function thirtyDayMatches(own: Lot[], target: Lot, r: LoanRepayment, repayments: LoanRepayment[]): Lot[] {
  const relevant = own.filter((l) => l.periodEnd > target.periodEnd && Math.abs(days(r.date, l.date)) <= 29 && l.amount - l.matched > 0 && l.outstanding > 0);
  if (relevant.length === 0) return [];
  const theirs = repayments.filter((p) => p.participator === r.participator && p.kind === 'repayment');
  const chosen = new Set<Lot>();
  // Every 30-day period that holds the repayment: starting from 29 days before it to the day itself.
  for (let shift = -29; shift <= 0; shift++) {
    const start = dayNumber(r.date) + shift;
    const inWindow = (d: IsoDate) => dayNumber(d) >= start && dayNumber(d) <= start + 29;
    const repaid = theirs.filter((p) => inWindow(p.date)).reduce((s, p) => s + p.amount, 0);
    const newLoans = relevant.filter((l) => inWindow(l.date));
    if (repaid >= FIVE_THOUSAND && newLoans.reduce((s, l) => s + l.amount, 0) >= FIVE_THOUSAND) for (const l of newLoans) chosen.add(l);
  }
  return relevant.filter((l) => chosen.has(l));
}
