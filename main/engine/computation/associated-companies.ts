/**
 * Associated companies and the small profits limits across a period
 * (CTA 2010 s18D(3), s18E). A company associated with this one at any time in
 * the accounting period counts for the whole of it (s18E(2); CTM03940), so a
 * period straddling 1 April takes one count for both of its financial years
 * when the limits did not change (CTM03956: 1 October 2023 to 30 September
 * 2024, one associate then two, is divided by 3 throughout). Only where the
 * limits or the standard fraction change at the straddle is each part treated
 * as a separate period with the companies associated during it (CTM03955,
 * CTM03958), as on 1 April 2023, when the limits began.
 *
 * On the CT600, HMRC's Company Tax Return guide (boxes 326–328, as revised
 * for periods ending from 1 April 2023): "Make entries in boxes 327 and 328
 * instead of box 326 if the: accounting period straddles 2 financial years;
 * upper or lower limit has changed; number of associated companies was
 * different in each of the financial years". Otherwise box 326 holds "the
 * number of companies associated with your company for any part of the
 * accounting period".
 */
import { financialYearOf, SMALL_PROFITS_LOWER_LIMIT_PENCE, SMALL_PROFITS_RATE_FROM_FY, SMALL_PROFITS_UPPER_LIMIT_PENCE } from '../validation/rules/financial-year.js';
import type { YearBlock } from '../validation/tax-lines.js';
import type { IsoDate } from './dates.js';

/** The input: one count for the period (box 326), or each financial year's for a period straddling a change in the limits (327/328). */
export type AssociatedCompaniesInput = { thisPeriod: number } | { firstYear: number; secondYear: number };

/** The terms the count divides: the limits and standard fraction of a financial year, equal text when the terms are equal. */
function termsOf(fy: number): string {
  return fy < SMALL_PROFITS_RATE_FROM_FY ? 'no small profits rate' : `lower ${SMALL_PROFITS_LOWER_LIMIT_PENCE}, upper ${SMALL_PROFITS_UPPER_LIMIT_PENCE}, fraction 3/200`;
}

/**
 * The financial year whose start a period straddles with a change in the
 * limits or fraction (1 April of that year), or undefined when the period
 * lies in one financial year or the terms are the same on both sides.
 */
export function limitsChangeWithin(from: IsoDate, to: IsoDate): number | undefined {
  const first = financialYearOf(from);
  const second = financialYearOf(to);
  if (first === undefined || second === undefined || first === second) return undefined;
  return termsOf(first) !== termsOf(second) ? second : undefined;
}

export interface AssociatedCount {
  /** The associated companies that divide a part's limits. */
  forPart(block: YearBlock): bigint;
  /** What the return carries: box 326, or boxes 327 and 328. */
  boxes: { thisPeriod: number } | { firstYear: number; secondYear: number };
  how: string;
  rule: string;
}

const GUIDE = "HMRC's Company Tax Return guide, boxes 326–328";

/** The count each part of the period takes, and the boxes that state it. */
export function associatedCountOf(input: AssociatedCompaniesInput, from: IsoDate, to: IsoDate): AssociatedCount {
  const change = limitsChangeWithin(from, to);
  const straddles = financialYearOf(from) !== financialYearOf(to);
  if ('thisPeriod' in input) {
    const n = input.thisPeriod;
    const how = straddles
      ? change === undefined
        ? `${n} associated at any time in the period, counted for the whole of it: the limits did not change on 1 April ${financialYearOf(to)}, so one count serves both financial years (box 326)`
        : `${n} associated in each financial year of the period, as given for the whole period (box 326); give each year's count where they differ`
      : `${n} associated at any time in the period, counted for the whole of it (box 326)`;
    return { forPart: () => BigInt(n), boxes: { thisPeriod: n }, how, rule: `CTA 2010 s18D(3), s18E(2); CTM03940, CTM03956; ${GUIDE}` };
  }
  const { firstYear, secondYear } = input;
  const forPart = (block: YearBlock) => BigInt(block === 'FinancialYearOne' ? firstYear : secondYear);
  const rule = `CTA 2010 s18D(3), s18E(2); CTM03955; ${GUIDE}`;
  if (firstYear === secondYear) {
    return { forPart, boxes: { thisPeriod: firstYear }, how: `${firstYear} in each financial year: the same number in both, so box 326, not 327 and 328`, rule };
  }
  return {
    forPart,
    boxes: { firstYear, secondYear },
    how: `the period straddles 1 April ${change}, when the limits changed: each financial year's part is a period of its own with the companies associated during it, ${firstYear} in the first and ${secondYear} in the second (boxes 327 and 328)`,
    rule,
  };
}
