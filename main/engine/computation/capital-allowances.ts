/**
 * Plant and machinery allowances for one chargeable period (CAA 2001 Part 2):
 * the AIA, first-year allowances, the main and special rate pools with their
 * writing-down allowances, small pools, balancing allowances and charges,
 * and the written-down values carried forward. Boxes 690–760 of the CT600.
 */
import { proposeClaims, CLAIM_WORDS } from './claims.js';
import { chargeablePeriod, type ChargeablePeriod } from './dates.js';
import type { Claim, ComputationInput, Pool } from './input.js';
import { asPounds, fractionDown, poundsWords, type Pence } from './money.js';
import { aiaMaximum, mainRate, percentWords, scaled, SMALL_POOL_LIMIT_PENCE, specialRate, type WdaRate } from './rates.js';
import type { Working } from './working.js';

export interface AssetAllowance {
  description: string;
  pool: Pool;
  cost: Pence;
  claim: Claim;
  /** The engine's best claim for this asset (shown beside the one made). */
  proposedClaim: Claim;
  /** Allowance given on this asset in the period (AIA or first-year allowance). */
  allowance: Pence;
  /** What joins the pool: before its writing-down allowance (AIA excess, "pool" claims) or after it (the rest of a first-year allowance). */
  toPoolNow: Pence;
  toPoolAfterWda: Pence;
}

export interface PoolResult {
  broughtForward: Pence;
  additions: Pence;
  disposalValues: Pence;
  /** Available qualifying expenditure less disposal receipts: negative means a balancing charge. */
  balance: Pence;
  rate: WdaRate;
  writingDownAllowance: Pence;
  smallPool: boolean;
  balancingAllowance: Pence;
  balancingCharge: Pence;
  /** The rest of first-year-allowance expenditure, added after the writing-down allowance. */
  firstYearBalances: Pence;
  carriedForward: Pence;
}

export interface CapitalAllowancesResult {
  period: ChargeablePeriod;
  aia: { maximum: Pence; claimed: Pence };
  assets: AssetAllowance[];
  mainPool: PoolResult;
  specialRatePool: PoolResult;
  fullExpensing: Pence;
  specialRateFirstYear: Pence;
  firstYear40: Pence;
  zeroEmissionCars: Pence;
  /** Balancing charges on disposals of assets that had full expensing (s59A) or the 50% allowance (s59B). */
  fullExpensingCharges: Pence;
  specialRateFirstYearCharges: Pence;
  /** All allowances, deducted from the trading profit. */
  totalAllowances: Pence;
  /** All balancing charges, added to the trading profit. */
  totalCharges: Pence;
  /** Expenditure on which a first-year allowance other than the 50% one is claimed (box 760), and the 50% one (box 773). */
  firstYearExpenditure: Pence;
  specialRateFirstYearExpenditure: Pence;
  otherExpenditure: Pence;
}

const FIRST_YEAR_RATE: Partial<Record<Claim, [number, number]>> = { fullExpensing: [1, 1], fya100: [1, 1], fya50: [1, 2], fya40: [2, 5] };

