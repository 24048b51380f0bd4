/**
 * Dates as UK bookkeepers write them: "1 April 2024"; with a time,
 * "31 March 2025 at 14:05" on the 24-hour clock.
 *
 * An ISO date (YYYY-MM-DD) is a calendar day, not an instant: it is shown as
 * written, never moved a day by a time zone. A timestamp is an instant and is
 * shown in the user's local time (their computer's time zone: BST in summer
 * and GMT in winter for a UK office); `timeZone` is there for tests and for
 * nothing else.
 */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** { year: 2024, month: 4, day: 1 } → "1 April 2024". */
export function ukCalendarDate(d: CalendarDay): string {
  return `${d.day} ${MONTHS[d.month - 1] ?? d.month} ${d.year}`;
}

/** "2024-04-01" → "1 April 2024"; anything else (or a day that does not exist) is returned as it came, never guessed at. */
export function ukDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return iso;
  return ukCalendarDate({ year, month, day });
}

/** "1 April 2024 to 31 March 2025"; null when the period is not entered yet. */
export function ukPeriod(from: string | null, to: string | null): string | null {
  if (from && to) return `${ukDate(from)} to ${ukDate(to)}`;
  if (from) return `From ${ukDate(from)}`;
  if (to) return `To ${ukDate(to)}`;
  return null;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    timeFormats.set(key, format);
  }
  return format;
}

/** An ISO timestamp in local time: "31 March 2025 at 14:05". Text that is not a timestamp is returned as it came. */
export function ukDateTime(iso: string, options: { timeZone?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = timeFormat(options.timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  const hour = String(get('hour')).padStart(2, '0');
  const minute = String(get('minute')).padStart(2, '0');
  return `${ukCalendarDate({ year: get('year'), month: get('month'), day: get('day') })} at ${hour}:${minute}`;
}

/** "03-31" (the client book's usual period end) → "31 March". */
export function ukDayMonth(monthDay: string): string {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  if (!match) return monthDay;
  const month = MONTHS[Number(match[1]) - 1];
  return month ? `${Number(match[2])} ${month}` : monthDay;
}

const DATE_IN_TEXT = new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})\\b`, 'g');

/** Text with each UK date in it ("1 April 2024") held together, so a line never breaks inside a date. */
export function keepDatesTogether(text: string): string {
  return text.replace(DATE_IN_TEXT, '$1\u00a0$2\u00a0$3');
}
