/**
 * The client's periods as the periods panel holds them: day, month and year
 * boxes as typed, turned into ISO dates to send. Main checks every rule again
 * (overlaps, lengths, filing after the end) and names the period and field;
 * its errors are shown the same way as the panel's own.
 */
import type { Client, ClientPeriod, FieldError } from '../../../../preload/contract.js';
import type { DateParts } from '../../components/DateInput.js';
import { formatDate } from '../../../../main/engine/ct600/period.js';
import { calendarDateOf, dateTextOf } from '../ct600/form.js';

export interface PaymentValues {
  date: DateParts;
  /** As the money box keeps it: "12000.00" once the box is left. */
  amount: string;
}

export interface PeriodValues {
  start: DateParts;
  end: DateParts;
  filedOn: DateParts;
  accepted: boolean;
  /** The day HMRC served its notice to deliver the return, when late; blank when not. */
  noticeServedOn: DateParts;
  payments: PaymentValues[];
  /** The day the accounts were delivered to Companies House; blank while not delivered. */
  accountsDeliveredOn: DateParts;
  /** The day notice (AA01) shortening the period was given; blank when it was not. */
  shortenedByNoticeOn: DateParts;
}

export interface PeriodsFormValues {
  periods: PeriodValues[];
  instalments: '' | 'large' | 'very-large';
  lateTwiceBefore: boolean;
  /** The day the company was incorporated; blank when not known. */
  incorporatedOn: DateParts;
  accountsLateBefore: boolean;
}

const partsOf = (iso: string | null): DateParts => (iso ? dateTextOf(iso) : { day: '', month: '', year: '' });

export const emptyPeriod = (): PeriodValues => ({ start: partsOf(null), end: partsOf(null), filedOn: partsOf(null), accepted: false, noticeServedOn: partsOf(null), payments: [], accountsDeliveredOn: partsOf(null), shortenedByNoticeOn: partsOf(null) });

export const emptyPayment = (): PaymentValues => ({ date: partsOf(null), amount: '' });

export function periodsFormOf(client: Client): PeriodsFormValues {
  return {
    periods: (client.periods ?? []).map((p) => ({
      start: partsOf(p.start),
      end: partsOf(p.end),
      filedOn: partsOf(p.filedOn),
      accepted: p.accepted,
      noticeServedOn: partsOf(p.noticeServedOn ?? null),
      payments: (p.payments ?? []).map((pay) => ({ date: partsOf(pay.date), amount: pay.amount })),
      accountsDeliveredOn: partsOf(p.accountsDeliveredOn ?? null),
      shortenedByNoticeOn: partsOf(p.shortenedByNoticeOn ?? null),
    })),
    instalments: client.instalments ?? '',
    lateTwiceBefore: client.lateTwiceBefore === true,
    incorporatedOn: partsOf(client.incorporatedOn ?? null),
    accountsLateBefore: client.accountsLateBefore === true,
  };
}

const blank = (p: DateParts) => !p.day.trim() && !p.month.trim() && !p.year.trim();

/** "1 4 2025" → "2025-04-01", or null when it is not a real date. */
function isoOf(p: DateParts): string | null {
  const date = calendarDateOf(p);
  return date ? formatDate(date) : null;
}

/** The id of one date field of one period, as the panel and the error summary use it. */
export const periodFieldId = (base: string, index: number, field: keyof ClientPeriod) => `${base}-period-${index}-${field}`;

/** The id of the incorporation date's field. */
export const incorporatedFieldId = (base: string) => `${base}-incorporated`;

/** The id of one field of one payment of one period. */
export const paymentFieldId = (base: string, index: number, payment: number, field: 'date' | 'amount') => `${base}-period-${index}-payment-${payment}-${field}`;

/** The field id an error names (details.periods.<n>.<field> or details.periods.<n>.payments.<k>.<field>), or null. */
export function fieldIdOfError(base: string, field: string): string | null {
  const payment = /^details\.periods\.(\d+)\.payments\.(\d+)\.(date|amount)$/.exec(field);
  if (payment) return paymentFieldId(base, Number(payment[1]), Number(payment[2]), payment[3] as 'date' | 'amount');
  const period = /^details\.periods\.(\d+)\.(\w+)$/.exec(field);
  if (period && period[2] !== 'payments') return periodFieldId(base, Number(period[1]), period[2] as keyof ClientPeriod);
  if (period) return `${base}-period-${period[1]}-add-payment`;
  if (field === 'details.incorporatedOn') return incorporatedFieldId(base);
  return null;
}

