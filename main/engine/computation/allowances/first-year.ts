/**
 * How much a first-year allowance gives, and what a disposal of an asset
 * that had one charges back. The super-deduction (130%) and the 50% SR
 * allowance were for companies' expenditure from 1 April 2021 to 31 March
 * 2023 (FA 2021 s9(2), (3)); full expensing and the 50% allowance for special
 * rate expenditure from 1 April 2023 (CAA 2001 s45S); the 40% allowance from
 * 1 January 2026; the 100% allowance for zero-emission cars (s45D).
 */
import { splitAt, ukDate, type ChargeablePeriod } from '../dates.js';
import type { Claim } from '../input-types.js';
import type { Pence } from '../money.js';
import { fractionDown } from '../money.js';

/** The day the corporation tax main rate rose to 25%: the super-deduction and its charges are scaled for a period straddling it (FA 2021 s11, s12). */
export const SUPER_DEDUCTION_SCALED_FROM = '2023-04-01';
export const SUPER_DEDUCTION_FROM = '2021-04-01';
export const SUPER_DEDUCTION_UNTIL = '2023-03-31';

/** A rate as a fraction, with its words and law. */
export interface Fraction {
  numerator: number;
  denominator: number;
  how: string;
  rule: string;
}

const SIMPLE: Partial<Record<Claim, [number, number, string, string]>> = {
  fullExpensing: [1, 1, '100% of new main-rate plant', 'CAA 2001 s45S, s52(3); CA23174A'],
  fya100: [1, 1, '100% of a new car with zero CO2 emissions', 'CAA 2001 s45D'],
  fya40: [2, 5, '40% of new main-rate plant bought from 1 January 2026', 'policy paper "Capital allowances: new first-year allowance and reducing main rate writing-down allowances", 26 November 2025'],
};

/**
 * The super-deduction's percentage for the period the expenditure was
 * incurred in: 130%, or for a period ending on or after 1 April 2023,
 * 100 + 30 × the days before 1 April 2023 ÷ the period's days (FA 2021
 * s11(5)). The law gives no rounding for the percentage: the app keeps it
 * exact and rounds the allowance down to the penny.
 */
export function superDeductionRate(period: ChargeablePeriod): Fraction {
  const parts = splitAt(period, SUPER_DEDUCTION_SCALED_FROM);
  if (!parts) return { numerator: 13, denominator: 10, how: '130% of new main-rate plant bought from 1 April 2021 to 31 March 2023', rule: 'FA 2021 s9(1)(b), s9(2)' };
  const pct = (100 + (30 * parts.before) / period.days).toFixed(4);
  return {
    numerator: 100 * period.days + 30 * parts.before,
    denominator: 100 * period.days,
    how: `the period ends after 31 March 2023, so the 130% becomes 100% + 30% × ${parts.before}/${period.days} days before ${ukDate(SUPER_DEDUCTION_SCALED_FROM)} = ${pct}% (kept exact; the allowance rounded down to the penny)`,
    rule: 'FA 2021 s9(2), s11(1)–(2), s11(5)',
  };
}

/** The first-year allowance's rate for a claim, or undefined for the AIA and the pool. The 50% allowance's law follows the day the expenditure was incurred. */
export function firstYearRate(claim: Claim, period: ChargeablePeriod, incurred: string): Fraction | undefined {
  if (claim === 'superDeduction') return superDeductionRate(period);
  if (claim === 'fya50') {
    return incurred < SUPER_DEDUCTION_SCALED_FROM
      ? { numerator: 1, denominator: 2, how: '50% of new special rate plant (the SR allowance), the rest to the special rate pool', rule: 'FA 2021 s9(3)' }
      : { numerator: 1, denominator: 2, how: '50% of new special rate plant, the rest to the special rate pool', rule: 'CAA 2001 s45S; CA23174A' };
  }
  const s = SIMPLE[claim];
  return s ? { numerator: s[0], denominator: s[1], how: s[2], rule: s[3] } : undefined;
}

/**
 * The relevant factor for a super-deduction asset's balancing charge: 1.3
 * for a disposal in a chargeable period that began before 1 April 2023 and
 * ended before it (FA 2021 s12(6)–(7); CA23171); apportioned by days for a
 * period straddling 1 April 2023, 1 + 0.3 × the days before it ÷ the
 * period's days, as the super-deduction itself is (s11(5), s12(7)); 1 for a
 * period beginning on or after it (s12(6) does not apply).
 */
export function superDeductionFactor(period: ChargeablePeriod): Fraction {
  if (period.from >= SUPER_DEDUCTION_SCALED_FROM) return { numerator: 1, denominator: 1, how: 'factor 1: the period began on or after 1 April 2023', rule: 'FA 2021 s12(3), s12(6)' };
  const parts = splitAt(period, SUPER_DEDUCTION_SCALED_FROM);
  if (!parts) return { numerator: 13, denominator: 10, how: 'factor 1.3: the period ended before 1 April 2023', rule: 'FA 2021 s12(6)–(7); CA23171' };
  return {
    numerator: 10 * period.days + 3 * parts.before,
    denominator: 10 * period.days,
    how: `factor 1 + 0.3 × ${parts.before}/${period.days} days before 1 April 2023 = ${(1 + (0.3 * parts.before) / period.days).toFixed(4)} (the period straddles it)`,
    rule: 'FA 2021 s11(5), s12(6)–(7); CA23171',
  };
}

/** amount × fraction, rounded up to the penny: a balancing charge is never less than the law gives. */
export function chargeOf(value: Pence, f: Fraction): Pence {
  const n = BigInt(value) * BigInt(f.numerator);
  const d = BigInt(f.denominator);
  return Number(n % d === 0n ? n / d : n / d + 1n);
}

export function allowanceOf(cost: Pence, f: Fraction): Pence {
  return fractionDown(cost, f.numerator, f.denominator);
}
