import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Client, CompaniesHouseClientView, CompaniesHouseJob } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ukDate } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';
import { FileAccounts } from './FileAccounts.js';
import { FilingOutcome } from './FilingOutcome.js';
import { useFilingJob } from './use-filing-job.js';

const OUTCOME_WORDS = { accepted: 'Accepted', rejected: 'Rejected', 'not-finished': 'Not finished' } as const;

/**
 * A client's accounts at Companies House, on its page: the company
 * authentication code (typed masked, kept in the keychain, never shown
 * back), the built accounts ready to file, and every filing kept.
 */
export function CompaniesHouseClientPanel({ client }: { client: Client }) {
  const bridge = useBridge();
  const ids = { heading: useId(), code: useId(), codeHint: useId(), codeError: useId() };
  const [view, setView] = useState<CompaniesHouseClientView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const [filing, setFiling] = useState<string | null>(null);
  const [checking, setChecking] = useState<CompaniesHouseJob | null>(null);
  const checked = useFilingJob(checking);
  const codeBox = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const r = await settle(() => bridge.companiesHouseClient({ clientId: client.id }), 'read the filings with Companies House');
    if (r.ok) setView(r.value);
    else setProblem(r.failure.message);
  }, [bridge, client.id]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (checked.job?.outcome || checked.job?.refused) void load();
  }, [checked.job, load]);

  const saveCode = async () => {
    const code = codeBox.current?.value ?? '';
    const r = await settle(() => bridge.saveCompanyAuthCode({ clientId: client.id, code }), 'save the authentication code');
    if (codeBox.current) codeBox.current.value = '';
    if (!r.ok) {
      setCodeNote(null);
      return setCodeError(r.failure.errors?.[0]?.message ?? r.failure.message);
    }
    setCodeError(null);
    setCodeNote('Saved in the keychain.');
    void load();
  };

  const checkAgain = async (submissionNumber: string) => {
    const r = await settle(() => bridge.checkCompaniesHouseAgain({ submissionNumber }), 'ask Companies House again');
    if (r.ok) setChecking(r.value);
    else setProblem(r.failure.message);
  };

  return (
    <section className="card panel" aria-labelledby={ids.heading} data-testid="companies-house-client">
      <h3 id={ids.heading}>Accounts with Companies House: {client.companyName}</h3>
      {problem && <p className="verdict verdict--bad" role="alert">{problem}</p>}
      {!client.registrationNumber && <p className="hint">Give this client its Companies House number (Change) to file its accounts.</p>}
      {client.registrationNumber && (
        <div className={`field${codeError ? ' field--error' : ''}`}>
          <label htmlFor={ids.code}>Company authentication code for {client.registrationNumber}</label>
          <p id={ids.codeHint} className="hint">
            6 letters and digits, from the company. Kept in this computer’s keychain and never shown again. {view?.authCodeSaved ? 'A code is saved: type a new one to replace it.' : 'None is saved yet.'}
          </p>
          {codeError && (
            <p id={ids.codeError} className="field__error">
              {codeError}
            </p>
          )}
          <input id={ids.code} ref={codeBox} className="input input--short" type="password" autoComplete="off" spellCheck={false} aria-describedby={`${ids.codeHint}${codeError ? ` ${ids.codeError}` : ''}`} aria-invalid={codeError ? true : undefined} />
          <div className="button-row">
            <button type="button" className="button button--small" onClick={() => void saveCode()}>
              Save the code
            </button>
            {codeNote && <span role="status">{codeNote}</span>}
          </div>
        </div>
      )}
      <h4>Accounts ready to file</h4>
      {view && view.ready.length === 0 && <p className="hint">None: build the accounts with Prepare accounts first.</p>}
      <ul className="plain-list">
        {view?.ready.map((r) => (
          <li key={r.accountsDraftId}>
            Accounts for {ukDate(r.periodFrom)} to {ukDate(r.periodTo)}{' '}
            <button type="button" className="button button--small" aria-expanded={filing === r.accountsDraftId} onClick={() => setFiling(filing === r.accountsDraftId ? null : r.accountsDraftId)}>
              File with Companies House…
            </button>
          </li>
        ))}
      </ul>
      {filing && <FileAccounts key={filing} accountsDraftId={filing} onFinished={() => void load()} />}
      {checked.job && !checked.job.outcome && !checked.job.refused && (
        <p className="progress" role="status">
          <span className="spinner" aria-hidden="true" /> {checked.job.step}
        </p>
      )}
      {checked.job?.outcome && <FilingOutcome outcome={checked.job.outcome} />}
      {checked.job?.refused && <p className="verdict verdict--bad" role="alert">{checked.job.refused.message}</p>}
      <h4>Filings with Companies House</h4>
      {view && view.filings.length === 0 && <p className="hint">No accounts filed from Filing Desk yet.</p>}
      {view && view.filings.length > 0 && (
        <table className="table" data-testid="companies-house-filings">
          <thead>
            <tr>
              <th scope="col">Submission</th>
              <th scope="col">Made up to</th>
              <th scope="col">Sent</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {view.filings.map((f) => (
              <tr key={f.submissionNumber}>
                <th scope="row">{f.submissionNumber}</th>
                <td>{ukDate(f.madeUpDate)}</td>
                <td>
                  {ukDate(f.createdAt.slice(0, 10))}
                  {f.environment === 'test' ? ' (test)' : ''}
                </td>
                <td>
                  {OUTCOME_WORDS[f.outcome.outcome]}
                  {f.outcome.outcome === 'not-finished' && (
                    <>
                      {' '}
                      <button type="button" className="button button--small" aria-label={`Check submission ${f.submissionNumber} again`} onClick={() => void checkAgain(f.submissionNumber)}>
                        Check again
                      </button>
                    </>
                  )}
                  {f.outcome.outcome === 'rejected' && (
                    <details>
                      <summary>Why</summary>
                      <FilingOutcome outcome={f.outcome} />
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
