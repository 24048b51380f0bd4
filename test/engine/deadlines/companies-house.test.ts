/**
 * Companies House's filing date for a private company's accounts (CA 2006
 * s442, months counted per s443) and its late filing penalties (s453, SI
 * 2008/497), each case worked out by hand in its `why`.
 */
import { describe, expect, it } from 'vitest';
import { accountsFilingDue, accountsLatePenalty, firstAnniversary, nextAccountsPenalty, type AccountsDueRule } from '../../../main/engine/deadlines/index.js';

type Case = { why: string; start: string; end: string; incorporatedOn?: string; notice?: string; due: string; rule: AccountsDueRule; first?: boolean };

const NINE_MONTHS: Case[] = [
  { why: '31 March + 9 months = 31 December', start: '2024-04-01', end: '2025-03-31', due: '2025-12-31', rule: 'nine-months' },
  { why: '30 June is the last day of June: the last day of March (s443(3)), not 30 March', start: '2024-07-01', end: '2025-06-30', due: '2026-03-31', rule: 'nine-months' },
  { why: '30 April is the last day of April: 31 January, not 30 January', start: '2024-05-01', end: '2025-04-30', due: '2026-01-31', rule: 'nine-months' },
  { why: '31 May: February 2026 has no 31st, so its last day, the 28th', start: '2024-06-01', end: '2025-05-31', due: '2026-02-28', rule: 'nine-months' },
  { why: '31 May: in a leap year the last day of February is the 29th', start: '2022-06-01', end: '2023-05-31', due: '2024-02-29', rule: 'nine-months' },
  { why: '29 May (not a month end): no 29 February 2026, so 28 February', start: '2024-05-30', end: '2025-05-29', due: '2026-02-28', rule: 'nine-months' },
  { why: '29 February 2024 is the last day of February: 30 November', start: '2023-03-01', end: '2024-02-29', due: '2024-11-30', rule: 'nine-months' },
  { why: '28 February 2023 is the last day of February: 30 November', start: '2022-03-01', end: '2023-02-28', due: '2023-11-30', rule: 'nine-months' },
  { why: '28 February 2024 is not the last day of February in a leap year: 28 November', start: '2023-03-01', end: '2024-02-28', due: '2024-11-28', rule: 'nine-months' },
  { why: 'mid-month: the same day number', start: '2024-01-16', end: '2025-01-15', due: '2025-10-15', rule: 'nine-months' },
  { why: '31 December + 9 months = 30 September', start: '2025-01-01', end: '2025-12-31', due: '2026-09-30', rule: 'nine-months' },
  { why: '30 September + 9 months = 30 June', start: '2024-10-01', end: '2025-09-30', due: '2026-06-30', rule: 'nine-months' },
];

const FIRST_ACCOUNTS: Case[] = [
  {
    why: 'first ARP of 12 months and 3 weeks: anniversary 10 January 2025 + 9 months = 10 October 2025, later than 31 January + 3 months = 30 April (not 31 October, the 9-month date)',
    incorporatedOn: '2024-01-10', start: '2024-01-10', end: '2025-01-31', due: '2025-10-10', rule: 'first-accounts-anniversary', first: true,
  },
  {
    why: '18 months from 1 December 2023: anniversary + 9 months = 1 September 2025, one day later than 31 May + 3 months = 31 August',
    incorporatedOn: '2023-12-01', start: '2023-12-01', end: '2025-05-31', due: '2025-09-01', rule: 'first-accounts-anniversary', first: true,
  },
  {
    why: 'made up 7 days after an 18-month ARD (s390(2)(b)): 21 July + 3 months = 21 October, later than 15 October 2025 (anniversary + 9 months)',
    incorporatedOn: '2024-01-15', start: '2024-01-15', end: '2025-07-21', due: '2025-10-21', rule: 'first-accounts-three-months', first: true,
  },
  {
    why: 'three months after an end of month: 31 July + 3 months = 31 October, later than 1 October 2025',
    incorporatedOn: '2024-01-01', start: '2024-01-01', end: '2025-07-31', due: '2025-10-31', rule: 'first-accounts-three-months', first: true,
  },
  {
    why: 'incorporated 28 February 2024 (a leap year): the anniversary, 28 February 2025, is the last day of its month, so + 9 months = 30 November (21 months straight would give 28 November)',
    incorporatedOn: '2024-02-28', start: '2024-02-28', end: '2025-03-31', due: '2025-11-30', rule: 'first-accounts-anniversary', first: true,
  },
  {
    why: 'incorporated 29 February 2024: the first anniversary taken as 28 February 2025, + 9 months = 30 November',
    incorporatedOn: '2024-02-29', start: '2024-02-29', end: '2025-03-31', due: '2025-11-30', rule: 'first-accounts-anniversary', first: true,
  },
  {
    why: 'a first ARP of exactly 12 months is not longer than 12: the normal 9 months (31 December 2025, not 1 January 2026)',
    incorporatedOn: '2024-04-01', start: '2024-04-01', end: '2025-03-31', due: '2025-12-31', rule: 'nine-months', first: false,
  },
  {
    why: 'a later 18-month period is not the first: the normal 9 months',
    incorporatedOn: '2024-01-10', start: '2025-02-01', end: '2026-07-31', due: '2027-04-30', rule: 'nine-months', first: false,
  },
  {
    why: 'no incorporation date known: the normal 9 months (31 October 2025)',
    start: '2024-01-10', end: '2025-01-31', due: '2025-10-31', rule: 'nine-months', first: false,
  },
];

