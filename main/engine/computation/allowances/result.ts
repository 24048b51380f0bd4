/**
 * What the capital allowances for a period come to (capital-allowances.ts
 * works them out): apart from the working, so the words that describe them
 * (working-words.ts) need not import the rules that make them.
 */
import type { FieldError } from '../../errors.js';
import type { ChargeablePeriod } from '../dates.js';
import type { Claim, Pool } from '../input-types.js';
import type { Pence } from '../money.js';
import type { DisposalTreatment } from './disposals.js';
import type { PoolResult } from './pools.js';
import type { ShortLifePoolResult } from './short-life.js';

export interface AssetAllowance {
  description: string;
  pool: Pool;
  cost: Pence;
  claim: Claim;
  /** The engine's best claim for this asset (shown beside the one made). */
  proposedClaim: Claim;
  /** Allowance given on this asset in the period (AIA or first-year allowance). */
  allowance: Pence;
  /** What joins the pool: before its writing-down allowance (AIA excess, "pool" claims, or the rest of a first-year allowance on an asset disposed of in the period, s58(6)) or after it (s58(5)). */
  toPoolNow: Pence;
  toPoolAfterWda: Pence;
  shortLife: boolean;
  forLeasing: boolean;
  /** Disposed of in the period it was bought. */
  disposedInPeriod: boolean;
  /** The first-year allowance's rate in words and its law, when one was claimed. */
  firstYear?: { how: string; rule: string };
}

export interface CapitalAllowancesResult {
  period: ChargeablePeriod;
  aia: { maximum: Pence; claimed: Pence; how: string; rule: string; choice: string };
  assets: AssetAllowance[];
  disposals: DisposalTreatment[];
  mainPool: PoolResult;
  specialRatePool: PoolResult;
  shortLifePools: ShortLifePoolResult[];
  fullExpensing: Pence;
  specialRateFirstYear: Pence;
  firstYear40: Pence;
  zeroEmissionCars: Pence;
  superDeduction: Pence;
  /** Balancing charges on disposals of assets that had full expensing (s59A), the 50% allowance (s59B; FA 2021 s13) or the super-deduction (FA 2021 s12). */
  fullExpensingCharges: Pence;
  specialRateFirstYearCharges: Pence;
  superDeductionCharges: Pence;
  /** Short-life asset pools' writing-down and balancing allowances, and their balancing charges. */
  shortLifeAllowances: Pence;
  shortLifeCharges: Pence;
  /** All allowances, deducted from the trading profit. */
  totalAllowances: Pence;
  /** All balancing charges, added to the trading profit. */
  totalCharges: Pence;
  /** Expenditure on which a first-year allowance is claimed (box 760), the 50% one (box 773), the super-deduction (box 772), and the rest (box 775). */
  firstYearExpenditure: Pence;
  specialRateFirstYearExpenditure: Pence;
  superDeductionExpenditure: Pence;
  otherExpenditure: Pence;
  /** Claims the figures refuse (a reduced writing-down allowance larger than the full one), named by field and rule. */
  errors: FieldError[];
}
