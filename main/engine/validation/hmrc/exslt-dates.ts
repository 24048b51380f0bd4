/**
 * The EXSLT date functions HMRC's CT600 rules use (exslt.org/dates-and-times),
 * as libxslt's libexslt implements them: HMRC runs its Schematron with that
 * processor, so where EXSLT's text leaves room its behaviour is the one a
 * return is judged by.
 *
 * Values are XML Schema lexical forms read exactly as written: no space is
 * trimmed (HMRC's rules wrap every value in normalize-space, which strips
 * only XML whitespace), a year has at least four digits, more only without a
 * leading zero, and year 0000 is not a year. A time zone is kept: a date
 * with a zone is the day in that zone, so it starts at midnight there
 * (date:seconds('2025-03-31+01:00') is an hour before 2025-03-31 in UTC),
 * date:add carries the zone onto its result, and date:difference measures
 * between the two instants. A value that is none of these gives NaN or "",
 * never an exception: HMRC's rules then fail as HMRC's own processor has them.
 */
import { civilFromDays, daysFromCivil, daysInMonth } from '../../deadlines/calendar.js';

/** What a value is, least precise first: date:difference compares two values at the less precise of their types. */
const enum Kind {
  gYear = 0,
  gYearMonth = 1,
  date = 2,
  dateTime = 3,
}

interface DateValue {
  kind: Kind;
  /** Astronomical: 0 is 1 BCE, written "-0001". */
  year: number;
  month: number;
  day: number;
  /** Seconds into the day (with any fraction). */
  time: number;
  /** Minutes east of UTC; 0 without a zone. */
  offset: number;
  /** Written with "Z": libexslt prints a zone on a date only when it had "Z" or a non-zero offset. */
  zulu: boolean;
}


const YEAR = '(-?)(\\d{4,})';
const ZONE = '(Z|[+-]\\d{2}:\\d{2})?';
const FORMS: [Kind, RegExp][] = [
  [Kind.gYear, new RegExp(`^${YEAR}${ZONE}$`)],
  [Kind.gYearMonth, new RegExp(`^${YEAR}-(\\d{2})${ZONE}$`)],
  [Kind.date, new RegExp(`^${YEAR}-(\\d{2})-(\\d{2})${ZONE}$`)],
  [Kind.dateTime, new RegExp(`^${YEAR}-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2}(?:\\.\\d+)?)${ZONE}$`)],
];

/** ±hh:mm with hours 00–23 and minutes 00–59 (libexslt's bounds, wider than XML Schema's ±14:00). */
function readZone(zone: string | undefined): { offset: number; zulu: boolean } | undefined {
  if (zone === undefined) return { offset: 0, zulu: false };
  if (zone === 'Z') return { offset: 0, zulu: true };
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return { offset: (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes), zulu: false };
}

function readValue(text: string, allowed: readonly Kind[]): DateValue | undefined {
  for (const [kind, re] of FORMS) {
    if (!allowed.includes(kind)) continue;
    const m = re.exec(text);
    if (!m) continue;
    const [, minus, digits] = m;
    if (digits!.length > 4 && digits!.startsWith('0')) return undefined;
    if (Number(digits) === 0) return undefined;
    // Held as an astronomical year (1 BCE = 0): libexslt's arithmetic passes from -0001 to 0001 with no year between.
    const year = minus ? 1 - Number(digits) : Number(digits);
    const month = kind >= Kind.gYearMonth ? Number(m[3]) : 1;
    const day = kind >= Kind.date ? Number(m[4]) : 1;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    let time = 0;
    if (kind === Kind.dateTime) {
      const [h, min, s] = [Number(m[5]), Number(m[6]), Number(m[7])];
      if (h > 23 || min > 59 || s >= 60) return undefined;
      time = h * 3600 + min * 60 + s;
    }
    const zone = readZone(m[m.length - 1]);
    if (!zone) return undefined;
    return { kind, year, month, day, time, ...zone };
  }
  return undefined;
}

const ALL = [Kind.gYear, Kind.gYearMonth, Kind.date, Kind.dateTime] as const;

/** Days from 1970-01-01 in the proleptic Gregorian calendar, astronomical years (the deadlines' own day numbers). */
const dayNumber = daysFromCivil;
const fromDayNumber = civilFromDays;

/** Seconds from 1970-01-01T00:00:00Z to the value's start, in its own zone (none counts as UTC). */
const instant = (v: DateValue) => dayNumber(v.year, v.month, v.day) * 86_400 + v.time - v.offset * 60;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
/** A year as written: astronomical 0 (1 BCE) is "-0001". */
const formatYear = (y: number) => (y <= 0 ? `-${pad(1 - y, 4)}` : pad(y, 4));
const formatZone = (offset: number) => `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;

function format(v: DateValue): string {
  const zone = v.offset !== 0 ? formatZone(v.offset) : v.zulu || v.kind === Kind.dateTime ? 'Z' : '';
  const ym = `${formatYear(v.year)}`;
  switch (v.kind) {
    case Kind.gYear:
      return `${ym}${zone}`;
    case Kind.gYearMonth:
      return `${ym}-${pad(v.month)}${zone}`;
    case Kind.date:
      return `${ym}-${pad(v.month)}-${pad(v.day)}${zone}`;
    case Kind.dateTime: {
      const h = Math.floor(v.time / 3600);
      const min = Math.floor((v.time % 3600) / 60);
      const s = v.time % 60;
      const sec = Number.isInteger(s) ? pad(s) : `${s < 10 ? '0' : ''}${s}`;
      return `${ym}-${pad(v.month)}-${pad(v.day)}T${pad(h)}:${pad(min)}:${sec}${zone}`;
    }
  }
}

interface Duration {
  months: number;
  /** Days and seconds together, as seconds (a day is 86,400 of them in a duration). */
  seconds: number;
}

const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

function readDuration(text: string): Duration | undefined {
  const m = DURATION.exec(text);
  if (!m || /^-?P$/.test(text) || text.endsWith('T')) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  const sign = m[1] ? -1 : 1;
  return { months: sign * (n(2) * 12 + n(3)), seconds: sign * (n(4) * 86_400 + n(5) * 3600 + n(6) * 60 + n(7)) };
}

/** A duration as libexslt writes it: years and months, or days and a time; "P0D" for none. */
function formatDuration(months: number, seconds: number): string {
  const negative = months < 0 || (months === 0 && seconds < 0);
  let rest = Math.abs(seconds);
  const m = Math.abs(months);
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  rest -= minutes * 60;
  let out = '';
  if (m >= 12) out += `${Math.floor(m / 12)}Y`;
  if (m % 12) out += `${m % 12}M`;
  if (days) out += `${days}D`;
  if (hours || minutes || rest) out += `T${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
  return out === '' ? 'P0D' : `${negative ? '-' : ''}P${out}`;
}

