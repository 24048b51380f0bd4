/**
 * Each participator's loan account, as the bookkeeper has it from the
 * director's loan account in the ledger: the loans made in the period (and
 * after its end, which count only for the 30-day rule), what was still owed
 * from earlier periods at its start, and each repayment, credit or release
 * with its date. Every field is labelled with the row's number, which is the
 * number the engine's messages give it (loans-form.ts).
 */
import { DateInput } from '../../../components/DateInput.js';
import { SelectField, TextField } from '../../../components/Field.js';
import { MoneyInput } from '../../../components/MoneyInput.js';
import type { DateText } from '../date-text.js';
import { elementIdOf } from '../computation-form.js';
import { newId, useComputationForm } from '../computation-step-parts.js';
import { accountNamePath, emptyAccount, emptyLoans, LOANS, rowNumbers, type BroughtForwardRow, type LoanRow, type LoansForm, type ParticipatorAccount, type RepaymentKind, type RepaymentRow } from './loans-form.js';

const KIND_OPTIONS: { value: RepaymentKind; label: string }[] = [
  { value: 'repayment', label: 'Repaid in money' },
  { value: 'credit', label: 'A dividend, salary or bonus credited to the account' },
  { value: 'release', label: 'Released or written off' },
];

const noDate = (): DateText => ({ day: '', month: '', year: '' });

/** The loans part of the form, with a setter that keeps the rest of the form as it is. */
export function useLoansForm() {
  const { ctx, error } = useComputationForm();
  const loans = ctx.form.loans ?? emptyLoans();
  const set = (change: (l: LoansForm) => LoansForm) => ctx.update((f) => ({ ...f, loans: change(f.loans ?? emptyLoans()) }));
  return { ctx, loans, set, error };
}

function DateField({ path, label, hint, value, onChange }: { path: string; label: string; hint?: string; value: DateText; onChange(v: DateText): void }) {
  const { error } = useComputationForm();
  return <DateInput id={elementIdOf(path)} label={label} hint={hint} value={value} error={error(path)} onChange={onChange} />;
}

function Amount({ path, label, hint, value, onChange }: { path: string; label: string; hint?: string; value: string; onChange(v: string): void }) {
  const { error } = useComputationForm();
  return <MoneyInput id={elementIdOf(path)} label={label} hint={hint} kind="pence" value={value} error={error(path)} onChange={onChange} />;
}

