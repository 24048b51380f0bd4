import { describe, expect, it } from 'vitest';
import { addMonths, deadlinesOf, filingDue, instalmentDates, paymentDue, penaltyDue, penaltySteps, accountingPeriods } from '../../../main/engine/deadlines/index.js';

/** One period of account each: its accounting periods with their filing and payment dates. */
const PERIODS: Array<{ why: string; start: string; end: string; expect: Array<[start: string, end: string, filing: string, payment: string]> }> = [
  { why: 'a financial year', start: '2024-04-01', end: '2025-03-31', expect: [['2024-04-01', '2025-03-31', '2026-03-31', '2026-01-01']] },
  { why: 'a calendar year', start: '2023-01-01', end: '2023-12-31', expect: [['2023-01-01', '2023-12-31', '2024-12-31', '2024-10-01']] },
  { why: 'a leap year ending 29 February', start: '2023-03-01', end: '2024-02-29', expect: [['2023-03-01', '2024-02-29', '2025-02-28', '2024-12-01']] },
  { why: 'the last day of February before a leap year', start: '2022-03-01', end: '2023-02-28', expect: [['2022-03-01', '2023-02-28', '2024-02-29', '2023-12-01']] },
  { why: 'starting 29 February: 12 months end 28 February', start: '2024-02-29', end: '2025-02-28', expect: [['2024-02-29', '2025-02-28', '2026-02-28', '2025-12-01']] },
  { why: 'a century year that is not a leap year', start: '2099-03-01', end: '2100-02-28', expect: [['2099-03-01', '2100-02-28', '2101-02-28', '2100-12-01']] },
  { why: '30 June: nine months on is 31 March, so tax is due 1 April', start: '2024-07-01', end: '2025-06-30', expect: [['2024-07-01', '2025-06-30', '2026-06-30', '2026-04-01']] },
  { why: '31 May: February has no 31st nine months later (common year)', start: '2024-06-01', end: '2025-05-31', expect: [['2024-06-01', '2025-05-31', '2026-05-31', '2026-03-01']] },
  { why: '31 May: February has no 31st nine months later (leap year)', start: '2022-09-01', end: '2023-05-31', expect: [['2022-09-01', '2023-05-31', '2024-05-31', '2024-03-01']] },
  { why: '30 November: nine months on is 31 August', start: '2023-12-01', end: '2024-11-30', expect: [['2023-12-01', '2024-11-30', '2025-11-30', '2025-09-01']] },
  { why: '31 August: nine months on is 31 May', start: '2023-09-01', end: '2024-08-31', expect: [['2023-09-01', '2024-08-31', '2025-08-31', '2025-06-01']] },
  { why: '30 April: the end of a month maps to the end of a month', start: '2019-05-01', end: '2020-04-30', expect: [['2019-05-01', '2020-04-30', '2021-04-30', '2021-02-01']] },
  { why: '31 January', start: '2024-02-01', end: '2025-01-31', expect: [['2024-02-01', '2025-01-31', '2026-01-31', '2025-11-01']] },
  { why: 'mid-month', start: '2024-01-16', end: '2025-01-15', expect: [['2024-01-16', '2025-01-15', '2026-01-15', '2025-10-16']] },
  { why: '30 September', start: '2023-10-01', end: '2024-09-30', expect: [['2023-10-01', '2024-09-30', '2025-09-30', '2025-07-01']] },
  { why: 'a short first period', start: '2024-06-15', end: '2024-12-31', expect: [['2024-06-15', '2024-12-31', '2025-12-31', '2025-10-01']] },
  { why: 'a first period of twelve days', start: '2025-03-20', end: '2025-03-31', expect: [['2025-03-20', '2025-03-31', '2026-03-31', '2026-01-01']] },
  { why: 'a one-day period', start: '2025-12-31', end: '2025-12-31', expect: [['2025-12-31', '2025-12-31', '2026-12-31', '2026-10-01']] },
  {
    why: '18 months split in two: both returns due 12 months after the period of account',
    start: '2023-01-01',
    end: '2024-06-30',
    expect: [
      ['2023-01-01', '2023-12-31', '2025-06-30', '2024-10-01'],
      ['2024-01-01', '2024-06-30', '2025-06-30', '2025-04-01'],
    ],
  },
  {
    why: '18 months from 1 October: the second period ends on the last day of March',
    start: '2023-10-01',
    end: '2025-03-31',
    expect: [
      ['2023-10-01', '2024-09-30', '2026-03-31', '2025-07-01'],
      ['2024-10-01', '2025-03-31', '2026-03-31', '2026-01-01'],
    ],
  },
  {
    why: '21 months: the first return is due 30 months from the start, the second 12 months after its end',
    start: '2023-01-01',
    end: '2024-09-30',
    expect: [
      ['2023-01-01', '2023-12-31', '2025-06-30', '2024-10-01'],
      ['2024-01-01', '2024-09-30', '2025-09-30', '2025-07-01'],
    ],
  },
  {
    why: '24 months',
    start: '2023-01-01',
    end: '2024-12-31',
    expect: [
      ['2023-01-01', '2023-12-31', '2025-06-30', '2024-10-01'],
      ['2024-01-01', '2024-12-31', '2025-12-31', '2025-10-01'],
    ],
  },
  {
    why: 'more than 18 months from 29 February of a leap year',
    start: '2024-02-29',
    end: '2025-08-31',
    expect: [
      ['2024-02-29', '2025-02-28', '2026-08-28', '2025-12-01'],
      ['2025-03-01', '2025-08-31', '2026-08-31', '2026-06-01'],
    ],
  },
  {
    why: '30 months: three accounting periods',
    start: '2022-01-01',
    end: '2024-06-30',
    expect: [
      ['2022-01-01', '2022-12-31', '2024-06-30', '2023-10-01'],
      ['2023-01-01', '2023-12-31', '2024-12-31', '2024-10-01'],
      ['2024-01-01', '2024-06-30', '2025-06-30', '2025-04-01'],
    ],
  },
];