const SHORTENED: Case[] = [
  { why: 'notice 20 June 2026 + 3 months = 20 September, before 30 September (9 months): the normal date stands', start: '2025-04-01', end: '2025-12-31', notice: '2026-06-20', due: '2026-09-30', rule: 'nine-months' },
  { why: 'notice 15 August 2026 + 3 months = 15 November, later than 30 September', start: '2025-04-01', end: '2025-12-31', notice: '2026-08-15', due: '2026-11-15', rule: 'shortened-notice' },
  { why: 'notice on 31 August, a month end: 30 November (s443(3))', start: '2025-04-01', end: '2025-12-31', notice: '2026-08-31', due: '2026-11-30', rule: 'shortened-notice' },
  { why: 'notice 29 November 2023 + 3 months = 29 February 2024, the same day as 31 May + 9 months: the normal date', start: '2022-12-01', end: '2023-05-31', notice: '2023-11-29', due: '2024-02-29', rule: 'nine-months' },
  { why: 'notice 30 November 2023 (a month end) + 3 months = 29 February 2024 in a leap year: the same day', start: '2022-12-01', end: '2023-05-31', notice: '2023-11-30', due: '2024-02-29', rule: 'nine-months' },
  { why: 'notice 1 December 2023 + 3 months = 1 March 2024, one day later than 29 February', start: '2022-12-01', end: '2023-05-31', notice: '2023-12-01', due: '2024-03-01', rule: 'shortened-notice' },
  { why: 'notice 29 November 2025: no 29 February 2026, so 28 February, the same as the normal date', start: '2024-12-01', end: '2025-05-31', notice: '2025-11-29', due: '2026-02-28', rule: 'nine-months' },
  {
    why: 'first accounts shortened: 10 October 2025 (anniversary + 9 months) gives way to the notice of 1 September + 3 months = 1 December',
    incorporatedOn: '2024-01-10', start: '2024-01-10', end: '2025-06-30', notice: '2025-09-01', due: '2025-12-01', rule: 'shortened-notice', first: true,
  },
];

describe('the accounts filing date (CA 2006 s442, s443)', () => {
  for (const [title, cases] of [['9 months after the period (s442(2)(a))', NINE_MONTHS], ['first accounts (s442(3))', FIRST_ACCOUNTS], ['shortened by notice (s442(4))', SHORTENED]] as const) {
    describe(title, () => {
      it.each(cases)('$why', (c) => {
        const due = accountsFilingDue({ start: c.start, end: c.end }, { incorporatedOn: c.incorporatedOn ?? null, shortenedByNoticeOn: c.notice ?? null });
        expect(due.filingDue).toBe(c.due);
        expect(due.rule).toBe(c.rule);
        if (c.first !== undefined) expect(due.firstAccounts).toBe(c.first);
      });
    });
  }

  it('takes the first anniversary of 29 February as 28 February, and of any other day as the same day a year on', () => {
    expect(firstAnniversary('2024-02-29')).toBe('2025-02-28');
    expect(firstAnniversary('2024-02-28')).toBe('2025-02-28');
    expect(firstAnniversary('2023-12-31')).toBe('2024-12-31');
  });
});

type PenaltyCase = { due: string; delivered: string; pounds: number; doubled?: boolean };

