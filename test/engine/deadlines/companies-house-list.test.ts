/**
 * The accounts rows of the Deadlines list: one per client with a Companies
 * House number and period, the penalty so far (doubled after a late year),
 * overdue ones kept whatever the window, beside the Company Tax Returns'.
 */
import { describe, expect, it } from 'vitest';
import { accountsDeadlineRows, allDeadlineRows, deadlinesCsv, deadlinesIcs, type AccountsDeadlineRow, type DeadlineClientInput } from '../../../main/engine/deadlines/index.js';
import { accountsProgressOf } from '../../../main/deadlines/accounts-progress.js';

const today = '2026-11-24';
const window = { today, from: today, to: '2027-11-24', alwaysOverdue: true };

const clients: DeadlineClientInput[] = [
  {
    id: 'a',
    name: 'Late Again Ltd',
    utr: '1111111111',
    companyNumber: '01234567',
    usualPeriodEnd: '03-31',
    periods: [
      // Due 31 December 2024, delivered 15 January 2025: 15 days late, £150.
      { start: '2023-04-01', end: '2024-03-31', accountsDeliveredOn: '2025-01-15' },
      // Due 31 December 2025, not delivered: more than 6 months late on 24 November 2026, £1,500 doubled.
      { start: '2024-04-01', end: '2025-03-31' },
    ],
  },
  { id: 'b', name: 'Members Club', utr: '2222222222', companyNumber: '', usualPeriodEnd: '03-31', periods: [{ start: '2024-04-01', end: '2025-03-31' }] },
  {
    id: 'c',
    name: 'New Start Ltd',
    utr: '',
    companyNumber: 'SC123456',
    usualPeriodEnd: '',
    incorporatedOn: '2025-01-10',
    // First accounts of 12 months and 3 weeks: due 10 October 2026 (anniversary + 9 months), 45 days late.
    periods: [{ start: '2025-01-10', end: '2026-01-31' }],
  },
  {
    id: 'd',
    name: 'Reformed Ltd',
    utr: '',
    companyNumber: '07654321',
    usualPeriodEnd: '',
    accountsLateBefore: true,
    // Due 30 September 2026 and delivered that day: no penalty, though last year's were late.
    periods: [{ start: '2025-01-01', end: '2025-12-31', accountsDeliveredOn: '2026-09-30' }],
  },
];

const byKey = (rows: readonly AccountsDeadlineRow[]) => new Map(rows.map((r) => [`${r.clientId} ${r.periodEnd}`, r]));

describe('accounts deadlines at Companies House', () => {
  const rows = accountsDeadlineRows(clients, () => undefined, window);
  const row = byKey(rows);

  it('lists a row for each period of a client with a Companies House number, none for one without', () => {
    expect(rows.every((r) => r.kind === 'accounts')).toBe(true);
    expect(rows.some((r) => r.clientId === 'b')).toBe(false);
    // Late Again's 2023–24 accounts were delivered long before the window: not listed; the overdue 2024–25 ones are, and
    // 2025–26's; 2026–27's are due 31 December 2027, after the window.
    expect([...row.keys()].sort()).toEqual(['a 2025-03-31', 'a 2026-03-31', 'c 2026-01-31']);
  });

  it('shows the penalty so far on overdue accounts, doubled when the year before was late too', () => {
    expect(row.get('a 2025-03-31')).toMatchObject({
      filingDue: '2025-12-31', group: 'overdue', state: 'not-started', daysLeft: -328, companyNumber: '01234567',
      penalty: { flat: 3000, percentOfUnpaidTax: 0 }, penaltyDoubled: true, penaltyBand: 'more than 6 months late', nextPenalty: null,
    });
    // The 2025–26 accounts (the usual end made the period) follow two late years: the first penalty would be £300.
    expect(row.get('a 2026-03-31')).toMatchObject({ filingDue: '2026-12-31', group: 'soon', generated: true, penalty: { flat: 0 }, penaltyDoubled: true, latePenaltyPounds: 300, nextPenalty: { from: '2027-01-01', description: '£300' } });
  });

  it('dates first accounts by s442(3) and says so', () => {
    expect(row.get('c 2026-01-31')).toMatchObject({
      filingDue: '2026-10-10', rule: 'first-accounts-anniversary', firstAccounts: true, group: 'overdue', daysLeft: -45,
      penalty: { flat: 375 }, penaltyDoubled: false, nextPenalty: { from: '2027-01-11', description: '£750' },
    });
  });

  it('keeps delivered accounts in the filed group with the penalty as of the day they were delivered', () => {
    const all = accountsDeadlineRows(clients, () => undefined, { today });
    const filed = byKey(all);
    expect(filed.get('d 2025-12-31')).toMatchObject({ group: 'done', state: 'accepted', filedOn: '2026-09-30', penalty: { flat: 0 }, penaltyDoubled: true });
    expect(filed.get('a 2024-03-31')).toMatchObject({ group: 'done', filedOn: '2025-01-15', penalty: { flat: 150 }, penaltyDoubled: false });
  });

  it('lists accounts started in the app for a period the book lacks, and counts accounts Companies House accepted as delivered', () => {
    const e: DeadlineClientInput = {
      id: 'e', name: 'Drafted Ltd', utr: '', companyNumber: '09999999', usualPeriodEnd: '', periods: [],
      accountsWork: [{ start: '2024-06-01', end: '2025-05-31' }, { start: '2025-06-01', end: '2026-05-31' }],
    };
    const progress = accountsProgressOf([
      { clientId: 'e', periodFrom: '2024-06-01', periodTo: '2025-05-31', state: 'built', draftId: 'acc-1' },
      { clientId: 'e', periodFrom: '2025-06-01', periodTo: '2026-05-31', state: 'built', draftId: 'acc-2', deliveredOn: '2026-10-01' },
    ]);
    const listed = accountsDeadlineRows([e], progress, window);
    expect(listed.map((r) => [r.periodEnd, r.filingDue, r.state, r.draftId, r.group, r.fromWork])).toEqual([['2025-05-31', '2026-02-28', 'built', 'acc-1', 'overdue', true]]);
  });

  it('lists nothing for a company known only from a return, not in the book', () => {
    expect(accountsDeadlineRows([{ ...clients[0]!, inBook: false }], () => undefined, window)).toEqual([]);
  });

  it('sits beside the Company Tax Returns in one order, and goes into the CSV and the calendar', () => {
    const all = allDeadlineRows(clients, { returns: () => undefined, accounts: () => undefined }, window);
    const late = all.filter((r) => r.clientId === 'a' && r.group === 'overdue');
    // By filing date: the 2023–24 return (never marked filed), the 2024–25 accounts, then the 2024–25 return.
    expect(late.map((r) => [r.kind, r.filingDue])).toEqual([['ct600', '2025-03-31'], ['accounts', '2025-12-31'], ['ct600', '2026-03-31']]);
    expect(all.findIndex((r) => r.group !== 'overdue')).toBeGreaterThan(all.findLastIndex((r) => r.group === 'overdue'));
    const csv = deadlinesCsv(all).split('\r\n');
    expect(csv).toContain('Late Again Ltd,1111111111,2024-04-01,2025-03-31,2025-12-31,,,not-started,-328,,3000,0,,,,,,Accounts to Companies House,01234567');
    const ics = deadlinesIcs(all, new Date('2026-11-24T09:00:00Z'));
    expect(ics).toContain('SUMMARY:Accounts due at Companies House: Late Again Ltd');
  });
});
