import { describe, expect, it } from 'vitest';
import { clientPeriods, deadlineRows, type DeadlineClientInput } from '../../../main/engine/deadlines/index.js';

const today = '2026-11-24';
const client = (over: Partial<DeadlineClientInput>): DeadlineClientInput => ({ id: 'c', name: 'Client', utr: '', usualPeriodEnd: '', periods: [], ...over });
const none = () => undefined;

describe('the firm’s deadlines', () => {
  const clients = [
    client({ id: 'late', name: 'Late Ltd', periods: [{ start: '2024-07-01', end: '2025-06-30' }] }),
    client({ id: 'soon', name: 'Soon Ltd', periods: [{ start: '2025-01-01', end: '2025-12-31' }] }),
    client({ id: 'later', name: 'Later Ltd', periods: [{ start: '2026-04-01', end: '2027-03-31' }] }),
    client({ id: 'filed', name: 'Filed Ltd', periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: '2026-02-01' }] }),
  ];

  it('lists overdue first, then the next 90 days, then later, then filed', () => {
    const rows = deadlineRows(clients, none, { today });
    expect(rows.map((r) => [r.name, r.group, r.daysLeft])).toEqual([
      ['Late Ltd', 'overdue', -147],
      ['Soon Ltd', 'soon', 37],
      ['Later Ltd', 'later', 493],
      ['Filed Ltd', 'done', -238],
    ]);
  });

  it('says what is due for a late return and when the next penalty comes', () => {
    const late = deadlineRows(clients, none, { today })[0]!;
    expect(late.filingDue).toBe('2026-06-30');
    // Due 30 June 2026, after 1 April 2026: £200, and another £200 once more than 3 months late.
    expect(late.penalty).toEqual({ flat: 400, percentOfUnpaidTax: 0 });
    expect(late.nextPenalty).toEqual({ from: '2027-01-01', description: '10% of the tax unpaid' });
    expect(late.state).toBe('not-started');
  });

  it('a return filed on time owes nothing; one filed late keeps what it owed on the day it was filed', () => {
    expect(deadlineRows(clients, none, { today }).find((r) => r.clientId === 'filed')!.penalty).toEqual({ flat: 0, percentOfUnpaidTax: 0 });
    const lateFiled = client({ id: 'lf', periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: '2026-04-02' }] });
    // Due 31 March 2026, before the 2026 amounts: £100.
    expect(deadlineRows([lateFiled], none, { today })[0]!.penalty).toEqual({ flat: 100, percentOfUnpaidTax: 0 });
  });

  it('takes the state of the work from drafts: draft, built; and filed or accepted from the book', () => {
    const progress = (id: string) => (id === 'soon' ? { state: 'built' as const, draftId: 'd1' } : id === 'late' ? { state: 'draft' as const, draftId: 'd2' } : undefined);
    const rows = deadlineRows(clients, progress, { today });
    expect(Object.fromEntries(rows.map((r) => [r.clientId, r.state]))).toEqual({ late: 'draft', soon: 'built', later: 'not-started', filed: 'filed' });
    const accepted = client({ periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: '2026-02-01', accepted: true }] });
    expect(deadlineRows([accepted], progress, { today })[0]!.state).toBe('accepted');
  });

  it('keeps to the window by filing date, and keeps overdue returns when asked', () => {
    expect(deadlineRows(clients, none, { today, from: '2026-12-01', to: '2028-12-31' }).map((r) => r.clientId)).toEqual(['soon', 'later']);
    expect(deadlineRows(clients, none, { today, from: '2026-12-01', to: '2028-12-31', alwaysOverdue: true }).map((r) => r.clientId)).toEqual(['late', 'soon', 'later']);
  });

  it('charges the larger penalty for the third late return in a row, by its filing date', () => {
    const persistent = client({
      periods: [
        { start: '2022-07-01', end: '2023-06-30', filedOn: '2024-08-01' },
        { start: '2023-07-01', end: '2024-06-30', filedOn: '2025-07-15' },
        { start: '2024-07-01', end: '2025-06-30' },
      ],
    });
    const rows = deadlineRows([persistent], none, { today });
    // Due 30 June 2026 and still not delivered on 24 November: £1,000 + £1,000 under the 2026 amounts.
    expect(rows.find((r) => r.periodStart === '2024-07-01')!.penalty).toEqual({ flat: 2000, percentOfUnpaidTax: 0 });
    // Due 30 June 2025, 15 days late: £100.
    expect(rows.find((r) => r.periodStart === '2023-07-01')!.penalty).toEqual({ flat: 100, percentOfUnpaidTax: 0 });
    const told = client({ lateTwiceBefore: true, periods: [{ start: '2024-07-01', end: '2025-06-30' }] });
    expect(deadlineRows([told], none, { today })[0]!.penalty.flat).toBe(2000);
  });

  it('counts each accounting period of a split period of account as a return of its own in the run of late ones', () => {
    const split = client({
      periods: [
        { start: '2021-01-01', end: '2021-12-31', filedOn: '2023-02-01' },
        { start: '2022-01-01', end: '2023-06-30' },
      ],
    });
    const rows = deadlineRows([split], none, { today });
    expect(rows.filter((r) => r.periodStart >= '2022-01-01').map((r) => [r.periodStart, r.filingDue, r.penalty.flat])).toEqual([
      ['2022-01-01', '2024-06-30', 200],
      ['2023-01-01', '2024-06-30', 1000],
    ]);
    expect(rows[0]!.periodOfAccount).toEqual({ start: '2022-01-01', end: '2023-06-30' });
  });

  it('shows a large company with its instalment dates', () => {
    const [row] = deadlineRows([client({ instalments: 'large', periods: [{ start: '2026-04-01', end: '2027-03-31' }] })], none, { today });
    expect(row!.instalments).toEqual(['2026-10-14', '2027-01-14', '2027-04-14', '2027-07-14']);
    expect(row!.instalmentSize).toBe('large');
  });
});

describe('a client’s periods', () => {
  it('the usual period end generates the periods after the last one in the book, up to the one running today', () => {
    expect(clientPeriods([{ start: '2024-04-01', end: '2025-03-31' }], '03-31', today)).toEqual([
      { start: '2024-04-01', end: '2025-03-31', generated: false, fromWork: false },
      { start: '2025-04-01', end: '2026-03-31', generated: true, fromWork: false },
      { start: '2026-04-01', end: '2027-03-31', generated: true, fromWork: false },
    ]);
  });

  it('a client with only a usual period end gets the last complete period and the running one', () => {
    expect(clientPeriods([], '12-31', today)).toEqual([
      { start: '2025-01-01', end: '2025-12-31', generated: true, fromWork: false },
      { start: '2026-01-01', end: '2026-12-31', generated: true, fromWork: false },
    ]);
  });

  it('a usual end of 29 February ends common years on 28 February', () => {
    expect(clientPeriods([{ start: '2023-03-01', end: '2024-02-29' }], '02-29', '2025-06-01').map((p) => p.end)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
  });

  it('without a usual period end, only the periods in the book', () => {
    expect(clientPeriods([{ start: '2024-04-01', end: '2025-03-31' }], '', today)).toHaveLength(1);
  });
});
