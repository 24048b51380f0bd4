/**
 * Dates of the accounting period. The request carries zone-less date-times
 * ("2024-04-01T00:00:00"); only the date part is meaningful, so everything
 * here works on calendar dates in UTC and never on the machine's time zone.
 */
import { daysInMonth } from '../deadlines/calendar.js';
export interface CalendarDate {
  year: number;
  month: number; // 1–12
  day: number;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?$/;

export type DateParse = { ok: true; date: CalendarDate } | { ok: false; message: string };

export function parseRequestDate(text: string): DateParse {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text) && text.includes('T')) {
    return { ok: false, message: 'must be an ISO 8601 date-time without a zone designator, e.g. 2024-04-01T00:00:00' };
  }
  const m = DATE_TIME.exec(text);
  if (!m) return { ok: false, message: 'must be an ISO 8601 date-time such as 2024-04-01T00:00:00' };
  const [, y, mo, d, hh = '00', mi = '00', ss = '00', frac = '0'] = m;
  const date = { year: Number(y), month: Number(mo), day: Number(d) };
  if (!isRealDate(date)) return { ok: false, message: `${y}-${mo}-${d} is not a calendar date` };
  if (Number(hh) !== 0 || Number(mi) !== 0 || Number(ss) !== 0 || Number(frac) !== 0) {
    return { ok: false, message: 'must be midnight (T00:00:00): a return period is made of whole days' };
  }
  return { ok: true, date };
}

export function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}


export function formatDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Financial year n runs from 1 April n to 31 March n+1. */
export function financialYearOf({ year, month }: CalendarDate): number {
  return month >= 4 ? year : year - 1;
}

/**
 * An accounting period may not exceed 12 months: it ends at the latest on the
 * day before the start's first anniversary (1 Apr 2024 → 31 Mar 2025). The
 * anniversary of 29 February in a common year is 1 March, as in UK law, so
 * 29 Feb 2024 → 28 Feb 2025.
 */
export function latestPeriodEnd(from: CalendarDate): CalendarDate {
  const t = Date.UTC(from.year + 1, from.month - 1, from.day);
  const end = new Date(t - 86_400_000);
  return { year: end.getUTCFullYear(), month: end.getUTCMonth() + 1, day: end.getUTCDate() };
}

export const EARLIEST_PERIOD_START: CalendarDate = { year: 2015, month: 4, day: 1 };

/** Boxes 30 and 35: the period's own rules, as { field: "from" | "to", message }. */
export function periodErrors(from: CalendarDate, to: CalendarDate): { field: 'from' | 'to'; message: string }[] {
  const errors: { field: 'from' | 'to'; message: string }[] = [];
  if (compareDates(from, EARLIEST_PERIOD_START) < 0) {
    errors.push({ field: 'from', message: `must be on or after 2015-04-01 (box 30): this return covers periods starting from then; got ${formatDate(from)}` });
  }
  if (compareDates(to, from) < 0) {
    errors.push({ field: 'to', message: `must not be before periodCovered.from (box 35 ≥ box 30); got ${formatDate(to)} < ${formatDate(from)}` });
  } else if (compareDates(to, latestPeriodEnd(from)) > 0) {
    errors.push({
      field: 'to',
      message: `makes the period longer than 12 months: a period starting ${formatDate(from)} must end by ${formatDate(latestPeriodEnd(from))} (box 35)`,
    });
  }
  return errors;
}