/**
 * date:seconds: seconds from 1970-01-01T00:00:00Z to a date-time, date,
 * gYearMonth or gYear (the start of it, in its zone), or the length of a
 * duration without years or months; NaN otherwise.
 */
export function seconds(text: string): number {
  const v = readValue(text, ALL);
  if (v) return instant(v);
  const d = readDuration(text);
  return d && d.months === 0 ? d.seconds : Number.NaN;
}

/**
 * date:add by XML Schema's algorithm (appendix E): months first, the day
 * kept within the resulting month (2024-02-29 + P12M = 2025-02-28), then
 * days and seconds. The zone is carried over unchanged. A date stays a date
 * unless the duration has a part of a day; "" when either is unreadable.
 */
export function add(dateText: string, durationText: string): string {
  const v = readValue(dateText, ALL);
  const d = readDuration(durationText);
  if (!v || !d) return '';
  let kind = v.kind;
  if (d.seconds % 86_400 !== 0) kind = Kind.dateTime;
  else if (d.seconds !== 0) kind = Math.max(kind, Kind.date);
  else if (d.months % 12 !== 0) kind = Math.max(kind, Kind.gYearMonth);
  const monthIndex = v.year * 12 + (v.month - 1) + d.months;
  const y = Math.floor(monthIndex / 12);
  const month = monthIndex - y * 12 + 1;
  const day = Math.min(v.day, daysInMonth(y, month));
  const total = dayNumber(y, month, day) * 86_400 + v.time + d.seconds;
  const dayNo = Math.floor(total / 86_400);
  const ymd = fromDayNumber(dayNo);
  return format({ ...v, kind, ...ymd, time: total - dayNo * 86_400 });
}

/** The value cut down to a less precise kind (its day, or its month, or its year), its zone kept. */
function truncated(v: DateValue, kind: Kind): DateValue {
  return { ...v, kind, time: kind === Kind.dateTime ? v.time : 0, day: kind >= Kind.date ? v.day : 1, month: kind >= Kind.gYearMonth ? v.month : 1 };
}

/**
 * date:difference: the duration from the first value to the second, both cut
 * to the less precise of their kinds. Dates and date-times give days and a
 * time between their instants (zones included: "P1DT1H"); years and months
 * give years and months. "" when either is unreadable.
 */
export function difference(startText: string, endText: string): string {
  const a = readValue(startText, ALL);
  const b = readValue(endText, ALL);
  if (!a || !b) return '';
  const kind = Math.min(a.kind, b.kind) as Kind;
  const [x, y] = [truncated(a, kind), truncated(b, kind)];
  if (kind <= Kind.gYearMonth) return formatDuration(y.year * 12 + y.month - (x.year * 12 + x.month), 0);
  return formatDuration(0, instant(y) - instant(x));
}

/** date:year of a date-time, date, gYearMonth or gYear; NaN otherwise. */
export function year(text: string): number {
  const v = readValue(text, ALL);
  return v ? (v.year <= 0 ? v.year - 1 : v.year) : Number.NaN;
}

/** date:month-in-year of a date-time, date or gYearMonth (or --MM-DD, --MM); NaN otherwise. */
export function monthInYear(text: string): number {
  const v = readValue(text, [Kind.gYearMonth, Kind.date, Kind.dateTime]);
  if (v) return v.month;
  const g = /^--(\d{2})(?:-(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  return g && Number(g[1]) >= 1 && Number(g[1]) <= 12 && readZone(g[3]) && (g[2] === undefined || (Number(g[2]) >= 1 && Number(g[2]) <= daysInMonth(2000, Number(g[1])))) ? Number(g[1]) : Number.NaN;
}

/** date:day-in-month of a date-time or date (or --MM-DD, ---DD); NaN otherwise. */
export function dayInMonth(text: string): number {
  const v = readValue(text, [Kind.date, Kind.dateTime]);
  if (v) return v.day;
  const g = /^--(?:(\d{2})-|-)(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!g || !readZone(g[3])) return Number.NaN;
  const month = g[1] === undefined ? 1 : Number(g[1]);
  const day = Number(g[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (g[1] === undefined ? 31 : daysInMonth(2000, month)) ? day : Number.NaN;
}

/** date:date with an argument: the date of a date or date-time, its zone kept ("" when unreadable). */
export function datePart(text: string): string {
  const v = readValue(text, [Kind.date, Kind.dateTime]);
  return v ? format({ ...v, kind: Kind.date, time: 0 }) : '';
}

/** Today as the rules see it: the UTC date of a clock reading. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);
