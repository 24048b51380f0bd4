/**
 * A trading loss carried back, worked by hand as the amendments of the
 * earlier returns: s37(3)(b) to the previous 12 months (CTM04510), and the
 * terminal loss of a ceased trade to the previous 3 years (s39; CTM04520,
 * CTM04530), later periods first, a period partly in reach giving only the
 * overlapping proportion of its profits (s38).
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { ca, computation, pl } from './inputs.js';

const run = (over: Record<string, unknown>) => computeComputation(computation(over));
const errorsOf = (over: Record<string, unknown>) => {
  try {
    run(over);
  } catch (e) {
    if (e instanceof RequestValidationError) return e.errors;
    throw e;
  }
  throw new Error('accepted');
};
const boxesOf = (a: { boxes: { box: string; was: unknown; becomes: unknown }[] }) => Object.fromEntries(a.boxes.map((b) => [b.box, [b.was, b.becomes]]));

describe('s37(3)(b): carry-back to the previous 12 months', () => {
  it('amends the previous return: box 275 up by the loss, box 280 marked, boxes 295–315 and its tax as they become (CTM04510)', () => {
    // Year to 31 March 2025: accounts loss 30,000 with interest 10,000 in it, so the trade lost 40,000 (box 780).
    // s37(3)(a): box 235 = 10,000, all relieved (box 275); 30,000 left, carried back to the year to 31 March 2024:
    // box 300 45,000 → 15,000; donations 2,000 still relieved; box 315 43,000 → 13,000.
    // Tax (FY2023, no associates, within the £50,000 lower limit): 43,000 × 19% = 8,170 → 13,000 × 19% = 2,470; 5,700 repayable.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: -30000, interestReceived: 10000 }),
      losses: {
        claimAgainstTotalProfits: true,
        carryBack: true,
        earlierPeriods: [{ from: '2023-04-01', to: '2024-03-31', profitsBeforeDonationsAndGroupRelief: 45000, qualifyingDonations: 2000 }],
      },
    });
    expect(out.boxes).toMatchObject({ '780': 40000, '235': 10000, '275': 10000, '315': 0 });
    const [a, ...rest] = out.losses.carriedBack.amendments;
    expect(rest).toEqual([]);
    expect(a!.period).toEqual({ from: '2023-04-01', to: '2024-03-31' });
    expect(a!.lossCarriedBack).toBe(30000);
    expect(a!.claims).toEqual([{ rule: 'CTA 2010 s37(3)(b)', lossOf: { from: '2024-04-01', to: '2025-03-31' }, amount: 30000 }]);
    expect(boxesOf(a!)).toEqual({ '275': [0, 30000], '280': [false, true], '295': [0, 30000], '300': [45000, 15000], '305': [2000, 2000], '315': [43000, 13000] });
    expect(a!.boxes.find((b) => b.box === '315')!.change).toBe(-30000);
    expect(a!.boxes.find((b) => b.box === '280')!.change).toBeUndefined();
    expect(a!.tax).toEqual({ was: 8170, becomes: 2470, repayable: 5700 });
    expect(out.losses.carriedBack.fromThisPeriod).toBe(30000);
    // Nothing is left to carry forward, and no memo: the carry-back is made.
    expect(out.carriedForward.totalProfitsLosses).toBe(0);
    expect(out.losses.carryBackMemo).toBeNull();
  });

  it('takes the later period first and only the overlapping proportion of a period partly in reach (s38; CTM04510)', () => {
    // Calendar 2025 lost 50,000 (no other income, box 275 = 0); the 12 months before are calendar 2024.
    // Latest first: 1 July–31 December 2024 (box 300 20,000) takes 20,000. Then the year to 30 June 2024 (366 days, box 300 73,200):
    // 1 January–30 June 2024 is 182 of its days, so at most 73,200 × 182/366 = 36,400 is in reach; it takes the 30,000 left.
    const out = run({
      period: { from: '2025-01-01', to: '2025-12-31' },
      profitAndLoss: pl({ profitBeforeTax: -50000 }),
      losses: {
        claimAgainstTotalProfits: true,
        carryBack: true,
        earlierPeriods: [
          { from: '2023-07-01', to: '2024-06-30', profitsBeforeDonationsAndGroupRelief: 73200 },
          { from: '2024-07-01', to: '2024-12-31', profitsBeforeDonationsAndGroupRelief: 20000 },
        ],
      },
    });
    const amendments = out.losses.carriedBack.amendments;
    expect(amendments.map((a) => [a.period.from, a.lossCarriedBack])).toEqual([
      ['2024-07-01', 20000],
      ['2023-07-01', 30000],
    ]);
    expect(boxesOf(amendments[1]!)['300']).toEqual([73200, 43200]);
    // Had more been left, the earlier year would have given no more than its 36,400 in reach.
    const more = run({
      period: { from: '2025-01-01', to: '2025-12-31' },
      profitAndLoss: pl({ profitBeforeTax: -90000 }),
      losses: { claimAgainstTotalProfits: true, carryBack: true, earlierPeriods: [{ from: '2023-07-01', to: '2024-06-30', profitsBeforeDonationsAndGroupRelief: 73200 }] },
    });
    expect(more.losses.carriedBack.amendments[0]!.lossCarriedBack).toBe(36400);
    expect(more.carriedForward.totalProfitsLosses).toBe(90000 - 36400);
  });

  it('lets donations lose their relief: the loss comes first and donations are not carried forward (CTA 2010 s189; CTM04510)', () => {
    // Loss 20,000 carried back to a year with box 300 25,000 and donations 8,000: box 300 → 5,000, box 305 8,000 → 5,000, 3,000 unrelieved.
    const out = run({
      profitAndLoss: pl({ profitBeforeTax: -20000 }),
      losses: { claimAgainstTotalProfits: true, carryBack: true, earlierPeriods: [{ from: '2023-04-01', to: '2024-03-31', profitsBeforeDonationsAndGroupRelief: 25000, qualifyingDonations: 8000 }] },
    });
    const a = out.losses.carriedBack.amendments[0]!;
    expect(boxesOf(a)).toMatchObject({ '300': [25000, 5000], '305': [8000, 5000], '315': [17000, 0] });
    expect(a.donationsUnrelieved).toBe(3000);
  });

  it('is refused without the claim against this period, without the earlier returns, or with an earlier period that is not earlier', () => {
    expect(errorsOf({ losses: { carryBack: true, earlierPeriods: [{ from: '2023-04-01', to: '2024-03-31', profitsBeforeDonationsAndGroupRelief: 1 }] } })).toEqual([
      { field: 'losses.carryBack', message: expect.stringContaining('s37(3)(a), then (b); CTM04510') },
    ]);
    expect(errorsOf({ losses: { claimAgainstTotalProfits: true, carryBack: true } })[0]!.field).toBe('losses.earlierPeriods');
    expect(errorsOf({ losses: { claimAgainstTotalProfits: true, carryBack: true, earlierPeriods: [{ from: '2024-01-01', to: '2024-12-31', profitsBeforeDonationsAndGroupRelief: 1 }] } })[0]).toEqual({
      field: 'losses.earlierPeriods[0].to',
      message: 'must end before this period begins (2024-04-01): a loss is carried back to earlier periods only',
    });
  });
});

describe('s39: the terminal loss of a ceased trade', () => {
  it('goes back 3 years, latest first, with the share of the previous period’s loss that falls in the final 12 months (CTM04520, CTM04530)', () => {
    // The trade ceases on 30 June 2025; the final period (1 January–30 June 2025) lost 20,000 and has no profits (box 275 = 0).
    // Its loss goes back 3 years from 1 January 2025, latest first: 2024 has no profits, 2023 takes 15,000, 2022 takes 5,000.
    // The final 12 months begin on 1 July 2024: 184 of the 366 days of 2024, whose loss was 36,600 (carried forward, none relieved):
    // 36,600 × 184/366 = 18,400, carried back 3 years from 1 January 2024: 2023 has nothing left, 2022 takes 18,400 of its 25,000 left.
    // Taxes (19% throughout, each year straddling 1 April, HMRC rule 9198): 2023: 15,000 → 0, 2,850 repayable;
    // 2022: 30,000 → 6,600: 5,700 → 1,254 (1,627 × 19% = 309.13 and 4,973 × 19% = 944.87), 4,446 repayable.
    const out = run({
      period: { from: '2025-01-01', to: '2025-06-30' },
      profitAndLoss: pl({ profitBeforeTax: -20000 }),
      capitalAllowances: ca({ tradeCeased: true }),
      losses: {
        totalProfitsBroughtForward: 36600,
        claimAgainstTotalProfits: true,
        terminalLoss: true,
        earlierPeriods: [
          { from: '2024-01-01', to: '2024-12-31', profitsBeforeDonationsAndGroupRelief: 0, tradingLoss: 36600 },
          { from: '2023-01-01', to: '2023-12-31', profitsBeforeDonationsAndGroupRelief: 15000 },
          { from: '2022-01-01', to: '2022-12-31', profitsBeforeDonationsAndGroupRelief: 30000 },
          { from: '2021-01-01', to: '2021-12-31', profitsBeforeDonationsAndGroupRelief: 50000 },
        ],
      },
    });
    const [a2023, a2022, ...rest] = out.losses.carriedBack.amendments;
    expect(rest).toEqual([]);
    expect(a2023!.claims).toEqual([{ rule: 'CTA 2010 s37(3)(b) as extended by s39(2)', lossOf: { from: '2025-01-01', to: '2025-06-30' }, amount: 15000 }]);
    expect(a2023!.tax).toEqual({ was: 2850, becomes: 0, repayable: 2850 });
    expect(a2022!.claims).toEqual([
      { rule: 'CTA 2010 s37(3)(b) as extended by s39(2)', lossOf: { from: '2025-01-01', to: '2025-06-30' }, amount: 5000 },
      { rule: 'CTA 2010 s39(3)(b), s37(3)(b)', lossOf: { from: '2024-01-01', to: '2024-12-31' }, amount: 18400 },
    ]);
    expect(boxesOf(a2022!)).toMatchObject({ '275': [0, 23400], '280': [false, true], '300': [30000, 6600], '315': [30000, 6600] });
    expect(a2022!.tax).toEqual({ was: 5700, becomes: 1254, repayable: 4446 });
    expect(out.losses.carriedBack).toMatchObject({ fromThisPeriod: 20000, fromEarlierPeriod: 18400 });
    // A ceased trade carries nothing forward (s45A(1)); relief for carried-forward losses on cessation (s45F) is not worked out.
    expect(out.carriedForward).toMatchObject({ tradingLosses: 0, totalProfitsLosses: 0 });
  });

  it('refuses the previous period’s share when what is left of that loss is also claimed in this period (box 285): a loss is relieved once', () => {
    // The final period lost 20,000 with interest of 30,000 in the accounts: box 275 20,000, and 10,000 of the 25,000 brought forward claimed (box 285).
    // The previous period's share, 18,400 (as above), carried back too would relieve 28,400 of a stock of 25,000: refused.
    const errors = errorsOf({
      period: { from: '2025-01-01', to: '2025-06-30' },
      profitAndLoss: pl({ profitBeforeTax: 10000, interestReceived: 30000 }),
      capitalAllowances: ca({ tradeCeased: true }),
      losses: {
        totalProfitsBroughtForward: 25000,
        totalProfitsBroughtForwardClaim: 10000,
        claimAgainstTotalProfits: true,
        terminalLoss: true,
        earlierPeriods: [
          { from: '2024-01-01', to: '2024-12-31', profitsBeforeDonationsAndGroupRelief: 0, tradingLoss: 36600 },
          { from: '2022-01-01', to: '2022-12-31', profitsBeforeDonationsAndGroupRelief: 30000 },
        ],
      },
    });
    expect(errors).toEqual([{ field: 'losses.earlierPeriods[0].tradingLoss', message: expect.stringContaining('a loss is relieved once (CTA 2010 s39(3)(b))') }]);
  });

  it('is refused for a trade that did not cease (s39(1))', () => {
    expect(errorsOf({ losses: { claimAgainstTotalProfits: true, terminalLoss: true, earlierPeriods: [{ from: '2023-04-01', to: '2024-03-31', profitsBeforeDonationsAndGroupRelief: 1 }] } })).toEqual([
      { field: 'losses.terminalLoss', message: expect.stringContaining('(CTA 2010 s39(1)); set capitalAllowances.tradeCeased') },
    ]);
  });
});
