import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { ValidationMessage } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { TaskList, type Task } from '../../components/TaskList.js';
import { createDraftSession } from '../../store/draft-session.js';
import { MenuCommandNotice, SaveState } from '../drafts/DraftStatus.js';
import { FILE_STEP, FiledBanner, fileTaskStatus, filedOf, useLatestFiling, type FileStepId } from '../filing/file-step-entry.js';
import { FileStep } from '../filing/FileStep.js';
import { takeOpenAtFileStep } from '../filing/open-at-file.js';
import { useDraftMenuCommands, useOpenDraft } from '../drafts/use-draft-session.js';
import { AttachmentsStep } from './AttachmentsStep.js';
import { CheckStep, fieldOfMessage } from './CheckStep.js';
import { prefillFromClient } from './clients.js';
import { CompanyStep } from './CompanyStep.js';
import { FIELD_BY_ID, FIELDS, STEPS, type StepId } from '../../../../common/ct600/fields.js';
import { describeForm, formFromDraft, isEmptyForm, isVisible, type Ct600Form } from './form.js';
import { checkForm } from './form-request.js';
import { stepStatus } from './step-status.js';
import { DeclarationStep, ProfitsStep } from './ProfitsStep.js';
import { WizardCtx, type WizardContext } from './wizard-context.js';
import { ComputationStep } from './ComputationStep.js';
import { computationMessage, computationStarted, summaryTargetOf } from './computation-form.js';
import { loansStarted } from './loans/loans-form.js';
import { useComputation } from './use-computation.js';
import { useGeneratedComputation } from './use-generated-computation.js';
import { rateRuleAsLeft, withRateRuleAsLeft } from './rate-rule-as-left.js';
import { COMPUTATION_NOT_BEGUN_ID, ComputationNotBegun } from './ComputationNotBegun.js';
import './wizard.css';
import { OfficeEditingBanner } from '../office/OfficeEditingBanner.js';

/** Business-rule checks run this long after the last change, and only on a request the schema accepts. */
export const CHECK_DELAY_MS = 800;

type Session = ReturnType<typeof createDraftSession<Ct600Form>>;
function useSessionState(session: Session) {
  return useStore(session);
}

