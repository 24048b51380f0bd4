import { useEffect, useState } from 'react';
import { settle } from '../frame/bridge-call.js';
import { ukDateTime, ukPeriod } from '../../format/index.js';
import { useNavigation } from '../../store/navigation.js';
import { useFilingApi } from './filing-api.js';
import { openAtFileStep } from './open-at-file.js';
import type { SubmissionView } from './filing-types.js';
import { ENVIRONMENT_SHORT, STATE_WORDS } from './filing-words.js';
import './filing.css';

/**
 * Every submission to HMRC, newest first (as main lists them): company,
 * period, where it went, when, its state in words, and a link to the
 * return's File with HMRC step where the receipt or HMRC's errors are.
 */
export function FilingHistory({ clientId, title = 'Filing history', headingLevel = 3 }: { clientId?: string; title?: string; headingLevel?: 3 | 4 }) {
  const api = useFilingApi();
  const openDraft = useNavigation((s) => s.openDraft);
  const [rows, setRows] = useState<SubmissionView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const H = headingLevel === 3 ? 'h3' : 'h4';

  useEffect(() => {
    let gone = false;
    void settle(() => api.list(clientId ? { clientId } : {}), 'read the filing history').then((r) => {
      if (gone) return;
      if (r.ok) setRows(r.value);
      else setProblem(r.failure.message);
    });
    return () => {
      gone = true;
    };
  }, [api, clientId]);

  const open = (draftId: string) => {
    openAtFileStep(draftId);
    openDraft({ id: draftId, kind: 'ct600' });
  };

  return (
    <section className="start__section" aria-labelledby="filing-history-heading" data-testid="filing-history">
      <H id="filing-history-heading">{title}</H>
      {problem ? (
        <p className="field__error" role="alert">
          The filing history could not be read: {problem}
        </p>
      ) : rows === null ? (
        <p className="progress" role="status">
          Reading the filing history…
        </p>
      ) : rows.length === 0 ? (
        <p className="empty">No returns sent to HMRC yet. A built return is sent from its File with HMRC step.</p>
      ) : (
        <table className="messages filing-history" aria-labelledby="filing-history-heading">
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Period</th>
              <th scope="col">Sent to</th>
              <th scope="col">Submitted</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Receipt or details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.transactionId}>
                <th scope="row">{s.company || 'No company name'}</th>
                <td>{ukPeriod(s.periodStart, s.periodEnd) ?? '—'}</td>
                <td>{ENVIRONMENT_SHORT[s.environment]}</td>
                <td>{s.submittedAt ? ukDateTime(s.submittedAt) : 'Not sent yet'}</td>
                <td>{STATE_WORDS[s.state]}</td>
                <td>
                  {s.draftId ? (
                  <a
                    href={`#file-${s.transactionId}`}
                    className="filing-history__open"
                    onClick={(e) => {
                      e.preventDefault();
                      open(s.draftId!);
                    }}
                  >
                    {s.state === 'accepted' ? 'Receipt' : s.state === 'rejected' ? 'HMRC’s errors' : 'Details'}{' '}
                    <span className="visually-hidden">
                      for {s.company}, {ukPeriod(s.periodStart, s.periodEnd)}
                    </span>
                  </a>
                  ) : (
                    'Sent from the command line'
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
