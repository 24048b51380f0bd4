/**
 * The firm's deadlines: one row per client and accounting period, with the
 * state of the work, the days left (or late), the penalty already due and the
 * next step. Pure, so the window, the command line and the benchmark compute
 * the same list from the same book.
 */
import { compareIso, daysBetween, type IsoDate } from './calendar.js';
import { clientPeriods } from './client-periods.js';
import { accountingPeriodDeadlines, accountingPeriods, penaltyDue, type AccountingPeriodDeadlines, type InstalmentSize, type Period, type PenaltyDue } from './deadline-rules.js';
import { lateInterest, type TaxPayment } from './late-payment-interest.js';

/** How far the work on a return has got, in the order it goes. */
export type WorkState = 'not-started' | 'draft' | 'built' | 'filed' | 'accepted';

/** Overdue (not filed, filing date passed), due in the next 90 days, due later, or filed and past. */
export type DeadlineGroup = 'overdue' | 'soon' | 'later' | 'done';
export const SOON_DAYS = 90;

export interface DeadlinePeriodInput extends Period {
  /** When the return(s) for this period of account were delivered, if they were. */
  filedOn?: IsoDate | null;
  /** HMRC accepted them. */
  accepted?: boolean;
  /** The day HMRC served a notice to deliver the return(s) late, which can move the filing date (FA 1998 Sch 18 para 14(1)(c)). */
  noticeServedOn?: IsoDate | null;
  /**
   * Corporation tax paid for the period. A period of account of several
   * accounting periods pays the first one's tax first, then the next.
   */
  payments?: readonly TaxPayment[];
  /** When the accounts for this period were delivered to Companies House, if they were. */
  accountsDeliveredOn?: IsoDate | null;
  /** The day notice (AA01) shortening this accounting reference period was given (CA 2006 s442(4)). */
  shortenedByNoticeOn?: IsoDate | null;
}

export interface DeadlineClientInput {
  id: string;
  name: string;
  utr: string;
  /** Usual period end "MM-DD", or ''. */
  usualPeriodEnd: string;
  instalments?: InstalmentSize | null;
  /** The two returns before the first period in the book were delivered late (for the third-late-return-in-a-row amounts). */
  lateTwiceBefore?: boolean;
  periods: readonly DeadlinePeriodInput[];
  /**
   * The accounting periods the app holds a return for (a CT600 draft, a built
   * return or a submission to HMRC), by the return's own dates: each one HMRC
   * has not accepted is listed whatever its age (client-periods.ts).
   */
  work?: readonly Period[];
  /** False for a company no client in the book has: it is known only from a draft or a submission, and listed by the name and UTR in it. */
  inBook?: boolean;
  /** The Companies House registration number; '' or absent: the client delivers no accounts there (accounts-list.ts). */
  companyNumber?: string;
  /** The day the company was incorporated: its first accounting reference period starts then (CA 2006 s391(5), s442(3)). */
  incorporatedOn?: IsoDate | null;
  /** The accounts for the financial year before the first period in the book were delivered late (the penalty doubles, SI 2008/497). */
  accountsLateBefore?: boolean;
  /** The periods the app holds accounts for (a draft or a filing to Companies House), listed until delivered. */
  accountsWork?: readonly Period[];
}

/**
 * How far the return of one accounting period has got in the app: its draft,
 * and the day HMRC accepted it live (from the submission records), which
 * makes the period filed and accepted without anyone typing it into the book.
 */
export type DraftProgress = (
  clientId: string,
  period: Period,
) =>
  | {
      state: 'draft' | 'built';
      draftId: string | null;
      acceptedOn?: IsoDate;
      /** Box 525 of the latest build (or the return filed), in pence. */
      taxPayablePence?: number | null;
      /** Box 480 of the same return: the s455 tax on loans to participators, part of box 525. */
      s455Pence?: number | null;
    }
  | undefined;

