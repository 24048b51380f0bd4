/**
 * Calendar days as HMRC counts them: ISO dates ("2025-03-31"), no time and
 * no time zone, so a deadline never moves by a day with the machine's clock.
 * Day arithmetic runs on day numbers (days since 1970-01-01), never on Date.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The proleptic Gregorian calendar's leap years, for any whole year counted
 * astronomically (0 is 1 BCE, a leap year): the one rule every date check of
 * the engine uses, whichever way its format writes the years before 1 CE.
 */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days in a month (1–12) of an astronomical year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return DAYS_IN_MONTH[month - 1]!;
}

/**
 * Year, month and day of an ISO date, read digit by digit. The engine's
 * dates are checked where they come in (isIsoDate), and a firm's year of
 * deadlines is tens of thousands of these, so nothing is allocated here.
 */
const digit = (date: string, i: number) => date.charCodeAt(i) - 48;
function check(date: IsoDate): void {
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-') throw new RangeError(`not an ISO date: ${date}`);
}
const yearOf = (date: IsoDate) => digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
const monthOf = (date: IsoDate) => digit(date, 5) * 10 + digit(date, 6);
const dayOf = (date: IsoDate) => digit(date, 8) * 10 + digit(date, 9);

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function iso(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Days since 1970-01-01 of a proleptic Gregorian date, astronomical year (H. Hinnant's days_from_civil), without a Date object. */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Days since 1970-01-01 as an ISO date. */
export function fromDayNumber(day: number): IsoDate {
  const { year, month, day: d } = civilFromDays(day);
  return iso(year, month, d);
}

/** Days since 1970-01-01 as a proleptic Gregorian year (astronomical), month and day (civil_from_days). */
export function civilFromDays(day: number): { year: number; month: number; day: number } {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d };
}

/** Days since 1970-01-01: the one number days are compared and counted by. */
export function dayNumber(date: IsoDate): number {
  check(date);
  return daysFromCivil(yearOf(date), monthOf(date), dayOf(date));
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
  check(date);
  const y = yearOf(date);
  const m = monthOf(date);
  const d = dayOf(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  const endOfMonth = d === daysInMonth(y, m);
  return iso(year, month, endOfMonth ? last : Math.min(d, last));
}

/**
 * A date counted forward from a period's first day: the same day number, or
 * when the month has no such day, as many days into the next month as it
 * overshoots. This is how an accounting period "of 12 months" ends: one
 * starting 29 February 2024 ends 28 February 2025, the next starting 1 March.
 */
export function addMonthsFromStart(start: IsoDate, months: number): IsoDate {
  check(start);
  const y = yearOf(start);
  const m = monthOf(start);
  const d = dayOf(start);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  return d <= last ? iso(year, month, d) : addDays(iso(year, month, last), d - last);
}

export const compareIso = (a: IsoDate, b: IsoDate) => (a < b ? -1 : a > b ? 1 : 0);
