/**
 * What the Deadlines screen shows of each row, in the words of the screen:
 * the filters, the group headings, the days left or late, the penalty and
 * the next step. Pure, so the screen's tests and the benchmark use it as is.
 */
import type { AccountsDeadlineRow, DeadlineRow } from '../../../../preload/contract.js';
import { DEADLINE_KIND_LABELS } from '../../../../main/engine/deadlines/exports.js';
import { formatMoney, formatRate, formatWholePounds, ukDate } from '../../format/index.js';

export type WorkState = DeadlineRow['state'];
export type Group = DeadlineRow['group'];

export const stateLabels: Record<WorkState, string> = {
  'not-started': 'Not started',
  draft: 'Draft',
  built: 'Built',
  filed: 'Filed',
  accepted: 'Accepted',
};

export const groupHeadings: Record<Group, string> = {
  overdue: 'Overdue',
  soon: 'Due in the next 90 days',
  later: 'Due later',
  done: 'Filed',
};

/** Each kind of deadline as the screen names it. */
export const kindLabels: Record<DeadlineRow['kind'], string> = DEADLINE_KIND_LABELS;

export interface DeadlineFilter {
  query: string;
  /** '' for both kinds: Company Tax Returns and accounts to Companies House. */
  kind: DeadlineRow['kind'] | '';
  /** '' for every state. */
  state: WorkState | '';
  /** '' for every client. */
  clientId: string;
  /** Filing date, earliest first (within each group) or latest first. */
  order: 'earliest' | 'latest';
}

export const NO_FILTER: DeadlineFilter = { query: '', kind: '', state: '', clientId: '', order: 'earliest' };

const key = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** One item of the virtual list: a group heading or a row. */
export type ListItem = { kind: 'heading'; group: Group; count: number } | { kind: 'row'; row: DeadlineRow };

const GROUPS: Group[] = ['overdue', 'soon', 'later', 'done'];