/** Late-payment interest on a row's tax, worked out to today or to the day the tax was paid. */
export interface RowInterest {
  /** Interest so far, in pence. */
  pence: number;
  /** The rate in force on the last day counted, in basis points (775 is 7.75%); null before interest starts. */
  rateBasisPoints: number | null;
  /** The last day counted: today, or the day the tax was paid in full. */
  to: IsoDate;
}

/** What every row of the Deadlines screen has, whichever body it is due with. */
export interface DeadlineRowBase {
  /** Stable across reloads: client, then accounting period start (and its end, for a period only a return started in the app has). */
  key: string;
  clientId: string;
  name: string;
  utr: string;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  periodOfAccount: Period;
  /** The usual period end made this period; it is not in the client book yet. */
  generated: boolean;
  /** Neither the book nor the usual period end has this period: a return started in the app for these dates does. */
  fromWork: boolean;
  /** False when the company is in no client's entry of the book (known only from a draft or a submission). */
  inBook: boolean;
  filingDue: IsoDate;
  state: WorkState;
  draftId: string | null;
  filedOn: IsoDate | null;
  /** Days from today to the filing date: negative when it has passed. */
  daysLeft: number;
  group: DeadlineGroup;
  /** The penalty, as of today when not filed, as of the day it was filed when late. */
  penalty: PenaltyDue;
  /** The flat penalty a return (or set of accounts) delivered the day after its filing date pays. */
  latePenaltyPounds: number;
  /** The flat penalty due next if it is still not delivered, with its date. */
  nextPenalty: { from: IsoDate; description: string } | null;
}

/** A Company Tax Return (CT600) due with HMRC, and its tax. */
export interface ReturnDeadlineRow extends DeadlineRowBase {
  kind: 'ct600';
  paymentDue: IsoDate;
  instalments: IsoDate[];
  instalmentSize: InstalmentSize | null;
  /** HMRC's notice to deliver the return, when it was served late (it may have moved the filing date). */
  noticeServedOn: IsoDate | null;
  /** Box 525 (tax payable) of the latest build of the return, or of the return filed, in pence; null when not known. */
  taxPayablePence: number | null;
  /** The payments recorded against this accounting period. */
  payments: TaxPayment[];
  /** The day the tax was paid in full (or, when the tax is not known, the last payment recorded); null while unpaid. */
  paidOn: IsoDate | null;
  /** Late-payment interest; null when the tax is not known or the company pays by instalments. */
  interest: RowInterest | null;
  /**
   * The s455 tax on loans to participators (box 480 of the same return),
   * part of box 525: due on the payment date with the rest (CTA 2010
   * s455(3); TMA 1970 s59D), interest as on the rest (TMA 1970 s87A). Its
   * share of the interest so far is in proportion to the tax, payments
   * meeting the whole of box 525 alike; null when the return has no box 480.
   */
  s455: { pence: number; paymentDue: IsoDate; interestPence: number | null } | null;
}

export interface DeadlineListOptions {
  today: IsoDate;
  /** Filing dates from this day (inclusive); absent: no lower limit. */
  from?: IsoDate;
  /** Filing dates up to this day (inclusive); absent: no upper limit. */
  to?: IsoDate;
  /** Overdue returns are listed whatever the window: the screen opens on what is late. */
  alwaysOverdue?: boolean;
}

const GROUP_ORDER: Record<DeadlineGroup, number> = { overdue: 0, soon: 1, later: 2, done: 3 };
/** One collator for every comparison: localeCompare with options builds one per call, 40 times slower on a firm's list. */
const byName = new Intl.Collator('en-GB', { sensitivity: 'base' });

function lateReturn(filing: IsoDate, filedOn: IsoDate | null | undefined, today: IsoDate): boolean {
  return compareIso(filedOn ?? today, filing) > 0;
}

