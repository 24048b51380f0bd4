/**
 * Mapping: only the codes the default mapping cannot place are asked, each
 * once, with the lines to choose from (plain English beside the Act's words
 * and format letter). An answer is kept for this client's next accounts
 * too; one kept from earlier accounts is shown, not asked again.
 */
import { useState } from 'react';
import type { AccountsUnplacedCode } from '../../../../preload/contract.js';
import { SelectField } from '../../components/Field.js';
import { settle } from '../frame/bridge-call.js';
import { useAccounts } from './accounts-context.js';
import { pounds } from './money.js';

export function MappingStep() {
  const ctx = useAccounts();
  const view = ctx.state.view!;
  const mapping = view.mapping;
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);
  const [changing, setChanging] = useState<Set<string>>(() => new Set());
  if (!mapping) return <p>Add the trial balance first: the mapping is worked out from its codes.</p>;

  const choose = async (code: string, line: string) => {
    setProblem(null);
    const result = await settle(() => ctx.bridge.answerMapping({ id: view.draft.id, answers: { [code]: line } }), 'keep the answer');
    if (!result.ok) return setProblem({ code, message: result.failure.message });
    ctx.session.getState().adopt(result.value);
  };
  const options = mapping.choices.map((c) => ({ value: c.key, label: `${c.label} — ${c.formatWords}` }));
  const asked = mapping.unplaced.filter((u) => !u.rememberedForClient || changing.has(u.code));
  const remembered = mapping.unplaced.filter((u) => u.rememberedForClient && !changing.has(u.code));
  const lineWords = (key: string) => mapping.choices.find((c) => c.key === key);
  const question = (u: AccountsUnplacedCode) => {
    const id = `accounts-mapping-${u.code}`;
    const error = problem?.code === u.code ? problem.message : ctx.shownError(id);
    return (
      <SelectField
        key={u.code}
        id={id}
        label={`Code ${u.code}: ${u.name} (${u.balance >= 0 ? `${pounds(u.balance)} debit` : `${pounds(-u.balance)} credit`})`}
        hint="Choose the line of the accounts this code belongs on"
        value={u.answer}
        placeholder="Choose a line"
        options={options}
        error={error}
        onChange={(line) => void choose(u.code, line)}
      />
    );
  };

  return (
    <>
      <p data-testid="mapping-counts">
        {mapping.placedByDefault} {mapping.placedByDefault === 1 ? 'code was' : 'codes were'} placed by the standard chart
        {mapping.placedByClientAnswers ? `, and ${mapping.placedByClientAnswers} by your answers for this client’s earlier accounts` : ''}.
        {mapping.unplaced.length === 0 ? ' Every code is placed: nothing to answer.' : ''}
      </p>
      {asked.length ? (
        <fieldset className="fieldset">
          <legend className="field__label">Codes the standard chart cannot place</legend>
          {asked.map(question)}
        </fieldset>
      ) : null}
      {remembered.length ? (
        <section className="step-section" aria-labelledby="remembered-heading">
          <h3 id="remembered-heading">Answered for this client before</h3>
          <dl className="summary-list">
            {remembered.map((u) => (
              <div className="summary-list__row" key={u.code}>
                <dt className="summary-list__key">
                  Code {u.code}: {u.name}
                </dt>
                <dd className="summary-list__value">{lineWords(u.answer) ? `${lineWords(u.answer)!.label} — ${lineWords(u.answer)!.formatWords}` : u.answer}</dd>
                <dd className="summary-list__actions">
                  <button type="button" className="link" onClick={() => setChanging((s) => new Set(s).add(u.code))}>
                    Change<span className="visually-hidden"> the line for code {u.code}</span>
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  );
}
