/**
 * Capital allowances at the law's edges, worked by hand: an asset disposed
 * of in the period it had a first-year allowance (CAA 2001 s58(5)–(7)), a
 * reduced writing-down allowance (s56(5)) and the AIA shared within a group
 * (s51A–s51N; CA23088). Each test's comment is the working.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { addition, ca, computation, disposal, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));
const year2026 = { from: '2025-04-01', to: '2026-03-31' };

/** The field errors a bad input is refused with. */
function refusal(over: Record<string, unknown>): { field: string; message: string }[] {
  try {
    run(over);
  } catch (e) {
    if (e instanceof RequestValidationError) return e.errors;
    throw e;
  }
  throw new Error('the input was accepted');
}

describe('an asset disposed of in the period it had a first-year allowance (CAA 2001 s58(6)–(7))', () => {
  it('puts the 60% left after a 40% allowance into the pool before the writing-down allowance: box 155 £61,480, not £74,000', () => {
    // Year to 31 March 2026 (18% main rate). Adjusted profit £80,000; main pool brought forward £20,000.
    // A digger bought new on 15 January 2026 for £40,000 takes the 40% allowance: £16,000. It is destroyed on 1 March 2026;
    // the insurers pay £30,000, the disposal value (less than its cost, s62).
    // s58(6): a disposal event in the period, so the balance left after the allowance, £24,000, joins the pool for this period:
    //   pool £20,000 + £24,000 − £30,000 = £14,000; WDA 18% = £2,520; carried forward £11,480.
    //   Box 155: £80,000 − £16,000 − £2,520 = £61,480.
    // Held back until after the WDA instead, the pool would be £20,000 − £30,000 = −£10,000, a false balancing charge:
    //   £80,000 − £16,000 + £10,000 = £74,000.
    const input = (linked: boolean) => ({
      period: year2026,
      profitAndLoss: pl({ profitBeforeTax: 80000 }),
      capitalAllowances: ca({
        mainPoolBroughtForward: 20000,
        additions: [addition({ description: 'Digger', date: '2026-01-15', cost: 40000, claim: 'fya40' })],
        disposals: [linked ? { description: 'Digger destroyed', date: '2026-03-01', proceeds: 30000, addition: 0 } : disposal({ description: 'Digger destroyed', date: '2026-03-01', proceeds: 30000, cost: 40000 })],
      }),
    });
    const out = run(input(true));
    expect(out.boxes['155']).toBe(61480);
    expect(out.boxes['725']).toBe(16000);
    expect(out.boxes['705']).toBe(2520);
    expect(out.boxes['710']).toBeUndefined();
    expect(out.capitalAllowances.mainPool).toMatchObject({ additions: 24000, disposalValues: 30000, writingDownAllowance: 2520, balancingCharge: 0, carriedForward: 11480 });
    expect(out.capitalAllowances.assets[0]).toMatchObject({ allowance: 16000, disposedInPeriod: true });
    expect(out.working.find((l) => l.id === 'capitalAllowances.assets[0]')!.how).toContain('CAA 2001 s58(6)–(7)');
    // A disposal not linked to its addition is one of an asset from an earlier period: the 60% waits for the next period.
    const unlinked = run(input(false));
    expect(unlinked.boxes['155']).toBe(74000);
    expect(unlinked.boxes['710']).toBe(10000);
  });

  it('does the same with the 50% allowance: special rate pool WDA £1,500, not £300 (CAA 2001 s59B)', () => {
    // Year to 31 March 2026; adjusted profit £80,000; special rate pool brought forward £20,000.
    // Air conditioning (special rate) bought new on 1 June 2025 for £40,000: 50% allowance £20,000 (box 693).
    // Sold on 1 February 2026 for £30,000: half, £15,000, is a balancing charge (s59B, box 694); the other £15,000 comes off the pool.
    // s58(6): the other £20,000 of cost joins the pool for this period: £20,000 + £20,000 − £15,000 = £25,000; WDA 6% = £1,500; c/f £23,500.
    // (Held back it would be £20,000 − £15,000 = £5,000, WDA £300.)
    // Box 155: £80,000 − £20,000 − £1,500 + £15,000 = £73,500.
    const out = run({
      period: year2026,
      profitAndLoss: pl({ profitBeforeTax: 80000 }),
      capitalAllowances: ca({
        specialRatePoolBroughtForward: 20000,
        additions: [addition({ description: 'Air conditioning', date: '2025-06-01', cost: 40000, pool: 'special', claim: 'fya50' })],
        disposals: [{ description: 'Air conditioning sold', date: '2026-02-01', proceeds: 30000, addition: 0 }],
      }),
    });
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ additions: 20000, disposalValues: 15000, writingDownAllowance: 1500, carriedForward: 23500 });
    expect(out.boxes['693']).toBe(20000);
    expect(out.boxes['694']).toBe(15000);
    expect(out.boxes['695']).toBe(1500);
    expect(out.boxes['155']).toBe(73500);
    expect(out.capitalAllowances.firstYearAllowanceCharges.specialRateAllowance).toBe(15000);
  });

  it('charges the whole disposal value of a fully expensed asset sold in the same period, capped at its cost (CAA 2001 s59A, s62)', () => {
    // Year to 31 March 2025. A press bought new for £25,000 (full expensing £25,000) and sold for £28,000 in the same period:
    // disposal value the lower of proceeds and cost, £25,000, all of it a balancing charge (box 734). Box 155: £50,000 − £25,000 + £25,000.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 50000 }),
      capitalAllowances: ca({ additions: [addition({ description: 'Press', cost: 25000, claim: 'fullExpensing' })], disposals: [{ description: 'Press sold', date: '2024-12-01', proceeds: 28000, addition: 0 }] }),
    });
    expect(out.boxes['733']).toBe(25000);
    expect(out.boxes['734']).toBe(25000);
    expect(out.boxes['155']).toBe(50000);
  });

  it('refuses a link to no addition, to one disposed of already, before it was bought, or with a different pool or cost, naming the field and rule', () => {
    const errors = refusal({
      capitalAllowances: ca({
        additions: [addition({ description: 'Digger', date: '2024-06-01', cost: 40000, claim: 'aia' })],
        disposals: [
          { description: 'a', date: '2024-09-01', proceeds: 100, addition: 3 },
          { description: 'b', date: '2024-05-01', proceeds: 100, addition: 0, pool: 'special', cost: 1 },
          { description: 'c', date: '2024-09-01', proceeds: 100, addition: 0, fullExpensed: true },
        ],
      }),
    });
    expect(errors).toEqual([
      { field: 'capitalAllowances.disposals[0].addition', message: "must name one of this period's additions, 0 to 0; there is no addition 3 (CAA 2001 s58(6))" },
      { field: 'capitalAllowances.disposals[1].date', message: 'must not be before the day its expenditure was incurred, 2024-06-01 (addition 0): the company must own it to dispose of it (CAA 2001 s58(4))' },
      { field: 'capitalAllowances.disposals[1].pool', message: 'must be "main", the pool of addition 0, or be left out (it follows the addition)' },
      { field: 'capitalAllowances.disposals[1].cost', message: "leave it out: the cost is addition 0's, £40,000, which caps the disposal value (CAA 2001 s62)" },
      { field: 'capitalAllowances.disposals[2].addition', message: 'addition 0 is already disposed of by an earlier disposal: an asset is disposed of once (CAA 2001 s60)' },
      { field: 'capitalAllowances.disposals[2].fullExpensed', message: 'leave it out: the treatment of the disposal follows the claim on addition 0 (CAA 2001 s59A, s59B; FA 2021 s12, s13)' },
    ]);
  });
});

