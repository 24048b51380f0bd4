/**
 * Where an asset's allowance went, for its row in the asset register: an
 * allowance on the asset itself (the AIA, full expensing, a first-year
 * allowance), and what joins a pool, with the allowance that pool gives —
 * never "£0.00" for a car whose cost earns a writing-down allowance on its pool.
 */
import type { ComputationOutput } from '../../../../../preload/contract.js';
import { formatMoney } from '../../../format/index.js';

type Asset = ComputationOutput['capitalAllowances']['assets'][number];
type PoolOutput = ComputationOutput['capitalAllowances']['mainPool'];

const money = (pounds: number) => formatMoney(Math.round(pounds * 100), 'pence');

const ON_THE_ASSET: Record<Asset['claim'], string> = {
  aia: 'annual investment allowance',
  fullExpensing: 'full expensing',
  fya50: '50% first-year allowance',
  fya40: '40% first-year allowance',
  fya100: '100% first-year allowance',
  superDeduction: 'super-deduction',
  pool: '',
};

const poolName = (pool: Asset['pool']) => (pool === 'special' ? 'special rate pool' : 'main pool');

/** The allowance the pool gives this period, in words: "£600.00 writing-down allowance on the pool (6%)". */
export function poolAllowanceWords(p: PoolOutput): string {
  if (p.balancingCharge) return `the pool has a balancing charge of ${money(p.balancingCharge)}`;
  if (p.balancingAllowance) return `${money(p.balancingAllowance)} balancing allowance on the pool (the trade ended)`;
  if (p.smallPoolAllowance) return `${money(p.writingDownAllowance)} on the pool, written off in full as a small pool`;
  if (p.writingDownAllowance) return `${money(p.writingDownAllowance)} writing-down allowance on the pool (${p.writingDownAllowanceRate}%)`;
  return 'no allowance on the pool this period';
}

/**
 * The asset's row: what it had itself and where the rest of its cost went.
 * The rest of a first-year allowance joins the pool after the period's
 * writing-down allowance (CAA 2001 s58); the rest after the AIA joins before it.
 */
/** A short-life asset's own pool (CAA 2001 s86): this period's elections come first in the output, in the register's order. */
function shortLifeWords(asset: Asset, out: ComputationOutput): string | undefined {
  if (!asset.shortLife) return undefined;
  const place = out.capitalAllowances.assets.filter((a) => a.shortLife).indexOf(asset);
  const p = out.capitalAllowances.shortLifeAssets?.[place];
  if (!p) return 'a pool of its own (short-life asset)';
  const given = p.balancingCharge
    ? `a balancing charge of ${money(p.balancingCharge)}`
    : p.balancingAllowance
      ? `${money(p.balancingAllowance)} balancing allowance`
      : p.writingDownAllowance
        ? `${money(p.writingDownAllowance)} writing-down allowance`
        : 'no allowance this period';
  return `a pool of its own (short-life asset): ${given}`;
}

export function assetAllowanceWords(asset: Asset, out: ComputationOutput): string {
  const shortLife = shortLifeWords(asset, out);
  if (shortLife && asset.claim === 'pool') return `Into ${shortLife}`;
  const pool = asset.pool === 'special' ? out.capitalAllowances.specialRatePool : out.capitalAllowances.mainPool;
  const rest = Math.round((asset.cost - asset.allowance) * 100) / 100;
  if (asset.claim === 'pool') return `Into the ${poolName(asset.pool)}: ${poolAllowanceWords(pool)}`;
  const own = `${money(asset.allowance)} ${ON_THE_ASSET[asset.claim]}`;
  if (rest <= 0) return own;
  const firstYear = asset.claim !== 'aia';
  if (shortLife) return `${own}; ${money(rest)} into ${shortLife}`;
  // Disposed of in the period it was bought: the rest joins the pool for this period, before the writing-down allowance (CAA 2001 s58(6)).
  const when = firstYear && !asset.disposedInPeriod ? ' after this period’s writing-down allowance' : `: ${poolAllowanceWords(pool)}`;
  return `${own}; ${money(rest)} into the ${poolName(asset.pool)}${when}`;
}
