import { describe, expect, it } from 'vitest';
import { deadlineRows, interestRateOn, lateInterest, LATE_PAYMENT_INTEREST_RATES, paymentDue } from '../../../main/engine/deadlines/index.js';

describe("HMRC's late-payment interest rates", () => {
  it('are in date order, each a change', () => {
    LATE_PAYMENT_INTEREST_RATES.forEach((r, i) => {
      if (i === 0) return;
      const before = LATE_PAYMENT_INTEREST_RATES[i - 1]!;
      expect(r.from > before.from).toBe(true);
      expect(r.basisPoints).not.toBe(before.basisPoints);
    });
  });

  it.each([
    ['2015-06-01', 300],
    ['2016-08-22', 300],
    ['2016-08-23', 275],
    ['2020-04-07', 260],
    ['2022-01-06', 260],
    ['2022-01-07', 275],
    ['2024-11-25', 750],
    ['2024-11-26', 725],
    ['2025-04-05', 700],
    ['2025-04-06', 850],
    ['2026-01-08', 800],
    ['2026-01-09', 775],
  ])('on %s is %i basis points', (day, bp) => {
    expect(interestRateOn(day).basisPoints).toBe(bp);
  });
});

describe('late-payment interest, day by day', () => {
  it('runs across the 6 April 2025 change from Bank Rate + 2.5% to + 4%', () => {
    // £10,000 due 1 April 2025 (period ending 30 June 2024), unpaid on 10 April 2025.
    // 2–5 April: 4 days at 7%; 6–10 April: 5 days at 8.5%.
    // 10,000 × 0.07 × 4/365 + 10,000 × 0.085 × 5/365 = (2,800 + 4,250) / 365 = 19.3150… → £19.32
    expect(paymentDue({ start: '2023-07-01', end: '2024-06-30' })).toBe('2025-04-01');
    expect(lateInterest(1_000_000, '2025-04-01', [], '2025-04-10')).toEqual({ pence: 1932, rateBasisPoints: 850, days: 9, unpaidPence: 1_000_000 });
  });

  it('stops on the day the tax is paid, across the 9 January 2026 change', () => {
    // £5,000 due 1 January 2026, paid 20 January 2026.
    // 2–8 January: 7 days at 8%; 9–20 January: 12 days at 7.75%.
    // 5,000 × 0.08 × 7/365 + 5,000 × 0.0775 × 12/365 = (2,800 + 4,650) / 365 = 20.4109… → £20.41
    const paid = lateInterest(500_000, '2026-01-01', [{ date: '2026-01-20', pence: 500_000 }], '2026-11-28');
    expect(paid).toEqual({ pence: 2041, rateBasisPoints: 775, days: 19, unpaidPence: 0 });
  });

  it('runs on what is left after a part payment', () => {
    // £10,000 due 1 January 2026; £4,000 paid 11 January; worked out on 21 January.
    // 2–8 January: 10,000 × 8% × 7 = 5,600; 9–11 January: 10,000 × 7.75% × 3 = 2,325;
    // 12–21 January: 6,000 × 7.75% × 10 = 4,650. (5,600 + 2,325 + 4,650) / 365 = 34.4520… → £34.45
    expect(lateInterest(1_000_000, '2026-01-01', [{ date: '2026-01-11', pence: 400_000 }], '2026-01-21')).toMatchObject({ pence: 3445, unpaidPence: 600_000 });
  });

  it('is nothing when the tax is paid by the payment date, or before it is due', () => {
    expect(lateInterest(500_000, '2026-01-01', [{ date: '2026-01-01', pence: 500_000 }], '2026-11-28')).toMatchObject({ pence: 0, days: 0 });
    expect(lateInterest(500_000, '2026-12-01', [], '2026-11-28')).toMatchObject({ pence: 0, days: 0, rateBasisPoints: null });
  });
});

describe('interest on the Deadlines list', () => {
  const client = (payments: { date: string; pence: number }[]) => ({
    id: 'c',
    name: 'Owing Ltd',
    utr: '',
    usualPeriodEnd: '',
    periods: [{ start: '2025-01-01', end: '2025-12-31', filedOn: null, accepted: false, payments }],
  });
  // Box 525 of the built return: £12,000.00. Tax due 1 October 2026.
  const built = () => ({ state: 'built' as const, draftId: 'd', taxPayablePence: 1_200_000 });

  it('shows the interest so far and the rate in force on the tax of the latest build', () => {
    // 2 October – 28 November 2026: 58 days at 7.75% on £12,000: 12,000 × 0.0775 × 58 / 365 = 147.7808… → £147.78
    const [row] = deadlineRows([client([])], built, { today: '2026-11-28' });
    expect(row).toMatchObject({ paymentDue: '2026-10-01', taxPayablePence: 1_200_000, paidOn: null, interest: { pence: 14778, rateBasisPoints: 775, to: '2026-11-28' } });
  });

  it('says when the tax was paid and stops the interest there', () => {
    // Paid 11 October 2026: 2–11 October, 10 days: 12,000 × 0.0775 × 10 / 365 = 25.4794… → £25.48
    const [row] = deadlineRows([client([{ date: '2026-10-11', pence: 1_200_000 }])], built, { today: '2026-11-28' });
    expect(row).toMatchObject({ paidOn: '2026-10-11', interest: { pence: 2548, to: '2026-10-11' } });
  });

  it('shows no interest when the tax is not known', () => {
    const [row] = deadlineRows([client([])], () => ({ state: 'draft', draftId: 'd' }), { today: '2026-11-28' });
    expect(row).toMatchObject({ taxPayablePence: null, interest: null, paidOn: null });
  });

  it('pays the first accounting period of a long period of account first', () => {
    const long = { id: 'l', name: 'Long Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2024-01-01', end: '2025-03-31', filedOn: null, accepted: false, payments: [{ date: '2025-09-01', pence: 150_000 }] }] };
    // Each accounting period's return shows £1,000 of tax: the £1,500 paid settles the first and half the second.
    const rows = deadlineRows([long], () => ({ state: 'built', draftId: 'd', taxPayablePence: 100_000 }), { today: '2026-11-28' });
    const [first, second] = [...rows].sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1));
    expect(first!.payments).toEqual([{ date: '2025-09-01', pence: 100_000 }]);
    expect(first!.paidOn).toBe('2025-09-01');
    expect(second!.payments).toEqual([{ date: '2025-09-01', pence: 50_000 }]);
    expect(second!.paidOn).toBeNull();
  });
});
