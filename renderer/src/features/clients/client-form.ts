import type { ClientDetails, FieldError } from '../../../../preload/contract.js';
import { parseCount } from '../ct600/form.js';

/** What the form holds as typed: the usual period end as separate day and month boxes. */
export interface ClientFormValues {
  companyName: string;
  registrationNumber: string;
  utr: string;
  periodEndDay: string;
  periodEndMonth: string;
  associatedCompanies: string;
  serviceClientName: string;
  serviceClientId: string;
}

/** The text fields of this form; the periods and tax settings are edited on the client's periods panel. */
export type ClientFormField = Exclude<keyof ClientDetails, 'periods' | 'instalments' | 'lateTwiceBefore' | 'incorporatedOn' | 'accountsLateBefore'>;

export const fieldOrder: ClientFormField[] = ['companyName', 'registrationNumber', 'utr', 'periodEnd', 'associatedCompanies', 'serviceClientName', 'serviceClientId'];

export function formValuesOf(details: ClientDetails | null): ClientFormValues {
  const [month = '', day = ''] = details?.periodEnd ? details.periodEnd.split('-') : [];
  return {
    companyName: details?.companyName ?? '',
    registrationNumber: details?.registrationNumber ?? '',
    utr: details?.utr ?? '',
    periodEndDay: day ? String(Number(day)) : '',
    periodEndMonth: month ? String(Number(month)) : '',
    associatedCompanies: String(details?.associatedCompanies ?? 0),
    serviceClientName: details?.serviceClientName ?? '',
    serviceClientId: details?.serviceClientId ?? '',
  };
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The details to send, and the problems the form can see for itself (main
 * checks everything again and its errors are shown the same way).
 */
export function detailsOf(values: ClientFormValues): { details: ClientDetails; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const utr = values.utr.replace(/\s+/g, '');
  const registrationNumber = values.registrationNumber.trim().toUpperCase();
  if (!values.companyName.trim()) errors.push({ field: 'companyName', message: 'Enter the company name' });
  if (utr && !/^\d{10}$/.test(utr)) errors.push({ field: 'utr', message: 'Enter the UTR as 10 digits, like 1234567890' });
  let periodEnd = '';
  const day = values.periodEndDay.trim();
  const month = values.periodEndMonth.trim();
  if (day || month) {
    const d = Number(day);
    const m = Number(month);
    if (!day || !month) errors.push({ field: 'periodEnd', message: 'Enter both the day and the month of the usual period end, or neither' });
    else if (!/^\d{1,2}$/.test(month) || m < 1 || m > 12) errors.push({ field: 'periodEnd', message: 'The month of the usual period end must be a number from 1 to 12' });
    else if (!/^\d{1,2}$/.test(day) || d < 1 || d > DAYS_IN_MONTH[m - 1]!) errors.push({ field: 'periodEnd', message: `The day of the usual period end must be a real day of that month` });
    else periodEnd = `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  const associated = parseCount(values.associatedCompanies);
  if (!associated.ok) errors.push({ field: 'associatedCompanies', message: associated.message });
  const associatedCompanies = associated.ok ? (associated.value ?? 0) : Number(values.associatedCompanies.trim());
  return {
    details: {
      companyName: values.companyName.trim(),
      registrationNumber,
      utr,
      periodEnd,
      serviceClientName: values.serviceClientName.trim(),
      serviceClientId: values.serviceClientId.trim(),
      associatedCompanies,
    },
    errors,
  };
}

/** Which form field one of main's field errors belongs to ("details.utr" → utr); null when none. */
export function formFieldOf(field: string): ClientFormField | null {
  const last = field.split('.').pop() ?? '';
  return (fieldOrder as string[]).includes(last) ? (last as ClientFormField) : null;
}
