/**
 * Loans to participators (the CT600A) as the window keeps them: each
 * participator's loan account as typed (so a reload shows what was on
 * screen), and the computation input's `loansToParticipators` section made
 * from it. The window numbers loans, loans brought forward and repayments
 * across all the accounts in the order they are shown, the order the input
 * lists them in, so an engine field path ("loansToParticipators.loans[2].date")
 * names the field on screen. The rules are the engine's
 * (main/engine/computation/loans-to-participators/): the window only turns
 * text into figures and dates.
 */
import type { DateText } from '../date-text.js';
import { parseDateText, parseMoney } from '../typed-answers.js';

/** `credit`: a dividend, salary or bonus credited to the participator's account (taxed as income, so outside the 30-day rule). */
export type RepaymentKind = 'repayment' | 'credit' | 'release';
export const REPAYMENT_KINDS: readonly RepaymentKind[] = ['repayment', 'credit', 'release'];

export interface LoanRow {
  id: string;
  date: DateText;
  amount: string;
}

/** A loan made in an earlier period and still outstanding at the start of this one. */
export interface BroughtForwardRow {
  id: string;
  loanDate: DateText;
  /** The end of the period the loan was made in. */
  periodEnd: DateText;
  amount: string;
}

export interface RepaymentRow {
  id: string;
  date: DateText;
  amount: string;
  kind: RepaymentKind | '';
}

/** One participator's loan account (a director's loan account, usually). */
export interface ParticipatorAccount {
  id: string;
  name: string;
  loans: LoanRow[];
  broughtForward: BroughtForwardRow[];
  repayments: RepaymentRow[];
}

export interface LoansForm {
  accounts: ParticipatorAccount[];
  /** The day the return will be filed; empty: today (relief for a later repayment can be due by then, CTA 2010 s458(5)). */
  filedOn: DateText;
  /** Where the loans brought forward came from, when they came from the client's previous return. */
  broughtForwardFrom?: { title: string; periodFrom: string; periodTo: string };
}

const emptyDate = (): DateText => ({ day: '', month: '', year: '' });
export const emptyLoans = (): LoansForm => ({ accounts: [], filedOn: emptyDate() });
export const emptyAccount = (id: string): ParticipatorAccount => ({ id, name: '', loans: [], broughtForward: [], repayments: [] });

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const dateOf = (v: unknown): DateText => ({ day: str(obj(v).day), month: str(obj(v).month), year: str(obj(v).year) });
const rows = <T>(v: unknown, each: (o: Record<string, unknown>, i: number) => T): T[] => (Array.isArray(v) ? v.map((x, i) => each(obj(x), i)) : []);
const rowId = (o: Record<string, unknown>, prefix: string, i: number) => str(o.id) || `${prefix}-${i}`;

/** Stored loans, tolerant of anything missing (undefined when the draft has none). */
export function loansFromStored(stored: unknown): LoansForm | undefined {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
  const o = obj(stored);
  const form: LoansForm = {
    accounts: rows(o.accounts, (a, i) => {
      const id = rowId(a, 'participator', i);
      return {
        id,
        name: str(a.name),
        loans: rows(a.loans, (r, j) => ({ id: rowId(r, `${id}-loan`, j), date: dateOf(r.date), amount: str(r.amount) })),
        broughtForward: rows(a.broughtForward, (r, j) => ({ id: rowId(r, `${id}-bf`, j), loanDate: dateOf(r.loanDate), periodEnd: dateOf(r.periodEnd), amount: str(r.amount) })),
        repayments: rows(a.repayments, (r, j) => ({ id: rowId(r, `${id}-repaid`, j), date: dateOf(r.date), amount: str(r.amount), kind: REPAYMENT_KINDS.find((k) => k === r.kind) ?? '' })),
      };
    }),
    filedOn: dateOf(o.filedOn),
  };
  const from = obj(o.broughtForwardFrom);
  if (str(from.title) && str(from.periodTo)) form.broughtForwardFrom = { title: str(from.title), periodFrom: str(from.periodFrom), periodTo: str(from.periodTo) };
  return form;
}

const blankDate = (d: DateText) => !d.day.trim() && !d.month.trim() && !d.year.trim();

/** Whether anything is typed: an account, or a filing date. */
export function loansStarted(loans: LoansForm | undefined): boolean {
  return !!loans && (loans.accounts.length > 0 || !blankDate(loans.filedOn));
}

export const LOANS = 'loansToParticipators';

/** Where each row of each account sits in the input's lists: the numbers engine paths and element ids use. */
export interface RowNumbers {
  loans: number[][];
  broughtForward: number[][];
  repayments: number[][];
}

export function rowNumbers(loans: LoansForm): RowNumbers {
  const numbers: RowNumbers = { loans: [], broughtForward: [], repayments: [] };
  for (const list of ['loans', 'broughtForward', 'repayments'] as const) {
    let k = 0;
    numbers[list] = loans.accounts.map((a) => a[list].map(() => k++));
  }
  return numbers;
}

/** The path of an account's name field, a window check the engine never sees (rows carry the name instead). */
export const accountNamePath = (i: number) => `${LOANS}.accounts[${i}].name`;

