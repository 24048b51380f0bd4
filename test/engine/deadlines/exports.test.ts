import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { deadlineEvents, deadlineRows, deadlinesCsv, deadlinesIcs, type DeadlineClientInput } from '../../../main/engine/deadlines/index.js';

const today = '2026-11-24';
const clients: DeadlineClientInput[] = [
  { id: 'a', name: 'Smith, Jones; & Co\\Ltd', utr: '1234567890', usualPeriodEnd: '', periods: [{ start: '2024-07-01', end: '2025-06-30' }] },
  { id: 'b', name: '=HYPERLINK("x") Ltd', utr: '', usualPeriodEnd: '', instalments: 'large', periods: [{ start: '2026-04-01', end: '2027-03-31' }] },
  { id: 'c', name: 'Ünïcode Ŵidgets Limited with a rather long name that needs folding', utr: '', usualPeriodEnd: '', periods: [{ start: '2025-01-01', end: '2025-12-31' }] },
];
const rows = deadlineRows(clients, () => undefined, { today });

describe('deadline exports', () => {
  it('the iCalendar file parses with a real iCalendar parser into all-day events on the due dates', () => {
    const text = deadlinesIcs(rows, new Date('2026-11-24T09:30:00Z'));
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const got = events.map((e) => [e.summary, e.startDate.toString(), e.startDate.isDate, e.endDate.toString()]);
    expect(got).toEqual([
      ['Company Tax Return due: Smith, Jones; & Co\\Ltd', '2026-06-30', true, '2026-07-01'],
      ['Corporation Tax payment due: Smith, Jones; & Co\\Ltd', '2026-04-01', true, '2026-04-02'],
      ['Company Tax Return due: Ünïcode Ŵidgets Limited with a rather long name that needs folding', '2026-12-31', true, '2027-01-01'],
      ['Corporation Tax payment due: Ünïcode Ŵidgets Limited with a rather long name that needs folding', '2026-10-01', true, '2026-10-02'],
      ['Company Tax Return due: =HYPERLINK("x") Ltd', '2028-03-31', true, '2028-04-01'],
      ['Corporation Tax instalment 1 of 4 due: =HYPERLINK("x") Ltd', '2026-10-14', true, '2026-10-15'],
      ['Corporation Tax instalment 2 of 4 due: =HYPERLINK("x") Ltd', '2027-01-14', true, '2027-01-15'],
      ['Corporation Tax instalment 3 of 4 due: =HYPERLINK("x") Ltd', '2027-04-14', true, '2027-04-15'],
      ['Corporation Tax instalment 4 of 4 due: =HYPERLINK("x") Ltd', '2027-07-14', true, '2027-07-15'],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('the CSV has a header row, ISO dates and numbers as they are, and never lets a name run as a formula', () => {
    const csv = deadlinesCsv(rows);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('name,utr,periodStart,periodEnd,filingDue,paymentDue,instalments,state,daysLeft,filedOn,penaltyPounds,penaltyPercentOfUnpaidTax,noticeServedOn,taxPayable,paidOn,interestSoFar,interestRate,deadline,companyNumber');
    // Due 30 June 2026 (the 2026 amounts), 147 days late: £200 + £200. No tax known: no interest.
    expect(lines[1]).toBe('"Smith, Jones; & Co\\Ltd",1234567890,2024-07-01,2025-06-30,2026-06-30,2026-04-01,,not-started,-147,,400,0,,,,,,Company Tax Return,');
    expect(lines[3]).toBe(`"'=HYPERLINK(""x"") Ltd",,2026-04-01,2027-03-31,2028-03-31,2027-07-14,2026-10-14 2027-01-14 2027-04-14 2027-07-14,not-started,493,,0,0,,,,,,Company Tax Return,`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('holds the tax, the day it was paid and the interest so far in machine form', () => {
    // £12,000 due 1 October 2026, £2,000 paid 11 October; 24 November:
    // 2–11 October: 12,000 × 7.75% × 10 = 9,300; 12 October – 24 November: 10,000 × 7.75% × 44 = 34,100;
    // (9,300 + 34,100) / 365 = 118.9041… → 118.90
    const owing = deadlineRows(
      [{ id: 'e', name: 'Owing Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2025-01-01', end: '2025-12-31', payments: [{ date: '2026-10-11', pence: 200_000 }] }] }],
      () => ({ state: 'built', draftId: 'x', taxPayablePence: 1_200_000 }),
      { today },
    );
    expect(deadlinesCsv(owing).split('\r\n')[1]).toBe('Owing Ltd,,2025-01-01,2025-12-31,2026-12-31,2026-10-01,,built,37,,0,0,,12000.00,,118.90,7.75,Company Tax Return,');
  });

  it('the calendar names the late-filing penalty in force for each filing date', () => {
    const two = deadlineRows(
      [
        { id: 'm', name: 'March Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2024-04-01', end: '2025-03-31' }] },
        { id: 'a', name: 'April Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2024-05-01', end: '2025-04-30' }] },
      ],
      () => undefined,
      { today },
    );
    const filing = Object.fromEntries(deadlineEvents(two).filter((e) => e.uid.endsWith('-filing@filing-desk')).map((e) => [e.summary, e.description]));
    // Due 31 March 2026: the old £100; due 30 April 2026: £200.
    expect(filing['Company Tax Return due: March Ltd']).toContain('pays a £100 penalty from the next day');
    expect(filing['Company Tax Return due: April Ltd']).toContain('pays a £200 penalty from the next day');
  });

  it('quotes a name holding a semicolon, which a spreadsheet in a ";" locale would split into a second cell', () => {
    const one = deadlineRows([{ id: 'd', name: 'Acme;=1+1 Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2025-01-01', end: '2025-12-31' }] }], () => undefined, { today });
    expect(deadlinesCsv(one).split('\r\n')[1]!.startsWith('"Acme;=1+1 Ltd",')).toBe(true);
  });
});
