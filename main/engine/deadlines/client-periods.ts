/**
 * A client's periods of account: those the client book holds; after the last
 * of them the next ones its usual period end generates, up to the one running
 * today, so a client is never missing from the year's deadlines only because
 * nobody typed its new period in; and the period of every return the firm has
 * started in the app (a draft, a built return, a submission to HMRC) and HMRC
 * has not accepted, whatever its age, so a return already late is never
 * hidden because its year fell out of the usual window.
 */
import { addDays, addMonths, compareIso, daysInMonth, isIsoDate, type IsoDate } from './calendar.js';
import { accountingPeriods, type Period } from './deadline-rules.js';

/**
 * How far before today the usual period end goes back to reach the oldest
 * unfiled return: six years, HMRC's time limit for an assessment where a loss
 * of tax came from carelessness (FA 1998 Sch 18 para 46(2)). A return older
 * than that still has its own row; it does not make a run of periods nobody
 * could still act on (a draft with a mistyped year would otherwise fill the
 * list with a century of them).
 */
export const REACH_BACK_YEARS = 6;
/** Generated periods for one client, however stale its book: enough for the reach-back years and the running one. */
const MAX_GENERATED = 10;

/** The usual period end ("03-31") on or after `date`. */
function usualEndOnOrAfter(date: IsoDate, usualEnd: string): IsoDate {
  const [month, day] = usualEnd.split('-').map(Number) as [number, number];
  let year = Number(date.slice(0, 4));
  for (;;) {
    // 29 February in a common year: that year's last day of February.
    const d = Math.min(day, daysInMonth(year, month));
    const candidate = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (compareIso(candidate, date) >= 0) return candidate;
    year++;
  }
}

export interface GeneratedPeriod extends Period {
  /** True when the usual period end made it and the client book does not hold it. */
  generated: boolean;
  /** True when neither the book nor the usual period end has it: a return started in the app for these dates does. */
  fromWork: boolean;
}

const datesOf = (p: Period) => `${p.start}/${p.end}`;
const byStartThenEnd = (a: Period, b: Period) => compareIso(a.start, b.start) || compareIso(a.end, b.end);

/** A period a return can be made for: two real dates, the end not before the start. */
export function isUsablePeriod(p: Period): boolean {
  return isIsoDate(p.start) && isIsoDate(p.end) && compareIso(p.start, p.end) <= 0;
}

/**
 * The stored periods in date order; then generated ones from the day after
 * the last stored one, or for a client with no stored period from the last
 * usual period end a year before `today` (further back when an unfiled
 * return is older, up to REACH_BACK_YEARS); then each of `unfiled` that no
 * listed period of account has as itself or as one of its accounting
 * periods. No usual end: no generated periods.
 *
 * `unfiled`: the periods of the returns started in the app (drafts, builds,
 * submissions) that HMRC has not accepted.
 */
export function clientPeriods(stored: readonly Period[], usualEnd: string, today: IsoDate, unfiled: readonly Period[] = []): GeneratedPeriod[] {
  const periods: GeneratedPeriod[] = [...stored].sort(byStartThenEnd).map((p) => ({ ...p, generated: false, fromWork: false }));
  const work = [...new Map(unfiled.filter(isUsablePeriod).map((p) => [datesOf(p), { start: p.start, end: p.end }])).values()].sort(byStartThenEnd);
  if (/^\d{2}-\d{2}$/.test(usualEnd)) periods.push(...fromUsualEnd(periods.at(-1), usualEnd, today, work[0]));
  if (work.length === 0) return periods;
  const listed = new Set(periods.flatMap((p) => [datesOf(p), ...accountingPeriods(p).map(datesOf)]));
  for (const p of work) {
    if (listed.has(datesOf(p))) continue;
    periods.push({ ...p, generated: false, fromWork: true });
    listed.add(datesOf(p));
  }
  // In date order, so the run of late returns (the third in a row) is counted in the order they fell due.
  return periods.sort(byStartThenEnd);
}

/** The periods the usual end makes after `last` (the book's last period), up to the one running today. */
function fromUsualEnd(last: Period | undefined, usualEnd: string, today: IsoDate, oldestUnfiled: Period | undefined): GeneratedPeriod[] {
  let start: IsoDate;
  if (last) start = addDays(last.end, 1);
  else {
    // The last complete period and the running one; from further back when an unfiled return is older.
    let from = addMonths(today, -24);
    if (oldestUnfiled && compareIso(oldestUnfiled.start, from) < 0) {
      const limit = addMonths(today, -12 * REACH_BACK_YEARS);
      const dayBefore = addDays(oldestUnfiled.start, -1);
      from = compareIso(dayBefore, limit) > 0 ? dayBefore : limit;
    }
    start = addDays(usualEndOnOrAfter(from, usualEnd), 1);
  }
  const periods: GeneratedPeriod[] = [];
  // Up to the period running today; never more than a few, even from a stale book.
  for (let i = 0; i < MAX_GENERATED && compareIso(start, today) <= 0; i++) {
    // A period ends on the usual end at least a day after it starts (a short first period may be days long).
    const end = usualEndOnOrAfter(start, usualEnd);
    periods.push({ start, end, generated: true, fromWork: false });
    start = addDays(end, 1);
  }
  return periods;
}