/** The CT600 return wizard for one draft: a task list of steps, reachable in any order. */
export function Ct600Wizard({ draftId }: { draftId: string }) {
  const bridge = useBridge();
  const session = useMemo(
    () => createDraftSession<Ct600Form>({ bridge, draftId, read: formFromDraft, describe: describeForm }),
    [bridge, draftId],
  );
  const s = useSessionState(session);
  const [step, setStep] = useState<StepId | FileStepId>(() => (takeOpenAtFileStep(draftId) ? FILE_STEP.id : 'company'));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // Fields the user changed in this window: only those show their error when left.
  const edited = useRef(new Set<string>());
  const [submitted, setSubmitted] = useState<Set<StepId>>(() => new Set());
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [warnings, setWarnings] = useState<Map<string, ValidationMessage[]>>(() => new Map());
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Continue passed a Computation not begun: Profits and tax says so until the user moves on.
  const [computationSkipped, setComputationSkipped] = useState(false);
  const pendingFocus = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useOpenDraft(session);
  const latestFiling = useLatestFiling(draftId);

  // A draft started from a client with nothing typed yet is filled in from the client book.
  const prefilled = useRef(false);
  useEffect(() => {
    const draft = s.draft;
    if (!draft || prefilled.current) return;
    prefilled.current = true;
    if (!draft.clientId || !isEmptyForm(draft.form)) return;
    void bridge.listClients({ query: '', includeArchived: true }).then((r) => {
      const client = r.ok ? r.value.find((c) => c.id === draft.clientId) : undefined;
      if (client) session.getState().update((form) => prefillFromClient(form, client, new Date()));
    });
  }, [s.draft, bridge, session]);

  const form = s.form;
  const check = useMemo(() => (form ? checkForm(form) : null), [form]);
  const computation = useComputation(bridge, form ?? undefined, (change) => session.getState().update(change));
  const generatedComputation = useGeneratedComputation(
    bridge,
    draftId,
    s.draft ?? null,
    form ?? null,
    computation.output !== undefined && !computation.busy && computation.errors.size === 0,
    (change) => session.getState().update(change),
    (draft) => session.getState().adoptDraft(draft),
  );

  // The engine's business rules, debounced, only once the request parses.
  useEffect(() => {
    if (!check?.parses) return;
    const timer = setTimeout(() => {
      setChecking(true);
      bridge.checkCt600Draft({ draftId, request: check.request }).then(
        (r) => {
          setChecking(false);
          if (!r.ok) return;
          const byField = new Map<string, ValidationMessage[]>();
          for (const m of r.value.validations.flatMap((v) => v.messages)) {
            const f = fieldOfMessage(m);
            if (f) byField.set(f.id, [...(byField.get(f.id) ?? []), m]);
          }
          setWarnings(byField);
        },
        () => setChecking(false),
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check, bridge, draftId]);

  useDraftMenuCommands({ bridge, session, draftId, setNotice, saveErrorShownAt: 'at the top' });

  useEffect(() => {
    const id = pendingFocus.current;
    pendingFocus.current = null;
    if (id) document.getElementById(id)?.focus();
    else heading.current?.focus();
    // Also once the return has opened: a new return's first step is announced by its heading, not the whole main region.
  }, [step, s.loading]);

  if (s.loading) return <Busy label="Opening the return…" />;
  if (s.loadError || !s.draft || !form || !check) {
    return (
      <p role="alert" className="field__error">
        This return could not be opened: {s.loadError ?? 'unknown error'}
      </p>
    );
  }

  // HMRC's rule 9200 beside the rate box as soon as it is left, before the whole return parses for the engine's rules.
  const findings = withRateRuleAsLeft(warnings, form, rateRuleAsLeft(form, (id) => touched.has(id) || submitted.has('profits') || submitted.has('check')));

  const shownError = (id: string) => {
    const f = FIELD_BY_ID.get(id);
    if (!f || !isVisible(form, f)) return undefined;
    return touched.has(id) || submitted.has(f.step) || submitted.has('check') ? check.errors.get(id) : undefined;
  };

  const go = (target: StepId | FileStepId, fieldId?: string) => {
    setComputationSkipped(false);
    // Check lists every answer still to fix: from then on each step shows its own beside the fields.
    if (target === 'check' && !submitted.has('check')) setSubmitted((x) => new Set(x).add('check'));
    pendingFocus.current = fieldId ?? null;
    if (target === step) {
      if (fieldId) document.getElementById(fieldId)?.focus();
      pendingFocus.current = null;
    } else setStep(target);
  };

  const ctx: WizardContext = {
    draftId,
    bridge,
    draft: s.draft,
    form,
    clientId: s.clientId,
    check,
    shownError,
    // Passing through an empty field is no mistake: an error waits for a change or Continue.
    touch: (id) => {
      if (edited.current.has(id)) setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
    },
    setValue: (id, value) => {
      edited.current.add(id);
      session.getState().update((f) => {
        // A figure typed over the computation's is the user's own from now on.
        if (!f.fromComputation?.[id]) return { ...f, values: { ...f.values, [id]: value } };
        const fromComputation = { ...f.fromComputation };
        delete fromComputation[id];
        return { ...f, values: { ...f.values, [id]: value }, fromComputation };
      });
    },
    setDate: (id, value) => {
      edited.current.add(id);
      session.getState().update((f) => ({ ...f, dates: { ...f.dates, [id]: value } }));
    },
    setAccepted: (accepted) => {
      edited.current.add('declarationAccepted');
      session.getState().update((f) => ({ ...f, accepted }));
    },
    dropEnteredFigure: (id) => {
      session.getState().update((f) => {
        const overrides = { ...f.overrides };
        delete overrides[id];
        const values = { ...f.values };
        delete values[id];
        return { ...f, overrides, values };
      });
      pendingFocus.current = null;
      setTimeout(() => document.getElementById(id)?.focus(), 0);
    },
    update: (change) => session.getState().update(change),
    setClientId: (id) => session.getState().setClientId(id),
    adoptDraft: (draft) => session.getState().adoptDraft(draft),
    warnings: findings,
    go,
    submitStep: (id) => {
      setSubmitted((x) => new Set(x).add(id));
      if (id === 'computation' && tasks.find((t) => t.id === 'computation')?.status === 'Not started') {
        go('profits');
        setComputationSkipped(true);
        return;
      }
      const stepErrors = id === 'computation' ? [...computation.errors.keys()] : FIELDS.filter((f) => f.step === id && isVisible(form, f) && check.errors.has(f.id));
      if (stepErrors.length) setSummaryFocus((k) => k + 1);
      else {
        const next = STEPS[STEPS.findIndex((x) => x.id === id) + 1];
        if (next) go(next.id);
      }
    },
    flush: () => session.getState().flush(),
    computation,
    generatedComputation,
    computationErrorsShown: submitted.has('computation') || submitted.has('check'),
  };

  const ruleFailures = new Set([...findings].filter(([, list]) => list.some((m) => m.category === 'error')).map(([id]) => id));
  const tasks: Task[] = STEPS.map((st) => {
    if (st.id === 'check') {
      const problems = [...check.errors.keys()].length;
      // Built and unchanged is complete only if HMRC would accept what was built.
      const rejected = (s.draft!.lastValidation?.result.validations ?? []).some((v) => v.messages.some((m) => m.category === 'error'));
      const built = s.draft!.lastBuild && !s.draft!.changedSinceBuild;
      return {
        id: st.id,
        title: st.title,
        status: built ? (rejected ? 'Has errors' : 'Completed') : s.draft!.lastBuild ? 'In progress' : problems ? 'Cannot start yet' : 'Not started',
      };
    }
    if (st.id === 'computation') {
      const problems = computation.errors.size;
      const shownProblems = [...computation.errors.values()].some((m) => ctx.computationErrorsShown || !/^is required/.test(m));
      return { id: st.id, title: st.title, status: !computationStarted(form.computation) && !loansStarted(form.loans) ? 'Not started' : problems && shownProblems ? 'Has errors' : problems || !computation.output ? 'In progress' : 'Completed', problems };
    }
    const st2 = stepStatus(form, st.id, {
      errors: check.errors,
      shown: (id) => !!shownError(id),
      ruleFailures,
      startedElsewhere: st.id === 'attachments' && s.draft!.attachments.length > 0,
    });
    return { id: st.id, title: st.title, status: st2.status, problems: st2.problems };
  });
  tasks.push({ id: FILE_STEP.id, title: FILE_STEP.title, status: fileTaskStatus(s.draft, tasks.find((t) => t.id === 'check')!.status, latestFiling) });
  const filed = filedOf(s.draft);

  const current = step === FILE_STEP.id ? FILE_STEP : STEPS.find((x) => x.id === step)!;
  const stepErrors =
    step === 'computation'
      ? submitted.has(step)
        ? [...computation.errors].map(([path, message]) => ({ fieldId: summaryTargetOf(path), message: computationMessage(path, message) }))
        : []
      : step !== 'check' && step !== FILE_STEP.id && submitted.has(step)
      ? FIELDS.filter((f) => f.step === step && isVisible(form, f) && check.errors.has(f.id)).map((f) => ({ fieldId: f.id, message: check.errors.get(f.id)! }))
      : [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (step !== FILE_STEP.id) ctx.submitStep(step);
  };

  return (
    <WizardCtx.Provider value={ctx}>
      <div className="wizard">
        <aside className="wizard__tasks">
          <h2 className="wizard__title">{describeForm(form).title}</h2>
          <p className="wizard__kind">CT600 corporation tax return</p>
          <TaskList label="Steps of this return" tasks={tasks} current={step} onSelect={(id) => go(id as StepId | FileStepId)} />
          <SaveState state={s.save} pending={s.dirty} />
          {checking ? <p className="wizard__checking">Checking HMRC’s rules…</p> : null}
          <MenuCommandNotice notice={notice} />
        </aside>
        {/* The step is part of the window's one <main> (AppFrame): a second, nested main would give a screen reader two "main" landmarks. */}
        <div className="wizard__step">
          <OfficeEditingBanner kind="draft" id={draftId} />
          <h2 className="wizard__step-title" tabIndex={-1} ref={heading} aria-describedby={step === 'profits' && computationSkipped ? COMPUTATION_NOT_BEGUN_ID : undefined}>
            {current.title}
          </h2>
          <p className="wizard__step-summary">{current.summary}</p>
          {step === 'profits' && computationSkipped ? <ComputationNotBegun onGoBack={() => go('computation')} /> : null}
          {filed && step !== FILE_STEP.id ? <FiledBanner filed={filed} onShow={() => go(FILE_STEP.id)} /> : null}
          {step === FILE_STEP.id ? (
            <FileStep />
          ) : step === 'check' ? (
            <fieldset className="wizard__readonly" disabled={filed !== null}>
              <CheckStep />
            </fieldset>
          ) : (
            <form noValidate onSubmit={onSubmit} aria-labelledby={undefined}>
              <fieldset className="wizard__readonly" disabled={filed !== null}>
              <ErrorSummary errors={stepErrors} focusKey={summaryFocus} onSelect={(id) => document.getElementById(id)?.focus()} />
              {step === 'company' ? <CompanyStep /> : step === 'attachments' ? <AttachmentsStep /> : step === 'computation' ? <ComputationStep /> : step === 'profits' ? <ProfitsStep /> : <DeclarationStep />}
              <p className="wizard__actions">
                <button type="submit" className="button button--primary">
                  Continue
                </button>
              </p>
              </fieldset>
            </form>
          )}
        </div>
      </div>
    </WizardCtx.Provider>
  );
}