export function computeCapitalAllowances(input: ComputationInput, working: Working): CapitalAllowancesResult {
  const period = chargeablePeriod(input.period.from, input.period.to);
  const ca = input.capitalAllowances;
  const proposed = proposeClaims(input);
  const aiaMax = aiaMaximum(period);

  const assets: AssetAllowance[] = ca.additions.map((a, i) => ({
    description: a.description,
    pool: a.pool,
    cost: a.cost,
    claim: a.claim ?? proposed[i]!,
    proposedClaim: proposed[i]!,
    allowance: 0,
    toPoolNow: 0,
    toPoolAfterWda: 0,
  }));

  // The AIA: special rate expenditure first (the rest of it would earn 6% a year), then main, each by date.
  let aiaRoom = aiaMax.pence;
  let capRoom = aiaMax.restriction?.pence ?? Infinity;
  const aiaOrder = assets
    .map((asset, i) => ({ asset, date: ca.additions[i]!.date, i }))
    .filter((x) => x.asset.claim === 'aia')
    .sort((x, y) => (x.asset.pool === y.asset.pool ? 0 : x.asset.pool === 'special' ? -1 : 1) || (x.date < y.date ? -1 : x.date > y.date ? 1 : x.i - y.i));
  for (const { asset, date } of aiaOrder) {
    const r = aiaMax.restriction;
    const capped = r !== undefined && (r.side === 'before' ? date < r.change : date >= r.change);
    const room = capped ? Math.min(aiaRoom, capRoom) : aiaRoom;
    const given = Math.min(asset.cost, Math.max(0, room));
    asset.allowance = given;
    asset.toPoolNow = asset.cost - given;
    aiaRoom -= given;
    if (capped) capRoom -= given;
  }
  const aiaClaimed = aiaOrder.reduce((s, x) => s + x.asset.allowance, 0);

  // First-year allowances: the rest of the expenditure joins the pool after this period's writing-down allowance (CAA 2001 s58).
  const sums = { fullExpensing: 0, fya50: 0, fya40: 0, fya100: 0 };
  let firstYearExpenditure = 0;
  let specialRateFirstYearExpenditure = 0;
  for (const asset of assets) {
    const rate = FIRST_YEAR_RATE[asset.claim];
    if (rate) {
      asset.allowance = fractionDown(asset.cost, rate[0], rate[1]);
      asset.toPoolAfterWda = asset.cost - asset.allowance;
      sums[asset.claim as keyof typeof sums] += asset.allowance;
      if (asset.claim === 'fya50') specialRateFirstYearExpenditure += asset.cost;
      else firstYearExpenditure += asset.cost;
    } else if (asset.claim === 'pool') {
      asset.toPoolNow = asset.cost;
    }
  }
  const otherExpenditure = assets.filter((a) => a.claim === 'aia' || a.claim === 'pool').reduce((s, a) => s + a.cost, 0);

  // Disposals: the lower of proceeds and cost (CAA 2001 s62); an asset that had full expensing is a balancing charge of its whole
  // disposal value, one that had the 50% allowance of half, the other half coming off the special rate pool (s59A, s59B; CA23174AD, CA23174AE).
  const disposalValues: Record<Pool, Pence> = { main: 0, special: 0 };
  let fullExpensingCharges = 0;
  let specialRateFirstYearCharges = 0;
  for (const d of ca.disposals) {
    const value = d.cost !== undefined ? Math.min(d.proceeds, d.cost) : d.proceeds;
    if (d.fullExpensed && d.pool === 'main') {
      fullExpensingCharges += value;
    } else if (d.fullExpensed) {
      const charge = fractionDown(value, 1, 2);
      specialRateFirstYearCharges += charge;
      disposalValues.special += value - charge;
    } else {
      disposalValues[d.pool] += value;
    }
  }

  const pool = (which: Pool): PoolResult => {
    const broughtForward = which === 'main' ? ca.mainPoolBroughtForward : ca.specialRatePoolBroughtForward;
    const mine = assets.filter((a) => a.pool === which);
    const additions = mine.reduce((s, a) => s + a.toPoolNow, 0);
    const firstYearBalances = mine.reduce((s, a) => s + a.toPoolAfterWda, 0);
    const balance = broughtForward + additions - disposalValues[which];
    const rate = which === 'main' ? mainRate(period) : specialRate(period);
    const result: PoolResult = { broughtForward, additions, disposalValues: disposalValues[which], balance, rate, writingDownAllowance: 0, smallPool: false, balancingAllowance: 0, balancingCharge: 0, firstYearBalances, carriedForward: 0 };
    if (balance < 0) {
      result.balancingCharge = -balance;
    } else if (ca.tradeCeased) {
      result.balancingAllowance = balance;
    } else if (balance > 0) {
      const smallLimit = period.fullYear ? SMALL_POOL_LIMIT_PENCE : scaled(SMALL_POOL_LIMIT_PENCE, period.days);
      if (balance <= smallLimit) {
        result.smallPool = true;
        result.writingDownAllowance = balance;
      } else {
        // Rate × the period's days over 365 for a period that is not a year (s56(3)); rounded down, since a claim may be for less (s56(5)).
        result.writingDownAllowance = period.fullYear ? fractionDown(balance, rate.hundredths, 10_000) : fractionDown(balance, rate.hundredths * period.days, 10_000 * 365);
      }
    }
    result.carriedForward = Math.max(0, balance) - result.writingDownAllowance - result.balancingAllowance + (ca.tradeCeased ? 0 : firstYearBalances);
    return result;
  };
  const mainPool = pool('main');
  const specialRatePool = pool('special');

  const totalAllowances =
    aiaClaimed + sums.fullExpensing + sums.fya50 + sums.fya40 + sums.fya100 + mainPool.writingDownAllowance + mainPool.balancingAllowance + specialRatePool.writingDownAllowance + specialRatePool.balancingAllowance;
  const totalCharges = mainPool.balancingCharge + specialRatePool.balancingCharge + fullExpensingCharges + specialRateFirstYearCharges;

  const result: CapitalAllowancesResult = {
    period,
    aia: { maximum: aiaMax.pence, claimed: aiaClaimed },
    assets,
    mainPool,
    specialRatePool,
    fullExpensing: sums.fullExpensing,
    specialRateFirstYear: sums.fya50,
    firstYear40: sums.fya40,
    zeroEmissionCars: sums.fya100,
    fullExpensingCharges,
    specialRateFirstYearCharges,
    totalAllowances,
    totalCharges,
    firstYearExpenditure,
    specialRateFirstYearExpenditure,
    otherExpenditure,
  };
  describe(result, aiaMax.how, aiaMax.rule, working);
  return result;
}

