/**
 * The rules for a client's details. UTR and registration number reuse the
 * CT600 engine's own patterns (boxes 2 and 3), so a client the book accepts
 * never fails the build on those boxes; the book adds what Companies House
 * fixes beyond HMRC's schema (a registration number is always 8 characters).
 */
import { REGISTRATION_NUMBER_PATTERN, UTR_PATTERN } from '../engine/ct600/index.js';
import { addDays, addMonthsFromStart, compareIso, isIsoDate } from '../engine/deadlines/calendar.js';
import type { ClientDetails, ClientPeriod, FieldError } from '../../preload/contract.js';
import { companiesHousePeriodErrors } from './client-companies-house-rules.js';

/** Companies House allows company names of up to 160 characters. */
export const MAX_COMPANY_NAME = 160;
/** The service's identification headers: kept short and printable, because they travel as HTTP header values. */
export const MAX_SERVICE_HEADER = 100;
const HEADER_TEXT = /^[\x20-\x7E]*$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Spaces removed from numbers people type in groups ("12345 67890"); letters upper-cased. */
export function normaliseClientDetails(details: ClientDetails): ClientDetails {
  return {
    companyName: details.companyName.trim().replace(/\s+/g, ' '),
    registrationNumber: details.registrationNumber.replace(/\s+/g, '').toUpperCase(),
    utr: details.utr.replace(/\s+/g, ''),
    periodEnd: details.periodEnd.trim(),
    serviceClientName: details.serviceClientName.trim(),
    serviceClientId: details.serviceClientId.trim(),
    ...(details.associatedCompanies !== undefined ? { associatedCompanies: details.associatedCompanies } : {}),
    // Left out when not sent, so a save of the other details keeps the periods already in the book.
    ...(details.periods !== undefined && {
      periods: [...details.periods]
        .map((p) => ({
          start: p.start.trim(),
          end: p.end.trim(),
          filedOn: p.filedOn?.trim() || null,
          accepted: p.accepted === true,
          ...(p.noticeServedOn?.trim() && { noticeServedOn: p.noticeServedOn.trim() }),
          ...(p.accountsDeliveredOn?.trim() && { accountsDeliveredOn: p.accountsDeliveredOn.trim() }),
          ...(p.shortenedByNoticeOn?.trim() && { shortenedByNoticeOn: p.shortenedByNoticeOn.trim() }),
          ...(p.payments?.length && {
            payments: p.payments.map((pay) => ({ date: pay.date.trim(), amount: normalisePaymentAmount(pay.amount) })).sort((a, b) => compareIso(a.date, b.date)),
          }),
        }))
        .sort((a, b) => compareIso(a.start, b.start)),
    }),
    ...(details.instalments !== undefined && { instalments: details.instalments }),
    ...(details.lateTwiceBefore !== undefined && { lateTwiceBefore: details.lateTwiceBefore }),
    ...(details.incorporatedOn !== undefined && { incorporatedOn: details.incorporatedOn?.trim() || null }),
    ...(details.accountsLateBefore !== undefined && { accountsLateBefore: details.accountsLateBefore }),
  };
}

/** Payments recorded against one period: instalments and part payments, never hundreds. */
export const MAX_PAYMENTS_PER_PERIOD = 50;
/** Pounds and optional pence, up to the largest amount CT600 money boxes allow (11 digits of pounds). */
const PAYMENT_AMOUNT = /^\d{1,11}(\.\d{1,2})?$/;

