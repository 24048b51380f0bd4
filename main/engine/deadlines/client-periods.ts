/**
 * A client's periods of account: those the client book holds, and after the
 * last of them the next ones its usual period end generates, up to the one
 * running today, so a client is never missing from the year's deadlines only
 * because nobody typed its new period in.
 */
import { addDays, addMonths, compareIso, daysInMonth, type IsoDate } from './calendar.js';
import type { Period } from './deadline-rules.js';

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
}

/**
 * The stored periods in date order, then generated ones from the day after the
 * last stored one. A client with no stored period starts from the last usual
 * period end a year before `today`. No usual end: the stored periods only.
 */
export function clientPeriods(stored: readonly Period[], usualEnd: string, today: IsoDate): GeneratedPeriod[] {
  const periods: GeneratedPeriod[] = [...stored].sort((a, b) => compareIso(a.start, b.start)).map((p) => ({ ...p, generated: false }));
  if (!/^\d{2}-\d{2}$/.test(usualEnd)) return periods;
  let start: IsoDate;
  const last = periods.at(-1);
  if (last) start = addDays(last.end, 1);
  else start = addDays(usualEndOnOrAfter(addMonths(today, -24), usualEnd), 1);
  // Up to the period running today; never more than a few, even from a stale book.
  for (let i = 0; i < 10 && compareIso(start, today) <= 0; i++) {
    // A period ends on the usual end at least a day after it starts (a short first period may be days long).
    const end = usualEndOnOrAfter(start, usualEnd);
    periods.push({ start, end, generated: true });
    start = addDays(end, 1);
  }
  return periods;
}