/**
 * The computation input's `loansToParticipators`, and the text that is no
 * figure or date (by engine field path). Undefined when nothing is typed: a
 * return without a CT600A sends no section at all.
 */
export function toLoansInput(loans: LoansForm | undefined): { input?: Record<string, unknown>; errors: Map<string, string> } {
  const errors = new Map<string, string>();
  if (!loans || !loansStarted(loans)) return { errors };
  const money = (text: string, path: string): number | null => {
    const p = parseMoney(text);
    if (!p.ok) errors.set(path, p.message);
    return p.ok ? p.value ?? null : null;
  };
  const date = (d: DateText, path: string): string | null => {
    const p = parseDateText(d);
    if (!p.ok) errors.set(path, p.message);
    return p.ok ? p.value ?? null : null;
  };
  const input: Record<string, unknown> = { loans: [], broughtForward: [], repayments: [] };
  const filedOn = date(loans.filedOn, `${LOANS}.filedOn`);
  if (filedOn) input.filedOn = filedOn;
  const lists = { loans: [] as unknown[], broughtForward: [] as unknown[], repayments: [] as unknown[] };
  loans.accounts.forEach((a, i) => {
    const participator = a.name.trim();
    if (!participator && (a.loans.length || a.broughtForward.length || a.repayments.length)) errors.set(accountNamePath(i), 'is required: the participator’s name, as the CT600A lists it');
    for (const r of a.loans) {
      const at = `${LOANS}.loans[${lists.loans.length}]`;
      lists.loans.push({ participator, date: date(r.date, `${at}.date`), amount: money(r.amount, `${at}.amount`) });
    }
    for (const r of a.broughtForward) {
      const at = `${LOANS}.broughtForward[${lists.broughtForward.length}]`;
      lists.broughtForward.push({ participator, loanDate: date(r.loanDate, `${at}.loanDate`), periodEnd: date(r.periodEnd, `${at}.periodEnd`), amount: money(r.amount, `${at}.amount`) });
    }
    for (const r of a.repayments) {
      const at = `${LOANS}.repayments[${lists.repayments.length}]`;
      lists.repayments.push({ participator, date: date(r.date, `${at}.date`), amount: money(r.amount, `${at}.amount`), kind: r.kind || null });
    }
  });
  return { input: { ...input, ...lists }, errors };
}

/**
 * Box 480 the return carries, in pence: the computation's s455 tax, a
 * request field of the return once its figures are the computation's (as
 * form-request.ts adds them); 0 without it.
 */
export function s455OnReturn(form: { computedRequestFields?: Record<string, unknown>; fromComputation?: Record<string, true> }): number {
  if (!form.computedRequestFields || Object.keys(form.fromComputation ?? {}).length === 0) return 0;
  const box = form.computedRequestFields.loansToParticipators as { value?: unknown } | undefined;
  return typeof box?.value === 'number' && Number.isFinite(box.value) ? Math.round(box.value * 100) : 0;
}

const LIST_WORDS = { loans: 'Loan', broughtForward: 'Loan brought forward', repayments: 'Repayment' } as const;
const FIELD_WORDS: Record<string, string> = {
  date: 'date',
  amount: 'amount',
  loanDate: 'date the loan was made',
  periodEnd: 'end of the period it was made in',
  kind: 'how it was repaid',
  participator: 'participator’s name',
};

/** A loans field as the window names it ("loan 2, amount"), for lists of what is still needed; undefined for another path. */
export function loansFieldWords(path: string): string | undefined {
  if (path === `${LOANS}.filedOn`) return 'the day the return will be filed';
  if (/^loansToParticipators\.accounts\[\d+\]\.name$/.test(path)) return `participator ${Number(/\[(\d+)\]/.exec(path)![1]) + 1}'s name`;
  const m = /^loansToParticipators\.(loans|broughtForward|repayments)\[(\d+)\]\.?(\w*)$/.exec(path);
  if (!m) return path === LOANS || path.startsWith(`${LOANS}.`) ? 'loans to participators' : undefined;
  return `${LIST_WORDS[m[1] as keyof typeof LIST_WORDS].toLowerCase()} ${Number(m[2]) + 1}${m[3] ? `, ${FIELD_WORDS[m[3]] ?? m[3]}` : ''}`;
}

/**
 * Where an error summary link goes for a loans path: the field itself, or for
 * the participator's name a row carries (the name is typed once, above its
 * account's rows), the row's first field just under it; undefined for another path.
 */
export function loansSummaryTarget(path: string): string | undefined {
  const m = /^loansToParticipators\.(loans|broughtForward|repayments)\[(\d+)\]\.participator$/.exec(path);
  if (!m) return undefined;
  return `computation-${LOANS}-${m[1]}-${m[2]}-${m[1] === 'broughtForward' ? 'loanDate' : 'date'}`;
}

/** An engine message on a loans field in the window's words ("Loan 2, amount: must be …"); undefined for another path. */
export function loansMessage(path: string, message: string): string | undefined {
  const words = loansFieldWords(path);
  if (words === undefined) return undefined;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${message}`;
}