describe('a reduced writing-down allowance (CAA 2001 s56(5))', () => {
  it('claims less than the full allowance on a pool and keeps the rest in it', () => {
    // Year to 31 March 2025. Main pool £100,000: full WDA 18% = £18,000; £5,000 claimed, carried forward £95,000.
    // Special rate pool £50,000: full WDA 6% = £3,000; nothing claimed, carried forward £50,000.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 40000 }),
      capitalAllowances: ca({ mainPoolBroughtForward: 100000, specialRatePoolBroughtForward: 50000, mainPoolWritingDownAllowanceClaimed: 5000, specialRatePoolWritingDownAllowanceClaimed: 0 }),
    });
    expect(out.capitalAllowances.mainPool).toMatchObject({ writingDownAllowance: 5000, carriedForward: 95000 });
    expect(out.capitalAllowances.specialRatePool).toMatchObject({ writingDownAllowance: 0, carriedForward: 50000 });
    expect(out.boxes['705']).toBe(5000);
    expect(out.boxes['695']).toBeUndefined();
    expect(out.boxes['155']).toBe(35000);
    const how = out.working.find((l) => l.id === 'capitalAllowances.mainPool.allowance')!.how;
    expect(how).toContain('Claimed £5,000 of the £18,000 available');
    expect(how).toContain('(CAA 2001 s56(5)); the £13,000 not claimed stays in the pool');
  });

  it('claims part of a small pools allowance too (CAA 2001 s56A)', () => {
    // Main pool £800 (no more than £1,000): £800 may be written off; £300 claimed, £500 carried forward.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 40000 }), capitalAllowances: ca({ mainPoolBroughtForward: 800, mainPoolWritingDownAllowanceClaimed: 300 }) });
    expect(out.capitalAllowances.mainPool).toMatchObject({ smallPoolAllowance: true, writingDownAllowance: 300, carriedForward: 500 });
  });

  it('refuses a claim larger than the full allowance, naming the field and the rule', () => {
    expect(refusal({ capitalAllowances: ca({ mainPoolBroughtForward: 100000, mainPoolWritingDownAllowanceClaimed: 18000.01 }) })).toEqual([
      {
        field: 'capitalAllowances.mainPoolWritingDownAllowanceClaimed',
        message: 'must not be more than the full allowance for the period, £18,000: a claim may reduce a writing-down allowance to a specified amount, not raise it (CAA 2001 s56(5)); £18,000.01 was given',
      },
    ]);
    // A pool in balancing charge has no writing-down allowance to claim.
    expect(refusal({ capitalAllowances: ca({ mainPoolBroughtForward: 1000, mainPoolWritingDownAllowanceClaimed: 1, disposals: [disposal({ proceeds: 2000 })] }) })[0]!.field).toBe('capitalAllowances.mainPoolWritingDownAllowanceClaimed');
  });
});

