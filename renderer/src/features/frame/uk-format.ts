/**
 * Dates and money as UK bookkeepers write them: "1 April 2024", "31 March
 * 2025, 14:05". ISO dates (YYYY-MM-DD) are calendar days, so they are shown
 * in UTC to stop a time zone moving them by a day.
 */
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2024-04-01" → "1 April 2024"; anything else is returned as it came, never guessed at. */
export function ukDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.getUTCDate() !== Number(match[3])) return iso;
  return dayFormat.format(date);
}

/** "1 April 2024 to 31 March 2025"; null when the period is not entered yet. */
export function ukPeriod(from: string | null, to: string | null): string | null {
  if (from && to) return `${ukDate(from)} to ${ukDate(to)}`;
  if (from) return `From ${ukDate(from)}`;
  if (to) return `To ${ukDate(to)}`;
  return null;
}

/** An ISO timestamp as the local date and time: "31 March 2025, 14:05". */
export function ukDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = dateTimeFormat.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')}, ${get('hour')}:${get('minute')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "03-31" (the client book's usual period end) → "31 March". */
export function ukDayMonth(monthDay: string): string {
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  if (!match) return monthDay;
  const month = MONTHS[Number(match[1]) - 1];
  return month ? `${Number(match[2])} ${month}` : monthDay;
}

export { MONTHS };
