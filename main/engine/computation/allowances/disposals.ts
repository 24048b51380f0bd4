/**
 * What a disposal brings into account: the disposal value (the lower of the
 * proceeds and the cost, CAA 2001 s62), the balancing charge that recovers a
 * first-year allowance given at more than the pool's rate, and the part left
 * to come off a pool. An asset that had full expensing charges its whole
 * disposal value (s59A; CA23174AD); one that had the 50% allowance charges
 * half and the other half comes off the special rate pool (s59B; FA 2021 s13
 * for the SR allowance; CA23174AE); one that had the super-deduction charges
 * its disposal value × the relevant factor (FA 2021 s12; CA23169, CA23171).
 * The whole cost had the one allowance, so the "relevant proportion" is 1
 * (or ½ for the 50% allowances).
 */
import type { ChargeablePeriod } from '../dates.js';
import type { Claim, Disposal, Pool } from '../input-types.js';
import { fractionDown, poundsWords, type Pence } from '../money.js';
import { chargeOf, SUPER_DEDUCTION_SCALED_FROM, superDeductionFactor } from './first-year.js';

export type ChargeKind = 'fullExpensing' | 'specialRateAllowance' | 'superDeduction';

export interface DisposalTreatment {
  description: string;
  value: Pence;
  /** The main or special rate pool, or the short-life asset pool of an addition or of an asset brought forward. */
  target: { pool: Pool } | { shortLifeAddition: number } | { shortLifeBroughtForward: number };
  /** The part of the disposal value that comes off the pool (the rest is in the charge). */
  poolValue: Pence;
  charge?: { kind: ChargeKind; amount: Pence; how: string; rule: string };
}

/** What the disposed asset had: its addition's claim when it was bought in this period, otherwise the disposal's flags. */
interface Bought {
  claim: Claim;
  shortLife: boolean;
  date: string;
}

function kindOf(d: Disposal, bought: Bought | undefined): ChargeKind | undefined {
  if (bought) return bought.claim === 'fullExpensing' ? 'fullExpensing' : bought.claim === 'fya50' ? 'specialRateAllowance' : bought.claim === 'superDeduction' ? 'superDeduction' : undefined;
  if (d.superDeduction) return 'superDeduction';
  if (d.fullExpensed) return d.pool === 'main' ? 'fullExpensing' : 'specialRateAllowance';
  return undefined;
}

export function treatDisposals(disposals: readonly Disposal[], bought: readonly Bought[], period: ChargeablePeriod): DisposalTreatment[] {
  return disposals.map((d) => {
    const asset = d.addition !== undefined ? bought[d.addition] : undefined;
    const value = d.cost !== undefined ? Math.min(d.proceeds, d.cost) : d.proceeds;
    const target: DisposalTreatment['target'] =
      asset?.shortLife ? { shortLifeAddition: d.addition! } : d.shortLifeAsset !== undefined ? { shortLifeBroughtForward: d.shortLifeAsset } : { pool: d.pool };
    const out: DisposalTreatment = { description: d.description, value, target, poolValue: value };
    const kind = kindOf(d, asset);
    if (kind === 'fullExpensing') {
      out.poolValue = 0;
      out.charge = { kind, amount: value, how: `the whole disposal value, ${poundsWords(value)}`, rule: 'CAA 2001 s59A; CA23174AD' };
    } else if (kind === 'specialRateAllowance') {
      const amount = fractionDown(value, 1, 2);
      out.poolValue = value - amount;
      const law = asset ? (asset.date < SUPER_DEDUCTION_SCALED_FROM ? 'FA 2021 s13' : 'CAA 2001 s59B; CA23174AE') : 'CAA 2001 s59B (FA 2021 s13 for the SR allowance of April 2021 to March 2023); CA23174AE';
      out.charge = { kind, amount, how: `half the disposal value of ${poundsWords(value)}; the other half, ${poundsWords(out.poolValue)}, comes off the special rate pool`, rule: law };
    } else if (kind === 'superDeduction') {
      const factor = superDeductionFactor(period);
      out.poolValue = 0;
      out.charge = { kind, amount: chargeOf(value, factor), how: `disposal value ${poundsWords(value)} × ${factor.how}, rounded up to the penny`, rule: `${factor.rule}; CA23169` };
    }
    return out;
  });
}