function describe(r: CapitalAllowancesResult, aiaHow: string, aiaRule: string, working: Working): void {
  const w = (id: string, label: string, pence: Pence, how: string, rule?: string, box?: string) =>
    working.add({ id: `capitalAllowances.${id}`, label, amount: asPounds(pence), how, ...(rule ? { rule } : {}), ...(box ? { box } : {}) });
  r.assets.forEach((a, i) => {
    const chosen = a.claim === a.proposedClaim ? 'the best claim' : `proposed instead: ${CLAIM_WORDS[a.proposedClaim]}`;
    const rest = a.toPoolNow + a.toPoolAfterWda;
    w(
      `assets[${i}]`,
      `${a.description}: ${CLAIM_WORDS[a.claim]}`,
      a.allowance,
      `cost ${poundsWords(a.cost)}, ${a.pool === 'main' ? 'main pool' : 'special rate pool'}; allowance ${poundsWords(a.allowance)}${rest > 0 ? `, ${poundsWords(rest)} to the pool${a.toPoolAfterWda > 0 ? ' after this period’s writing-down allowance' : ''}` : ''} (${chosen})`,
    );
  });
  if (r.aia.claimed > 0 || r.assets.some((a) => a.claim === 'aia')) {
    w('aia', 'Annual investment allowance', r.aia.claimed, `${poundsWords(r.aia.claimed)} claimed of a maximum of ${poundsWords(r.aia.maximum)}: ${aiaHow}`, aiaRule, '690');
  }
  const poolWords = (name: string, p: PoolResult, ruleWda: string) => {
    // An empty pool that stays empty has no working to show.
    if (!p.broughtForward && !p.additions && !p.disposalValues && !p.firstYearBalances && !p.carriedForward) return;
    const parts = [`brought forward ${poundsWords(p.broughtForward)}`];
    if (p.additions) parts.push(`additions ${poundsWords(p.additions)}`);
    if (p.disposalValues) parts.push(`disposal values ${poundsWords(-p.disposalValues)}`);
    let how = `${parts.join(', ')}: ${poundsWords(p.balance)}. `;
    if (p.balancingCharge) how += `Disposal values exceed the pool: balancing charge ${poundsWords(p.balancingCharge)} (CAA 2001 s55(3)).`;
    else if (p.balancingAllowance) how += `The trade ended: the balance is a balancing allowance (CAA 2001 s55(2), s56(7)).`;
    else if (p.smallPool) how += `The balance is no more than the small pools limit (£1,000${r.period.fullYear ? '' : ` × ${r.period.days}/365`}): written off in full (CAA 2001 s56A).`;
    else if (p.writingDownAllowance) how += `Writing-down allowance at ${p.rate.how}${r.period.fullYear ? '' : `, × ${r.period.days}/365 for a period of ${r.period.days} days (CAA 2001 s56(3))`}: ${poundsWords(p.writingDownAllowance)}, rounded down to the penny.`;
    if (p.firstYearBalances) how += ` The rest of first-year-allowance expenditure, ${poundsWords(p.firstYearBalances)}, joins the pool after the allowance.`;
    how += ` Carried forward ${poundsWords(p.carriedForward)}.`;
    w(`${name}.allowance`, `${name === 'mainPool' ? 'Main pool' : 'Special rate pool'}: allowances`, p.writingDownAllowance + p.balancingAllowance, how, `${p.rate.rule}; ${ruleWda}`, name === 'mainPool' ? '705' : '695');
    if (p.balancingCharge) w(`${name}.balancingCharge`, `${name === 'mainPool' ? 'Main pool' : 'Special rate pool'}: balancing charge`, p.balancingCharge, `disposal values exceed the pool by ${poundsWords(p.balancingCharge)}`, 'CAA 2001 s55(3); CA23250', name === 'mainPool' ? '710' : '700');
    w(`${name}.carriedForward`, `${name === 'mainPool' ? 'Main pool' : 'Special rate pool'}: written-down value carried forward`, p.carriedForward, 'the next period’s brought-forward figure', 'CAA 2001 s59');
  };
  poolWords('mainPool', r.mainPool, 'CAA 2001 s55, s56; CA23200');
  poolWords('specialRatePool', r.specialRatePool, 'CAA 2001 s55, s104D; CA23200');
  if (r.fullExpensing || r.fullExpensingCharges) w('fullExpensing', 'Full expensing', r.fullExpensing, `100% of new main-rate plant; balancing charges on disposals of fully expensed assets ${poundsWords(r.fullExpensingCharges)}, their whole disposal value`, 'CAA 2001 s45S, s59A; CA23174AD', '733');
  if (r.specialRateFirstYear || r.specialRateFirstYearCharges) w('specialRateFirstYear', '50% first-year allowance (special rate)', r.specialRateFirstYear, `50% of new special rate plant; balancing charges on disposals ${poundsWords(r.specialRateFirstYearCharges)}, half their disposal value (the other half comes off the special rate pool)`, 'CAA 2001 s45S, s59B; CA23174AE', '693');
  if (r.firstYear40) w('firstYear40', '40% first-year allowance (main rate)', r.firstYear40, '40% of new main-rate plant bought from 1 January 2026; the CT600 has no box of its own for it yet, so it is shown with other allowances (box 725)', 'policy paper of 26 November 2025', '725');
  if (r.zeroEmissionCars) {
    const other = r.period.from >= '2026-04-01';
    w('zeroEmissionCars', 'Zero-emission cars: 100% first-year allowance', r.zeroEmissionCars, `100% of new cars with zero CO2 emissions${other ? '; for a period starting from 1 April 2026 HMRC’s rule 9388 takes no allowance in box 726, so it is shown with other allowances (box 725)' : ''}`, 'CAA 2001 s45D', other ? '725' : '726');
  }
  w('total', 'Capital allowances', r.totalAllowances, `all allowances deducted from the trading profit; balancing charges ${poundsWords(r.totalCharges)} added to it`, 'CAA 2001 s247');
}
