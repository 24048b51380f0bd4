/**
 * Directors and approval: the directors, the day the board approved the
 * accounts and who signs the balance sheet, the average number of employees,
 * whether the company was dormant, what it does, and the notes a small
 * company's accounts must give. Each field in plain English, with the Act's
 * words beside it.
 */
import type { AccountsAdvanceText, AccountsAnswers } from '../../../../preload/contract.js';
import { DateInput } from '../../components/DateInput.js';
import { RadioField, SelectField, TextField } from '../../components/Field.js';
import { useAccounts } from './accounts-context.js';

const ACT = (section: string, words: string) => `Companies Act 2006 ${section}: “${words}”.`;

export function DirectorsStep() {
  const ctx = useAccounts();
  const a = ctx.state.answers!;
  const update = (change: (a: AccountsAnswers) => AccountsAnswers) => ctx.session.getState().update(change);
  const set = <K extends keyof AccountsAnswers>(key: K, value: AccountsAnswers[K]) => update((x) => ({ ...x, [key]: value }));
  const named = a.directors.map((d) => d.trim()).filter((d) => d !== '');
  const setAdvance = (i: number, key: keyof AccountsAdvanceText, value: string) => set('directorsAdvances', a.directorsAdvances.map((row, j) => (j === i ? { ...row, [key]: value } : row)));

  return (
    <>
      <RadioField
        id="accounts-standard"
        label="Which accounts are these?"
        hint="Micro-entity accounts (FRS 105) give the fewest lines; a small company that is not a micro-entity prepares FRS 102 Section 1A accounts (Companies Act 2006 s384A, s382)."
        value={ctx.state.standard}
        options={[
          { value: 'FRS 105', label: 'Micro-entity accounts (FRS 105)' },
          { value: 'FRS 102 1A', label: 'Small company accounts (FRS 102 Section 1A)' },
        ]}
        onChange={(v) => ctx.session.getState().setStandard(v as 'FRS 105' | 'FRS 102 1A')}
      />
      <fieldset className="fieldset">
        <legend className="field__label">Directors</legend>
        {a.directors.map((d, i) => (
          <div className="accounts__row" key={i}>
            <TextField
              id={`accounts-directors-${i}`}
              label={`Director ${i + 1}’s full name`}
              hint={i === 0 ? 'As registered at Companies House; every director in office when the accounts are approved.' : undefined}
              value={d}
              autoComplete="off"
              error={ctx.shownError(`accounts-directors-${i}`)}
              onChange={(v) => set('directors', a.directors.map((x, j) => (j === i ? v : x)))}
            />
            {a.directors.length > 1 ? (
              <button type="button" className="button button--secondary" onClick={() => set('directors', a.directors.filter((_, j) => j !== i))}>
                Remove<span className="visually-hidden"> director {i + 1}</span>
              </button>
            ) : null}
          </div>
        ))}
        <button type="button" className="button button--secondary" onClick={() => set('directors', [...a.directors, ''])}>
          Add another director
        </button>
      </fieldset>
      <DateInput
        id="accounts-approvalDate"
        label="Date the board approved the accounts"
        hint={`${ACT('s414(1)', 'A company’s annual accounts must be approved by the board of directors')} After the end of the period and not in the future. For example, 14 9 2025.`}
        value={a.approvalDate}
        error={ctx.shownError('accounts-approvalDate')}
        onChange={(v) => set('approvalDate', v)}
      />
      <SelectField
        id="accounts-signingDirector"
        label="Director who signs the balance sheet"
        hint={`${ACT('s414(1)', 'signed on behalf of the board by a director of the company')} The copy Companies House gets names them (s444(6)).`}
        value={a.signingDirector}
        placeholder="Choose a director"
        options={named.map((n) => ({ value: n, label: n }))}
        error={ctx.shownError('accounts-signingDirector')}
        onChange={(v) => set('signingDirector', v)}
      />
      <TextField
        id="accounts-averageEmployees"
        label="Average number of employees in the period"
        hint={`${ACT('s411(1)', 'the average number of persons employed by the company in the financial year')} Count directors with a contract of service. A whole number, 0 if none.`}
        value={a.averageEmployees}
        width="short"
        inputMode="numeric"
        error={ctx.shownError('accounts-averageEmployees')}
        onChange={(v) => set('averageEmployees', v)}
      />
      <RadioField
        id="accounts-dormant"
        label="Was the company dormant for the whole period?"
        hint={`${ACT('s1169(1)', 'a company is dormant during any period in which it has no significant accounting transaction')} A dormant company claims the audit exemption of s480 instead of s477.`}
        value={a.dormant}
        options={[
          { value: 'no', label: 'No, it traded or had transactions' },
          { value: 'yes', label: 'Yes, it was dormant' },
        ]}
        error={ctx.shownError('accounts-dormant')}
        onChange={(v) => set('dormant', v as AccountsAnswers['dormant'])}
      />
      <TextField
        id="accounts-principalActivity"
        label="What the company does"
        hint="Its principal activity, in a few words (for example, van hire). HMRC’s joint filing checks ask for it."
        value={a.principalActivity}
        error={ctx.shownError('accounts-principalActivity')}
        onChange={(v) => set('principalActivity', v)}
      />
      <section className="step-section" aria-labelledby="advances-heading">
        <h3 id="advances-heading">Advances and credits to directors</h3>
        <p className="field__hint">{ACT('s413(1)', 'details of advances and credits granted by the company to its directors')} Leave empty if there were none.</p>
        {a.directorsAdvances.map((row, i) => (
          <fieldset className="fieldset accounts__advance" key={i}>
            <legend className="field__label">Advance {i + 1}</legend>
            <SelectField id={`accounts-directorsAdvances-${i}-director`} label="Director" value={row.director} placeholder="Choose a director" options={named.map((n) => ({ value: n, label: n }))} error={ctx.shownError(`accounts-directorsAdvances-${i}-director`)} onChange={(v) => setAdvance(i, 'director', v)} />
            <TextField id={`accounts-directorsAdvances-${i}-conditions`} label="Main conditions and interest rate" hint="s413(3): “its amount and an indication of the interest rate, its main conditions”." value={row.conditions} error={ctx.shownError(`accounts-directorsAdvances-${i}-conditions`)} onChange={(v) => setAdvance(i, 'conditions', v)} />
            {(
              [
                ['broughtForward', 'Owed at the start of the period'],
                ['advanced', 'Advanced in the period'],
                ['repaid', 'Repaid in the period'],
              ] as const
            ).map(([key, label]) => (
              <TextField key={key} id={`accounts-directorsAdvances-${i}-${key}`} label={`${label} (£)`} value={row[key]} width="medium" inputMode="decimal" error={ctx.shownError(`accounts-directorsAdvances-${i}-${key}`)} onChange={(v) => setAdvance(i, key, v)} />
            ))}
            <button type="button" className="button button--secondary" onClick={() => set('directorsAdvances', a.directorsAdvances.filter((_, j) => j !== i))}>
              Remove advance {i + 1}
            </button>
          </fieldset>
        ))}
        <button type="button" className="button button--secondary" onClick={() => set('directorsAdvances', [...a.directorsAdvances, { director: '', conditions: '', broughtForward: '', advanced: '', repaid: '' }])}>
          Add an advance to a director
        </button>
      </section>
      <section className="step-section" aria-labelledby="commitments-heading">
        <h3 id="commitments-heading">Commitments not in the balance sheet</h3>
        <TextField
          id="accounts-commitments-description"
          label="Financial commitments, guarantees and contingencies"
          hint="SI 2008/409 Sch 1 para 57: “the total amount of any financial commitments, guarantees and contingencies that are not included in the balance sheet”. Leave empty if there were none."
          value={a.commitments.description}
          error={ctx.shownError('accounts-commitments-description')}
          onChange={(v) => set('commitments', { ...a.commitments, description: v })}
        />
        <TextField id="accounts-commitments-total" label="Their total (£)" value={a.commitments.total} width="medium" inputMode="decimal" error={ctx.shownError('accounts-commitments-total')} onChange={(v) => set('commitments', { ...a.commitments, total: v })} />
      </section>
    </>
  );
}
