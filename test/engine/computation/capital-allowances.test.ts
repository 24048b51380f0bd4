/**
 * Capital allowances worked by hand, each against the rule of CAA 2001 and
 * the page of HMRC's Capital Allowances Manual that explains it.
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { addition, ca, computation, disposal, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));

describe('annual investment allowance', () => {
  it('is reduced for a short period by its days over 365 (CAA 2001 s51A(6); CA23084; HMRC rule 9288)', () => {
    // 1 April to 30 September 2025: 183 days. £1,000,000 × 183/365 = £501,369.86.
    // £600,000 spent: AIA £501,369.86, the £98,630.14 left goes to the main pool;
    // WDA 18% × 183/365 of it = £17,753.4252 × 0.50137 = £8,901.0329, rounded down to £8,901.03; carried forward £89,729.11.
    const out = run({
      period: { from: '2025-04-01', to: '2025-09-30' },
      profitAndLoss: pl({ profitBeforeTax: 700000 }),
      capitalAllowances: ca({ additions: [addition({ date: '2025-05-01', cost: 600000, newAndUnused: false, claim: 'aia' })] }),
    });
    expect(out.capitalAllowances.annualInvestmentAllowance).toEqual({ maximum: 501369.86, claimed: 501369.86 });
    expect(out.capitalAllowances.mainPool.additions).toBe(98630.14);
    expect(out.capitalAllowances.mainPool.writingDownAllowance).toBe(8901.03);
    expect(out.capitalAllowances.mainPoolCarriedForward).toBe(89729.11);
    expect(out.boxes['690']).toBe(501370);
    expect(out.boxes['705']).toBe(8901);
    expect(out.working.find((l) => l.id === 'capitalAllowances.aia')!.how).toContain('× 183 days ÷ 365');
  });

  it('across 1 January 2019 adds the two parts’ limits and caps what was spent before the change at the old limit (FA 2019 Sch 13 para 1; CA23084)', () => {
    // 1 July 2018 – 30 June 2019: 184 days at £200,000 a year = £100,821.92, 181 days at £1,000,000 = £495,890.41; £596,712.33 in all.
    // Spent before 1 January 2019: at most £200,000 (the old limit for the whole period).
    // £300,000 on 1 October 2018 takes £200,000; £400,000 on 1 March 2019 takes the £396,712.33 left.
    const out = run({
      period: { from: '2018-07-01', to: '2019-06-30' },
      profitAndLoss: pl({ profitBeforeTax: 900000 }),
      capitalAllowances: ca({
        additions: [
          addition({ description: 'Press', date: '2018-10-01', cost: 300000, claim: 'aia' }),
          addition({ description: 'Lathe', date: '2019-03-01', cost: 400000, claim: 'aia' }),
        ],
      }),
    });
    expect(out.capitalAllowances.annualInvestmentAllowance).toEqual({ maximum: 596712.33, claimed: 596712.33 });
    expect(out.capitalAllowances.assets.map((a) => a.allowance)).toEqual([200000, 396712.33]);
    expect(out.capitalAllowances.mainPool.additions).toBe(103287.67);
  });

  it('across 1 January 2016, when the limit fell, caps what was spent from the change at the later part’s own limit (FA 2014 Sch 2 para 4; CA23084)', () => {
    // 1 July 2015 – 30 June 2016: 184 days at £500,000 = £252,054.79 and 182 days at £200,000 = £99,726.03; £351,780.82 in all.
    // £100,000 on 1 August 2015 takes £100,000; £300,000 on 1 February 2016 only the £99,726.03 the later part allows.
    const out = run({
      period: { from: '2015-07-01', to: '2016-06-30' },
      profitAndLoss: pl({ profitBeforeTax: 900000 }),
      capitalAllowances: ca({
        additions: [
          addition({ description: 'Press', date: '2015-08-01', cost: 100000, claim: 'aia' }),
          addition({ description: 'Lathe', date: '2016-02-01', cost: 300000, claim: 'aia' }),
        ],
      }),
    });
    expect(out.capitalAllowances.annualInvestmentAllowance).toEqual({ maximum: 351780.82, claimed: 199726.03 });
    expect(out.capitalAllowances.assets.map((a) => a.allowance)).toEqual([100000, 99726.03]);
  });

  it('is one £1,000,000 allowance for a year straddling 1 April 2023, when the limit was made permanent at the same amount', () => {
    const out = run({
      period: { from: '2023-01-01', to: '2023-12-31' },
      profitAndLoss: pl({ profitBeforeTax: 1200000 }),
      capitalAllowances: ca({ additions: [addition({ date: '2023-02-01', cost: 400000, claim: 'aia' }), addition({ date: '2023-06-01', cost: 700000, claim: 'aia' })] }),
    });
    expect(out.capitalAllowances.annualInvestmentAllowance).toEqual({ maximum: 1000000, claimed: 1000000 });
    expect(out.capitalAllowances.mainPool.additions).toBe(100000);
  });

  it('goes to special rate expenditure before main-rate expenditure', () => {
    const out = run({
      period: { from: '2025-04-01', to: '2026-03-31' },
      profitAndLoss: pl({ profitBeforeTax: 2000000 }),
      capitalAllowances: ca({
        additions: [
          addition({ description: 'Plant', date: '2025-05-01', cost: 700000, claim: 'aia', newAndUnused: false }),
          addition({ description: 'Lighting (integral feature)', date: '2025-08-01', cost: 500000, pool: 'special', claim: 'aia' }),
        ],
      }),
    });
    expect(out.capitalAllowances.assets.map((a) => a.allowance)).toEqual([500000, 500000]);
    expect(out.capitalAllowances.mainPool.additions).toBe(200000);
    expect(out.capitalAllowances.specialRatePool.additions).toBe(0);
  });
});

describe('writing-down allowances', () => {
  it('use a hybrid rate for a year straddling 1 April 2026, by days, rounded up to two decimals (CA23711)', () => {
    // Year to 31 December 2026: 90 days at 18%, 275 at 14%: (18 × 90 + 14 × 275) / 365 = 14.9863% → 14.99%.
    const out = run({
      period: { from: '2026-01-01', to: '2026-12-31' },
      profitAndLoss: pl({ profitBeforeTax: 50000 }),
      capitalAllowances: ca({ mainPoolBroughtForward: 100000 }),
    });
    expect(out.capitalAllowances.mainPool.writingDownAllowanceRate).toBe(14.99);
    expect(out.capitalAllowances.mainPool.writingDownAllowance).toBe(14990);
    expect(out.capitalAllowances.mainPoolCarriedForward).toBe(85010);
    expect(out.working.find((l) => l.id === 'capitalAllowances.mainPool.allowance')!.how).toContain('14.9863%, rounded up to 14.99%');
  });

  it('give 16% for a year to 30 September 2026, as the policy paper of 26 November 2025 says', () => {
    // 182 days at 18%, 183 at 14%: 15.9945% → 16.00%.
    const out = run({ period: { from: '2025-10-01', to: '2026-09-30' }, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ mainPoolBroughtForward: 100000 }) });
    expect(out.capitalAllowances.mainPool.writingDownAllowanceRate).toBe(16);
    expect(out.capitalAllowances.mainPool.writingDownAllowance).toBe(16000);
  });

  it('take the hybrid rate and then the short period’s days over 365 for six months straddling 1 April 2026 (CA23711; CAA 2001 s56(3))', () => {
    // 1 January – 30 June 2026: 90 days at 18%, 91 at 14%: 2,894 / 181 = 15.9890% → 15.99%; × 181/365: £100,000 × 15.99% × 181/365 = £7,929.2877 → £7,929.28.
    const out = run({ period: { from: '2026-01-01', to: '2026-06-30' }, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ mainPoolBroughtForward: 100000 }) });
    expect(out.capitalAllowances.mainPool).toMatchObject({ writingDownAllowanceRate: 15.99, writingDownAllowance: 7929.28 });
  });

  it('give the special rate pool a hybrid of 8% and 6% for a year straddling 1 April 2019 (FA 2019 s31)', () => {
    // Calendar 2019: 90 days at 8%, 275 at 6%: 6.4932% → 6.50%.
    const out = run({ period: { from: '2019-01-01', to: '2019-12-31' }, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ specialRatePoolBroughtForward: 100000 }) });
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ writingDownAllowanceRate: 6.5, writingDownAllowance: 6500 });
  });

  it('are 14% for a year wholly from 1 April 2026 and 6% on the special rate pool', () => {
    const out = run({ period: { from: '2026-04-01', to: '2027-03-31' }, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ mainPoolBroughtForward: 20000, specialRatePoolBroughtForward: 30000 }) });
    expect(out.capitalAllowances.mainPool.writingDownAllowance).toBe(2800);
    expect(out.capitalAllowances.specialRatePool.writingDownAllowance).toBe(1800);
    expect(out.boxes['705']).toBe(2800);
    expect(out.boxes['695']).toBe(1800);
  });

  it('write off a pool of £1,000 or less in full, the limit scaled for a short period (CAA 2001 s56A)', () => {
    const year = run({ profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ mainPoolBroughtForward: 900 }) });
    expect(year.capitalAllowances.mainPool).toMatchObject({ writingDownAllowance: 900, smallPoolAllowance: true, carriedForward: 0 });
    // Six months (183 days): the limit is £1,000 × 183/365 = £501.37. £500 is written off; £600 is not: 18% × 183/365 × £600 = £54.1479 → £54.14.
    const short = (bf: number) => run({ period: { from: '2024-04-01', to: '2024-09-30' }, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ mainPoolBroughtForward: bf }) });
    expect(short(500).capitalAllowances.mainPool).toMatchObject({ writingDownAllowance: 500, smallPoolAllowance: true });
    expect(short(600).capitalAllowances.mainPool).toMatchObject({ writingDownAllowance: 54.14, smallPoolAllowance: false, carriedForward: 545.86 });
  });
});

describe('first-year allowances and disposals', () => {
  it('charge the whole disposal value of a fully expensed asset, leaving the pool alone (CAA 2001 s59A; CA23174AD)', () => {
    // Main pool £50,000 brought forward; a fully expensed asset (cost £30,000) sold for £20,000: balancing charge £20,000; WDA 18% × £50,000 = £9,000.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 100000 }),
      capitalAllowances: ca({ mainPoolBroughtForward: 50000, disposals: [disposal({ proceeds: 20000, cost: 30000, fullExpensed: true })] }),
    });
    expect(out.boxes['734']).toBe(20000);
    expect(out.capitalAllowances.mainPool.writingDownAllowance).toBe(9000);
    expect(out.capitalAllowances.balancingCharges).toBe(20000);
    // Trading profit: 100,000 − 9,000 + 20,000.
    expect(out.boxes['155']).toBe(111000);
  });

  it('charge half the disposal value of an asset that had the 50% allowance, the other half off the special rate pool (CAA 2001 s59B; CA23174AE)', () => {
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 100000 }),
      capitalAllowances: ca({ specialRatePoolBroughtForward: 40000, disposals: [disposal({ pool: 'special', proceeds: 10000, fullExpensed: true })] }),
    });
    expect(out.boxes['694']).toBe(5000);
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ disposalValues: 5000, writingDownAllowance: 2100, carriedForward: 32900 });
  });

  it('take the lower of proceeds and cost off the pool, and a balancing charge when disposals exceed it (CAA 2001 s55, s62)', () => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 100000 }), capitalAllowances: ca({ mainPoolBroughtForward: 5000, disposals: [disposal({ proceeds: 12000, cost: 8000 })] }) });
    expect(out.capitalAllowances.mainPool).toMatchObject({ disposalValues: 8000, balancingCharge: 3000, writingDownAllowance: 0, carriedForward: 0 });
    expect(out.boxes['710']).toBe(3000);
  });

  it('give full expensing on new main-rate plant and 50% on new special rate plant, the rest pooled after the allowance', () => {
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 500000 }),
      capitalAllowances: ca({
        additions: [
          addition({ description: 'CNC machine', cost: 80000, claim: 'fullExpensing' }),
          addition({ description: 'Air conditioning', cost: 30000, pool: 'special', claim: 'fya50' }),
        ],
      }),
    });
    expect(out.boxes['733']).toBe(80000);
    expect(out.boxes['693']).toBe(15000);
    expect(out.boxes['773']).toBe(30000);
    expect(out.boxes['760']).toBe(80000);
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ writingDownAllowance: 0, carriedForward: 15000 });
  });

  it('give 40% on new main-rate plant bought from 1 January 2026, the 60% pooled after the allowance', () => {
    const out = run({
      period: { from: '2025-04-01', to: '2026-03-31' },
      profitAndLoss: pl({ profitBeforeTax: 500000 }),
      capitalAllowances: ca({ mainPoolBroughtForward: 10000, additions: [addition({ date: '2026-02-01', cost: 100000, claim: 'fya40' })] }),
    });
    expect(out.boxes['725']).toBe(40000);
    expect(out.capitalAllowances.mainPool).toMatchObject({ writingDownAllowance: 1800, carriedForward: 68200 });
  });
});

describe('cars', () => {
  it('put a car over 50 g/km in the special rate pool at 6% (CAA 2001 s104AA, s104D)', () => {
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 100000 }),
      capitalAllowances: ca({ additions: [addition({ description: 'Director’s car', cost: 40000, pool: 'special', newAndUnused: false, car: { co2: 120 }, claim: 'pool' })] }),
    });
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ additions: 40000, writingDownAllowance: 2400, carriedForward: 37600 });
  });

  it('give a new zero-emission car 100% (CAA 2001 s45D)', () => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 100000 }), capitalAllowances: ca({ additions: [addition({ description: 'Electric car', cost: 35000, car: { co2: 0 }, claim: 'fya100' })] }) });
    expect(out.boxes['726']).toBe(35000);
    expect(out.capitalAllowances.mainPoolCarriedForward).toBe(0);
    expect(out.boxes['155']).toBe(65000);
  });
});

describe('the trade ends', () => {
  it('turns what is left in the pools into balancing allowances (CAA 2001 s55(2), s65)', () => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 100000 }), capitalAllowances: ca({ mainPoolBroughtForward: 30000, tradeCeased: true, disposals: [disposal({ proceeds: 10000 })] }) });
    expect(out.capitalAllowances.mainPool).toMatchObject({ balancingAllowance: 20000, writingDownAllowance: 0, carriedForward: 0 });
  });
});
