/**
 * The firm's accounts deadlines at Companies House: one row per client with
 * a Companies House number and period of account, beside the Company Tax
 * Returns' rows (deadline-list.ts) on the same screen, in the same groups and
 * order. The periods are the ones the CT600 rows come from (client-periods.ts),
 * and accounts started or filed in the app for other dates are listed too, so
 * accounts already late are never hidden.
 */
import { addDays, compareIso, daysBetween, type IsoDate } from './calendar.js';
import { clientPeriods } from './client-periods.js';
import { accountsFilingDue, accountsLatePenalty, nextAccountsPenalty, type AccountsDueRule } from './companies-house.js';
import { SOON_DAYS, type DeadlineClientInput, type DeadlineGroup, type DeadlineListOptions, type DeadlineRowBase, type WorkState } from './deadline-list.js';
import type { Period } from './deadline-rules.js';

/**
 * How far a period's accounts have got in the app: an accounts draft, and
 * the day Companies House accepted them live (from the filing records), which
 * makes them delivered without anyone typing it into the book.
 */
export type AccountsProgress = (clientId: string, period: Period) => { state: 'draft' | 'built'; draftId: string | null; deliveredOn?: IsoDate } | undefined;

export interface AccountsDeadlineRow extends DeadlineRowBase {
  kind: 'accounts';
  /** The Companies House registration number. */
  companyNumber: string;
  /** Which rule of s442 set the filing date. */
  rule: AccountsDueRule;
  /** The company's first accounting reference period, longer than 12 months (s442(3)). */
  firstAccounts: boolean;
  /** The day notice (AA01) shortening the period was given; null when it was not. */
  shortenedByNoticeOn: IsoDate | null;
  /** The penalty is doubled: the previous financial year's accounts were also delivered late (SI 2008/497). */
  penaltyDoubled: boolean;
  /** The penalty's band in words; '' when none is due. */
  penaltyBand: string;
}

/** Every client's accounts deadlines, in the screen's order within this kind (the caller merges the kinds). */
export function accountsDeadlineRows(clients: readonly DeadlineClientInput[], progress: AccountsProgress, options: DeadlineListOptions): AccountsDeadlineRow[] {
  const { today } = options;
  const rows: AccountsDeadlineRow[] = [];
  for (const client of clients) {
    const companyNumber = (client.companyNumber ?? '').trim();
    // Only a company on Companies House's register delivers accounts there; a club paying corporation tax does not.
    if (companyNumber === '' || client.inBook === false) continue;
    const incorporatedOn = client.incorporatedOn ?? null;
    const stored = new Map(client.periods.map((p) => [`${p.start}/${p.end}`, p]));
    const undelivered = (client.accountsWork ?? []).filter((p) => !progress(client.id, p)?.deliveredOn);
    let previousLate = client.accountsLateBefore === true;
    for (const period of clientPeriods(client.periods, client.usualPeriodEnd, today, undelivered)) {
      // A period the usual end made up before the company existed has no accounts.
      if (incorporatedOn !== null && compareIso(period.end, incorporatedOn) < 0) continue;
      const record = stored.get(`${period.start}/${period.end}`);
      const shortenedByNoticeOn = record?.shortenedByNoticeOn ?? null;
      const due = accountsFilingDue(period, { incorporatedOn, shortenedByNoticeOn });
      const work = progress(client.id, period);
      const filedOn = record?.accountsDeliveredOn ?? work?.deliveredOn ?? null;
      const state: WorkState = filedOn ? 'accepted' : (work?.state ?? 'not-started');
      const filed = filedOn !== null;
      const daysLeft = daysBetween(today, due.filingDue);
      const group: DeadlineGroup = daysLeft < 0 ? (filed ? 'done' : 'overdue') : daysLeft <= SOON_DAYS ? 'soon' : 'later';
      const penalty = accountsLatePenalty(due.filingDue, filedOn ?? today, previousLate);
      const next = filed ? null : nextAccountsPenalty(due.filingDue, today, previousLate);
      const doubled = previousLate;
      // Late two years running (SI 2008/497): this period's lateness doubles the next one's penalty.
      previousLate = compareIso(filedOn ?? today, due.filingDue) > 0;
      const inWindow =
        (options.from === undefined || compareIso(due.filingDue, options.from) >= 0) && (options.to === undefined || compareIso(due.filingDue, options.to) <= 0);
      if (!inWindow && !(options.alwaysOverdue && group === 'overdue')) continue;
      rows.push({
        kind: 'accounts',
        key: `${client.id}/accounts/${period.start}/${period.end}`,
        clientId: client.id,
        name: client.name,
        utr: client.utr,
        companyNumber,
        periodStart: period.start,
        periodEnd: period.end,
        periodOfAccount: { start: period.start, end: period.end },
        generated: period.generated,
        fromWork: period.fromWork,
        inBook: true,
        filingDue: due.filingDue,
        rule: due.rule,
        firstAccounts: due.firstAccounts,
        shortenedByNoticeOn,
        state,
        draftId: work?.draftId ?? null,
        filedOn,
        daysLeft,
        group,
        penalty: { flat: penalty.pounds, percentOfUnpaidTax: 0 },
        penaltyDoubled: doubled,
        penaltyBand: penalty.band,
        latePenaltyPounds: accountsLatePenalty(due.filingDue, addDays(due.filingDue, 1), doubled).pounds,
        nextPenalty: next ? { from: next.from, description: `£${next.pounds.toLocaleString('en-GB')}` } : null,
      });
    }
  }
  return rows;
}
