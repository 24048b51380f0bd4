/**
 * Calendar days as HMRC counts them: ISO dates ("2025-03-31"), no time and
 * no time zone, so a deadline never moves by a day with the machine's clock.
 * Day arithmetic runs on UTC day numbers.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether text is a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(date: IsoDate): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not an ISO date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function iso(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01: the one number days are compared and counted by. */
export function dayNumber(date: IsoDate): number {
  const [y, m, d] = parts(date);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function fromDayNumber(day: number): IsoDate {
  const t = new Date(day * DAY_MS);
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** b − a in days: positive when b is later. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return dayNumber(b) - dayNumber(a);
}

/**
 * The same day of the month `months` later (the "corresponding date" of
 * Dodds v Walker [1981] 1 WLR 1027, which the Taxes Acts' "N months after"
 * follows); when that month is shorter, its last day. A date that is the last
 * day of its month maps to the last day of the later month, as HMRC's own
 * dates do: a period ending 30 June 2024 has its tax due on 1 April 2025
 * (31 March + 1 day), one ending 28 February 2023 its return on 29 February
 * 2024, and one ending 30 April never on 1 May.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  const endOfMonth = d === daysInMonth(y, m);
  return iso(year, month, endOfMonth ? last : Math.min(d, last));
}

/** Whole calendar months from start to the day after end (1 Apr 2024 – 30 Sep 2025 is 18). */
export function monthsSpanned(start: IsoDate, end: IsoDate): { months: number; exact: boolean } {
  const after = addDays(end, 1);
  const [y1, m1] = parts(start);
  const [y2, m2] = parts(after);
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (dayNumber(addMonthsFromStart(start, months)) > dayNumber(after)) months--;
  return { months, exact: addMonthsFromStart(start, months) === after };
}

/**
 * A date counted forward from a period's first day: the same day number, or
 * when the month has no such day, as many days into the next month as it
 * overshoots. This is how an accounting period "of 12 months" ends: one
 * starting 29 February 2024 ends 28 February 2025, the next starting 1 March.
 */
export function addMonthsFromStart(start: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(start);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  return d <= last ? iso(year, month, d) : addDays(iso(year, month, last), d - last);
}

export const compareIso = (a: IsoDate, b: IsoDate) => (a < b ? -1 : a > b ? 1 : 0);
