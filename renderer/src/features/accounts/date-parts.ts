/** A date typed into day, month and year boxes, read as an ISO date or refused in words naming the field. */
import type { DateParts } from '../../components/DateInput.js';

const pad = (n: number) => String(n).padStart(2, '0');

export function readDateParts(d: DateParts, what: string): { ok: true; date: string } | { ok: false; message: string } {
  const [day, month, year] = [d.day.trim(), d.month.trim(), d.year.trim()];
  if (!day && !month && !year) return { ok: false, message: `Enter ${what.toLowerCase()}` };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { ok: false, message: `${what} must be a real date, as day, month and year in figures` };
  const [dn, mn, yn] = [Number(day), Number(month), Number(year)];
  const probe = new Date(Date.UTC(yn, mn - 1, dn));
  if (mn < 1 || mn > 12 || probe.getUTCDate() !== dn || probe.getUTCMonth() !== mn - 1) return { ok: false, message: `${what} must be a real date` };
  return { ok: true, date: `${yn}-${pad(mn)}-${pad(dn)}` };
}