/** The incorporation date to send (null when blank), and its problem the panel can see itself. */
export function incorporatedOnOf(values: PeriodsFormValues): { incorporatedOn: string | null; errors: FieldError[] } {
  if (blank(values.incorporatedOn)) return { incorporatedOn: null, errors: [] };
  const incorporatedOn = isoOf(values.incorporatedOn);
  return incorporatedOn
    ? { incorporatedOn, errors: [] }
    : { incorporatedOn: null, errors: [{ field: 'details.incorporatedOn', message: 'Enter the day the company was incorporated as a real date, or leave it empty when not known' }] };
}

/** Periods to send, and the problems the panel can see itself, with fields named as main names them (details.periods.<n>.<field>). */
export function periodsOf(values: PeriodsFormValues): { periods: ClientPeriod[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const periods: ClientPeriod[] = [];
  values.periods.forEach((p, i) => {
    const add = (field: keyof ClientPeriod, message: string) => errors.push({ field: `details.periods.${i}.${field}`, message });
    const start = isoOf(p.start);
    const end = isoOf(p.end);
    const filedOn = blank(p.filedOn) ? null : isoOf(p.filedOn);
    if (!start) add('start', 'Enter the first day of the period as a real date, for example 1 4 2025');
    if (!end) add('end', 'Enter the last day of the period as a real date, for example 31 3 2026');
    if (!blank(p.filedOn) && !filedOn) add('filedOn', 'Enter the day the return was filed as a real date, or leave it empty while it is not filed');
    const noticeServedOn = blank(p.noticeServedOn) ? null : isoOf(p.noticeServedOn);
    if (!blank(p.noticeServedOn) && !noticeServedOn) add('noticeServedOn', 'Enter the day the notice was served as a real date, or leave it empty when it was not served late');
    const payments = p.payments.map((pay, k) => {
      const addPayment = (field: 'date' | 'amount', message: string) => errors.push({ field: `details.periods.${i}.payments.${k}.${field}`, message });
      const date = isoOf(pay.date);
      if (!date) addPayment('date', 'Enter the day HMRC received the payment as a real date, for example 1 10 2026');
      if (!pay.amount.trim()) addPayment('amount', 'Enter the amount paid, for example 12,000.00');
      return { date: date ?? '', amount: pay.amount.trim() };
    });
    const accountsDeliveredOn = blank(p.accountsDeliveredOn) ? null : isoOf(p.accountsDeliveredOn);
    if (!blank(p.accountsDeliveredOn) && !accountsDeliveredOn) add('accountsDeliveredOn', 'Enter the day the accounts were delivered as a real date, or leave it empty while they are not');
    const shortenedByNoticeOn = blank(p.shortenedByNoticeOn) ? null : isoOf(p.shortenedByNoticeOn);
    if (!blank(p.shortenedByNoticeOn) && !shortenedByNoticeOn) add('shortenedByNoticeOn', 'Enter the day the notice was given as a real date, or leave it empty when the period was not shortened');
    periods.push({
      start: start ?? '',
      end: end ?? '',
      filedOn,
      accepted: p.accepted,
      ...(noticeServedOn && { noticeServedOn }),
      ...(payments.length > 0 && { payments }),
      ...(accountsDeliveredOn && { accountsDeliveredOn }),
      ...(shortenedByNoticeOn && { shortenedByNoticeOn }),
    });
  });
  return { periods, errors };
}

/** "Period 2: must not be before …" for a field error from main or the panel. */
export function periodErrorText(error: FieldError): string {
  const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  const payment = /^details\.periods\.(\d+)\.payments\.(\d+)\.(date|amount)$/.exec(error.field);
  if (payment) return `Period ${Number(payment[1]) + 1}, payment ${Number(payment[2]) + 1} ${payment[3] === 'date' ? 'date' : 'amount'}: ${message}`;
  const match = /^details\.periods\.(\d+)\.(\w+)$/.exec(error.field);
  if (error.field === 'details.incorporatedOn') return `Incorporated on: ${message}`;
  if (!match) return error.message;
  const words: Record<string, string> = {
    start: 'start',
    end: 'end',
    filedOn: 'day filed',
    accepted: 'accepted',
    noticeServedOn: 'notice to deliver served',
    payments: 'payments',
    accountsDeliveredOn: 'accounts delivered to Companies House',
    shortenedByNoticeOn: 'shortened by notice (AA01)',
  };
  return `Period ${Number(match[1]) + 1}, ${words[match[2]!] ?? match[2]}: ${message}`;
}
