/**
 * The main and special rate pools for one chargeable period (CAA 2001 s55,
 * s56, s56A, s104D): available qualifying expenditure less disposal values,
 * then a balancing charge, a balancing allowance in the final period, the
 * small pools allowance, or the writing-down allowance, claimed in full or at
 * a smaller amount the company chooses (s56(5)). The rest of first-year
 * allowance expenditure joins after the allowance (s58(5)).
 */
import type { ChargeablePeriod } from '../dates.js';
import { fractionDown, type Pence } from '../money.js';
import { scaled, SMALL_POOL_LIMIT_PENCE, type WdaRate } from '../rates.js';

export interface PoolResult {
  broughtForward: Pence;
  additions: Pence;
  disposalValues: Pence;
  /** Available qualifying expenditure less disposal receipts: negative means a balancing charge. */
  balance: Pence;
  rate: WdaRate;
  writingDownAllowance: Pence;
  /** The full writing-down (or small pools) allowance, which a claim may reduce (s56(5)). */
  writingDownAllowanceAvailable: Pence;
  smallPool: boolean;
  balancingAllowance: Pence;
  balancingCharge: Pence;
  /** The rest of first-year-allowance expenditure, added after the writing-down allowance. */
  firstYearBalances: Pence;
  carriedForward: Pence;
}

export interface PoolInput {
  broughtForward: Pence;
  additions: Pence;
  disposalValues: Pence;
  firstYearBalances: Pence;
  rate: WdaRate;
  tradeCeased: boolean;
  /** The allowance claimed, when less than the full amount; null for the full amount. */
  claimed: Pence | null;
}

export function computePool(p: PoolInput, period: ChargeablePeriod): PoolResult {
  const balance = p.broughtForward + p.additions - p.disposalValues;
  const r: PoolResult = {
    broughtForward: p.broughtForward,
    additions: p.additions,
    disposalValues: p.disposalValues,
    balance,
    rate: p.rate,
    writingDownAllowance: 0,
    writingDownAllowanceAvailable: 0,
    smallPool: false,
    balancingAllowance: 0,
    balancingCharge: 0,
    firstYearBalances: p.firstYearBalances,
    carriedForward: 0,
  };
  if (balance < 0) {
    r.balancingCharge = -balance;
  } else if (p.tradeCeased) {
    r.balancingAllowance = balance;
  } else if (balance > 0) {
    const smallLimit = period.fullYear ? SMALL_POOL_LIMIT_PENCE : scaled(SMALL_POOL_LIMIT_PENCE, period.days);
    if (balance <= smallLimit) {
      r.smallPool = true;
      r.writingDownAllowanceAvailable = balance;
    } else {
      // Rate × the period's days over 365 for a period that is not a year (s56(3)); rounded down, since a claim may be for less (s56(5)).
      r.writingDownAllowanceAvailable = period.fullYear ? fractionDown(balance, p.rate.hundredths, 10_000) : fractionDown(balance, p.rate.hundredths * period.days, 10_000 * 365);
    }
    r.writingDownAllowance = p.claimed !== null ? Math.min(p.claimed, r.writingDownAllowanceAvailable) : r.writingDownAllowanceAvailable;
  }
  r.carriedForward = Math.max(0, balance) - r.writingDownAllowance - r.balancingAllowance + (p.tradeCeased ? 0 : p.firstYearBalances);
  return r;
}
