/**
 * From the accounts profit to box 315 and the tax on it, worked by hand:
 * adjustments, other income, losses (CTA 2010 Part 4; HMRC's Company
 * Taxation Manual CTM04000 onwards) and the rates and limits the CT600 engine
 * already checks (CTA 2010 s18A–s18D).
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { addition, ca, computation, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));

describe('adjustments and other income', () => {
  it('adds back depreciation and disallowable items, deducts non-taxable income, and moves interest and rent to boxes 170 and 190', () => {
    // 100,000 + 6,000 depreciation + 1,200 entertaining + 300 fine − 4,000 profit on a sale − 2,000 interest − 8,000 rent = 93,500.
    const out = run({
      profitAndLoss: pl({
        turnover: 750000.8,
        profitBeforeTax: 100000,
        depreciation: 6000,
        disallowable: [
          { description: 'client entertaining', amount: 1200 },
          { description: 'parking fine', amount: 300 },
        ],
        nonTaxableIncome: [{ description: 'profit on disposal of fixed assets', amount: 4000 }],
        interestReceived: 2000,
        propertyIncome: 8000,
      }),
      chargeableGains: 3500,
    });
    expect(out.boxes).toMatchObject({ '145': 750000, '155': 93500, '165': 93500, '170': 2000, '190': 8000, '210': 3500, '220': 3500, '235': 107000, '300': 107000, '315': 107000 });
    const adjusted = out.working.find((l) => l.id === 'adjustedProfit')!;
    expect(adjusted.amount).toBe(93500);
    expect(adjusted.how).toContain('add client entertaining £1,200');
    expect(adjusted.how).toContain('deduct interest received £2,000 (taxed in box 170)');
  });

  it('drops the pence of a profit, as the whole-pound boxes take it', () => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 10000.99 }) });
    expect(out.boxes['155']).toBe(10000);
  });

  it('limits qualifying donations to the profits (CTA 2010 s189)', () => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 5000 }), qualifyingDonations: 7000 });
    expect(out.boxes).toMatchObject({ '300': 5000, '305': 5000, '315': 0, '430': 0, '525': 0 });
    // No tax calculation, so none of boxes 326–345 (HMRC takes the associated companies only beside one).
    expect(Object.keys(out.boxes).filter((b) => Number(b) >= 326 && Number(b) <= 345)).toEqual([]);
  });
});

describe('trading losses', () => {
  it('brought forward are set against the trade’s profits only, up to those profits, and the rest carried forward (CTA 2010 s45; CTM04100)', () => {
    // Trading profits 30,000, losses brought forward 50,000: box 160 = 30,000, 165 = 0, 20,000 carried forward;
    // interest of 1,000 stays taxable: 315 = 1,000, at 19% = 190.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 31000, interestReceived: 1000 }), losses: { tradingBroughtForward: 50000 } });
    expect(out.boxes).toMatchObject({ '155': 30000, '160': 30000, '165': 0, '170': 1000, '235': 1000, '315': 1000, '340': 19, '345': 190 });
    expect(out.losses).toMatchObject({ setAgainstTradingProfits: 30000, tradingLossesCarriedForward: 20000 });
  });

  it('of the period are carried forward by default, with the loss in box 780 (CTA 2010 s45A; CTM04100)', () => {
    // −40,000 before tax + 5,000 depreciation = a trading loss of 35,000; the interest is still taxed.
    const out = run({ profitAndLoss: pl({ profitBeforeTax: -38000, depreciation: 5000, interestReceived: 2000 }) });
    expect(out.boxes).toMatchObject({ '155': 0, '165': 0, '170': 2000, '235': 2000, '315': 2000, '780': 35000 });
    expect(out.boxes['275']).toBeUndefined();
    expect(out.losses).toMatchObject({ arising: 35000, claimedAgainstTotalProfits: 0, tradingLossesCarriedForward: 35000 });
  });

  it('of the period can be claimed against total profits of the period (s37(3)(a); CTM04505), with the carry-back shown as a memo (s37(3)(b); CTM04510)', () => {
    // Loss 35,000; interest 10,000 and gains 5,000: total profits 15,000, all relieved (box 275); 20,000 left.
    // The previous year's total profits were 12,000: a carry-back could relieve 12,000 — shown, not made.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: -25000, interestReceived: 10000 }),
      chargeableGains: 5000,
      losses: { tradingBroughtForward: 0, claimAgainstTotalProfits: true, previousPeriodTotalProfits: 12000 },
    });
    expect(out.boxes).toMatchObject({ '235': 15000, '275': 15000, '295': 15000, '300': 0, '315': 0, '780': 35000 });
    expect(out.losses).toMatchObject({ claimedAgainstTotalProfits: 15000, tradingLossesCarriedForward: 20000, carryBackMemo: { available: 20000, previousPeriodTotalProfits: 12000, wouldRelieve: 12000 } });
    expect(out.working.find((l) => l.id === 'losses.carryBackMemo')!.how).toContain('not made here');
  });
});

describe('the tax on the computed profits', () => {
  // Year to 31 March 2025: 120,000 before tax, 10,000 depreciation, a £20,000 van on the AIA: box 315 = 110,000.
  const marginal = (associatedCompanies: number) =>
    run({
      associatedCompanies,
      profitAndLoss: pl({ profitBeforeTax: 120000, depreciation: 10000 }),
      capitalAllowances: ca({ additions: [addition({ description: 'Van', cost: 20000, claim: 'aia' })] }),
    });

  it('gives marginal relief between the limits: 25% less 3/200 × (£250,000 − £110,000) (CTA 2010 s18B)', () => {
    const out = marginal(0);
    expect(out.boxes).toMatchObject({ '155': 110000, '315': 110000, '326': 0, '329': true, '330': 2024, '335': 110000, '340': 25, '345': 27500, '430': 27500, '435': 2100, '440': 25400, '475': 25400, '510': 25400, '525': 25400 });
    expect(out.boxes['690']).toBe(20000);
  });

  it('divides the limits by one plus the associated companies (CTA 2010 s18D; box 326)', () => {
    // One associated company: limits 25,000 and 125,000; relief 3/200 × (125,000 − 110,000) = 225.
    expect(marginal(1).boxes).toMatchObject({ '326': 1, '329': true, '435': 225, '440': 27275 });
    // The build-ct600 request's shape for box 326 is taken too.
    expect(computeComputation(computation({ associatedCompanies: { thisPeriod: 1 }, profitAndLoss: pl({ profitBeforeTax: 110000 }) })).boxes['435']).toBe(225);
    // Three: limits 12,500 and 62,500; 110,000 is above the upper limit: main rate, no claim.
    const three = marginal(3);
    expect(three.boxes).toMatchObject({ '326': 3, '440': 27500 });
    expect(three.boxes['329']).toBeUndefined();
    expect(three.boxes['435']).toBeUndefined();
  });

  it('charges 19% on profits within the lower limit, with the claim in box 329', () => {
    const out = run({ profitAndLoss: pl({ profitBeforeTax: 40000 }) });
    expect(out.boxes).toMatchObject({ '315': 40000, '329': true, '340': 19, '345': 7600, '440': 7600 });
  });

  it('splits a period straddling 1 April by days (HMRC rule 9198), each year at its own rate, with the relief on the later part', () => {
    // Calendar 2023, profits 100,000: FY2022 90 days → 24,658 at 19% = 4,685.02; FY2023 75,342 at 25% = 18,835.50;
    // marginal relief 3/200 × (250,000 × 275/365 − 100,000 × 275/365) = 1,695.21; 440 = 21,825.31 (as examples/ct600/straddling-marginal-relief.json).
    const out = run({ period: { from: '2023-01-01', to: '2023-12-31' }, associatedCompanies: { firstYear: 0, secondYear: 0 }, profitAndLoss: pl({ profitBeforeTax: 100000 }) });
    // The limits began on 1 April 2023, but with the same count (0) in both years box 326 is the one to fill: HMRC's
    // Company Tax Return guide takes boxes 327 and 328 only where the counts also differ (associated-companies.test.ts).
    expect(out.boxes).not.toHaveProperty('327');
    expect(out.boxes).toMatchObject({ '326': 0, '329': true, '330': 2022, '335': 24658, '340': 19, '345': 4685.02, '380': 2023, '385': 75342, '390': 25, '395': 18835.5, '430': 23520.52, '435': 1695.21, '440': 21825.31 });
  });
});

describe('bad input', () => {
  const errorsOf = (over: Record<string, unknown>) => {
    try {
      run(over);
    } catch (e) {
      if (e instanceof RequestValidationError) return e.errors;
      throw e;
    }
    throw new Error('accepted');
  };

  it('names the field and the rule', () => {
    expect(errorsOf({ company: { name: 'X Ltd', utr: '123', registrationNumber: null } })).toEqual([{ field: 'company.utr', message: 'must be 10 digits (box 3, the UTR); got "123"' }]);
    expect(errorsOf({ capitalAllowances: ca({ additions: [addition({ car: { co2: 120 }, claim: 'aia', pool: 'special' })] }) })).toEqual([
      { field: 'capitalAllowances.additions[0].claim', message: expect.stringContaining('cars do not qualify for the annual investment allowance (CAA 2001 s38B, general exclusion 2)') },
    ]);
    expect(errorsOf({ capitalAllowances: ca({ additions: [addition({ car: { co2: 120 } })] }) })[0]).toMatchObject({ field: 'capitalAllowances.additions[0].pool', message: expect.stringContaining('special rate pool (CAA 2001 s104AA)') });
    expect(errorsOf({ capitalAllowances: ca({ additions: [addition({ date: '2023-03-01', claim: 'fullExpensing' })] }) })[0]!.field).toBe('capitalAllowances.additions[0].date');
    expect(errorsOf({ period: { from: '2024-04-01', to: '2025-04-30' } })[0]).toMatchObject({ field: 'period.to', message: expect.stringContaining('longer than 12 months') });
    expect(errorsOf({ profitAndLoss: pl({ profitBeforeTax: 10.123 }) })[0]).toEqual({ field: 'profitAndLoss.profitBeforeTax', message: 'must have at most two decimals (pounds and pence): 10.123' });
    expect(errorsOf({ losses: { tradingBroughtForwad: 5 } })[0]).toEqual({ field: 'losses.tradingBroughtForwad', message: 'is not a known field of a computation' });
  });

  it('refuses full expensing on used plant and a zero-emission allowance after March 2027', () => {
    expect(errorsOf({ capitalAllowances: ca({ additions: [addition({ newAndUnused: false, claim: 'fullExpensing' })] }) })[0]!.message).toContain('only for plant bought new and unused (CAA 2001 s45S)');
    const late = errorsOf({ period: { from: '2027-01-01', to: '2027-12-31' }, capitalAllowances: ca({ additions: [addition({ date: '2027-04-01', car: { co2: 0 }, claim: 'fya100' })] }) });
    expect(late[0]!.message).toContain('up to 31 March 2027');
  });
});

describe('the best claim', () => {
  it('is proposed where the input leaves it out: AIA within the limit, full expensing beyond it, 100% for a zero-emission car, the pool for other cars', () => {
    const out = run({
      period: { from: '2025-04-01', to: '2026-03-31' },
      profitAndLoss: pl({ profitBeforeTax: 3000000 }),
      capitalAllowances: ca({
        additions: [
          addition({ description: 'Used lathe', date: '2025-05-01', cost: 300000, newAndUnused: false, claim: null }),
          addition({ description: 'New line', date: '2025-06-01', cost: 900000, claim: null }),
          addition({ description: 'Electric car', date: '2025-07-01', cost: 40000, car: { co2: 0 }, claim: null }),
          addition({ description: 'Petrol car', date: '2025-07-01', cost: 30000, car: { co2: 130 }, pool: 'special', claim: null }),
        ],
      }),
    });
    expect(out.capitalAllowances.assets.map((a) => a.claim)).toEqual(['aia', 'fullExpensing', 'fya100', 'pool']);
    expect(out.capitalAllowances.assets.map((a) => a.allowance)).toEqual([300000, 900000, 40000, 0]);
  });
});
