/** Trial balance: the export dropped or chosen, the format recognised, the columns read, the totals, and a trial balance that does not balance said plainly. */
import { useState } from 'react';
import { describeLimit, MAX_TRIAL_BALANCE_BYTES, trialBalanceExtensions } from '../../../../preload/contract.js';
import { FileDropZone } from '../../components/FileDropZone.js';
import { settle } from '../frame/bridge-call.js';
import { useAccounts } from './accounts-context.js';
import { pounds } from './money.js';

export function TrialBalanceStep() {
  const ctx = useAccounts();
  const view = ctx.state.view!;
  const tb = view.trialBalance;
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? ctx.shownError('trial-balance-choose');

  const take = async (file: File) => {
    setProblem(null);
    if (!trialBalanceExtensions.some((ext) => file.name.toLowerCase().endsWith(ext))) return setProblem(`${file.name} was not added: export the trial balance as CSV (a file ending in .csv)`);
    if (file.size > MAX_TRIAL_BALANCE_BYTES) return setProblem(`${file.name} was not added: a trial balance export may be at most ${describeLimit(MAX_TRIAL_BALANCE_BYTES)}`);
    setBusy(`Reading ${file.name}…`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await settle(() => ctx.bridge.setTrialBalance({ id: view.draft.id, fileName: file.name, bytes }), 'read the trial balance');
    setBusy(null);
    if (!result.ok) return setProblem(result.failure.message);
    ctx.session.getState().adopt(result.value);
  };

  return (
    <>
      <div className={`field${error ? ' field--error' : ''}`}>
        {error ? (
          <p className="field__error" id="trial-balance-error" role="alert">
            {error}
          </p>
        ) : null}
        <FileDropZone
          label={tb ? 'Replace the trial balance' : 'Drop the trial balance export here'}
          hint={`A CSV file: code, name, debit, credit, or the trial balance report exported from Xero, QuickBooks Online, Sage 50, Sage Business Cloud or FreeAgent. At most ${describeLimit(MAX_TRIAL_BALANCE_BYTES)}.`}
          acceptedTypes={[...trialBalanceExtensions]}
          allowsMultiple={false}
          busy={busy}
          onFiles={(files) => void take(files[0]!)}
          testId="trial-balance-drop"
          buttonId="trial-balance-choose"
        />
      </div>
      {view.trialBalanceProblem ? (
        <p className="field__error" role="alert">
          The trial balance kept with these accounts could not be read: {view.trialBalanceProblem}
        </p>
      ) : null}
      {tb ? (
        <section className="step-section" aria-labelledby="tb-read-heading">
          <h3 id="tb-read-heading">{tb.fileName}</h3>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt className="summary-list__key">Format recognised</dt>
              <dd className="summary-list__value" data-testid="tb-format">
                {tb.format}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Columns read</dt>
              <dd className="summary-list__value">
                {tb.columns.map((c) => `“${c.header}” as the ${c.readAs}`).join('; ')}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Total debits</dt>
              <dd className="summary-list__value summary-list__value--numeric">{pounds(tb.totals.debit)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Total credits</dt>
              <dd className="summary-list__value summary-list__value--numeric">{pounds(tb.totals.credit)}</dd>
            </div>
          </dl>
          {tb.notBalancing ? (
            <p className="field__error" role="alert" data-testid="tb-not-balancing">
              {tb.notBalancing}
            </p>
          ) : (
            <p className="accounts__ok" data-testid="tb-balances">
              The trial balance balances: debits equal credits.
            </p>
          )}
          <table className="table accounts-table">
            <caption>The {tb.lines.length} accounts read</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Name</th>
                <th scope="col" className="numeric">Debit</th>
                <th scope="col" className="numeric">Credit</th>
              </tr>
            </thead>
            <tbody>
              {tb.lines.map((l, i) => (
                <tr key={`${l.code}-${i}`}>
                  <td>{l.code}</td>
                  <td>{l.name}</td>
                  <td className="numeric">{l.debit ? pounds(l.debit) : ''}</td>
                  <td className="numeric">{l.credit ? pounds(l.credit) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