function Account({ account, index, numbers }: { account: ParticipatorAccount; index: number; numbers: ReturnType<typeof rowNumbers> }) {
  const { set, error } = useLoansForm();
  const who = account.name.trim() || `participator ${index + 1}`;
  const change = (patch: (a: ParticipatorAccount) => ParticipatorAccount) => set((l) => ({ ...l, accounts: l.accounts.map((a) => (a.id === account.id ? patch(a) : a)) }));
  const row = <K extends 'loans' | 'broughtForward' | 'repayments'>(list: K, id: string, patch: Partial<ParticipatorAccount[K][number]>) =>
    change((a) => ({ ...a, [list]: (a[list] as ParticipatorAccount[K][number][]).map((r) => (r.id === id ? { ...r, ...patch } : r)) }));
  const remove = (list: 'loans' | 'broughtForward' | 'repayments', id: string) => change((a) => ({ ...a, [list]: (a[list] as { id: string }[]).filter((r) => r.id !== id) }));
  const add = <K extends 'loans' | 'broughtForward' | 'repayments'>(list: K, fresh: ParticipatorAccount[K][number]) => change((a) => ({ ...a, [list]: [...a[list], fresh] }));
  // The engine names the participator on each row; the name is typed once, so its error shows here.
  const nameError =
    error(accountNamePath(index)) ??
    (['loans', 'broughtForward', 'repayments'] as const).flatMap((list) => numbers[list][index]!.map((k) => error(`${LOANS}.${list}[${k}].participator`))).find(Boolean);
  return (
    <fieldset className="fieldset loan-account" data-testid="loan-account">
      <legend className="fieldset__legend">Loan account of {who}</legend>
      <TextField id={elementIdOf(accountNamePath(index))} label={`Participator ${index + 1}: name`} hint="As the CT600A lists them: a director or shareholder, or someone connected with them" width="long" value={account.name} error={nameError} onChange={(v) => change((a) => ({ ...a, name: v }))} />

      <h4 className="loan-account__heading">Loans made to {who}</h4>
      {account.loans.length === 0 ? <p className="step-section__intro">None in this period.</p> : null}
      {account.loans.map((r: LoanRow, j) => {
        const k = numbers.loans[index]![j]!;
        const at = `${LOANS}.loans[${k}]`;
        return (
          <div key={r.id} className="loan-row" data-testid="loan-row">
            <DateField path={`${at}.date`} label={`Loan ${k + 1}: date made`} value={r.date} onChange={(v) => row('loans', r.id, { date: v })} />
            <Amount path={`${at}.amount`} label={`Loan ${k + 1}: amount`} value={r.amount} onChange={(v) => row('loans', r.id, { amount: v })} />
            <button type="button" className="button button--secondary" onClick={() => remove('loans', r.id)}>
              Remove loan {k + 1} <span className="visually-hidden">to {who}</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => add('loans', { id: newId(), date: noDate(), amount: '' })}>
        Add a loan <span className="visually-hidden">to {who}</span>
      </button>

      <h4 className="loan-account__heading">Owed by {who} from earlier periods</h4>
      <p className="step-section__intro">Loans made in an earlier period and still outstanding at the start of this one. A return started from the client’s previous return fills these in.</p>
      {account.broughtForward.map((r: BroughtForwardRow, j) => {
        const k = numbers.broughtForward[index]![j]!;
        const at = `${LOANS}.broughtForward[${k}]`;
        return (
          <div key={r.id} className="loan-row" data-testid="brought-forward-row">
            <DateField path={`${at}.loanDate`} label={`Loan brought forward ${k + 1}: date made`} value={r.loanDate} onChange={(v) => row('broughtForward', r.id, { loanDate: v })} />
            <DateField path={`${at}.periodEnd`} label={`Loan brought forward ${k + 1}: end of the period it was made in`} value={r.periodEnd} onChange={(v) => row('broughtForward', r.id, { periodEnd: v })} />
            <Amount path={`${at}.amount`} label={`Loan brought forward ${k + 1}: still owed at the start of this period`} value={r.amount} onChange={(v) => row('broughtForward', r.id, { amount: v })} />
            <button type="button" className="button button--secondary" onClick={() => remove('broughtForward', r.id)}>
              Remove loan brought forward {k + 1} <span className="visually-hidden">of {who}</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => add('broughtForward', { id: newId(), loanDate: noDate(), periodEnd: noDate(), amount: '' })}>
        Add a loan from an earlier period <span className="visually-hidden">for {who}</span>
      </button>

      <h4 className="loan-account__heading">Repaid, credited or released</h4>
      <p className="step-section__intro">In the period or after its end: repayments in the nine months after the end reduce the tax on this return (CTA 2010 s458).</p>
      {account.repayments.map((r: RepaymentRow, j) => {
        const k = numbers.repayments[index]![j]!;
        const at = `${LOANS}.repayments[${k}]`;
        return (
          <div key={r.id} className="loan-row" data-testid="repayment-row">
            <DateField path={`${at}.date`} label={`Repayment ${k + 1}: date`} value={r.date} onChange={(v) => row('repayments', r.id, { date: v })} />
            <Amount path={`${at}.amount`} label={`Repayment ${k + 1}: amount`} value={r.amount} onChange={(v) => row('repayments', r.id, { amount: v })} />
            <SelectField
              id={elementIdOf(`${at}.kind`)}
              label={`Repayment ${k + 1}: how`}
              hint="A dividend, salary or bonus is taxed as income, so the 30-day rule (s464C) does not apply to it"
              value={r.kind}
              options={KIND_OPTIONS}
              error={error(`${at}.kind`)}
              onChange={(v) => row('repayments', r.id, { kind: v as RepaymentKind })}
            />
            <button type="button" className="button button--secondary" onClick={() => remove('repayments', r.id)}>
              Remove repayment {k + 1} <span className="visually-hidden">by {who}</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => add('repayments', { id: newId(), date: noDate(), amount: '', kind: 'repayment' })}>
        Add a repayment <span className="visually-hidden">by {who}</span>
      </button>

      <p className="loan-account__remove">
        <button type="button" className="button button--secondary" onClick={() => set((l) => ({ ...l, accounts: l.accounts.filter((a) => a.id !== account.id) }))}>
          Remove the loan account of {who}
        </button>
      </p>
    </fieldset>
  );
}

/** Every participator's loan account, and the day the return will be filed (relief for later repayments can be due by then). */
export function LoanAccounts() {
  const { loans, set } = useLoansForm();
  const numbers = rowNumbers(loans);
  return (
    <>
      {loans.accounts.length === 0 ? (
        <p className="step-section__intro" data-testid="no-loan-accounts">
          None. Add an account for each director or shareholder the company lent to, or who still owed it money at the start of the period.
        </p>
      ) : null}
      {loans.accounts.map((a, i) => (
        <Account key={a.id} account={a} index={i} numbers={numbers} />
      ))}
      <button type="button" className="button button--secondary" onClick={() => set((l) => ({ ...l, accounts: [...l.accounts, emptyAccount(newId())] }))}>
        Add {loans.accounts.length ? 'another' : 'a'} participator’s loan account
      </button>
      {loans.accounts.length ? (
        <DateField
          path={`${LOANS}.filedOn`}
          label="The day the return will be filed"
          hint="Leave blank for today. Relief for a loan of this period repaid more than nine months after its end goes on this return only if it is due by then (CTA 2010 s458(5))."
          value={loans.filedOn}
          onChange={(v) => set((l) => ({ ...l, filedOn: v }))}
        />
      ) : null}
    </>
  );
}
