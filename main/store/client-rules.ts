/**
 * The rules for a client's details. UTR and registration number reuse the
 * CT600 engine's own patterns (boxes 2 and 3), so a client the book accepts
 * never fails the build on those boxes; the book adds what Companies House
 * fixes beyond HMRC's schema (a registration number is always 8 characters).
 */
import { REGISTRATION_NUMBER_PATTERN, UTR_PATTERN } from '../engine/ct600/index.js';
import type { ClientDetails, FieldError } from '../../preload/contract.js';

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
  };
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
  for (const field of ['serviceClientName', 'serviceClientId'] as const) {
    const value = details[field];
    if (value.length > MAX_SERVICE_HEADER) add(field, `must be at most ${MAX_SERVICE_HEADER} characters; it has ${value.length}`);
    else if (!HEADER_TEXT.test(value)) add(field, 'may hold only printable ASCII characters (letters, digits, spaces and punctuation), because it is sent to the filing service as a header');
  }
  return errors;
}

/** A search key: lower case, no spaces, so "sc 123 456" finds SC123456 and "acme  ltd" finds "ACME Ltd". */
export const searchKey = (text: string) => text.toLowerCase().replace(/\s+/g, '');
