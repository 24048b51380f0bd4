/**
 * What was typed, read as values: amounts, counts, rates and dates in the
 * boxes' own words of refusal. Apart from the form (form.ts), so the parts of
 * the form kept in their own files (loans/) read typing the same way without
 * importing the form that holds them.
 */
import type { DateText } from './date-text.js';

export type Parsed<T> = { ok: true; value: T | undefined } | { ok: false; message: string };

/** "£12,345.67" → 12345.67; '' → undefined. The schema then judges sign, pence and size. */
export function parseMoney(text: string): Parsed<number> {
  const t = text.trim().replace(/^(-?)\s*£/, '$1').replace(/[,\s]/g, '');
  if (t === '') return { ok: true, value: undefined };
  if (!/^-?\d+(\.\d+)?$/.test(t)) return { ok: false, message: 'Enter an amount in pounds and pence, for example 12,500.00' };
  return { ok: true, value: Number(t) };
}

/** A number of companies: a whole number, 0 or more; '' → undefined. */
export function parseCount(text: string): Parsed<number> {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  if (!/^\d+$/.test(t) || !Number.isSafeInteger(Number(t))) return { ok: false, message: 'Enter the number of associated companies as a whole number, 0 when there are none' };
  return { ok: true, value: Number(t) };
}

export function parseRate(text: string): Parsed<number> {
  const t = text.trim().replace(/%$/, '').trim();
  if (t === '') return { ok: true, value: undefined };
  if (!/^\d+(\.\d+)?$/.test(t)) return { ok: false, message: 'Enter the rate as a percentage, for example 19 or 25' };
  return { ok: true, value: Number(t) };
}

/** Day / month / year boxes → "YYYY-MM-DD"; all empty → undefined. */
export function parseDateText(d: DateText): Parsed<string> {
  const day = d.day.trim();
  const month = d.month.trim();
  const year = d.year.trim();
  if (!day && !month && !year) return { ok: true, value: undefined };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) {
    const missing = [!day && 'day', !month && 'month', !year && 'year'].filter(Boolean);
    if (missing.length) return { ok: false, message: `The date must include a ${missing.join(' and ')}` };
    return { ok: false, message: 'Enter a real date, with the year in 4 digits, for example 31 3 2025' };
  }
  return { ok: true, value: `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` };
}