/** The rows the filters keep, under their group headings, in the chosen order. */
export function listItems(rows: readonly DeadlineRow[], filter: DeadlineFilter): { items: ListItem[]; shown: DeadlineRow[] } {
  const q = key(filter.query);
  const shown = rows.filter(
    (r) =>
      (filter.kind === '' || r.kind === filter.kind) &&
      (filter.state === '' || r.state === filter.state) &&
      (filter.clientId === '' || r.clientId === filter.clientId) &&
      (q === '' || key(r.name).includes(q) || r.utr.includes(q) || (r.kind === 'accounts' && key(r.companyNumber).includes(q))),
  );
  const items: ListItem[] = [];
  const ordered: DeadlineRow[] = [];
  for (const group of GROUPS) {
    // Main's order is earliest first within a group; latest first is its reverse.
    const inGroup = shown.filter((r) => r.group === group);
    if (filter.order === 'latest') inGroup.reverse();
    if (inGroup.length === 0) continue;
    items.push({ kind: 'heading', group, count: inGroup.length });
    for (const row of inGroup) items.push({ kind: 'row', row });
    ordered.push(...inGroup);
  }
  return { items, shown: ordered };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "12 days left", "Due today", "5 days late", or when it was filed. */
export function daysWords(row: DeadlineRow): string {
  if (row.state === 'filed' || row.state === 'accepted') return row.filedOn ? `Filed ${ukDate(row.filedOn)}` : 'Filed';
  if (row.daysLeft === 0) return 'Due today';
  return row.daysLeft > 0 ? `${plural(row.daysLeft, 'day')} left` : `${plural(-row.daysLeft, 'day')} late`;
}

/** "£200 penalty" or "£200 + 10% of the tax unpaid"; '' when nothing is due. */
export function penaltyWords(row: DeadlineRow): string {
  const parts: string[] = [];
  if (row.penalty.flat > 0) parts.push(formatWholePounds(row.penalty.flat));
  if (row.penalty.percentOfUnpaidTax > 0) parts.push(`${row.penalty.percentOfUnpaidTax}% of the tax unpaid`);
  if (parts.length === 0) return '';
  if (row.kind === 'accounts') {
    const soFar = row.state === 'accepted' || row.state === 'filed' ? '' : ' so far';
    return `Penalty ${parts[0]}${soFar} (${row.penaltyBand}${row.penaltyDoubled ? ', doubled as last year’s accounts were also late' : ''})`;
  }
  return `Penalty ${parts.join(' + ')}`;
}

/**
 * Why the accounts are due when they are, when it is not the plain 9 months
 * after the period: the first accounts' rule or a notice shortening the
 * period (CA 2006 s442(3), (4)); '' otherwise.
 */
export function accountsRuleWords(row: AccountsDeadlineRow): string {
  switch (row.rule) {
    case 'first-accounts-anniversary':
      return 'First accounts: due 9 months after the first anniversary of incorporation (s442(3))';
    case 'first-accounts-three-months':
      return 'First accounts: due 3 months after the period ends (s442(3))';
    case 'shortened-notice':
      return `Period shortened by notice (AA01) given ${ukDate(row.shortenedByNoticeOn!)}: due 3 months after it (s442(4))`;
    default:
      return '';
  }
}

/**
 * The tax side of a row: "Paid 11 October 2026", and the late-payment interest
 * so far on box 525 with the rate in force ("Interest so far £147.78 at
 * 7.75% on tax of £12,000.00"); '' when no tax is known and nothing is paid.
 */
export function taxWords(row: DeadlineRow): string {
  if (row.kind !== 'ct600') return '';
  const parts: string[] = [];
  if (row.paidOn) parts.push(`Paid ${ukDate(row.paidOn)}`);
  const interest = row.interest;
  if (interest && row.taxPayablePence !== null) {
    const tax = formatMoney(row.taxPayablePence, 'pence');
    if (interest.rateBasisPoints !== null) {
      const rate = formatRate((interest.rateBasisPoints / 100).toFixed(2));
      parts.push(`${row.paidOn ? 'Interest' : 'Interest so far'} ${formatMoney(interest.pence, 'pence')} at ${rate} on tax of ${tax}`);
    } else if (!row.paidOn) parts.push(`Tax ${tax} (box 525)`);
  }
  return parts.join(' · ');
}

/**
 * The s455 tax on loans to participators the return carries (box 480, part of
 * box 525): "s455 tax £3,375.00 (box 480) due 1 January 2026, interest so
 * far £21.40"; '' when the return has none.
 */
export function s455Words(row: DeadlineRow): string {
  if (row.kind !== 'ct600') return '';
  const s = row.s455;
  if (!s) return '';
  const interest = s.interestPence !== null && row.interest?.rateBasisPoints != null ? `, ${row.paidOn ? 'interest' : 'interest so far'} ${formatMoney(s.interestPence, 'pence')} of the above` : '';
  return `s455 tax on loans to participators ${formatMoney(s.pence, 'pence')} (box 480, in box 525) due ${ukDate(s.paymentDue)}${interest}`;
}

export type NextStep = { action: 'start' | 'continue' | 'file'; label: string } | null;

/** What the bookkeeper does next for this return. Accounts are prepared and filed from the client's accounts, not from here. */
export function nextStep(row: DeadlineRow): NextStep {
  if (row.kind === 'accounts') return null;
  if (row.state === 'not-started') return { action: 'start', label: 'Start the return' };
  if (row.state === 'draft') return { action: 'continue', label: 'Continue' };
  if (row.state === 'built') return { action: 'file', label: 'File' };
  return null;
}

/** What the row says where it has no button: accounts still to deliver are not "nothing to do". */
export function noStepWords(row: DeadlineRow): string {
  if (row.kind === 'accounts' && row.state !== 'filed' && row.state !== 'accepted') return 'Deliver to Companies House';
  return 'Nothing to do';
}

/** The overdue count for the sidebar. */
export const overdueCount = (rows: readonly DeadlineRow[]) => rows.filter((r) => r.group === 'overdue').length;
