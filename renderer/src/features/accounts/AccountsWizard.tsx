/**
 * The Accounts wizard for one accounts draft: a task list of steps reachable
 * in any order (GOV.UK task list), one thing per step, an error summary on
 * Continue with each error beside its field, and Check and build at the end.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { AccountsStatementsView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { TaskList, type Task } from '../../components/TaskList.js';
import { ukPeriod } from '../../format/index.js';
import { SaveState } from '../drafts/DraftStatus.js';
import '../ct600/wizard.css';
import './accounts.css';
import { ACCOUNTS_STEPS, AccountsCtx, elementOfField, errorsOfStep, stepOfField, type AccountsContext, type AccountsStepId } from './accounts-context.js';
import { createAccountsSession } from './accounts-session.js';
import { CheckBuildStep } from './CheckBuildStep.js';
import { DirectorsStep } from './DirectorsStep.js';
import { MappingStep } from './MappingStep.js';
import { StatementsStep } from './StatementsStep.js';
import { TrialBalanceStep } from './TrialBalanceStep.js';
import { OfficeEditingBanner } from '../office/OfficeEditingBanner.js';

export function AccountsWizard({ id, onClose }: { id: string; onClose(): void }) {
  const bridge = useBridge();
  const session = useMemo(() => createAccountsSession({ bridge, id }), [bridge, id]);
  const state = useStore(session);
  const [step, setStep] = useState<AccountsStepId>('trial-balance');
  const [statements, setStatements] = useState<AccountsStatementsView | null>(null);
  const [submitted, setSubmitted] = useState<Set<AccountsStepId>>(() => new Set());
  const [summaryFocus, setSummaryFocus] = useState(0);
  const pendingFocus = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void session.getState().open();
    return () => session.getState().dispose();
  }, [session]);

  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target) document.getElementById(target)?.focus();
    else heading.current?.focus();
  }, [step, state.loading]);

  if (state.loading) return <Busy label="Opening the accounts…" />;
  if (state.loadError || !state.view || !state.answers) {
    return (
      <p role="alert" className="field__error">
        These accounts could not be opened: {state.loadError ?? 'unknown error'}
      </p>
    );
  }
  const view = state.view;

  const refreshStatements = async () => {
    await session.getState().flush();
    const r = await bridge.accountsStatements({ id }).catch(() => null);
    if (!r || !r.ok) return null;
    setStatements(r.value);
    return r.value;
  };
  const go = (target: AccountsStepId, fieldId?: string) => {
    pendingFocus.current = fieldId ?? null;
    if (target === step) {
      if (fieldId) document.getElementById(fieldId)?.focus();
      pendingFocus.current = null;
    } else setStep(target);
  };
  const checks = statements?.checks ?? [];
  const ctx: AccountsContext = {
    bridge,
    session,
    state,
    go,
    statements,
    refreshStatements,
    shownError: (fieldId) => {
      const check = checks.find((c) => c.severity === 'error' && elementOfField(c.field) === fieldId);
      return check && (submitted.has(stepOfField(check.field)) || submitted.has('check')) ? check.message : undefined;
    },
    submitStep: async (target) => {
      setSubmitted((s) => new Set(s).add(target));
      const fresh = await refreshStatements();
      if (fresh && errorsOfStep(fresh.checks, target).length) return setSummaryFocus((k) => k + 1);
      const next = ACCOUNTS_STEPS[ACCOUNTS_STEPS.findIndex((s) => s.id === target) + 1];
      if (next) go(next.id);
    },
  };

  const tb = view.trialBalance;
  const unanswered = view.mapping?.unplaced.filter((u) => u.answer === '').length ?? 0;
  const a = state.answers;
  const directorsTouched = a.directors.some((d) => d.trim()) || a.averageEmployees.trim() !== '' || a.dormant !== '' || a.approvalDate.day !== '' || a.principalActivity.trim() !== '';
  const directorsErrors = errorsOfStep(checks, 'directors').length;
  const built = view.draft.lastBuild && !view.draft.changedSinceBuild;
  const tasks: Task[] = [
    { id: 'trial-balance', title: 'Trial balance', status: view.trialBalanceProblem || tb?.notBalancing ? 'Has errors' : tb ? 'Completed' : 'Not started' },
    { id: 'mapping', title: 'Mapping', status: !tb ? 'Cannot start yet' : unanswered ? 'In progress' : 'Completed', problems: unanswered },
    { id: 'statements', title: 'Statements', status: !tb || unanswered || tb.notBalancing ? 'Cannot start yet' : 'Completed' },
    {
      id: 'directors',
      title: 'Directors and approval',
      // Errors once Continue or Check has shown them; Completed only when the last checks found none in this step.
      status: directorsErrors && (submitted.has('directors') || submitted.has('check')) ? 'Has errors' : !directorsTouched ? 'Not started' : statements && !directorsErrors ? 'Completed' : 'In progress',
      problems: submitted.has('directors') || submitted.has('check') ? directorsErrors : 0,
    },
    { id: 'check', title: 'Check and build', status: built ? 'Completed' : view.draft.lastBuild ? 'In progress' : 'Not started' },
  ];
  const current = ACCOUNTS_STEPS.find((s) => s.id === step)!;
  const stepErrors = step !== 'check' && submitted.has(step) ? errorsOfStep(checks, step).map((c) => ({ fieldId: elementOfField(c.field), message: c.message })) : [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void ctx.submitStep(step);
  };

  return (
    <AccountsCtx.Provider value={ctx}>
      <div className="wizard">
        <aside className="wizard__tasks">
          <h2 className="wizard__title">{view.draft.companyName}</h2>
          <p className="wizard__kind">
            Accounts, {ukPeriod(view.draft.periodFrom, view.draft.periodTo)} ({view.draft.standard === 'FRS 105' ? 'micro-entity, FRS 105' : 'small company, FRS 102 Section 1A'})
          </p>
          <TaskList label="Steps of these accounts" tasks={tasks} current={step} onSelect={(s) => go(s as AccountsStepId)} />
          <SaveState state={state.save} pending={state.dirty} />
          <p>
            <button type="button" className="link" onClick={() => void session.getState().flush().then(onClose)}>
              Back to all accounts
            </button>
          </p>
        </aside>
        <div className="wizard__step">
          <OfficeEditingBanner kind="accounts" id={id} />
          <h2 className="wizard__step-title" tabIndex={-1} ref={heading}>
            {current.title}
          </h2>
          <p className="wizard__step-summary">{current.summary}</p>
          {step === 'check' ? (
            <CheckBuildStep />
          ) : (
            <form noValidate onSubmit={onSubmit}>
              <ErrorSummary errors={stepErrors} focusKey={summaryFocus} onSelect={(fieldId) => document.getElementById(fieldId)?.focus()} />
              {step === 'trial-balance' ? <TrialBalanceStep /> : step === 'mapping' ? <MappingStep /> : step === 'statements' ? <StatementsStep /> : <DirectorsStep />}
              <p className="wizard__actions">
                <button type="submit" className="button button--primary">
                  Continue
                </button>
              </p>
            </form>
          )}
        </div>
      </div>
    </AccountsCtx.Provider>
  );
}
