/**
 * Plant and machinery allowances for one chargeable period (CAA 2001 Part 2):
 * the AIA, first-year allowances (full expensing, the 50% allowances, the
 * 40% allowance, the super-deduction, zero-emission cars), the main and
 * special rate pools with their writing-down allowances, short-life asset
 * pools, small pools, balancing allowances and charges, and the written-down
 * values carried forward. Boxes 690–775 of the CT600. The rules each have a
 * file in allowances/; this one puts them in the order the law applies them.
 */
import type { FieldError } from '../errors.js';
import { allocateAia, aiaFor } from './allowances/aia.js';
import { treatDisposals, type DisposalTreatment } from './allowances/disposals.js';
import { allowanceOf, firstYearRate } from './allowances/first-year.js';
import { computePool, type PoolResult } from './allowances/pools.js';
import { passesCutOff, shortLifePool, type ShortLifePoolResult } from './allowances/short-life.js';
import { describeAllowances } from './allowances/working-words.js';
import { proposeClaims } from './claims.js';
import { chargeablePeriod } from './dates.js';
import type { ComputationInput, Pool } from './input-types.js';
import { poundsWords, type Pence } from './money.js';
import { mainRate, specialRate } from './rates.js';
import type { Working } from './working.js';

export type { PoolResult } from './allowances/pools.js';
export type { ShortLifePoolResult } from './allowances/short-life.js';

import type { AssetAllowance, CapitalAllowancesResult } from './allowances/result.js';
export type { AssetAllowance, CapitalAllowancesResult } from './allowances/result.js';

const SUMS = { fullExpensing: 'fullExpensing', fya50: 'specialRateFirstYear', fya40: 'firstYear40', fya100: 'zeroEmissionCars', superDeduction: 'superDeduction' } as const;

