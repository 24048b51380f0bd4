/**
 * The capital allowances' working: each asset's claim, the AIA and the
 * choice the app made in setting it, each pool, each short-life asset pool,
 * and each first-year allowance with the balancing charges that recover it,
 * with the rule beside each figure.
 */
import type { CapitalAllowancesResult } from './result.js';
import type { PoolResult } from './pools.js';
import { CLAIM_WORDS } from '../claims.js';
import { ukDate } from '../dates.js';
import { asPounds, poundsWords, type Pence } from '../money.js';
import type { Working } from '../working.js';

export function describeAllowances(r: CapitalAllowancesResult, working: Working): void {
  const w = (id: string, label: string, pence: Pence, how: string, rule?: string, box?: string) =>
    working.add({ id: `capitalAllowances.${id}`, label, amount: asPounds(pence), how, ...(rule ? { rule } : {}), ...(box ? { box } : {}) });
  r.assets.forEach((a, i) => {
    const chosen = a.claim === a.proposedClaim ? 'the best claim' : `proposed instead: ${CLAIM_WORDS[a.proposedClaim]}`;
    const rest = a.toPoolNow + a.toPoolAfterWda;
    const where = a.shortLife ? 'a short-life asset in a pool of its own (CAA 2001 s83, s86)' : a.pool === 'main' ? 'main pool' : 'special rate pool';
    let how = `cost ${poundsWords(a.cost)}, ${where}; allowance ${poundsWords(a.allowance)}`;
    if (a.firstYear) how += ` (${a.firstYear.how})`;
    if (rest > 0) how += `, ${poundsWords(rest)} to the pool${a.toPoolAfterWda > 0 ? ' after this period’s writing-down allowance (CAA 2001 s58(5))' : ''}`;
    if (a.disposedInPeriod && a.firstYear) how += `; disposed of in this period, so what is left after the first-year allowance joins the pool for this period, before its writing-down allowance; the law allows “the balance (or some of it)”, and the app allocates all of it (CAA 2001 s58(6)–(7)), so the disposal value comes off it`;
    if (a.forLeasing) how += '; provided for leasing, so no full expensing, 50% allowance or super-deduction (CAA 2001 s46(2) general exclusion 6; CA23174AC)';
    w(`assets[${i}]`, `${a.description}: ${CLAIM_WORDS[a.claim]}`, a.allowance, `${how} (${chosen})`, a.firstYear?.rule);
  });
  if (r.aia.claimed > 0 || r.assets.some((a) => a.claim === 'aia')) {
    w('aia', 'Annual investment allowance', r.aia.claimed, `${poundsWords(r.aia.claimed)} claimed of a maximum of ${poundsWords(r.aia.maximum)}: ${r.aia.how}.${r.aia.choice}`, r.aia.rule, '690');
  }
  r.disposals.forEach((d, i) => {
    if (!d.charge) return;
    w(`disposals[${i}].charge`, `${d.description}: balancing charge`, d.charge.amount, d.charge.how, d.charge.rule);
  });
  poolWords(r, 'mainPool', r.mainPool, 'CAA 2001 s55, s56; CA23200', w);
  poolWords(r, 'specialRatePool', r.specialRatePool, 'CAA 2001 s55, s104D; CA23200', w);
  r.shortLifePools.forEach((p, i) => {
    const label = `Short-life asset: ${p.description}`;
    const start = [p.broughtForward ? `brought forward ${poundsWords(p.broughtForward)}` : '', p.additions ? `expenditure ${poundsWords(p.additions)}` : ''].filter(Boolean).join(', ') || 'nothing in the pool';
    let how: string;
    let rule = 'CAA 2001 s83–s86; CA23620';
    if (p.reachedCutOff) {
      how = `${start}. Its relevant cut-off, ${ukDate(p.cutOff)} (the eighth anniversary of the end of the period its expenditure was incurred in), came before this period ended without a disposal: the pool ends and ${poundsWords(p.transferredToMainPool)} joins the main pool for this period`;
      rule = 'CAA 2001 s86(2)–(4); CA23620';
    } else if (p.disposed || p.balancingAllowance || p.balancingCharge) {
      how = `${start}${p.disposalValue ? `, disposal value ${poundsWords(-p.disposalValue)}` : ''}: this is the pool’s final chargeable period${p.disposed ? ' (a disposal before its cut-off)' : ' (the trade ended)'}, so ${p.balancingCharge ? `a balancing charge of ${poundsWords(p.balancingCharge)}` : `a balancing allowance of ${poundsWords(p.balancingAllowance)}`}`;
      rule = 'CAA 2001 s55, s65, s86(4); CA23270';
    } else {
      const reduced = p.writingDownAllowance < p.writingDownAllowanceAvailable ? ` Claimed ${poundsWords(p.writingDownAllowance)} of the ${poundsWords(p.writingDownAllowanceAvailable)} available (CAA 2001 s56(5)); the rest stays in the pool.` : '';
      how = `${start}: writing-down allowance at the main rate, ${r.mainPool.rate.how}${r.period.fullYear ? '' : ` × ${r.period.days}/365`}: ${poundsWords(p.writingDownAllowanceAvailable)} (no small pools allowance for a single asset pool, CAA 2001 s56A).${reduced}${p.firstYearBalance ? ` The rest of first-year-allowance expenditure, ${poundsWords(p.firstYearBalance)}, joins after the allowance.` : ''} Carried forward ${poundsWords(p.carriedForward)}; its relevant cut-off is ${ukDate(p.cutOff)}`;
    }
    how += '. Short-life asset pools are not the main pool: their allowances are with other allowances (box 725) and their charges with other charges (box 730).';
    const amount = p.balancingCharge ? p.balancingCharge : p.writingDownAllowance + p.balancingAllowance;
    w(`shortLife[${i}]`, `${label}: ${p.balancingCharge ? 'balancing charge' : 'allowances'}`, amount, how, rule, p.reachedCutOff ? undefined : p.balancingCharge ? '730' : '725');
  });
  if (r.fullExpensing || r.fullExpensingCharges) w('fullExpensing', 'Full expensing', r.fullExpensing, `100% of new main-rate plant; balancing charges on disposals of fully expensed assets ${poundsWords(r.fullExpensingCharges)}, their whole disposal value`, 'CAA 2001 s45S, s59A; CA23174AD', '733');
  if (r.specialRateFirstYear || r.specialRateFirstYearCharges) w('specialRateFirstYear', '50% first-year allowance (special rate)', r.specialRateFirstYear, `50% of new special rate plant; balancing charges on disposals ${poundsWords(r.specialRateFirstYearCharges)}, half their disposal value (the other half comes off the special rate pool)`, 'CAA 2001 s45S, s59B; FA 2021 s9(3), s13; CA23174AE', '693');
  if (r.superDeduction || r.superDeductionCharges) w('superDeduction', 'Super-deduction (130% first-year allowance)', r.superDeduction, `new main-rate plant bought from 1 April 2021 to 31 March 2023; balancing charges on disposals of super-deduction assets ${poundsWords(r.superDeductionCharges)}, their disposal value × the relevant factor`, 'FA 2021 s9(2), s11, s12; CA23169, CA23171', '691');
  if (r.firstYear40) w('firstYear40', '40% first-year allowance (main rate)', r.firstYear40, '40% of new main-rate plant bought from 1 January 2026; the CT600 has no box of its own for it yet, so it is shown with other allowances (box 725)', 'policy paper of 26 November 2025', '725');
  if (r.zeroEmissionCars) {
    const other = r.period.from >= '2026-04-01';
    w('zeroEmissionCars', 'Zero-emission cars: 100% first-year allowance', r.zeroEmissionCars, `100% of new cars with zero CO2 emissions${other ? '; for a period starting from 1 April 2026 HMRC’s rule 9388 takes no allowance in box 726, so it is shown with other allowances (box 725)' : ''}`, 'CAA 2001 s45D', other ? '725' : '726');
  }
  w('total', 'Capital allowances', r.totalAllowances, `all allowances deducted from the trading profit; balancing charges ${poundsWords(r.totalCharges)} added to it`, 'CAA 2001 s247');
}

