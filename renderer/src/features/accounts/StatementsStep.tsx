/**
 * Statements: the balance sheet and the profit and loss account as the
 * engine builds them, in the Act's format order with its letters, each
 * figure's working (the trial balance codes behind it) shown on demand.
 */
import { useEffect, useState } from 'react';
import type { AccountsComparativesSource, AccountsStatementLine } from '../../../../preload/contract.js';
import { Busy } from '../../components/Progress.js';
import { ukDate } from '../../format/date.js';
import { useAccounts } from './accounts-context.js';
import { pounds, statementPounds } from './money.js';

function StatementTable({ caption, lines, testId }: { caption: string; lines: AccountsStatementLine[]; testId: string }) {
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const hasPrevious = lines.some((l) => l.previous !== null);
  const toggle = (key: string) => setOpen((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : new Set(s).add(key)));
  return (
    <table className="table accounts-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col" className="numeric">
            This period
          </th>
          {hasPrevious ? (
            <th scope="col" className="numeric">
              Last period
            </th>
          ) : null}
          <th scope="col">
            <span className="visually-hidden">Working</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.flatMap((l) => {
          const rows = [
            <tr key={l.key} className={l.total ? 'accounts-table__total' : undefined} data-testid={`line-${l.key}`}>
              <th scope="row">{l.label}</th>
              <td className="numeric">{statementPounds(l.current)}</td>
              {hasPrevious ? <td className="numeric">{l.previous === null ? '' : statementPounds(l.previous)}</td> : null}
              <td>
                {l.working.length ? (
                  <button type="button" className="link" aria-expanded={open.has(l.key)} aria-controls={`working-${l.key}`} onClick={() => toggle(l.key)}>
                    {open.has(l.key) ? 'Hide working' : 'Show working'}
                    <span className="visually-hidden"> for {l.label}</span>
                  </button>
                ) : null}
              </td>
            </tr>,
          ];
          if (open.has(l.key)) {
            rows.push(
              <tr key={`${l.key}-working`} id={`working-${l.key}`} className="accounts-table__working">
                <td colSpan={hasPrevious ? 4 : 3}>
                  <ul>
                    {l.working.map((w) => (
                      <li key={w.code}>
                        Code {w.code}, {w.name}: {pounds(w.amount)}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>,
            );
          }
          return rows;
        })}
      </tbody>
    </table>
  );
}

/** Where last year's column comes from, or why there is none though last year's accounts were built in Filing Desk. */
function ComparativesNote({ source }: { source: AccountsComparativesSource | null }) {
  if (!source) return <p data-testid="comparatives-source">No comparatives: this client has no built accounts in Filing Desk for the period before this one.</p>;
  const period = `${ukDate(source.periodFrom)} to ${ukDate(source.periodTo)}`;
  if (source.problem) {
    return (
      <div role="alert" className="field__error" data-testid="comparatives-source">
        <p>Built without comparatives: {source.problem}</p>
        <p>Put last year’s accounts ({period}) right and the comparatives come back here.</p>
      </div>
    );
  }
  return <p data-testid="comparatives-source">Last period’s figures are last year’s accounts ({period}), built again from their draft in Filing Desk; the reserves brought forward are checked against them.</p>;
}

export function StatementsStep() {
  const ctx = useAccounts();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void ctx.refreshStatements().then(() => setLoaded(true));
    // Asked once as the step opens; Continue asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const s = ctx.statements;
  if (!loaded && !s) return <Busy label="Drawing up the statements…" />;
  if (!s || (s.balanceSheet.length === 0 && s.profitAndLoss.length === 0)) {
    const blocking = (s?.checks ?? []).filter((c) => c.severity === 'error' && (c.field === 'trialBalance' || c.field?.startsWith('mapping') || !c.field || c.field === 'build'));
    return (
      <div role="alert" className="field__error">
        <p>The statements cannot be drawn up yet:</p>
        <ul>
          {(blocking.length ? blocking : (s?.checks ?? []).filter((c) => c.severity === 'error')).map((c) => (
            <li key={`${c.field}:${c.message}`}>{c.message}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <>
      <ComparativesNote source={s.comparatives} />
      <StatementTable caption="Balance sheet" lines={s.balanceSheet} testId="balance-sheet" />
      <StatementTable caption="Profit and loss account" lines={s.profitAndLoss} testId="profit-and-loss" />
    </>
  );
}
