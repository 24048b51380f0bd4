/**
 * The client's periods as the periods panel holds them: day, month and year
 * boxes as typed, turned into ISO dates to send. Main checks every rule again
 * (overlaps, lengths, filing after the end) and names the period and field;
 * its errors are shown the same way as the panel's own.
 */
import type { Client, ClientPeriod, FieldError } from '../../../../preload/contract.js';
import type { DateParts } from '../../components/DateInput.js';
import { formatDate } from '../../../../main/engine/ct600/period.js';
import { calendarDateOf, dateTextOf } from '../ct600/form.js';

export interface PeriodValues {
  start: DateParts;
  end: DateParts;
  filedOn: DateParts;
  accepted: boolean;
}

export interface PeriodsFormValues {
  periods: PeriodValues[];
  instalments: '' | 'large' | 'very-large';
  lateTwiceBefore: boolean;
}

const partsOf = (iso: string | null): DateParts => (iso ? dateTextOf(iso) : { day: '', month: '', year: '' });

export const emptyPeriod = (): PeriodValues => ({ start: partsOf(null), end: partsOf(null), filedOn: partsOf(null), accepted: false });

export function periodsFormOf(client: Client): PeriodsFormValues {
  return {
    periods: (client.periods ?? []).map((p) => ({ start: partsOf(p.start), end: partsOf(p.end), filedOn: partsOf(p.filedOn), accepted: p.accepted })),
    instalments: client.instalments ?? '',
    lateTwiceBefore: client.lateTwiceBefore === true,
  };
}

const blank = (p: DateParts) => !p.day.trim() && !p.month.trim() && !p.year.trim();

/** "1 4 2025" → "2025-04-01", or null when it is not a real date. */
function isoOf(p: DateParts): string | null {
  const date = calendarDateOf(p);
  return date ? formatDate(date) : null;
}

/** The id of one date field of one period, as the panel and the error summary use it. */
export const periodFieldId = (base: string, index: number, field: keyof ClientPeriod) => `${base}-period-${index}-${field}`;

/** Periods to send, and the problems the panel can see itself, with fields named as main names them (details.periods.<n>.<field>). */
export function periodsOf(values: PeriodsFormValues): { periods: ClientPeriod[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const periods: ClientPeriod[] = [];
  values.periods.forEach((p, i) => {
    const add = (field: keyof ClientPeriod, message: string) => errors.push({ field: `details.periods.${i}.${field}`, message });
    const start = isoOf(p.start);
    const end = isoOf(p.end);
    const filedOn = blank(p.filedOn) ? null : isoOf(p.filedOn);
    if (!start) add('start', 'Enter the first day of the period as a real date, for example 1 4 2025');
    if (!end) add('end', 'Enter the last day of the period as a real date, for example 31 3 2026');
    if (!blank(p.filedOn) && !filedOn) add('filedOn', 'Enter the day the return was filed as a real date, or leave it empty while it is not filed');
    periods.push({ start: start ?? '', end: end ?? '', filedOn, accepted: p.accepted });
  });
  return { periods, errors };
}

/** "Period 2: must not be before …" for a field error from main or the panel. */
export function periodErrorText(error: FieldError): string {
  const match = /^details\.periods\.(\d+)\.(\w+)$/.exec(error.field);
  if (!match) return error.message;
  const words: Record<string, string> = { start: 'start', end: 'end', filedOn: 'day filed', accepted: 'accepted' };
  const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return `Period ${Number(match[1]) + 1}, ${words[match[2]!] ?? match[2]}: ${message}`;
}
