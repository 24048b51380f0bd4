/**
 * The EXSLT date functions HMRC's CT600 rules use (exslt.org/date), on the
 * lexical forms of XML Schema: dates "2024-03-31" (an optional zone is
 * accepted and ignored for whole dates), date-times and durations "P365D".
 * A value that is not one of those gives NaN or "" as EXSLT says, never an
 * exception: HMRC's rules then fail as HMRC's own processor would have them.
 * Days are counted in UTC so the result never depends on the machine's zone.
 */
const DATE = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;
const DATE_TIME = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:\d{2})?$/;
const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

interface YMD {
  year: number;
  month: number;
  day: number;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInMonth = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

function readDate(text: string): YMD | undefined {
  const m = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!m) return undefined;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) return undefined;
  return d;
}

/** Days from 1970-01-01 (proleptic Gregorian; setUTCFullYear keeps years 0–99 as written). */
function dayNumber(d: YMD): number {
  const t = new Date(0);
  t.setUTCFullYear(d.year, d.month - 1, d.day);
  return Math.round(t.getTime() / 86_400_000);
}

function fromDayNumber(n: number): YMD {
  const d = new Date(n * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const pad = (n: number, width = 2) => (n < 0 ? '-' : '') + String(Math.abs(n)).padStart(width, '0');
const formatDate = (d: YMD) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

interface Duration {
  sign: 1 | -1;
  months: number;
  days: number;
  seconds: number;
}

function readDuration(text: string): Duration | undefined {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text === '-P' || text.endsWith('T')) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  return { sign: m[1] ? -1 : 1, months: n(2) * 12 + n(3), days: n(4), seconds: n(5) * 3600 + n(6) * 60 + n(7) };
}

/**
 * date:seconds: seconds from 1970-01-01T00:00:00Z to a date or date-time, or
 * the seconds of a duration without years or months; NaN otherwise.
 */
export function seconds(text: string): number {
  const t = text.trim();
  const dt = DATE_TIME.exec(t);
  if (dt) {
    const date = readDate(t);
    if (!date) return Number.NaN;
    const zone = dt[7] && dt[7] !== 'Z' ? (dt[7].startsWith('-') ? -1 : 1) * (Number(dt[7].slice(1, 3)) * 3600 + Number(dt[7].slice(4, 6)) * 60) : 0;
    return dayNumber(date) * 86_400 + Number(dt[4]) * 3600 + Number(dt[5]) * 60 + Number(dt[6]) - zone;
  }
  const date = readDate(t);
  if (date) return dayNumber(date) * 86_400;
  const duration = readDuration(t);
  if (duration && duration.months === 0) return duration.sign * (duration.days * 86_400 + duration.seconds);
  return Number.NaN;
}

/**
 * date:add for a date and a duration, by XML Schema's algorithm (appendix E):
 * months first, the day clamped to the end of the resulting month
 * (2024-02-29 + P12M = 2025-02-28), then days. "" when either is unreadable.
 */
export function add(dateText: string, durationText: string): string {
  const date = readDate(dateText.trim());
  const duration = readDuration(durationText.trim());
  if (!date || !duration) return '';
  const monthIndex = date.year * 12 + (date.month - 1) + duration.sign * duration.months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const day = Math.min(date.day, daysInMonth(year, month));
  const wholeDays = duration.sign * (duration.days + Math.floor(duration.seconds / 86_400));
  return formatDate(fromDayNumber(dayNumber({ year, month, day }) + wholeDays));
}

/** date:difference between two dates, as a duration in days ("P365D", "-P1D", "P0D"); "" when either is unreadable. */
export function difference(startText: string, endText: string): string {
  const start = readDate(startText.trim());
  const end = readDate(endText.trim());
  if (!start || !end) return '';
  const days = dayNumber(end) - dayNumber(start);
  return `${days < 0 ? '-' : ''}P${Math.abs(days)}D`;
}

/** date:year, date:month-in-year, date:day-in-month of a date or date-time; NaN when unreadable. */
export function year(text: string): number {
  return readDate(text.trim())?.year ?? Number.NaN;
}

export function monthInYear(text: string): number {
  return readDate(text.trim())?.month ?? Number.NaN;
}

export function dayInMonth(text: string): number {
  return readDate(text.trim())?.day ?? Number.NaN;
}

/** The date part of a date or date-time ("" when unreadable): date:date with an argument. */
export function datePart(text: string): string {
  const d = readDate(text.trim());
  return d ? formatDate(d) : '';
}

/** Today as the rules see it: the UTC date of a clock reading. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);