const PENALTIES: PenaltyCase[] = [
  // Due 31 December 2025: 1 month on is 31 January, 3 months 31 March, 6 months 30 June.
  { due: '2025-12-31', delivered: '2025-12-31', pounds: 0 },
  { due: '2025-12-31', delivered: '2025-11-01', pounds: 0 },
  { due: '2025-12-31', delivered: '2026-01-01', pounds: 150 },
  { due: '2025-12-31', delivered: '2026-01-31', pounds: 150 },
  { due: '2025-12-31', delivered: '2026-02-01', pounds: 375 },
  { due: '2025-12-31', delivered: '2026-03-31', pounds: 375 },
  { due: '2025-12-31', delivered: '2026-04-01', pounds: 750 },
  { due: '2025-12-31', delivered: '2026-06-30', pounds: 750 },
  { due: '2025-12-31', delivered: '2026-07-01', pounds: 1500 },
  { due: '2025-12-31', delivered: '2030-01-01', pounds: 1500 },
  // Doubled: the previous year's accounts were also late.
  { due: '2025-12-31', delivered: '2026-01-01', pounds: 300, doubled: true },
  { due: '2025-12-31', delivered: '2026-02-01', pounds: 750, doubled: true },
  { due: '2025-12-31', delivered: '2026-04-01', pounds: 1500, doubled: true },
  { due: '2025-12-31', delivered: '2026-07-01', pounds: 3000, doubled: true },
  { due: '2025-12-31', delivered: '2025-12-31', pounds: 0, doubled: true },
  // Due 30 September (a month end): 1 month on is 31 October (s443), 3 months 31 December, 6 months 31 March.
  { due: '2025-09-30', delivered: '2025-10-31', pounds: 150 },
  { due: '2025-09-30', delivered: '2025-11-01', pounds: 375 },
  { due: '2025-09-30', delivered: '2025-12-31', pounds: 375 },
  { due: '2025-09-30', delivered: '2026-01-01', pounds: 750 },
  { due: '2025-09-30', delivered: '2026-03-31', pounds: 750 },
  { due: '2025-09-30', delivered: '2026-04-01', pounds: 1500 },
  // Due 29 November 2025 (not a month end): 29 December, then 28 February 2026 (no 29th), then 29 May.
  { due: '2025-11-29', delivered: '2025-12-29', pounds: 150 },
  { due: '2025-11-29', delivered: '2025-12-30', pounds: 375 },
  { due: '2025-11-29', delivered: '2026-02-28', pounds: 375 },
  { due: '2025-11-29', delivered: '2026-03-01', pounds: 750 },
  { due: '2025-11-29', delivered: '2026-05-29', pounds: 750 },
  { due: '2025-11-29', delivered: '2026-05-30', pounds: 1500 },
  // Due 29 February 2024 (leap year, a month end): 31 March, 31 May, 31 August.
  { due: '2024-02-29', delivered: '2024-03-31', pounds: 150 },
  { due: '2024-02-29', delivered: '2024-04-01', pounds: 375 },
  { due: '2024-02-29', delivered: '2024-05-31', pounds: 375 },
  { due: '2024-02-29', delivered: '2024-06-01', pounds: 750 },
  { due: '2024-02-29', delivered: '2024-08-31', pounds: 750 },
  { due: '2024-02-29', delivered: '2024-09-01', pounds: 1500 },
];

describe('the late filing penalty (s453, SI 2008/497)', () => {
  it.each(PENALTIES)('due $due, delivered $delivered, previous year late $doubled: £$pounds', (c) => {
    const penalty = accountsLatePenalty(c.due, c.delivered, c.doubled === true);
    expect(penalty.pounds).toBe(c.pounds);
    expect(penalty.doubled).toBe(c.pounds > 0 && c.doubled === true);
  });

  it('names the band in words', () => {
    expect(accountsLatePenalty('2025-12-31', '2026-02-01', false).band).toBe('more than 1 month and not more than 3 months late');
    expect(accountsLatePenalty('2025-12-31', '2025-12-01', false).band).toBe('');
  });

  it('says when the penalty for accounts not yet delivered next rises', () => {
    expect(nextAccountsPenalty('2025-12-31', '2025-12-15', false)).toEqual({ from: '2026-01-01', pounds: 150 });
    expect(nextAccountsPenalty('2025-12-31', '2025-12-31', false)).toEqual({ from: '2026-01-01', pounds: 150 });
    expect(nextAccountsPenalty('2025-12-31', '2026-01-31', false)).toEqual({ from: '2026-02-01', pounds: 375 });
    expect(nextAccountsPenalty('2025-12-31', '2026-03-31', true)).toEqual({ from: '2026-04-01', pounds: 1500 });
    expect(nextAccountsPenalty('2025-12-31', '2026-05-15', false)).toEqual({ from: '2026-07-01', pounds: 1500 });
    expect(nextAccountsPenalty('2025-12-31', '2026-07-01', false)).toBeNull();
  });
});