type Line = (id: string, label: string, pence: Pence, how: string, rule?: string, box?: string) => void;

function poolWords(r: CapitalAllowancesResult, name: 'mainPool' | 'specialRatePool', p: PoolResult, ruleWda: string, w: Line): void {
  // An empty pool that stays empty has no working to show.
  if (!p.broughtForward && !p.additions && !p.disposalValues && !p.firstYearBalances && !p.carriedForward) return;
  const title = name === 'mainPool' ? 'Main pool' : 'Special rate pool';
  const transferred = name === 'mainPool' ? r.shortLifePools.reduce((s, x) => s + x.transferredToMainPool, 0) : 0;
  const parts = [`brought forward ${poundsWords(p.broughtForward)}`];
  if (p.additions) parts.push(`additions ${poundsWords(p.additions)}${transferred ? ` (of which ${poundsWords(transferred)} from short-life asset pools at their cut-off, CAA 2001 s86(2))` : ''}`);
  if (p.disposalValues) parts.push(`disposal values ${poundsWords(-p.disposalValues)}`);
  let how = `${parts.join(', ')}: ${poundsWords(p.balance)}. `;
  if (p.balancingCharge) how += `Disposal values exceed the pool: balancing charge ${poundsWords(p.balancingCharge)} (CAA 2001 s55(3)).`;
  else if (p.balancingAllowance) how += `The trade ended: the balance is a balancing allowance (CAA 2001 s55(2), s56(7)).`;
  else if (p.smallPool) how += `The balance is no more than the small pools limit (£1,000${r.period.fullYear ? '' : ` × ${r.period.days}/365`}): written off in full (CAA 2001 s56A).`;
  else if (p.writingDownAllowanceAvailable) how += `Writing-down allowance at ${p.rate.how}${r.period.fullYear ? '' : `, × ${r.period.days}/365 for a period of ${r.period.days} days (CAA 2001 s56(3))`}: ${poundsWords(p.writingDownAllowanceAvailable)}, rounded down to the penny.`;
  if (p.writingDownAllowance < p.writingDownAllowanceAvailable) {
    how += ` Claimed ${poundsWords(p.writingDownAllowance)} of the ${poundsWords(p.writingDownAllowanceAvailable)} available, as the company may require the allowance reduced to a specified amount (CAA 2001 s56(5)); the ${poundsWords(p.writingDownAllowanceAvailable - p.writingDownAllowance)} not claimed stays in the pool.`;
  }
  if (p.firstYearBalances) how += ` The rest of first-year-allowance expenditure, ${poundsWords(p.firstYearBalances)}, joins the pool after the allowance (CAA 2001 s58(5)).`;
  how += ` Carried forward ${poundsWords(p.carriedForward)}.`;
  w(`${name}.allowance`, `${title}: allowances`, p.writingDownAllowance + p.balancingAllowance, how, `${p.rate.rule}; ${ruleWda}`, name === 'mainPool' ? '705' : '695');
  if (p.balancingCharge) w(`${name}.balancingCharge`, `${title}: balancing charge`, p.balancingCharge, `disposal values exceed the pool by ${poundsWords(p.balancingCharge)}`, 'CAA 2001 s55(3); CA23250', name === 'mainPool' ? '710' : '700');
  w(`${name}.carriedForward`, `${title}: written-down value carried forward`, p.carriedForward, 'the next period’s brought-forward figure', 'CAA 2001 s59');
}