export function computeCapitalAllowances(input: ComputationInput, working: Working): CapitalAllowancesResult {
  const period = chargeablePeriod(input.period.from, input.period.to);
  const ca = input.capitalAllowances;
  const proposed = proposeClaims(input);
  const aiaMax = aiaFor(period, ca.aiaAllocated);
  const errors: FieldError[] = [];

  const assets: AssetAllowance[] = ca.additions.map((a, i) => ({
    description: a.description,
    pool: a.pool,
    cost: a.cost,
    claim: a.claim ?? proposed[i]!,
    proposedClaim: proposed[i]!,
    allowance: 0,
    toPoolNow: 0,
    toPoolAfterWda: 0,
    shortLife: a.shortLife === true,
    forLeasing: a.forLeasing === true,
    disposedInPeriod: false,
  }));

  // The AIA (s51A), then first-year allowances (s52): the rest of first-year expenditure joins a pool after this period's writing-down allowance (s58(5)).
  const aiaClaimants = assets.map((a, i) => ({ a, date: ca.additions[i]!.date })).filter((x) => x.a.claim === 'aia');
  const claimants = aiaClaimants.map(({ a, date }) => ({ pool: a.pool, date, cost: a.cost, allowance: 0, toPoolNow: 0 }));
  const choice = allocateAia(claimants, aiaMax);
  aiaClaimants.forEach(({ a }, k) => {
    a.allowance = claimants[k]!.allowance;
    a.toPoolNow = claimants[k]!.toPoolNow;
  });
  const aiaClaimed = claimants.reduce((s, c) => s + c.allowance, 0);

  const sums = { fullExpensing: 0, specialRateFirstYear: 0, firstYear40: 0, zeroEmissionCars: 0, superDeduction: 0 };
  let firstYearExpenditure = 0;
  let specialRateFirstYearExpenditure = 0;
  let superDeductionExpenditure = 0;
  assets.forEach((asset, i) => {
    const rate = firstYearRate(asset.claim, period, ca.additions[i]!.date);
    if (rate) {
      asset.allowance = allowanceOf(asset.cost, rate);
      asset.toPoolAfterWda = Math.max(0, asset.cost - asset.allowance);
      asset.firstYear = { how: rate.how, rule: rate.rule };
      sums[SUMS[asset.claim as keyof typeof SUMS]] += asset.allowance;
      if (asset.claim === 'fya50') specialRateFirstYearExpenditure += asset.cost;
      else if (asset.claim === 'superDeduction') superDeductionExpenditure += asset.cost;
      else firstYearExpenditure += asset.cost;
    } else if (asset.claim === 'pool') {
      asset.toPoolNow = asset.cost;
    }
  });
  const otherExpenditure = assets.filter((a) => a.claim === 'aia' || a.claim === 'pool').reduce((s, a) => s + a.cost, 0);

  // Disposals. An asset disposed of in the period it had a first-year allowance in: the rest of its expenditure must be allocated to a pool
  // for this period (s58(6)–(7)), so it joins before the writing-down allowance, where the disposal value comes off it.
  const disposals = treatDisposals(
    ca.disposals,
    assets.map((a, i) => ({ claim: a.claim, shortLife: a.shortLife, date: ca.additions[i]!.date })),
    period,
  );
  ca.disposals.forEach((d) => {
    if (d.addition === undefined) return;
    const a = assets[d.addition]!;
    a.disposedInPeriod = true;
    a.toPoolNow += a.toPoolAfterWda;
    a.toPoolAfterWda = 0;
  });
  const charges = { fullExpensing: 0, specialRateAllowance: 0, superDeduction: 0 };
  for (const d of disposals) if (d.charge) charges[d.charge.kind] += d.charge.amount;

  // Short-life asset pools: this period's elections, then those brought forward; one at its cut-off joins the main pool (s86(2)).
  const rate = mainRate(period);
  const slaDisposal = (match: (t: DisposalTreatment['target']) => boolean) => disposals.find((d) => match(d.target));
  const shortLifePools: ShortLifePoolResult[] = [];
  assets.forEach((a, i) => {
    if (!a.shortLife) return;
    const d = slaDisposal((t) => 'shortLifeAddition' in t && t.shortLifeAddition === i);
    const pool = { description: a.description, source: { addition: i }, broughtForward: 0, additions: a.toPoolNow, disposalValue: d?.poolValue, incurredInPeriodEnding: period.to, firstYearBalance: a.toPoolAfterWda, claimed: undefined };
    shortLifePools.push(shortLifePool(pool, period, rate, ca.tradeCeased));
  });
  const transferredDisposals: Pence[] = [];
  (ca.shortLifeAssets ?? []).forEach((s, j) => {
    const d = slaDisposal((t) => 'shortLifeBroughtForward' in t && t.shortLifeBroughtForward === j);
    if (d && passesCutOff(period, s.incurredInPeriodEnding)) transferredDisposals.push(d.poolValue);
    const pool = { description: s.description, source: { broughtForward: j }, broughtForward: s.broughtForward, additions: 0, disposalValue: d?.poolValue, incurredInPeriodEnding: s.incurredInPeriodEnding, firstYearBalance: 0, claimed: s.writingDownAllowanceClaimed };
    const result = shortLifePool(pool, period, rate, ca.tradeCeased);
    shortLifePools.push(result);
    if (s.writingDownAllowanceClaimed !== undefined && s.writingDownAllowanceClaimed > result.writingDownAllowanceAvailable) {
      errors.push(reducedClaimError(`capitalAllowances.shortLifeAssets[${j}].writingDownAllowanceClaimed`, s.writingDownAllowanceClaimed, result.writingDownAllowanceAvailable));
    }
  });

  const poolOf = (which: Pool): PoolResult => {
    const mine = assets.filter((a) => a.pool === which && !a.shortLife);
    const transferred = which === 'main' ? shortLifePools.reduce((s, p) => s + p.transferredToMainPool, 0) : 0;
    const disposalValues = disposals.filter((d) => 'pool' in d.target && d.target.pool === which).reduce((s, d) => s + d.poolValue, 0) + (which === 'main' ? transferredDisposals.reduce((s, v) => s + v, 0) : 0);
    const claimed = which === 'main' ? ca.mainPoolWritingDownAllowanceClaimed : ca.specialRatePoolWritingDownAllowanceClaimed;
    const result = computePool(
      {
        broughtForward: which === 'main' ? ca.mainPoolBroughtForward : ca.specialRatePoolBroughtForward,
        additions: mine.reduce((s, a) => s + a.toPoolNow, 0) + transferred,
        disposalValues,
        firstYearBalances: mine.reduce((s, a) => s + a.toPoolAfterWda, 0),
        rate: which === 'main' ? rate : specialRate(period),
        tradeCeased: ca.tradeCeased,
        claimed: claimed ?? null,
      },
      period,
    );
    if (claimed !== null && claimed !== undefined && claimed > result.writingDownAllowanceAvailable) {
      errors.push(reducedClaimError(`capitalAllowances.${which === 'main' ? 'mainPool' : 'specialRatePool'}WritingDownAllowanceClaimed`, claimed, result.writingDownAllowanceAvailable));
    }
    return result;
  };
  const mainPool = poolOf('main');
  const specialRatePool = poolOf('special');

  const shortLifeAllowances = shortLifePools.reduce((s, p) => s + p.writingDownAllowance + p.balancingAllowance, 0);
  const shortLifeCharges = shortLifePools.reduce((s, p) => s + p.balancingCharge, 0);
  const firstYear = sums.fullExpensing + sums.specialRateFirstYear + sums.firstYear40 + sums.zeroEmissionCars + sums.superDeduction;
  const poolAllowances = mainPool.writingDownAllowance + mainPool.balancingAllowance + specialRatePool.writingDownAllowance + specialRatePool.balancingAllowance;
  const result: CapitalAllowancesResult = {
    period,
    aia: { maximum: aiaMax.pence, claimed: aiaClaimed, how: aiaMax.how, rule: aiaMax.rule, choice },
    assets,
    disposals,
    mainPool,
    specialRatePool,
    shortLifePools,
    ...sums,
    fullExpensingCharges: charges.fullExpensing,
    specialRateFirstYearCharges: charges.specialRateAllowance,
    superDeductionCharges: charges.superDeduction,
    shortLifeAllowances,
    shortLifeCharges,
    totalAllowances: aiaClaimed + firstYear + poolAllowances + shortLifeAllowances,
    totalCharges: mainPool.balancingCharge + specialRatePool.balancingCharge + charges.fullExpensing + charges.specialRateAllowance + charges.superDeduction + shortLifeCharges,
    firstYearExpenditure,
    specialRateFirstYearExpenditure,
    superDeductionExpenditure,
    otherExpenditure,
    errors,
  };
  describeAllowances(result, working);
  return result;
}

function reducedClaimError(field: string, claimed: Pence, available: Pence): FieldError {
  return {
    field,
    message: `must not be more than the full allowance for the period, ${poundsWords(available)}: a claim may reduce a writing-down allowance to a specified amount, not raise it (CAA 2001 s56(5)); ${poundsWords(claimed)} was given`,
  };
}
