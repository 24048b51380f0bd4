/**
 * The Deadlines list as files: CSV for a spreadsheet and iCalendar (RFC 5545)
 * for Outlook and Apple Calendar. Dates are ISO in the CSV (a spreadsheet
 * reads them as dates in any locale) and all-day events in the calendar.
 */
import { addDays, type IsoDate } from './calendar.js';
import type { DeadlineRow } from './all-rows.js';
import type { AccountsDeadlineRow } from './accounts-list.js';
import { csvCell } from '../csv-cell.js';

const CSV_HEADER = [
  'name',
  'utr',
  'periodStart',
  'periodEnd',
  'filingDue',
  'paymentDue',
  'instalments',
  'state',
  'daysLeft',
  'filedOn',
  'penaltyPounds',
  'penaltyPercentOfUnpaidTax',
  'noticeServedOn',
  'taxPayable',
  'paidOn',
  'interestSoFar',
  'interestRate',
  'deadline',
  'companyNumber',
];

/** Each kind of deadline in the exports' words. */
export const DEADLINE_KIND_LABELS = { ct600: 'Company Tax Return', accounts: 'Accounts to Companies House' } as const;

/** Whole pence as pounds in the machine form files keep: 123456 → "1234.56". */
export function penceAsPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points as a percentage: 775 → "7.75". */
export function basisPointsAsPercent(bp: number): string {
  return (bp / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** The rows as CSV: a header row, one accounting period a row, CRLF line ends (RFC 4180). */
export function deadlinesCsv(rows: readonly DeadlineRow[]): string {
  const lines = rows.map((r) => {
    // The accounts have no tax, payment date or HMRC notice: those cells are empty on their rows.
    const tax = r.kind === 'ct600' ? r : null;
    return [
      r.name,
      r.utr,
      r.periodStart,
      r.periodEnd,
      r.filingDue,
      tax?.paymentDue ?? '',
      tax?.instalments.join(' ') ?? '',
      r.state,
      String(r.daysLeft),
      r.filedOn ?? '',
      String(r.penalty.flat),
      String(r.penalty.percentOfUnpaidTax),
      tax?.noticeServedOn ?? '',
      tax?.taxPayablePence == null ? '' : penceAsPounds(tax.taxPayablePence),
      tax?.paidOn ?? '',
      tax?.interest ? penceAsPounds(tax.interest.pence) : '',
      tax?.interest?.rateBasisPoints != null ? basisPointsAsPercent(tax.interest.rateBasisPoints) : '',
      DEADLINE_KIND_LABELS[r.kind],
      r.kind === 'accounts' ? r.companyNumber : '',
    ];
  });
  return `${[CSV_HEADER, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (3.1). */
const encoder = new TextEncoder();

function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basic = (date: IsoDate) => date.replace(/-/g, '');

export interface CalendarEvent {
  uid: string;
  date: IsoDate;
  summary: string;
  description: string;
}

/** The calendar's events: each return's filing date, and its payment date (or instalment dates). */
export function deadlineEvents(rows: readonly DeadlineRow[]): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const r of rows) {
    if (r.kind === 'accounts') {
      events.push(accountsEvent(r));
      continue;
    }
    const period = `accounting period ${r.periodStart} to ${r.periodEnd}`;
    const who = `${r.name}${r.utr ? ` (UTR ${r.utr})` : ''}`;
    const key = `${r.clientId}-${r.periodStart}`;
    events.push({
      uid: `${key}-filing@filing-desk`,
      date: r.filingDue,
      summary: `Company Tax Return due: ${r.name}`,
      description: `${who}: the CT600 return for the ${period} is due with HMRC by this day. A return delivered later pays a £${r.latePenaltyPounds.toLocaleString('en-GB')} penalty from the next day, and as much again when more than 3 months late.`,
    });
    if (r.instalments.length > 0) {
      r.instalments.forEach((date, i) =>
        events.push({
          uid: `${key}-instalment-${i + 1}@filing-desk`,
          date,
          summary: `Corporation Tax instalment ${i + 1} of ${r.instalments.length} due: ${r.name}`,
          description: `${who}: quarterly instalment payment for the ${period}.`,
        }),
      );
    } else {
      events.push({
        uid: `${key}-payment@filing-desk`,
        date: r.paymentDue,
        summary: `Corporation Tax payment due: ${r.name}`,
        description: `${who}: Corporation Tax for the ${period} is due by this day (9 months and 1 day after the period ends); interest runs on tax paid later.`,
      });
    }
  }
  return events;
}

/** The accounts' filing date at Companies House, with the penalty a set delivered the next day pays. */
function accountsEvent(r: AccountsDeadlineRow): CalendarEvent {
  const doubled = r.penaltyDoubled ? ', doubled as last year’s accounts were also late' : '';
  return {
    uid: `${r.clientId}-${r.periodStart}-accounts@filing-desk`,
    date: r.filingDue,
    summary: `Accounts due at Companies House: ${r.name}`,
    description: `${r.name} (company ${r.companyNumber}): the accounts for the period ${r.periodStart} to ${r.periodEnd} are due at Companies House by this day. Accounts delivered later pay a £${r.latePenaltyPounds.toLocaleString('en-GB')} penalty from the next day${doubled}, rising the more months late they are.`,
  };
}

/** An iCalendar file of all-day events; `stamp` is when it was made (DTSTAMP, UTC). */
export function deadlinesIcs(rows: readonly DeadlineRow[], stamp: Date): string {
  const dtstamp = stamp.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Filing Desk//Deadlines//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Filing Desk deadlines'];
  for (const e of deadlineEvents(rows)) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${basic(e.date)}`,
      `DTEND;VALUE=DATE:${basic(addDays(e.date, 1))}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(e.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
