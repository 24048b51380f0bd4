/**
 * The small profits rate and marginal relief (from FY2023): the limits a
 * return's profits are measured against, part by part of its period.
 *
 * A period that straddles 1 April is measured in two parts, one in each
 * financial year: profits are apportioned by days, and each part against its
 * share of the limits. The companies that divide the limits are the return's:
 * box 326, those associated at any time in the period, for both parts (CTA
 * 2010 s18E(2); CTM03956); boxes 327 and 328, each financial year's own, only
 * where the limits changed at the straddle and the counts differ (CTM03955;
 * HMRC's Company Tax Return guide, boxes 326–328). The computation
 * (computation/associated-companies.ts) chooses between them by that rule.
 */
import { daysInclusive, financialYearOf, latestPeriodEnd, SMALL_PROFITS_LOWER_LIMIT_PENCE, SMALL_PROFITS_UPPER_LIMIT_PENCE } from './financial-year.js';
import type { ReturnFacts } from './return-facts.js';
import type { YearBlock } from '../tax-lines.js';

const CHARGEABLE = 'CompanyTaxReturn/CompanyTaxCalculation/CorporationTaxChargeable';

/** One financial year's part of the return's period. */
export interface PeriodPart {
  /** FinancialYearOne for the part containing box 30, FinancialYearTwo for the rest. */
  block: YearBlock;
  year: number;
  days: bigint;
  /** Associated companies during this part. */
  associated: bigint;
}

export interface SmallProfitsPeriod {
  parts: PeriodPart[];
  /** Days in the whole period. */
  periodDays: bigint;
  /** What a part's days are divided by to scale the annual limits (see `limitDayBasis`). */
  limitDayBasis: bigint;
}

function count(facts: ReturnFacts, relative: string): bigint | undefined {
  const text = facts.text(`${CHARGEABLE}/AssociatedCompanies/${relative}`);
  return text !== undefined && /^\d+$/.test(text) ? BigInt(text) : undefined;
}

/**
 * Associated companies for one part: the year's own figure (box 327 for the
 * first year, 328 for the second) when the return splits them, otherwise the
 * period's figure (box 326), otherwise none.
 */
function associatedFor(facts: ReturnFacts, block: YearBlock): bigint {
  const ownYear = count(facts, `AssociatedCompaniesFinancialYears/${block === 'FinancialYearOne' ? 'FirstYear' : 'SecondYear'}`);
  return ownYear ?? count(facts, 'ThisPeriod') ?? 0n;
}

/** 31 March closing financial year `fy`. */
const endOfFinancialYear = (fy: number) => `${String(fy + 1).padStart(4, '0')}-03-31`;

/**
 * The divisor for a part's days when scaling the annual limits.
 *
 * CTA 2010 s18D(4) (inserted by FA 2021 Sch 1): "For an accounting period of
 * less than 12 months the lower limit and the upper limit are
 * proportionately reduced". So a period of a full 12 months keeps the full
 * £50,000/£250,000 whether it has 365 or 366 days: its parts share the
 * limits by their days over the period's days (CTM03640 apportions a
 * straddling period by time). Only a shorter period is reduced, by its days
 * over 365, HMRC's daily basis (CTM03900 onwards).
 */
function limitDayBasis(from: string, to: string, periodDays: number): bigint {
  return to === latestPeriodEnd(from) ? BigInt(periodDays) : 365n;
}

/** The period's parts by financial year, or undefined when its dates cannot be read. */
export function smallProfitsPeriod(facts: ReturnFacts, from: string | undefined, to: string | undefined): SmallProfitsPeriod | undefined {
  return periodParts(from, to, (block) => associatedFor(facts, block));
}

/**
 * The same parts for figures that are not yet a document (the wizard shows
 * the limits as the rules will check them): `associated` gives each part's
 * associated companies.
 */
export function periodParts(from: string | undefined, to: string | undefined, associated: (block: YearBlock) => bigint): SmallProfitsPeriod | undefined {
  if (!from || !to) return undefined;
  const fy = financialYearOf(from);
  const periodDays = daysInclusive(from, to);
  if (fy === undefined || periodDays === undefined || periodDays <= 0) return undefined;
  const firstEnd = endOfFinancialYear(fy);
  const firstDays = to <= firstEnd ? periodDays : daysInclusive(from, firstEnd);
  if (firstDays === undefined) return undefined;
  const parts: PeriodPart[] = [{ block: 'FinancialYearOne', year: fy, days: BigInt(firstDays), associated: associated('FinancialYearOne') }];
  if (firstDays < periodDays) parts.push({ block: 'FinancialYearTwo', year: fy + 1, days: BigInt(periodDays - firstDays), associated: associated('FinancialYearTwo') });
  return { parts, periodDays: BigInt(periodDays), limitDayBasis: limitDayBasis(from, to, periodDays) };
}

/** A fraction of pence, kept exact: value = num / den. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** A part's share of an amount for the whole period: amount × days / period days. */
export function shareOf(amount: bigint, part: PeriodPart, period: SmallProfitsPeriod): Fraction {
  return { num: amount * part.days, den: period.periodDays };
}

/** An annual limit scaled to a part: limit × days / basis / (associated + 1). */
export function limitFor(annualLimit: bigint, part: PeriodPart, period: SmallProfitsPeriod): Fraction {
  return { num: annualLimit * part.days, den: period.limitDayBasis * (part.associated + 1n) };
}

export const lowerLimitFor = (part: PeriodPart, period: SmallProfitsPeriod) => limitFor(SMALL_PROFITS_LOWER_LIMIT_PENCE, part, period);
export const upperLimitFor = (part: PeriodPart, period: SmallProfitsPeriod) => limitFor(SMALL_PROFITS_UPPER_LIMIT_PENCE, part, period);

/** Compares two exact fractions (positive denominators). */
export function compare(a: Fraction, b: Fraction): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Rounds a fraction of pence half-up to whole pence (for display and comparison with a box). */
export function roundPence(f: Fraction): bigint {
  const sign = f.num < 0n ? -1n : 1n;
  const abs = f.num * sign;
  return sign * ((abs * 2n + f.den) / (2n * f.den));
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

/**
 * Marginal relief for one part: the standard fraction 3/200 × (U − A) × N/A
 * (CTA 2010 s18B), where U is the part's upper limit, A its share of the
 * augmented profits and N its share of the taxable total profits (box 315).
 * N/A is the same for every part, since both are apportioned by days.
 */
export function marginalReliefFor(part: PeriodPart, period: SmallProfitsPeriod, augmented: bigint, profits: bigint): Fraction {
  const upper = upperLimitFor(part, period);
  const share = shareOf(augmented, part, period);
  const gap: Fraction = { num: upper.num * share.den - share.num * upper.den, den: upper.den * share.den };
  return { num: 3n * gap.num * profits, den: 200n * gap.den * augmented };
}