describe('the AIA shared by a group or related companies (CAA 2001 s51A–s51N; CA23088)', () => {
  it('uses the amount allocated to this company as its maximum and says so', () => {
    // Year to 31 March 2025; the group allocates £250,000 of its single £1,000,000 to this company.
    // £400,000 of used plant: AIA £250,000; £150,000 to the main pool; WDA 18% = £27,000. Box 155: £500,000 − £277,000 = £223,000.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: 500000 }),
      capitalAllowances: ca({ aiaAllocated: 250000, additions: [addition({ cost: 400000, newAndUnused: false, claim: 'aia' })] }),
    });
    expect(out.capitalAllowances.annualInvestmentAllowance).toEqual({ maximum: 250000, claimed: 250000 });
    expect(out.boxes['690']).toBe(250000);
    expect(out.capitalAllowances.mainPool).toMatchObject({ additions: 150000, writingDownAllowance: 27000 });
    expect(out.boxes['155']).toBe(223000);
    const aia = out.working.find((l) => l.id === 'capitalAllowances.aia')!;
    expect(aia.how).toContain('£250,000 allocated to this company out of the single allowance it shares with its group or related companies');
    expect(aia.how).toContain('the maximum for the period is £1,000,000');
    expect(aia.rule).toContain('CA23088');
    // The choice the law leaves to the company, and the one the app made.
    expect(aia.how).toContain('the law lets the company choose which expenditure takes it (CAA 2001 s51A(1)); the app sets it against special rate expenditure first');
  });

  it('caps expenditure before a rise in the limit at the smaller of the old limit and the allocation (FA 2019 Sch 13 para 1; CA23084)', () => {
    // 1 July 2018 – 30 June 2019: the period's maximum is £596,712.33, with expenditure before 1 January 2019 capped at £200,000.
    // Allocated £150,000: the cap becomes £150,000 too. A press (1 October 2018, £300,000) takes £150,000; a lathe (1 March 2019) nothing.
    const out = run({
      period: { from: '2018-07-01', to: '2019-06-30' },
      profitAndLoss: pl({ profitBeforeTax: 900000 }),
      capitalAllowances: ca({
        aiaAllocated: 150000,
        additions: [addition({ description: 'Press', date: '2018-10-01', cost: 300000, claim: 'aia' }), addition({ description: 'Lathe', date: '2019-03-01', cost: 400000, claim: 'aia' })],
      }),
    });
    expect(out.capitalAllowances.assets.map((a) => a.allowance)).toEqual([150000, 0]);
    expect(out.capitalAllowances.mainPool.additions).toBe(550000);
  });

  it('refuses an allocation above the period’s maximum, naming the field and the rule', () => {
    // Six months to 30 September 2024 (183 days): the maximum is £1,000,000 × 183/365 = £501,369.86.
    const errors = refusal({ period: { from: '2024-04-01', to: '2024-09-30' }, capitalAllowances: ca({ aiaAllocated: 600000 }) });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe('capitalAllowances.aiaAllocated');
    expect(errors[0]!.message).toContain('must not be more than the maximum allowance for the period, £501,369.86');
    expect(errors[0]!.message).toContain('CAA 2001 s51A–s51N');
  });
});
