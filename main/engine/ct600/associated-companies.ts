/**
 * Boxes 326–329: the associated companies the small profits limits are
 * shared with, and the claim to the small profits rate or marginal relief.
 * From financial year 2023 HMRC accepts the 19% rate (rule 9200) and
 * marginal relief in box 435 (rule 9417) only with the claim in box 329, and
 * the claim only beside a count (rule 9240), so the request is held to the
 * shape HMRC's rules let the group take.
 */
import type { FieldError } from '../errors.js';
import { COMPANY_TYPES } from './codes.js';
import { financialYearOf, formatDate, type CalendarDate } from './period.js';
import type { Ct600Request } from './request-schema.js';

export interface AssociatedCompanies {
  /** Box 326: associated companies in the period. */
  thisPeriod?: number;
  /** Boxes 327 and 328: associated companies in each financial year of a straddling period. */
  financialYears?: { first: number; second: number };
  /** Box 329: the company claims the small profits rate or marginal relief. */
  smallProfitsRateClaimed: boolean;
}

/** Box 4 codes that may not claim the small profits rate (HMRC rules 9398, 9399, 9415, 9416, 9873, 9874). */
export const COMPANY_TYPES_WITHOUT_SMALL_PROFITS_RATE: readonly number[] = [1, 2, 3, 9, 10, 11];

/** The first period end for which HMRC takes boxes 326–329 (rule 9389): the rates of FY2023. */
export const ASSOCIATED_COMPANIES_FROM: CalendarDate = { year: 2023, month: 4, day: 1 };

interface Inputs {
  associatedCompanies?: Ct600Request['associatedCompanies'];
  companyType?: number;
  periodCovered?: { from: CalendarDate; to: CalendarDate };
  /** Whether the request gives the first financial year's tax line (the group sits beside it). */
  hasTaxCalculation: boolean;
}

export interface AssociatedCompaniesResult {
  errors: FieldError[];
  value?: AssociatedCompanies;
}

const FIELD = 'associatedCompanies';

/** The group as the document will carry it, and every rule the request breaks. */
export function associatedCompaniesOf({ associatedCompanies: a, companyType, periodCovered, hasTaxCalculation }: Inputs): AssociatedCompaniesResult {
  if (a == null) return { errors: [] };
  const thisPeriod = a.thisPeriod ?? undefined;
  const first = a.firstYear ?? undefined;
  const second = a.secondYear ?? undefined;
  const claimed = a.startingOrSmallCompaniesRate === true;
  const byYear = first !== undefined || second !== undefined;
  if (thisPeriod === undefined && !byYear && !claimed) return { errors: [] };

  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field: `${FIELD}${field ? `.${field}` : ''}`, message });
  const straddles = periodCovered ? financialYearOf(periodCovered.to) > financialYearOf(periodCovered.from) : undefined;

  if (periodCovered && formatDate(periodCovered.to) < formatDate(ASSOCIATED_COMPANIES_FROM)) {
    fail('', `boxes 326–329 are for periods ending on or after 1 April 2023, when the small profits rate and marginal relief came back; this period ends on ${formatDate(periodCovered.to)} (HMRC rule 9389)`);
  }
  if (thisPeriod !== undefined && byYear) {
    fail('firstYear', 'must not be given with box 326: give box 326 for the whole period, or boxes 327 and 328 for each financial year of a straddling period (HMRC rule 9397)');
  } else if (byYear) {
    if (first === undefined) fail('firstYear', 'is required with box 328: boxes 327 and 328 go together (box 327, associated companies in the first financial year)');
    if (second === undefined) fail('secondYear', 'is required with box 327: boxes 327 and 328 go together (box 328, associated companies in the second financial year)');
    if (straddles === false) {
      fail('firstYear', `boxes 327 and 328 are for a period that straddles 1 April; ${formatDate(periodCovered!.from)} to ${formatDate(periodCovered!.to)} lies in one financial year, so give box 326`);
    }
  } else if (thisPeriod === undefined) {
    fail(
      'thisPeriod',
      `is required when box 329 is claimed: the number of associated companies in the period, 0 when there are none (box 326${straddles ? ', or boxes 327 and 328 for each financial year' : ''}; HMRC rule 9240)`,
    );
  }
  if (claimed && companyType !== undefined && COMPANY_TYPES_WITHOUT_SMALL_PROFITS_RATE.includes(companyType)) {
    fail('startingOrSmallCompaniesRate', `cannot be claimed by a company of type ${companyType} (box 4, ${COMPANY_TYPES[companyType]}): it pays the main rate (box 329)`);
  }
  if (!hasTaxCalculation) {
    fail('', 'boxes 326–329 sit with the tax calculation: give the profit and rate of the first financial year (boxes 335 and 340) as well');
  }
  if (errors.length > 0) return { errors };
  return {
    errors,
    value: {
      ...(thisPeriod !== undefined ? { thisPeriod } : {}),
      ...(first !== undefined && second !== undefined ? { financialYears: { first, second } } : {}),
      smallProfitsRateClaimed: claimed,
    },
  };
}
