/**
 * Calendar arithmetic for a chargeable period. Dates are ISO calendar dates
 * ("2026-03-31"), compared as text and counted as whole UTC days, never in the
 * machine's time zone.
 */
import { formatDate, latestPeriodEnd, parseRequestDate } from '../ct600/period.js';

export type IsoDate = string;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date already known to be real. */
export function dayNumber(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Days from `from` to `to`, both included. */
export function daysInclusive(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The day before an ISO date. */
export function dayBefore(date: IsoDate): IsoDate {
  return new Date((dayNumber(date) - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** A date as the engine keeps it, or undefined when it is not a real calendar date. */
export function isoDateOf(text: string): IsoDate | undefined {
  const parsed = parseRequestDate(text);
  return parsed.ok ? formatDate(parsed.date) : undefined;
}

export interface ChargeablePeriod {
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** Exactly 12 months (the day before the first anniversary of the start): allowances are not scaled. */
  fullYear: boolean;
}

export function chargeablePeriod(from: IsoDate, to: IsoDate): ChargeablePeriod {
  const parsed = parseRequestDate(from);
  const fullYear = parsed.ok && formatDate(latestPeriodEnd(parsed.date)) === to;
  return { from, to, days: daysInclusive(from, to), fullYear };
}

/** The part of a period before `change` and the part from it, when the period straddles it. */
export function splitAt(period: ChargeablePeriod, change: IsoDate): { before: number; after: number } | undefined {
  if (!(period.from < change && change <= period.to)) return undefined;
  const before = daysInclusive(period.from, dayBefore(change));
  return { before, after: period.days - before };
}

/** "1 April 2026", the words the working uses. */
export function ukDate(date: IsoDate): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${d} ${months[m - 1]} ${y}`;
}
