import { describe, expect, it } from 'vitest';
import { addDays, addMonths, deadlineRows, filingDue, flatPenaltyTableFor, penaltyDue, penaltySteps, threeMonthsBeginningWith } from '../../../main/engine/deadlines/index.js';

// Two returns either side of the change: the period ending 31 March 2025 is
// due 31 March 2026 (the old amounts), the one ending 1 April 2025 is due
// 1 April 2026 (the amounts of the policy paper of 26 November 2025).
const DUE_31_MARCH = { start: '2024-04-01', end: '2025-03-31' };
const DUE_1_APRIL = { start: '2024-04-02', end: '2025-04-01' };

describe('the flat late-filing penalty by filing date', () => {
  it('puts the two periods either side of 1 April 2026', () => {
    expect(filingDue(DUE_31_MARCH)).toBe('2026-03-31');
    expect(filingDue(DUE_1_APRIL)).toBe('2026-04-01');
    expect(flatPenaltyTableFor('2026-03-31').late).toBe(100);
    expect(flatPenaltyTableFor('2026-04-01').late).toBe(200);
  });

  // [filing date, which late return, delivered, expected flat penalty in pounds, the working]
  const CASES: Array<[string, 'first' | 'second' | 'third', string, number, string]> = [
    // Filing date 31 March 2026: the table before the change.
    ['2026-03-31', 'first', '2026-04-01', 100, '1 day late: £100'],
    ['2026-03-31', 'first', '2026-06-30', 100, 'exactly 3 months late (30 June) is not more than 3 months: £100'],
    ['2026-03-31', 'first', '2026-07-01', 200, '3 months and 1 day late: £100 + £100'],
    ['2026-03-31', 'second', '2026-04-01', 100, 'a second late return is charged as the first: £100'],
    ['2026-03-31', 'second', '2026-07-01', 200, '£100 + £100'],
    ['2026-03-31', 'third', '2026-04-01', 500, 'third late in a row, 1 day late: £500'],
    ['2026-03-31', 'third', '2026-06-30', 500, 'third, exactly 3 months: £500'],
    ['2026-03-31', 'third', '2026-07-01', 1000, 'third, 3 months and 1 day: £500 + £500'],
    // Filing date 1 April 2026: the doubled amounts.
    ['2026-04-01', 'first', '2026-04-02', 200, '1 day late: £200'],
    ['2026-04-01', 'first', '2026-07-01', 200, 'exactly 3 months late (1 July): £200'],
    ['2026-04-01', 'first', '2026-07-02', 400, '3 months and 1 day late: £200 + £200'],
    ['2026-04-01', 'second', '2026-04-02', 200, 'second late return: £200'],
    ['2026-04-01', 'second', '2026-07-02', 400, '£200 + £200'],
    ['2026-04-01', 'third', '2026-04-02', 1000, 'third late in a row, 1 day late: £1,000'],
    ['2026-04-01', 'third', '2026-07-01', 1000, 'third, exactly 3 months: £1,000'],
    ['2026-04-01', 'third', '2026-07-02', 2000, 'third, 3 months and 1 day: £1,000 + £1,000'],
  ];

  it.each(CASES)('filing date %s, %s late return, delivered %s: £%i (%s)', (filing, which, delivered, pounds) => {
    const period = filing === '2026-03-31' ? DUE_31_MARCH : DUE_1_APRIL;
    expect(penaltyDue(penaltySteps(period, filing, which === 'third'), delivered)).toEqual({ flat: pounds, percentOfUnpaidTax: 0 });
  });

  it.each(CASES)('the list counts a %s-dated %s late return delivered %s at £%i', (filing, which, delivered, pounds) => {
    // The client's earlier returns: none, one, or two, each delivered late; the last period in the book is the one tested.
    const end = filing === '2026-03-31' ? DUE_31_MARCH.end : DUE_1_APRIL.end;
    const start = filing === '2026-03-31' ? DUE_31_MARCH.start : DUE_1_APRIL.start;
    const earlier = { first: 0, second: 1, third: 2 }[which];
    const periods = [];
    for (let k = earlier; k >= 1; k--) {
      const e = addMonths(end, -12 * k);
      periods.push({ start: addDays(addMonths(e, -12), 1), end: e, filedOn: addDays(addMonths(e, 13), 0), accepted: true });
    }
    periods.push({ start, end, filedOn: delivered, accepted: true });
    const rows = deadlineRows([{ id: 'c', name: 'C Ltd', utr: '', usualPeriodEnd: '', periods }], () => undefined, { today: '2026-11-28' });
    expect(rows.find((r) => r.periodEnd === end)!.penalty.flat).toBe(pounds);
  });

  it('never reaches the 2026 amounts for a return due 31 March 2026, however late', () => {
    // Still not delivered on 28 November 2026: £100 + £100, and the 10% step has not come (it starts 1 October 2026: 18 months after 31 March 2025)…
    const steps = penaltySteps(DUE_31_MARCH, '2026-03-31', false);
    expect(penaltyDue(steps, '2026-11-28')).toEqual({ flat: 200, percentOfUnpaidTax: 10 });
  });
});

describe("a notice to deliver served late (FA 1998 Sch 18 para 14(1)(c))", () => {
  it('ends three months beginning with the day served', () => {
    expect(threeMonthsBeginningWith('2026-03-15')).toBe('2026-06-14');
    expect(threeMonthsBeginningWith('2026-01-31')).toBe('2026-04-30');
  });

  it('moves the filing date when later, and the penalties with it', () => {
    // Period ending 31 March 2025: normally due 31 March 2026. Notice served 1 March 2026: due 31 May 2026.
    expect(filingDue(DUE_31_MARCH, DUE_31_MARCH, '2026-03-01')).toBe('2026-05-31');
    // A notice served in time changes nothing.
    expect(filingDue(DUE_31_MARCH, DUE_31_MARCH, '2025-04-10')).toBe('2026-03-31');
    // Now due on 31 May 2026, the return falls under the 2026 table: 1 day late is £200.
    const rows = deadlineRows(
      [{ id: 'n', name: 'Notice Ltd', utr: '', usualPeriodEnd: '', periods: [{ ...DUE_31_MARCH, filedOn: '2026-06-01', accepted: true, noticeServedOn: '2026-03-01' }] }],
      () => undefined,
      { today: '2026-11-28' },
    );
    expect(rows[0]).toMatchObject({ filingDue: '2026-05-31', noticeServedOn: '2026-03-01', penalty: { flat: 200 } });
  });
});