/** Every client's accounting periods, in the order the screen shows them. */
export function deadlineRows(clients: readonly DeadlineClientInput[], progress: DraftProgress, options: DeadlineListOptions): ReturnDeadlineRow[] {
  const { today } = options;
  const rows: ReturnDeadlineRow[] = [];
  const sameDates = new Map<string, AccountingPeriodDeadlines>();
  for (const client of clients) {
    const stored = new Map(client.periods.map((p) => [`${p.start}/${p.end}`, p]));
    // Lateness of each earlier return, in order, for the "third in a row" rule.
    const lateHistory: boolean[] = client.lateTwiceBefore ? [true, true] : [];
    const instalmentSize = client.instalments ?? null;
    // A return HMRC accepted is no reason to list its period: only the unfiled ones reach back.
    const unfiled = (client.work ?? []).filter((p) => !progress(client.id, p)?.acceptedOn);
    for (const period of clientPeriods(client.periods, client.usualPeriodEnd, today, unfiled)) {
      const record = stored.get(`${period.start}/${period.end}`);
      const noticeServedOn = record?.noticeServedOn ?? null;
      // Payments still to be set against this period of account's accounting periods, oldest first.
      let unallocated: TaxPayment[] = [...(record?.payments ?? [])].sort((a, b) => compareIso(a.date, b.date));
      for (const ap of accountingPeriods(period)) {
        // Third late return in a row (FA 1998 Sch 18 para 17(3)): the two accounting periods before this one.
        const n = lateHistory.length;
        const third = n >= 2 && lateHistory[n - 1]! && lateHistory[n - 2]!;
        // Many clients share a year end (31 March, 31 December): their dates are worked out once per list.
        const cacheKey = `${ap.start}/${ap.end}/${period.start}/${period.end}/${instalmentSize ?? ''}/${third}/${noticeServedOn ?? ''}`;
        let d = sameDates.get(cacheKey);
        if (!d) sameDates.set(cacheKey, (d = accountingPeriodDeadlines(ap, period, instalmentSize, third, noticeServedOn)));
        const draft = progress(client.id, d);
        const taxPayablePence = draft?.taxPayablePence ?? null;
        const allocation = allocatePayments(unallocated, taxPayablePence);
        unallocated = allocation.rest;
        const filedOn = record?.filedOn ?? draft?.acceptedOn ?? null;
        lateHistory.push(lateReturn(d.filingDue, filedOn, today));
        const daysLeft = daysBetween(today, d.filingDue);
        const state: WorkState = record?.accepted || draft?.acceptedOn ? 'accepted' : filedOn ? 'filed' : draft?.state ?? 'not-started';
        const filed = state === 'filed' || state === 'accepted';
        const group: DeadlineGroup = daysLeft < 0 ? (filed ? 'done' : 'overdue') : daysLeft <= SOON_DAYS ? 'soon' : 'later';
        const inWindow =
          (options.from === undefined || compareIso(d.filingDue, options.from) >= 0) &&
          (options.to === undefined || compareIso(d.filingDue, options.to) <= 0);
        if (!inWindow && !(options.alwaysOverdue && group === 'overdue')) continue;
        const penalty = penaltyDue(d.penaltySteps, filed ? filedOn ?? today : today);
        const upcoming = filed ? undefined : d.penaltySteps.find((step) => compareIso(step.from, today) > 0);
        const payment = paymentState(allocation.mine, taxPayablePence, instalmentSize === null ? d.paymentDue : null, today);
        rows.push({
          kind: 'ct600',
          // A return's own dates may start on the day a listed period does: its end keeps the key unique.
          key: `${client.id}/${d.start}${period.fromWork ? `/${d.end}` : ''}`,
          clientId: client.id,
          name: client.name,
          utr: client.utr,
          periodStart: d.start,
          periodEnd: d.end,
          periodOfAccount: d.periodOfAccount,
          generated: period.generated,
          fromWork: period.fromWork,
          inBook: client.inBook !== false,
          filingDue: d.filingDue,
          paymentDue: d.paymentDue,
          instalments: d.instalments,
          instalmentSize,
          state,
          draftId: draft?.draftId ?? null,
          filedOn,
          daysLeft,
          group,
          penalty,
          latePenaltyPounds: d.penaltySteps[0]?.kind === 'flat' ? d.penaltySteps[0].amount : 0,
          nextPenalty: upcoming
            ? { from: upcoming.from, description: upcoming.kind === 'flat' ? `£${upcoming.amount}` : `${upcoming.percent}% of the tax unpaid` }
            : null,
          noticeServedOn,
          taxPayablePence,
          payments: allocation.mine,
          ...payment,
          s455: s455Of(draft?.s455Pence ?? null, taxPayablePence, d.paymentDue, payment.interest),
        });
      }
    }
  }
  return rows.sort(compareRows);
}

