/**
 * The small profits limits and marginal relief for the figures on screen,
 * worked out by the same code the engine's rule 9200 checks them with: the
 * limits of £50,000 and £250,000 divided by one plus the associated companies
 * (boxes 326–328), reduced for a period shorter than 12 months (days / 365),
 * and a straddling period measured part by part. Marginal relief is HMRC's
 * standard fraction 3/200 × (U − A) × N/A (CTA 2010 s18B); the wizard knows
 * no franked investment income, so the augmented profits A are box 315 and
 * N/A is 1.
 */
import { COMPANY_TYPES_WITHOUT_SMALL_PROFITS_RATE } from '../../../../main/engine/ct600/associated-companies.js';
import { SMALL_PROFITS_RATE_FROM_FY } from '../../../../main/engine/validation/rules/financial-year.js';
import {
  addFractions,
  compare,
  lowerLimitFor,
  marginalReliefFor,
  periodParts,
  roundPence,
  shareOf,
  upperLimitFor,
  type Fraction,
} from '../../../../main/engine/validation/rules/small-profits.js';
import { associatedByYear, asksSmallProfits, effectiveFigures, parseCount, periodIsoDates, type Ct600Form } from './form.js';

export type Band = 'small profits rate' | 'marginal relief' | 'main rate' | 'before the small profits rate';

export interface RatePart {
  /** The financial year of this part of the period. */
  year: number;
  days: number;
  associated: number;
  /** The part's limits in pence, rounded to the penny for display. */
  lower: number;
  upper: number;
  /** The part's share of box 315 in pence, when box 315 is known. */
  profits?: number;
  band?: Band;
  /** Marginal relief for this part in pence, in the marginal relief band. */
  relief?: number;
}

export interface SmallProfitsView {
  parts: RatePart[];
  /** Total marginal relief (box 435) in pence, when any part is in the band. */
  relief?: number;
  /** Whether the profits are within the limits, so the company may claim box 329. */
  proposeClaim: boolean;
  /** The company type may not claim the small profits rate at all (box 4). */
  typeExcluded: boolean;
}

const count = (text: string | undefined) => {
  const p = parseCount(text ?? '');
  return BigInt(p.ok && p.value !== undefined ? p.value : 0);
};
const pence = (f: Fraction) => Number(roundPence(f));

/** The limits and relief for the form, or null when boxes 326–329 are not asked (no period, or one ending before 1 April 2023). */
export function smallProfitsView(form: Ct600Form): SmallProfitsView | null {
  if (!asksSmallProfits(form)) return null;
  const { from, to } = periodIsoDates(form);
  const byYear = associatedByYear(form);
  const v = form.values;
  const period = periodParts(from ?? undefined, to ?? undefined, (block) =>
    !byYear ? count(v.associatedCompanies) : block === 'FinancialYearOne' ? count(v.associatedFirstYear) : count(v.associatedSecondYear),
  );
  if (!period) return null;
  const profits = effectiveFigures(form).pence.chargeableProfits;
  const known = profits !== undefined && profits >= 0;
  const augmented = BigInt(known ? profits : 0);
  const reliefs: Fraction[] = [];
  const parts = period.parts.map((part): RatePart => {
    const lower = lowerLimitFor(part, period);
    const upper = upperLimitFor(part, period);
    const out: RatePart = { year: part.year, days: Number(part.days), associated: Number(part.associated), lower: pence(lower), upper: pence(upper) };
    if (!known) return out;
    const share = shareOf(augmented, part, period);
    out.profits = pence(share);
    if (part.year < SMALL_PROFITS_RATE_FROM_FY) out.band = 'before the small profits rate';
    else if (compare(share, lower) <= 0) out.band = 'small profits rate';
    else if (compare(share, upper) <= 0) {
      out.band = 'marginal relief';
      const relief = marginalReliefFor(part, period, augmented, augmented);
      reliefs.push(relief);
      out.relief = pence(relief);
    } else out.band = 'main rate';
    return out;
  });
  const typeExcluded = COMPANY_TYPES_WITHOUT_SMALL_PROFITS_RATE.includes(Number(v.companyType));
  return {
    parts,
    ...(reliefs.length > 0 ? { relief: pence(reliefs.reduce(addFractions)) } : {}),
    proposeClaim: !typeExcluded && known && profits > 0 && parts.some((p) => p.band === 'small profits rate' || p.band === 'marginal relief'),
    typeExcluded,
  };
}
