/**
 * Every period the firm has started a return for (a draft, a built return, a
 * submission to HMRC) is listed, whatever its age, until HMRC accepts it; the
 * periods the usual period end makes reach back as far as the oldest unfiled
 * one.
 */
import { describe, expect, it } from 'vitest';
import { clientPeriods, deadlineRows, REACH_BACK_YEARS, type DeadlineClientInput, type DraftProgress } from '../../../main/engine/deadlines/index.js';

const today = '2026-11-24';
const year2024 = { start: '2024-04-01', end: '2025-03-31' };
const client = (over: Partial<DeadlineClientInput>): DeadlineClientInput => ({ id: 'c', name: 'Forgotten Return Ltd', utr: '1234567890', usualPeriodEnd: '03-31', periods: [], ...over });
const built: DraftProgress = (_id, p) => (p.start === year2024.start && p.end === year2024.end ? { state: 'built', draftId: 'd-2024' } : undefined);
const acceptedLive: DraftProgress = (_id, p) => (p.start === year2024.start && p.end === year2024.end ? { state: 'built', draftId: 'd-2024', acceptedOn: '2026-02-01' } : undefined);

describe('an unfiled return whose year is older than the usual window', () => {
  it('is listed as overdue, with the late-filing penalty of the tables in force for its filing date', () => {
    const rows = deadlineRows([client({ work: [year2024] })], built, { today, alwaysOverdue: true });
    const late = rows.find((r) => r.periodStart === '2024-04-01');
    expect(late).toMatchObject({ group: 'overdue', state: 'built', draftId: 'd-2024', filingDue: '2026-03-31', paymentDue: '2026-01-01', daysLeft: -238 });
    // Due 31 March 2026, before the 2026 amounts: £100, and £100 more after 3 months; still not delivered
    // 18 months after the period ended (from 1 October 2026): 10% of the tax unpaid.
    expect(late!.penalty).toEqual({ flat: 200, percentOfUnpaidTax: 10 });
    expect(late!.latePenaltyPounds).toBe(100);
    expect(rows.map((r) => [r.periodStart, r.group])).toEqual([
      ['2024-04-01', 'overdue'],
      ['2025-04-01', 'later'],
      ['2026-04-01', 'later'],
    ]);
  });

  it('is listed on its own dates when neither the book nor a usual period end has them', () => {
    const rows = deadlineRows([client({ usualPeriodEnd: '', work: [year2024] })], built, { today, alwaysOverdue: true });
    expect(rows.map((r) => [r.periodStart, r.periodEnd, r.group, r.fromWork, r.generated, r.inBook])).toEqual([['2024-04-01', '2025-03-31', 'overdue', true, false, true]]);
  });

  it('a company known only from a return is listed by the name and UTR in it', () => {
    const [row] = deadlineRows([client({ id: 'unlisted:utr:1234567890', usualPeriodEnd: '', inBook: false, work: [year2024] })], built, { today, alwaysOverdue: true });
    expect(row).toMatchObject({ name: 'Forgotten Return Ltd', utr: '1234567890', inBook: false, group: 'overdue' });
  });

  it('once HMRC accepted it, a period of the same age does not come back into the list', () => {
    const rows = deadlineRows([client({ work: [year2024] })], acceptedLive, { today, alwaysOverdue: true });
    expect(rows.map((r) => r.periodStart)).toEqual(['2025-04-01', '2026-04-01']);
    expect(rows.some((r) => r.group === 'overdue')).toBe(false);
    expect(deadlineRows([client({ usualPeriodEnd: '', work: [year2024] })], acceptedLive, { today, alwaysOverdue: true })).toEqual([]);
  });

  it('a period the book holds keeps its one row, as a whole period or as one accounting period of a long one', () => {
    const inBook = deadlineRows([client({ periods: [year2024], work: [year2024] })], built, { today, alwaysOverdue: true });
    expect(inBook.filter((r) => r.periodStart === '2024-04-01')).toHaveLength(1);
    const long = client({ usualPeriodEnd: '', periods: [{ start: '2023-01-01', end: '2024-06-30' }], work: [{ start: '2024-01-01', end: '2024-06-30' }] });
    expect(deadlineRows([long], () => undefined, { today }).map((r) => [r.periodStart, r.periodEnd, r.fromWork])).toEqual([
      ['2023-01-01', '2023-12-31', false],
      ['2024-01-01', '2024-06-30', false],
    ]);
  });
});

describe('a client’s periods with unfiled returns', () => {
  it('the usual period end reaches back to the oldest unfiled return, and on to the period running today', () => {
    expect(clientPeriods([], '03-31', today, [{ start: '2022-04-01', end: '2023-03-31' }, year2024])).toEqual([
      { start: '2022-04-01', end: '2023-03-31', generated: true, fromWork: false },
      { start: '2023-04-01', end: '2024-03-31', generated: true, fromWork: false },
      { start: '2024-04-01', end: '2025-03-31', generated: true, fromWork: false },
      { start: '2025-04-01', end: '2026-03-31', generated: true, fromWork: false },
      { start: '2026-04-01', end: '2027-03-31', generated: true, fromWork: false },
    ]);
  });

  it(`reaches back no more than ${REACH_BACK_YEARS} years; an older return still has its own row`, () => {
    const periods = clientPeriods([], '03-31', today, [{ start: '1924-04-01', end: '1925-03-31' }]);
    expect(periods[0]).toEqual({ start: '1924-04-01', end: '1925-03-31', generated: false, fromWork: true });
    expect(periods[1]).toEqual({ start: '2021-04-01', end: '2022-03-31', generated: true, fromWork: false });
    expect(periods.at(-1)!.end).toBe('2027-03-31');
  });

  it('a return on dates of its own beside a generated period of the same start: both, each with its own key', () => {
    const rows = deadlineRows([client({ work: [{ start: '2025-04-01', end: '2025-12-31' }] })], () => undefined, { today, alwaysOverdue: true });
    const april = rows.filter((r) => r.periodStart === '2025-04-01');
    expect(april.map((r) => [r.periodEnd, r.fromWork])).toEqual([
      ['2025-12-31', true],
      ['2026-03-31', false],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('a return whose dates cannot be a period (the end before the start, or not a date) adds nothing', () => {
    expect(clientPeriods([], '', today, [{ start: '2025-04-01', end: '2024-03-31' }, { start: '2025-02-30', end: '2026-01-31' }])).toEqual([]);
  });
});
