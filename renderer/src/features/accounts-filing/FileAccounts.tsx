import { useEffect, useId, useState } from 'react';
import type { CompaniesHouseEnvironmentName, CompaniesHouseJob, CompaniesHouseLastLook } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ukDate } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';
import { FilingOutcome } from './FilingOutcome.js';
import { useFilingJob } from './use-filing-job.js';

/**
 * File with Companies House: the last look at what will be filed (company
 * number and name, period, approval date and signing director, test or
 * live, where it goes), what is missing in words, then the filing's progress
 * and its outcome.
 */
export function FileAccounts({ accountsDraftId, onFinished }: { accountsDraftId: string; onFinished: () => void }) {
  const bridge = useBridge();
  const ids = { environment: useId(), heading: useId() };
  const [environment, setEnvironment] = useState<CompaniesHouseEnvironmentName>('test');
  const [look, setLook] = useState<CompaniesHouseLastLook | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<CompaniesHouseJob | null>(null);
  const [sending, setSending] = useState(false);
  const { job, lost } = useFilingJob(started);

  useEffect(() => {
    setLook(null);
    void settle(() => bridge.companiesHouseLastLook({ accountsDraftId, environment }), 'read the accounts to file').then((r) => (r.ok ? setLook(r.value) : setProblem(r.failure.message)));
  }, [bridge, accountsDraftId, environment]);

  const finished = Boolean(job?.outcome || job?.refused);
  useEffect(() => {
    if (finished) onFinished();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  const file = async () => {
    setSending(true);
    const r = await settle(() => bridge.fileWithCompaniesHouse({ accountsDraftId, environment }), 'file the accounts');
    setSending(false);
    if (!r.ok) return setProblem(r.failure.errors?.map((e) => e.message).join(' ') || r.failure.message);
    setStarted(r.value);
  };

  const rows: [string, string][] = look
    ? [
        ['Company number', look.companyNumber || 'Not given'],
        ['Company name', look.companyName],
        ['Period', `${ukDate(look.periodFrom)} to ${ukDate(look.periodTo)}`],
        ['Approved by the board on', look.approvalDate ? ukDate(look.approvalDate) : 'Not given'],
        ['Balance sheet signed by', look.signingDirector || 'Not given'],
        ['Accounts file', look.fileName ?? 'Not built yet'],
        ['Will be sent to', look.willSendTo],
      ]
    : [];

  return (
    <section className="card panel" aria-labelledby={ids.heading} data-testid="file-with-companies-house">
      <h4 id={ids.heading}>File with Companies House</h4>
      {problem && <p className="verdict verdict--bad" role="alert">{problem}</p>}
      {!started && (
        <>
          <div className="field">
            <label htmlFor={ids.environment}>File as</label>
            <select id={ids.environment} className="input" value={environment} onChange={(e) => setEnvironment(e.currentTarget.value as CompaniesHouseEnvironmentName)}>
              <option value="test">A test submission (Companies House’s test service, with test presenter credentials)</option>
              <option value="live">Live: filed on the public register</option>
            </select>
          </div>
          {!look && !problem && <p className="progress" role="status">Reading the accounts…</p>}
          {look && (
            <>
              <dl className="summary-list" data-testid="companies-house-last-look">
                {rows.map(([key, value]) => (
                  <div className="summary-list__row" key={key}>
                    <dt className="summary-list__key">{key}</dt>
                    <dd className="summary-list__value">{value}</dd>
                  </div>
                ))}
              </dl>
              {look.missing.length > 0 && (
                <div className="verdict verdict--bad" role="alert">
                  <p>Before these accounts can be filed:</p>
                  <ul>
                    {look.missing.map((m) => (
                      <li key={m.field}>{m.message}</li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="button-row">
                <button type="button" className="button button--primary" disabled={look.missing.length > 0 || sending} onClick={() => void file()}>
                  {sending ? 'Starting…' : environment === 'live' ? 'File these accounts with Companies House' : 'Send as a test submission'}
                </button>
              </div>
            </>
          )}
        </>
      )}
      {job && !finished && (
        <p className="progress" role="status">
          <span className="spinner" aria-hidden="true" /> {job.step}
          {job.submissionNumber ? ` (submission ${job.submissionNumber})` : ''}
        </p>
      )}
      {lost && <p className="verdict verdict--warn" role="status">{lost}</p>}
      {job?.refused && (
        <p className="verdict verdict--bad" role="alert">
          Nothing was sent: {job.refused.message}
        </p>
      )}
      {job?.outcome && <FilingOutcome outcome={job.outcome} />}
    </section>
  );
}
