/**
 * The computation input's `loansToParticipators` section, exactly as `cli
 * ct600 compute` takes it:
 *
 *   { "filedOn": "YYYY-MM-DD",
 *     "loans": [ { "participator", "date", "amount" } ],
 *     "broughtForward": [ { "participator", "loanDate", "periodEnd", "amount" } ],
 *     "repayments": [ { "participator", "date", "amount", "kind": "repayment" | "credit" | "release" } ] }
 *
 * Every problem is named by its field and the rule it breaks.
 */
import type { IsoDate } from '../dates.js';
import type { Pence } from '../money.js';
import { REPAYMENT_KINDS, type LoanBroughtForward, type LoanRepayment, type LoansToParticipatorsInput, type ParticipatorLoan, type RepaymentKind } from './types.js';

/** The parts of the computation input's reader this section uses. */
export interface SectionReader {
  fail(field: string, message: string): void;
  object(value: unknown, field: string, known: readonly string[], required: boolean): Record<string, unknown> | undefined;
  text(value: unknown, field: string, what: string, required?: boolean): string | undefined;
  money(value: unknown, field: string, what: string, opts?: { required?: boolean; sign?: 'any' | 'nonNegative' | 'positive' }): Pence | undefined;
  date(value: unknown, field: string, what: string): IsoDate | undefined;
  list<T>(value: unknown, field: string, each: (item: unknown, at: string) => T | undefined): T[];
}

const S = 'loansToParticipators';

/** The participator's name goes into boxes A10, A25 and A50: HMRC's schema takes 2 to 56 characters. */
function participatorName(r: SectionReader, value: unknown, at: string): string | undefined {
  const name = r.text(value, `${at}.participator`, 'the participator’s name, as boxes A10, A25 and A50 show it');
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (trimmed.length < 2 || trimmed.length > 56) {
    r.fail(`${at}.participator`, `must be 2 to 56 characters, as HMRC's schema takes a name in boxes A10, A25 and A50; got ${trimmed.length}`);
    return undefined;
  }
  return trimmed;
}

/**
 * Reads the section against the period; `today` is the default for filedOn.
 * Returns null when the section is absent.
 */
export function parseLoansToParticipators(r: SectionReader, raw: unknown, period: { from: IsoDate; to: IsoDate } | undefined, today: IsoDate): LoansToParticipatorsInput | null {
  const o = r.object(raw, S, ['filedOn', 'loans', 'broughtForward', 'repayments'], false);
  if (!o) return null;
  let filedOn = today;
  if (o.filedOn !== undefined && o.filedOn !== null) {
    const d = r.date(o.filedOn, `${S}.filedOn`, 'the day the return will be filed');
    if (d && period && d <= period.to) r.fail(`${S}.filedOn`, `must be after the period's end (${period.to}): a return is filed once its period has ended (HMRC rule 9106); got ${d}`);
    if (d) filedOn = d;
  }
  const loans = r.list(o.loans, `${S}.loans`, (item, at): ParticipatorLoan | undefined => {
    const l = r.object(item, at, ['participator', 'date', 'amount'], true);
    if (!l) return undefined;
    const participator = participatorName(r, l.participator, at);
    const date = r.date(l.date, `${at}.date`, 'the day the loan or advance was made');
    const amount = r.money(l.amount, `${at}.amount`, 'the amount lent or advanced', { required: true, sign: 'positive' });
    if (date && period && date < period.from) {
      r.fail(`${at}.date`, `must not be before the period's start (${period.from}): a loan made in an earlier period goes in broughtForward with what is still outstanding (CTA 2010 s455(1) charges it in the period it was made); got ${date}`);
    }
    if (date && date > filedOn) r.fail(`${at}.date`, `must not be after filedOn (${filedOn}): a loan not yet made is not reported; got ${date}`);
    return participator !== undefined && date !== undefined && amount !== undefined ? { participator, date, amount } : undefined;
  });
  const broughtForward = r.list(o.broughtForward, `${S}.broughtForward`, (item, at): LoanBroughtForward | undefined => {
    const b = r.object(item, at, ['participator', 'loanDate', 'periodEnd', 'amount'], true);
    if (!b) return undefined;
    const participator = participatorName(r, b.participator, at);
    const loanDate = r.date(b.loanDate, `${at}.loanDate`, 'the day the loan was made, which sets its s455 rate');
    const periodEnd = r.date(b.periodEnd, `${at}.periodEnd`, 'the end of the accounting period the loan was made in');
    const amount = r.money(b.amount, `${at}.amount`, 'what is still outstanding at the start of this period', { required: true, sign: 'positive' });
    if (periodEnd && period && periodEnd >= period.from) r.fail(`${at}.periodEnd`, `must be before this period's start (${period.from}): a loan brought forward was made in an earlier period; got ${periodEnd}`);
    if (loanDate && periodEnd && loanDate > periodEnd) r.fail(`${at}.loanDate`, `must not be after periodEnd (${periodEnd}), the end of the period the loan was made in; got ${loanDate}`);
    return participator !== undefined && loanDate !== undefined && periodEnd !== undefined && amount !== undefined ? { participator, loanDate, periodEnd, amount } : undefined;
  });
  const repayments = r.list(o.repayments, `${S}.repayments`, (item, at): LoanRepayment | undefined => {
    const p = r.object(item, at, ['participator', 'date', 'amount', 'kind'], true);
    if (!p) return undefined;
    const participator = participatorName(r, p.participator, at);
    const date = r.date(p.date, `${at}.date`, 'the day of the repayment, credit or release');
    const amount = r.money(p.amount, `${at}.amount`, 'the amount repaid, credited or released', { required: true, sign: 'positive' });
    let kind: RepaymentKind | undefined;
    if (typeof p.kind === 'string' && (REPAYMENT_KINDS as readonly string[]).includes(p.kind)) kind = p.kind as RepaymentKind;
    else {
      r.fail(
        `${at}.kind`,
        `must be "repayment" (money paid back), "credit" (a dividend, salary or bonus credited to the participator: taxed as income, so outside s464C, CTA 2010 s464C(6)) or "release" (released or written off, s458(1)(b)); got ${JSON.stringify(p.kind)}`,
      );
    }
    if (date && period && date < period.from) r.fail(`${at}.date`, `must not be before the period's start (${period.from}): an earlier repayment is already netted in broughtForward; got ${date}`);
    if (date && date > filedOn) r.fail(`${at}.date`, `must not be after filedOn (${filedOn}): relief is given only for a repayment made (s458; HMRC rules 9884 and 9431); got ${date}`);
    return participator !== undefined && date !== undefined && amount !== undefined && kind !== undefined ? { participator, date, amount, kind } : undefined;
  });
  return { filedOn, loans, broughtForward, repayments };
}
