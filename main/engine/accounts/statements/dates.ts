/** Calendar dates as YYYY-MM-DD, compared and moved in UTC so no time zone shifts a day. */
import type { IsoDate } from '../types.js';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole months from `from` to the day after `to` (a year 1 Jan–31 Dec is 12), rounded up. */
export function monthsCovered(from: IsoDate, to: IsoDate): number {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${addDays(to, 1)}T00:00:00Z`);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  return b.getUTCDate() > a.getUTCDate() ? months + 1 : months;
}

/** "31 March 2026". */
export function ukDateWords(date: IsoDate): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
