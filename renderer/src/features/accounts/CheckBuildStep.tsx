/**
 * Check and build: the answers by step, each with a Change link back to its
 * field (GOV.UK check your answers), the checks the engine and the answers
 * make, Build, then the accounts as they read, Save, and attaching them to
 * the CT600 return for the period.
 */
import { useEffect, useState } from 'react';
import type { AccountsPreview as Preview } from '../../../../preload/contract.js';
import { BusyButton } from '../../components/BusyButton.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { SummaryList } from '../../components/SummaryList.js';
import { ukDate, ukDateTime, ukPeriod } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';
import { elementOfField, stepOfField, useAccounts } from './accounts-context.js';
import { AccountsPreview } from './AccountsPreview.js';
import { statementPounds } from './money.js';
import { ReturnAttachment } from './ReturnAttachment.js';
import { readDateParts } from './date-parts.js';

/** "1 June 2026" as UK dates read; what was typed, as typed, when it is not yet a date. */
function approvalDateText(d: { day: string; month: string; year: string }): string {
  if (![d.day, d.month, d.year].some((p) => p.trim())) return 'Not entered';
  const read = readDateParts(d, 'The date');
  return read.ok ? ukDate(read.date) : `${d.day} ${d.month} ${d.year} (not a date yet)`;
}

