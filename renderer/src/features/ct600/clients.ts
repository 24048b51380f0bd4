import type { Client, ClientDetails } from '../../../../preload/contract.js';
import { associatedByYear, dateTextOf, parseCount, type Ct600Form } from './form.js';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The latest period ending on the client's usual period end ("MM-DD") that
 * has already ended by `today`, 12 months long: 31 March → 1 April a year
 * before to 31 March. A 29 February end falls on 28 February in other years.
 */
export function usualPeriod(periodEnd: string, today: Date): { from: string; to: string } | null {
  const m = /^(\d{2})-(\d{2})$/.exec(periodEnd);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const endIn = (year: number) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return new Date(Date.UTC(year, month - 1, Math.min(day, last)));
  };
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  let end = endIn(today.getFullYear());
  if (end.getTime() >= todayUtc) end = endIn(today.getFullYear() - 1);
  const previousEnd = endIn(end.getUTCFullYear() - 1);
  const from = new Date(previousEnd.getTime() + 86_400_000);
  return { from: iso(from), to: iso(end) };
}

/** Company name, box 2, UTR, the usual period and the associated companies (boxes 326–328) from the client book. */
export function prefillFromClient(form: Ct600Form, client: Client, today: Date): Ct600Form {
  const period = usualPeriod(client.periodEnd, today);
  const associated = String(client.associatedCompanies ?? 0);
  return {
    ...form,
    values: {
      ...form.values,
      companyName: client.companyName,
      registrationNumber: client.registrationNumber,
      utr: client.utr,
      associatedCompanies: associated,
      associatedFirstYear: associated,
      associatedSecondYear: associated,
    },
    dates: period ? { periodFrom: dateTextOf(period.from), periodTo: dateTextOf(period.to) } : form.dates,
  };
}

/** The associated companies the return states last: box 326, or box 328 of a straddling period. */
function latestAssociatedCompanies(form: Ct600Form): number | undefined {
  const p = parseCount(form.values[associatedByYear(form) ? 'associatedSecondYear' : 'associatedCompanies'] ?? '');
  return p.ok ? p.value : undefined;
}

/** The client's details as the return has them now ("Save these details to the client"). */
export function clientDetailsFrom(form: Ct600Form, existing: Client | undefined, periodTo: string | null): ClientDetails {
  return {
    companyName: (form.values.companyName ?? '').trim(),
    registrationNumber: (form.values.registrationNumber ?? '').trim(),
    utr: (form.values.utr ?? '').replace(/\s/g, ''),
    periodEnd: periodTo ? periodTo.slice(5) : (existing?.periodEnd ?? ''),
    serviceClientName: existing?.serviceClientName ?? '',
    serviceClientId: existing?.serviceClientId ?? '',
    associatedCompanies: latestAssociatedCompanies(form) ?? existing?.associatedCompanies ?? 0,
  };
}
