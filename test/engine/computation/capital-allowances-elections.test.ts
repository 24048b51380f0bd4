/**
 * Short-life asset elections (CAA 2001 s83–s89; CA23620), plant for leasing
 * (s46(2) general exclusion 6; CA23174AC) and the super-deduction and SR
 * allowance of April 2021 to March 2023 (FA 2021 s9–s13; CA23169, CA23171),
 * worked by hand; each test's comment is the working.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { addition, ca, computation, disposal, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));

function refusal(over: Record<string, unknown>): { field: string; message: string }[] {
  try {
    run(over);
  } catch (e) {
    if (e instanceof RequestValidationError) return e.errors;
    throw e;
  }
  throw new Error('the input was accepted');
}

const server = (over: Record<string, unknown> = {}) => ({ description: 'Server', broughtForward: 1345, incurredInPeriodEnding: '2023-03-31', ...over });

describe('short-life assets (CAA 2001 s83–s89)', () => {
  it('puts an elected asset in a pool of its own at the main rate, shown with other allowances, and carries it forward', () => {
    // Year to 31 March 2025. A laptop, £3,000, no AIA claimed, elected short-life: its own pool, WDA 18% = £540 (box 725), c/f £2,460.
    // The main pool (£10,000 b/f, WDA £1,800) does not take it.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 20000 }),
      capitalAllowances: ca({ mainPoolBroughtForward: 10000, additions: [addition({ description: 'Laptop', cost: 3000, claim: 'pool', shortLife: true })] }),
    });
    expect(out.capitalAllowances.shortLifeAssets).toEqual([
      { description: 'Laptop', broughtForward: 0, additions: 3000, disposalValue: 0, writingDownAllowance: 540, balancingAllowance: 0, balancingCharge: 0, transferredToMainPool: 0, carriedForward: 2460, cutOff: '2033-03-31', incurredInPeriodEnding: '2025-03-31' },
    ]);
    expect(out.capitalAllowances.mainPool).toMatchObject({ additions: 0, writingDownAllowance: 1800 });
    expect(out.boxes['725']).toBe(540);
    expect(out.boxes['705']).toBe(1800);
    expect(out.boxes['155']).toBe(17660);
    expect(out.carriedForward.shortLifeAssets).toEqual([{ description: 'Laptop', broughtForward: 2460, incurredInPeriodEnding: '2025-03-31' }]);
  });

  it('keeps the rest of a 40% allowance out of its pool until after the period’s allowance (CAA 2001 s58(5))', () => {
    // Year to 31 March 2026. A new machine, £10,000 on 1 February 2026, 40% allowance £4,000, elected short-life: nothing in its pool
    // for this period's WDA; the £6,000 joins after it and is carried forward.
    const out = run({ period: { from: '2025-04-01', to: '2026-03-31' }, profitAndLoss: pl({ profitBeforeTax: 20000 }), capitalAllowances: ca({ additions: [addition({ date: '2026-02-01', cost: 10000, claim: 'fya40', shortLife: true })] }) });
    expect(out.capitalAllowances.shortLifeAssets[0]).toMatchObject({ writingDownAllowance: 0, carriedForward: 6000 });
    expect(out.boxes['725']).toBe(4000);
  });

  it('gives a balancing allowance or charge on a disposal before the cut-off (CAA 2001 s65, s86(4); CA23270)', () => {
    // A server bought in the year to 31 March 2023, £1,345 brought forward; sold in the year to 31 March 2025 (cut-off 31 March 2031).
    // Sold for £800: balancing allowance £1,345 − £800 = £545 (box 725). Sold for £2,000: balancing charge £655 (box 730).
    const sold = (proceeds: number) =>
      run({ profitAndLoss: pl({ profitBeforeTax: 10000 }), capitalAllowances: ca({ shortLifeAssets: [server()], disposals: [{ description: 'Server sold', date: '2024-10-01', proceeds, shortLifeAsset: 0 }] }) });
    const low = sold(800);
    expect(low.capitalAllowances.shortLifeAssets[0]).toMatchObject({ disposalValue: 800, balancingAllowance: 545, writingDownAllowance: 0, carriedForward: 0, incurredInPeriodEnding: null });
    expect(low.boxes['725']).toBe(545);
    expect(low.boxes['155']).toBe(9455);
    expect(low.carriedForward.shortLifeAssets).toEqual([]);
    const high = sold(2000);
    expect(high.capitalAllowances.shortLifeAssets[0]).toMatchObject({ balancingCharge: 655, balancingAllowance: 0 });
    expect(high.boxes['730']).toBe(655);
    expect(high.boxes['155']).toBe(10655);
  });

  it('moves the balance to the main pool in the first period ending after the eighth anniversary, and not in a period ending on it (CAA 2001 s86(2)–(4))', () => {
    // Bought in the year to 31 December 2016: the relevant cut-off is 31 December 2024. £5,000 brought forward; main pool £10,000.
    const withPeriod = (period: { from: string; to: string }, disposals: unknown[] = []) =>
      run({ period, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ mainPoolBroughtForward: 10000, shortLifeAssets: [server({ broughtForward: 5000, incurredInPeriodEnding: '2016-12-31' })], disposals }) });
    // Year to 31 December 2024 ends on the cut-off: still a short-life asset. WDA 18% × £5,000 = £900 (box 725); main pool WDA £1,800.
    const onIt = withPeriod({ from: '2024-01-01', to: '2024-12-31' });
    expect(onIt.capitalAllowances.shortLifeAssets[0]).toMatchObject({ writingDownAllowance: 900, carriedForward: 4100, transferredToMainPool: 0 });
    expect(onIt.boxes['725']).toBe(900);
    expect(onIt.carriedForward.shortLifeAssets).toEqual([{ description: 'Server', broughtForward: 4100, incurredInPeriodEnding: '2016-12-31' }]);
    // Year to 31 March 2025 ends after it: the £5,000 joins the main pool: £15,000, WDA 18% = £2,700; no short-life allowance.
    const after = withPeriod({ from: '2024-04-01', to: '2025-03-31' });
    expect(after.capitalAllowances.shortLifeAssets[0]).toMatchObject({ transferredToMainPool: 5000, writingDownAllowance: 0, incurredInPeriodEnding: null });
    expect(after.capitalAllowances.mainPool).toMatchObject({ additions: 5000, writingDownAllowance: 2700 });
    expect(after.boxes['725']).toBeUndefined();
    expect(after.working.find((l) => l.id === 'capitalAllowances.shortLife[0]')!.how).toContain('Its relevant cut-off, 31 December 2024');
    // Sold for £1,000 in that period: a disposal in the main pool, not a balancing allowance: £10,000 + £5,000 − £1,000 = £14,000, WDA £2,520.
    const sold = withPeriod({ from: '2024-04-01', to: '2025-03-31' }, [{ description: 'Server sold', date: '2025-02-01', proceeds: 1000, shortLifeAsset: 0 }]);
    expect(sold.capitalAllowances.mainPool).toMatchObject({ disposalValues: 1000, writingDownAllowance: 2520 });
    expect(sold.capitalAllowances.shortLifeAssets[0]).toMatchObject({ balancingAllowance: 0, balancingCharge: 0 });
  });

  it('refuses what the law rules out, naming the field and the rule (CAA 2001 s84, s86(3))', () => {
    const errors = refusal({
      capitalAllowances: ca({
        additions: [
          addition({ description: 'Lighting', pool: 'special', shortLife: true }),
          addition({ description: 'Van for hire', forLeasing: true, claim: 'aia', shortLife: true }),
          addition({ description: 'Press', claim: 'fullExpensing', shortLife: true }),
        ],
        shortLifeAssets: [server({ incurredInPeriodEnding: '2015-03-31' }), server({ incurredInPeriodEnding: '2010-12-31' })],
      }),
    });
    expect(errors.map((e) => e.field)).toEqual([
      'capitalAllowances.shortLifeAssets[0].incurredInPeriodEnding',
      'capitalAllowances.shortLifeAssets[1].incurredInPeriodEnding',
    ]);
    expect(errors[0]!.message).toContain('its relevant cut-off, 2023-03-31, passed before the period before this one ended');
    expect(errors[1]!.message).toContain('four-year cut-off (CAA 2001 s86(3)(a))');
    const elections = refusal({
      capitalAllowances: ca({
        additions: [
          addition({ description: 'Lighting', pool: 'special', shortLife: true }),
          addition({ description: 'Van for hire', forLeasing: true, claim: 'aia', shortLife: true }),
          addition({ description: 'Press', claim: 'fullExpensing', shortLife: true }),
          addition({ description: 'Car', newAndUnused: false, car: { co2: 40 }, claim: 'pool', shortLife: true }),
        ],
      }),
    });
    expect(elections).toEqual([
      { field: 'capitalAllowances.additions[0].shortLife', message: 'cannot be elected: special rate expenditure cannot be a short-life asset (CAA 2001 s84 item 4; CA23620)' },
      { field: 'capitalAllowances.additions[1].shortLife', message: expect.stringContaining('plant provided for leasing cannot be a short-life asset (CAA 2001 s84 item 5; CA23620)') },
      { field: 'capitalAllowances.additions[2].shortLife', message: expect.stringContaining('with full expensing (100% first-year allowance) nothing of its cost is left') },
      { field: 'capitalAllowances.additions[3].shortLife', message: 'cannot be elected: a car cannot be a short-life asset (CAA 2001 s84 item 3; CA23620)' },
    ]);
  });
});

describe('plant for leasing (CAA 2001 s46(2) general exclusion 6)', () => {
  it('refuses full expensing and the 50% allowance, naming the rule', () => {
    const errors = refusal({
      capitalAllowances: ca({ additions: [addition({ description: 'Crane for hire', forLeasing: true, claim: 'fullExpensing' }), addition({ description: 'Chiller for hire', pool: 'special', forLeasing: true, claim: 'fya50' })] }),
    });
    expect(errors.map((e) => e.field)).toEqual(['capitalAllowances.additions[0].claim', 'capitalAllowances.additions[1].claim']);
    for (const e of errors) expect(e.message).toContain('provided for leasing is excluded from');
    expect(errors[0]!.message).toContain('(CAA 2001 s45S(d) and s46(2), general exclusion 6; FA 2021 s9(2)(d), s9(3)(e); CA23174AC)');
  });

  it('proposes the pool instead of full expensing once the AIA is used, and allows the 40% allowance', () => {
    // Year to 31 March 2025: used plant £1,000,000 takes the whole AIA; a new crane, £500,000. Not for leasing: full expensing is proposed.
    // For leasing: no first-year allowance before 1 January 2026, so the pool: WDA 18% × £500,000 = £90,000.
    const withCrane = (forLeasing: boolean) =>
      run({ profitAndLoss: pl({ profitBeforeTax: 2000000 }), capitalAllowances: ca({ additions: [addition({ cost: 1000000, newAndUnused: false, claim: undefined }), addition({ description: 'Crane', cost: 500000, forLeasing, claim: undefined })] }) });
    expect(withCrane(false).capitalAllowances.assets.map((a) => a.claim)).toEqual(['aia', 'fullExpensing']);
    const leased = withCrane(true);
    expect(leased.capitalAllowances.assets.map((a) => a.claim)).toEqual(['aia', 'pool']);
    expect(leased.capitalAllowances.mainPool.writingDownAllowance).toBe(90000);
    // The 40% allowance is open to plant for leasing: £100,000 on 1 February 2026 gives £40,000.
    const fya40 = run({ period: { from: '2025-04-01', to: '2026-03-31' }, profitAndLoss: pl({ profitBeforeTax: 200000 }), capitalAllowances: ca({ additions: [addition({ date: '2026-02-01', cost: 100000, forLeasing: true, claim: 'fya40' })] }) });
    expect(fya40.boxes['725']).toBe(40000);
  });
});

describe('the super-deduction and the SR allowance (FA 2021 s9–s13)', () => {
  it('gives 130% of new main-rate plant bought from 1 April 2021, boxes 691 and 772, and proposes it', () => {
    // Year to 31 March 2022: a machine, £100,000 on 1 June 2021: super-deduction £130,000. Box 155: £200,000 − £130,000 = £70,000.
    const out = run({ period: { from: '2021-04-01', to: '2022-03-31' }, profitAndLoss: pl({ profitBeforeTax: 200000 }), capitalAllowances: ca({ additions: [addition({ date: '2021-06-01', cost: 100000, claim: undefined })] }) });
    expect(out.capitalAllowances.assets[0]).toMatchObject({ claim: 'superDeduction', allowance: 130000 });
    expect(out.boxes['691']).toBe(130000);
    expect(out.boxes['772']).toBe(100000);
    expect(out.boxes['155']).toBe(70000);
    expect(out.capitalAllowances.mainPool.carriedForward).toBe(0);
  });

  it('scales the 130% by days for a period ending after 31 March 2023, kept exact (FA 2021 s11(5))', () => {
    // 1 May 2022 – 30 April 2023: 335 of 365 days before 1 April 2023: 100% + 30% × 335/365 = 127.5342…%.
    // £250,000 × 46,550/36,500 = £318,835.616…, rounded down to £318,835.61 (box 691 £318,836). Box 155: £400,000 − £318,835.61 = £81,164.
    const out = run({ period: { from: '2022-05-01', to: '2023-04-30' }, profitAndLoss: pl({ profitBeforeTax: 400000 }), capitalAllowances: ca({ additions: [addition({ date: '2022-06-01', cost: 250000, claim: 'superDeduction' })] }) });
    expect(out.capitalAllowances.assets[0]!.allowance).toBe(318835.61);
    expect(out.boxes['691']).toBe(318836);
    expect(out.boxes['155']).toBe(81164);
    expect(out.working.find((l) => l.id === 'capitalAllowances.assets[0]')!.how).toContain('= 127.5342% (kept exact; the allowance rounded down to the penny)');
  });

  it('charges a disposal × 1.3 in a period ending before 1 April 2023, × the day-apportioned factor across it, × 1 after (FA 2021 s12; CA23171)', () => {
    const sale = (period: { from: string; to: string }, date: string, proceeds: number) =>
      run({ period, profitAndLoss: pl({ profitBeforeTax: 50000 }), capitalAllowances: ca({ disposals: [disposal({ date, proceeds, superDeduction: true })] }) });
    // CA23171's example: year to 31 March 2023, sold for £100,000: £100,000 × 1.3 = £130,000 (box 692). Box 155: £50,000 + £130,000.
    const before = sale({ from: '2022-04-01', to: '2023-03-31' }, '2022-09-30', 100000);
    expect(before.boxes['692']).toBe(130000);
    expect(before.boxes['155']).toBe(180000);
    expect(before.capitalAllowances.mainPool.disposalValues).toBe(0);
    // 1 May 2022 – 30 April 2023, sold for £400,000: factor 1 + 0.3 × 335/365 = 4,655/3,650; £510,136.986… rounded up to £510,136.99.
    const across = sale({ from: '2022-05-01', to: '2023-04-30' }, '2023-04-20', 400000);
    expect(across.capitalAllowances.firstYearAllowanceCharges.superDeduction).toBe(510136.99);
    expect(across.boxes['692']).toBe(510137);
    // Year to 31 March 2024: factor 1, £50,000.
    expect(sale({ from: '2023-04-01', to: '2024-03-31' }, '2023-06-01', 50000).boxes['692']).toBe(50000);
  });

  it('charges a super-deduction asset sold in the period it was bought, leaving the pool alone', () => {
    // Year to 31 March 2022: £100,000 on 1 June 2021 (super-deduction £130,000), sold on 10 January 2022 for £70,000: charge £70,000 × 1.3 = £91,000.
    // Box 155: £200,000 − £130,000 + £91,000 = £161,000.
    const out = run({
      period: { from: '2021-04-01', to: '2022-03-31' },
      profitAndLoss: pl({ profitBeforeTax: 200000 }),
      capitalAllowances: ca({ additions: [addition({ date: '2021-06-01', cost: 100000, claim: 'superDeduction' })], disposals: [{ description: 'Sold', date: '2022-01-10', proceeds: 70000, addition: 0 }] }),
    });
    expect(out.boxes['692']).toBe(91000);
    expect(out.boxes['155']).toBe(161000);
    expect(out.capitalAllowances.mainPool).toMatchObject({ additions: 0, disposalValues: 0, balancingCharge: 0 });
  });

  it('gives the 50% SR allowance on special rate plant bought from 1 April 2021 (FA 2021 s9(3))', () => {
    // Year to 31 March 2022: lighting, £60,000 on 10 January 2022: SR allowance £30,000 (box 693, expenditure box 773); £30,000 to the special rate pool after its WDA.
    const out = run({ period: { from: '2021-04-01', to: '2022-03-31' }, profitAndLoss: pl({ profitBeforeTax: 200000 }), capitalAllowances: ca({ additions: [addition({ date: '2022-01-10', cost: 60000, pool: 'special', claim: 'fya50' })] }) });
    expect(out.boxes['693']).toBe(30000);
    expect(out.boxes['773']).toBe(60000);
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ writingDownAllowance: 0, carriedForward: 30000 });
    expect(out.working.find((l) => l.id === 'capitalAllowances.assets[0]')!.rule).toBe('FA 2021 s9(3)');
  });

  it('refuses the super-deduction outside its conditions, naming the field and the rule', () => {
    const errors = refusal({
      period: { from: '2022-04-01', to: '2023-03-31' },
      capitalAllowances: ca({
        additions: [addition({ date: '2022-06-01', pool: 'special', claim: 'superDeduction' }), addition({ date: '2022-06-01', newAndUnused: false, claim: 'superDeduction' })],
        disposals: [disposal({ date: '2022-09-01', pool: 'special', superDeduction: true })],
      }),
    });
    expect(errors.map((e) => e.field)).toEqual(['capitalAllowances.disposals[0].superDeduction']);
    expect(errors[0]!.message).toContain('FA 2021 s9(2)(e), s9(3)');
    const claims = refusal({
      period: { from: '2023-04-01', to: '2024-03-31' },
      capitalAllowances: ca({ additions: [addition({ date: '2023-05-01', claim: 'superDeduction' }), addition({ date: '2023-05-01', pool: 'special', claim: 'superDeduction' }), addition({ date: '2023-05-01', newAndUnused: false, claim: 'superDeduction' })] }),
    });
    expect(claims).toEqual([
      { field: 'capitalAllowances.additions[0].claim', message: '"superDeduction" cannot be claimed: the super-deduction was for expenditure from 1 April 2021 to 31 March 2023 (FA 2021 s9(2)(a)); this was incurred on 2023-05-01: claim "fullExpensing"' },
      { field: 'capitalAllowances.additions[1].claim', message: expect.stringContaining('the super-deduction was for main-rate plant; special rate expenditure took the 50% SR allowance ("fya50") (FA 2021 s9(2)(e), s9(3))') },
      { field: 'capitalAllowances.additions[2].claim', message: '"superDeduction" cannot be claimed: the super-deduction was only for plant bought new and unused (FA 2021 s9(2)(c))' },
    ]);
  });
});

describe('proposals for a short-life asset', () => {
  it('never propose a claim that leaves its pool nothing (CAA 2001 s86(1))', () => {
    // Year to 31 March 2025: used plant takes the whole £1,000,000 AIA; a new machine elected short-life, £20,000, no claim made.
    // Full expensing would leave nothing to pool, so the pool is proposed: WDA 18% = £3,600 in its own pool.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 2000000 }),
      capitalAllowances: ca({ additions: [addition({ cost: 1000000, newAndUnused: false, claim: undefined }), addition({ description: 'Tablet', cost: 20000, claim: undefined, shortLife: true })] }),
    });
    expect(out.capitalAllowances.assets.map((a) => a.claim)).toEqual(['aia', 'pool']);
    expect(out.capitalAllowances.shortLifeAssets[0]).toMatchObject({ additions: 20000, writingDownAllowance: 3600 });
  });
});