/**
 * The payments that pay this accounting period's tax, and those left for the
 * next one: a payment larger than what is left of this period's tax is split.
 * When the tax is not known, every remaining payment is taken as this one's.
 */
function allocatePayments(payments: readonly TaxPayment[], taxPence: number | null): { mine: TaxPayment[]; rest: TaxPayment[] } {
  if (taxPence === null) return { mine: [...payments], rest: [] };
  const mine: TaxPayment[] = [];
  const rest: TaxPayment[] = [];
  let left = taxPence;
  for (const p of payments) {
    if (left <= 0) rest.push(p);
    else if (p.pence <= left) {
      mine.push(p);
      left -= p.pence;
    } else {
      mine.push({ date: p.date, pence: left });
      rest.push({ date: p.date, pence: p.pence - left });
      left = 0;
    }
  }
  return { mine, rest };
}

/** Whether and when the tax was paid, and the interest so far (none for an instalment payer, whose rules differ). */
function paymentState(recorded: readonly TaxPayment[], taxPence: number | null, paymentDue: IsoDate | null, today: IsoDate): Pick<ReturnDeadlineRow, 'paidOn' | 'interest'> {
  // A payment dated after today (one the firm has scheduled) has not stopped anything yet.
  const payments = recorded.filter((p) => compareIso(p.date, today) <= 0);
  const paidTotal = payments.reduce((sum, p) => sum + p.pence, 0);
  const lastPayment = payments.length > 0 ? payments[payments.length - 1]!.date : null;
  if (taxPence === null) return { paidOn: lastPayment, interest: null };
  // Paid in full: on the day the last payment made it up (payments are in date order).
  const paidOn = taxPence > 0 && paidTotal >= taxPence ? lastPayment : null;
  if (paymentDue === null) return { paidOn, interest: null };
  const to = paidOn !== null && compareIso(paidOn, today) < 0 ? paidOn : today;
  const counted = lateInterest(taxPence, paymentDue, payments, to);
  return { paidOn, interest: { pence: counted.pence, rateBasisPoints: counted.rateBasisPoints, to } };
}

/** The s455 tax of a row, with its share of the interest on box 525 (which includes it). */
function s455Of(s455Pence: number | null, taxPence: number | null, paymentDue: IsoDate, interest: RowInterest | null): ReturnDeadlineRow['s455'] {
  if (s455Pence === null || s455Pence <= 0) return null;
  const share = interest && taxPence !== null && taxPence > 0 ? Math.round((interest.pence * Math.min(s455Pence, taxPence)) / taxPence) : null;
  return { pence: s455Pence, paymentDue, interestPence: share };
}

/** Overdue first (longest late first), then the next 90 days, then later, then filed; by filing date, then name. */
export function compareRows(a: DeadlineRowBase, b: DeadlineRowBase): number {
  return (
    GROUP_ORDER[a.group] - GROUP_ORDER[b.group] ||
    compareIso(a.filingDue, b.filingDue) ||
    byName.compare(a.name, b.name) ||
    compareIso(a.periodStart, b.periodStart) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}