describe('filing and payment dates of each accounting period', () => {
  it('covers at least 20 periods', () => {
    expect(PERIODS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(PERIODS)('$why ($start to $end)', ({ start, end, expect: expected }) => {
    const got = deadlinesOf({ start, end }).map((d) => [d.start, d.end, d.filingDue, d.paymentDue]);
    expect(got).toEqual(expected);
    for (const d of deadlinesOf({ start, end })) expect(d.periodOfAccount).toEqual({ start, end });
  });

  it('an accounting period on its own is due 12 months after its end, and its tax 9 months and 1 day after', () => {
    expect(filingDue({ start: '2024-04-01', end: '2025-03-31' })).toBe('2026-03-31');
    expect(paymentDue({ start: '2024-04-01', end: '2025-03-31' })).toBe('2026-01-01');
  });

  it('splits a period of account into 12-month accounting periods and the rest', () => {
    expect(accountingPeriods({ start: '2024-04-01', end: '2025-03-31' })).toEqual([{ start: '2024-04-01', end: '2025-03-31' }]);
    expect(accountingPeriods({ start: '2024-04-01', end: '2025-04-01' })).toEqual([
      { start: '2024-04-01', end: '2025-03-31' },
      { start: '2025-04-01', end: '2025-04-01' },
    ]);
  });

  it('adds months keeping the end of a month at the end of a month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2023-02-28', 12)).toBe('2024-02-29');
    expect(addMonths('2024-01-30', 1)).toBe('2024-02-29');
    expect(addMonths('2024-03-15', -3)).toBe('2023-12-15');
  });
});

describe('quarterly instalments', () => {
  it('large companies: 6 months 13 days after the start, every 3 months, the last 3 months 14 days after the end', () => {
    expect(instalmentDates({ start: '2024-04-01', end: '2025-03-31' }, 'large')).toEqual(['2024-10-14', '2025-01-14', '2025-04-14', '2025-07-14']);
    expect(instalmentDates({ start: '2024-01-01', end: '2024-12-31' }, 'large')).toEqual(['2024-07-14', '2024-10-14', '2025-01-14', '2025-04-14']);
  });

  it('large companies with a short period pay fewer instalments', () => {
    expect(instalmentDates({ start: '2024-04-01', end: '2024-09-30' }, 'large')).toEqual(['2024-10-14', '2025-01-14']);
    expect(instalmentDates({ start: '2024-04-01', end: '2024-06-30' }, 'large')).toEqual(['2024-10-14']);
  });

  it('very large companies: 2 months 13 days after the start, every 3 months, the last on the 14th of the final month', () => {
    expect(instalmentDates({ start: '2024-04-01', end: '2025-03-31' }, 'very-large')).toEqual(['2024-06-14', '2024-09-14', '2024-12-14', '2025-03-14']);
  });

  it('an instalment payer is shown with its instalments; any tax left is due with the last', () => {
    const [d] = deadlinesOf({ start: '2024-04-01', end: '2025-03-31' }, { instalments: 'large' });
    expect(d!.instalments).toHaveLength(4);
    expect(d!.paymentDue).toBe('2025-07-14');
    expect(d!.filingDue).toBe('2026-03-31');
  });
});

describe('late filing penalties', () => {
  const period = { start: '2024-04-01', end: '2025-03-31' };
  const steps = penaltySteps(period, '2026-03-31', false);

  it('has £100 from the day after the filing date, another £100 after 3 months, then 10% and 10% at 18 and 24 months', () => {
    expect(steps.map((s) => [s.from, s.kind === 'flat' ? s.amount : `${s.percent}%`])).toEqual([
      ['2026-04-01', 100],
      ['2026-07-01', 100],
      ['2026-10-01', '10%'],
      ['2027-04-01', '10%'],
    ]);
  });

  it.each([
    ['2026-03-31', 0, 0],
    ['2026-04-01', 100, 0],
    ['2026-06-30', 100, 0],
    ['2026-07-01', 200, 0],
    ['2026-09-30', 200, 0],
    ['2026-10-01', 200, 10],
    ['2027-04-01', 200, 20],
  ])('a return delivered on %s owes £%i and %i%% of the tax unpaid', (on, flat, percent) => {
    expect(penaltyDue(steps, on)).toEqual({ flat, percentOfUnpaidTax: percent });
  });

  it('is £500 each for the third return in a row delivered late', () => {
    const persistent = penaltySteps(period, '2026-03-31', true);
    expect(penaltyDue(persistent, '2026-07-01')).toEqual({ flat: 1000, percentOfUnpaidTax: 0 });
  });

  it('counts the tax-geared penalties from the later filing date of a long period of account', () => {
    const [first] = deadlinesOf({ start: '2023-01-01', end: '2024-09-30' });
    // Filing date 30 June 2025 is 18 months after the end of 2023: the 10% starts the day after.
    expect(first!.penaltySteps.find((s) => s.kind === 'tax-geared')!.from).toBe('2025-07-01');
  });
});