export function CheckBuildStep() {
  const ctx = useAccounts();
  const view = ctx.state.view!;
  const a = ctx.state.answers!;
  const d = view.draft;
  const [busy, setBusy] = useState<'build' | 'save' | null>(null);
  const [buildErrors, setBuildErrors] = useState<{ fieldId: string; message: string; field?: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const built = d.lastBuild && !d.changedSinceBuild ? d.lastBuild : null;

  useEffect(() => {
    void ctx.refreshStatements();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!built) return setPreview(null);
    let live = true;
    void settle(() => ctx.bridge.previewAccounts({ id: d.id }), 'show the accounts').then((r) => {
      if (live && r.ok) setPreview(r.value);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [built?.sha256]);

  const checks = ctx.statements?.checks ?? [];
  const change = (step: Parameters<typeof ctx.go>[0], fieldId?: string) => () => ctx.go(step, fieldId);
  const build = async () => {
    setBusy('build');
    setSaved(null);
    await ctx.session.getState().flush();
    const r = await settle(() => ctx.bridge.buildAccounts({ id: d.id }), 'build the accounts');
    setBusy(null);
    if (!r.ok) {
      setBuildErrors((r.failure.errors?.length ? r.failure.errors : [{ field: 'build', message: r.failure.message }]).map((e) => ({ field: e.field, fieldId: elementOfField(e.field), message: e.message })));
      setFocusKey((k) => k + 1);
      return;
    }
    setBuildErrors([]);
    ctx.session.getState().adopt(r.value.view);
    void ctx.refreshStatements();
  };
  const save = async () => {
    setBusy('save');
    const r = await settle(() => ctx.bridge.saveAccountsFile({ id: d.id }), 'save the accounts');
    setBusy(null);
    setSaved(r.ok ? (r.value.saved ? `Saved as ${r.value.fileName}.` : 'Not saved: the save was cancelled.') : `Not saved: ${r.failure.message}`);
  };

  return (
    <>
      <ErrorSummary
        errors={buildErrors.map((e) => ({ fieldId: e.fieldId, message: e.message }))}
        focusKey={focusKey}
        onSelect={(fieldId) => {
          const e = buildErrors.find((x) => x.fieldId === fieldId);
          if (e && stepOfField(e.field) !== 'check') ctx.go(stepOfField(e.field), fieldId);
          else document.getElementById(fieldId)?.focus();
        }}
      />
      <h3>Check your answers</h3>
      <SummaryList
        rows={[
          { key: 'Company', value: `${d.companyName} (${d.companyNumber})` },
          { key: 'Period', value: ukPeriod(d.periodFrom, d.periodTo) },
          { key: 'Accounts', value: ctx.state.standard === 'FRS 105' ? 'Micro-entity accounts (FRS 105)' : 'Small company accounts (FRS 102 Section 1A)', onChange: change('directors', 'accounts-standard') },
          { key: 'Trial balance', value: view.trialBalance ? `${view.trialBalance.fileName} (${view.trialBalance.format})` : 'Not added', onChange: change('trial-balance', 'trial-balance-choose') },
          { key: 'Codes you placed', value: view.mapping ? `${view.mapping.unplaced.filter((u) => u.answer).length} of ${view.mapping.unplaced.length}` : 'None yet', onChange: change('mapping') },
          { key: 'Directors', value: a.directors.filter((x) => x.trim()).join(', ') || 'None entered', onChange: change('directors', 'accounts-directors-0') },
          { key: 'Date the board approved the accounts', value: approvalDateText(a.approvalDate), onChange: change('directors', 'accounts-approvalDate') },
          { key: 'Director who signs', value: a.signingDirector || 'Not chosen', onChange: change('directors', 'accounts-signingDirector') },
          { key: 'Average number of employees', value: a.averageEmployees || 'Not entered', onChange: change('directors', 'accounts-averageEmployees') },
          { key: 'Dormant for the whole period', value: a.dormant === 'yes' ? 'Yes' : a.dormant === 'no' ? 'No' : 'Not answered', onChange: change('directors', 'accounts-dormant') },
          { key: 'What the company does', value: a.principalActivity || 'Not entered', onChange: change('directors', 'accounts-principalActivity') },
        ]}
      />
      <section className="step-section" aria-labelledby="checks-heading">
        <h3 id="checks-heading">Checks</h3>
        {checks.length === 0 ? (
          <p className="accounts__ok" data-testid="checks-clean">
            {ctx.statements ? 'Nothing to put right: the trial balance balances, every code is placed, the balance sheet balances with the profit closed to reserves, and every answer reads.' : 'Checking…'}
          </p>
        ) : (
          <ul className="accounts__checks" data-testid="checks">
            {checks.map((c) => (
              <li key={`${c.field}:${c.message}`} className={c.severity === 'error' ? 'field__error' : undefined}>
                <strong>{c.severity === 'error' ? 'To put right: ' : 'Worth checking: '}</strong>
                {c.field && stepOfField(c.field) !== 'check' ? (
                  <button type="button" className="link" onClick={change(stepOfField(c.field), elementOfField(c.field))}>
                    {c.message}
                  </button>
                ) : (
                  c.message
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="wizard__actions">
        <BusyButton id="accounts-build" className="button button--primary" busy={busy === 'build'} busyLabel="Building the accounts…" onPress={() => void build()}>
          {d.lastBuild ? 'Build the accounts again' : 'Build the accounts'}
        </BusyButton>
      </p>
      {d.lastBuild && d.changedSinceBuild ? <p className="inset-text">The answers changed since the accounts were last built ({ukDateTime(d.lastBuild.builtAt)}): build them again to save or attach them.</p> : null}
      {built ? (
        <>
          <section className="step-section" aria-labelledby="built-heading">
            <h3 id="built-heading">Built</h3>
            <SummaryList
              rows={[
                { key: 'File', value: `${built.fileName}, built ${ukDateTime(built.builtAt)}` },
                { key: 'Profit or loss before tax', value: statementPounds(built.profitBeforeTax), numeric: true },
                { key: 'Profit or loss for the financial year', value: statementPounds(built.profitLoss), numeric: true },
                { key: 'Balance sheet total (total assets, s382(5))', value: statementPounds(built.balanceSheetTotal), numeric: true },
                { key: 'Balance sheet date', value: ukDate(d.periodTo) },
              ]}
            />
            <p className="button-row">
              <BusyButton className="button" busy={busy === 'save'} busyLabel="Saving the accounts…" onPress={() => void save()}>
                Save the accounts (.xhtml)…
              </BusyButton>
            </p>
            <p role="status">{saved}</p>
          </section>
          <ReturnAttachment view={view} />
          {preview ? <AccountsPreview preview={preview} /> : null}
        </>
      ) : null}
    </>
  );
}