/** "£12,000", "12 000" or "12000.5" as the book keeps it: "12000.50"; other text unchanged for its error. */
export function normalisePaymentAmount(text: string): string {
  const bare = text.trim().replace(/^£/, '').replace(/[,\s]/g, '');
  const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(bare);
  if (!m) return text.trim();
  return `${m[1]!.replace(/^0+(?=\d)/, '')}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/** Far more periods than a firm keeps for one company; a longer list was not typed in. */
export const MAX_CLIENT_PERIODS = 100;
/**
 * A period of account may run up to 18 months under the Companies Act (s392)
 * and longer only in rare cases; beyond 36 months (three returns) is a typing
 * mistake, not a period of account.
 */
export const MAX_PERIOD_OF_ACCOUNT_MONTHS = 36;

/**
 * Every broken rule of (normalised, date-ordered) periods, each naming its
 * field as details.periods.<n>.<field>; `incorporatedOn`, when known and a
 * real date, is the earliest day a period may start.
 */
export function clientPeriodErrors(periods: readonly ClientPeriod[], incorporatedOn: string | null = null): FieldError[] {
  const errors: FieldError[] = [];
  if (periods.length > MAX_CLIENT_PERIODS) {
    return [{ field: 'details.periods', message: `may hold at most ${MAX_CLIENT_PERIODS} periods; it has ${periods.length}` }];
  }
  periods.forEach((p, i) => {
    const add = (field: keyof ClientPeriod, message: string) => errors.push({ field: `details.periods.${i}.${field}`, message });
    const startOk = isIsoDate(p.start);
    const endOk = isIsoDate(p.end);
    if (!startOk) add('start', 'must be a real date written as YYYY-MM-DD: the first day of the period');
    if (!endOk) add('end', 'must be a real date written as YYYY-MM-DD: the last day of the period');
    if (startOk && endOk) {
      const latest = addDays(addMonthsFromStart(p.start, MAX_PERIOD_OF_ACCOUNT_MONTHS), -1);
      if (compareIso(p.end, p.start) < 0) add('end', `must not be before the start of the period (${p.start})`);
      else if (compareIso(p.end, latest) > 0) add('end', `makes the period longer than ${MAX_PERIOD_OF_ACCOUNT_MONTHS} months: a period starting ${p.start} must end by ${latest}`);
      const previous = periods[i - 1];
      if (previous && isIsoDate(previous.end) && compareIso(p.start, previous.end) <= 0) {
        add('start', `overlaps the period ${previous.start} to ${previous.end}: periods may not share a day`);
      }
    }
    if (p.filedOn !== null) {
      if (!isIsoDate(p.filedOn)) add('filedOn', 'must be a real date written as YYYY-MM-DD, or left empty while the return is not filed');
      else if (endOk && compareIso(p.filedOn, p.end) <= 0) add('filedOn', `must be after the end of the period (${p.end}): a return is filed once its period has ended`);
    }
    errors.push(...companiesHousePeriodErrors(p, i, incorporatedOn));
    if (p.accepted && p.filedOn === null) add('accepted', 'can only be set once the return is filed: enter the day it was filed');
    if (p.noticeServedOn != null) {
      if (!isIsoDate(p.noticeServedOn)) add('noticeServedOn', 'must be a real date written as YYYY-MM-DD, or left empty when the notice was not served late');
      else if (endOk && compareIso(p.noticeServedOn, p.end) <= 0) add('noticeServedOn', `must be after the end of the period (${p.end}): HMRC serves the notice once the period has ended`);
    }
    const payments = p.payments ?? [];
    if (payments.length > MAX_PAYMENTS_PER_PERIOD) add('payments', `may hold at most ${MAX_PAYMENTS_PER_PERIOD} payments; it has ${payments.length}`);
    else
      payments.forEach((pay, k) => {
        const addPayment = (field: 'date' | 'amount', message: string) => errors.push({ field: `details.periods.${i}.payments.${k}.${field}`, message });
        if (!isIsoDate(pay.date)) addPayment('date', 'must be a real date written as YYYY-MM-DD: the day HMRC received the payment');
        else if (startOk && compareIso(pay.date, p.start) < 0) addPayment('date', `must not be before the start of the period (${p.start})`);
        if (!PAYMENT_AMOUNT.test(pay.amount)) addPayment('amount', 'must be an amount in pounds with at most 2 decimal places, for example 12000.00');
        else if (Number(pay.amount) <= 0) addPayment('amount', 'must be more than £0');
      });
  });
  return errors;
}

/** Every broken rule of (normalised) details, each naming its field. */
export function clientDetailsErrors(details: ClientDetails): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: keyof ClientDetails, message: string) => errors.push({ field: `details.${field}`, message });
  if (details.companyName === '') add('companyName', 'is required: the company name');
  else if (details.companyName.length > MAX_COMPANY_NAME) {
    add('companyName', `must be at most ${MAX_COMPANY_NAME} characters (Companies House's limit); it has ${details.companyName.length}`);
  }
  if (details.utr !== '' && !UTR_PATTERN.test(details.utr)) add('utr', 'must be exactly 10 digits (the company UTR), or left empty');
  const reg = details.registrationNumber;
  if (reg !== '') {
    if (/^[0-9]{1,7}$/.test(reg)) {
      add('registrationNumber', `must be 8 characters as Companies House writes it, with its leading zeros: ${reg.padStart(8, '0')}`);
    } else if (reg.length !== 8 || !REGISTRATION_NUMBER_PATTERN.test(reg)) {
      add('registrationNumber', 'must be 8 letters or digits as Companies House writes it (for example 01234567 or SC123456), or left empty');
    }
  }
  if (details.periodEnd !== '') {
    const match = /^(\d{2})-(\d{2})$/.exec(details.periodEnd);
    const month = match ? Number(match[1]) : 0;
    const day = match ? Number(match[2]) : 0;
    if (!match) add('periodEnd', 'must be a month and day as MM-DD (for example 03-31), or left empty');
    else if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) {
      add('periodEnd', `${details.periodEnd} is not a real month and day`);
    }
  }
  const associated = details.associatedCompanies;
  if (associated !== undefined && !(Number.isSafeInteger(associated) && associated >= 0)) {
    add('associatedCompanies', 'must be a whole number of companies, 0 or more (associated companies, CT600 box 326)');
  }
  const incorporatedOn = details.incorporatedOn ?? null;
  if (incorporatedOn !== null && !isIsoDate(incorporatedOn)) add('incorporatedOn', 'must be a real date written as YYYY-MM-DD: the day the company was incorporated, or left empty when not known');
  if (details.periods) errors.push(...clientPeriodErrors(details.periods, incorporatedOn !== null && isIsoDate(incorporatedOn) ? incorporatedOn : null));
  if (details.instalments !== undefined && details.instalments !== null && details.instalments !== 'large' && details.instalments !== 'very-large') {
    add('instalments', 'must be "large", "very-large" or left empty');
  }
  for (const field of ['serviceClientName', 'serviceClientId'] as const) {
    const value = details[field];
    if (value.length > MAX_SERVICE_HEADER) add(field, `must be at most ${MAX_SERVICE_HEADER} characters; it has ${value.length}`);
    else if (!HEADER_TEXT.test(value)) add(field, 'may hold only printable ASCII characters (letters, digits, spaces and punctuation), because it is sent to the filing service as a header');
  }
  return errors;
}

/** A search key: lower case, no spaces, so "sc 123 456" finds SC123456 and "acme  ltd" finds "ACME Ltd". */
export const searchKey = (text: string) => text.toLowerCase().replace(/\s+/g, '');
