import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useBridge } from '../../bridge/bridge-context.js';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { TaskList, type Task, type TaskStatus } from '../../components/TaskList.js';
import { createDraftSession } from '../../store/draft-session.js';
import { MenuCommandNotice, SaveState } from '../drafts/DraftStatus.js';
import { useDraftMenuCommands, useOpenDraft } from '../drafts/use-draft-session.js';
import { settle } from '../frame/bridge-call.js';
import { AboutStep } from './AboutStep.js';
import { EntryPointsStep } from './EntryPointsStep.js';
import { FilesStep } from './FilesStep.js';
import { ABOUT_FIELDS, checkForm, describeForm, formFromDraft, isEmptyForm, prefillFromClient, stepOfField, type PackageForm } from './form.js';
import { PackageWizardCtx, STEPS, type PackageWizardContext, type PlanState, type StepId } from './package-context.js';
import { ReviewStep } from './ReviewStep.js';
import '../ct600/wizard.css';
import './package.css';

/** The plan is asked for this long after the last change. */
export const PLAN_DELAY_MS = 300;

/** Fields whose errors show as they are typed: web addresses and language tags. */
const isLiveField = (id: string) => id === 'identifier' || id === 'publisherUrl' || id === 'reportPackageLanguage' || /^ep-.+-(href|languages)$/.test(id);

const stepKey = (draftId: string) => `filing-desk.package-step.${draftId}`;
function rememberedStep(draftId: string): StepId {
  try {
    const s = sessionStorage.getItem(stepKey(draftId));
    return STEPS.some((x) => x.id === s) ? (s as StepId) : 'about';
  } catch {
    return 'about';
  }
}

function valueOf(form: PackageForm, id: string): string {
  if (id.startsWith('ep-')) {
    const m = /^ep-(.+)-(name|description|version|href|languages)$/.exec(id);
    const ep = m ? form.entryPoints.find((e) => e.key === m[1]) : undefined;
    return ep && m ? ep[m[2] as 'name'] : '';
  }
  const v = form.about[id as keyof PackageForm['about']];
  return typeof v === 'string' ? v : '';
}

/** The report package wizard for one draft: a task list of steps, reachable in any order, saved as typed. */
export function PackageWizard({ draftId }: { draftId: string }) {
  const bridge = useBridge();
  const session = useMemo(() => createDraftSession<PackageForm>({ bridge, draftId, read: formFromDraft, describe: describeForm }), [bridge, draftId]);
  const s = useStore(session);
  const [step, setStep] = useState<StepId>(() => rememberedStep(draftId));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState<Set<StepId>>(() => new Set());
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [plan, setPlan] = useState<PlanState>({ status: 'waiting' });
  const [notice, setNotice] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  useOpenDraft(session);

  // A draft started from a client with nothing typed yet is filled in from the client book.
  const prefilled = useRef(false);
  useEffect(() => {
    const draft = s.draft;
    if (!draft || prefilled.current) return;
    prefilled.current = true;
    if (!draft.clientId || !isEmptyForm(draft.form)) return;
    void bridge.listClients({ query: '', includeArchived: true }).then(
      (r) => {
        const client = r.ok ? r.value.find((c) => c.id === draft.clientId) : undefined;
        if (client) session.getState().update((form) => prefillFromClient(form, client, new Date()));
      },
      () => undefined,
    );
  }, [s.draft, bridge, session]);

  const form = s.form;
  const check = useMemo(() => (form ? checkForm(form) : null), [form]);

  // The package as main will write it, and what it would refuse: asked again after each change.
  const planKey = check && s.draft ? JSON.stringify([check.request, s.draft.attachments.map((a) => a.id)]) : null;
  useEffect(() => {
    if (!planKey || !check) return;
    let live = true;
    const timer = setTimeout(() => {
      void settle(() => bridge.planPackageDraft({ draftId, request: check.request }), 'work out the package’s contents').then((r) => {
        if (live) setPlan(r.ok ? { status: 'ready', plan: r.value } : { status: 'failed', message: r.failure.message });
      });
    }, PLAN_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // planKey stands for check.request and the attachments.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planKey, bridge, draftId]);

  useDraftMenuCommands({ bridge, session, draftId, setNotice, saveErrorShownAt: 'under the steps' });

  useEffect(() => {
    try {
      sessionStorage.setItem(stepKey(draftId), step);
    } catch {
      // Storage refused: a reload opens on the first step; nothing typed is lost.
    }
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const id = pendingFocus.current;
    pendingFocus.current = null;
    const target = id ? document.getElementById(id) : null;
    if (target) target.focus();
    else heading.current?.focus();
  }, [step, draftId]);

  if (s.loading) return <Busy label="Opening the package…" />;
  if (s.loadError || !s.draft || !form || !check) {
    return (
      <p role="alert" className="field__error">
        This package could not be opened: {s.loadError ?? 'unknown error'}
      </p>
    );
  }

  const shownError = (id: string) => {
    const error = check.errors.get(id);
    if (!error) return undefined;
    const onStep = stepOfField(id);
    if (touched.has(id) || submitted.has(onStep) || submitted.has('review')) return error;
    return isLiveField(id) && valueOf(form, id).trim() !== '' ? error : undefined;
  };

  const go = (target: StepId, fieldId?: string) => {
    if (target === step) {
      if (fieldId) document.getElementById(fieldId)?.focus();
      return;
    }
    pendingFocus.current = fieldId ?? null;
    setStep(target);
  };

  const ctx: PackageWizardContext = {
    draftId,
    bridge,
    draft: s.draft,
    form,
    check,
    plan,
    shownError,
    touch: (id) => setTouched((t) => (t.has(id) ? t : new Set(t).add(id))),
    update: (change) => session.getState().update(change),
    adoptDraft: (draft) => session.getState().adoptDraft(draft),
    go,
    flush: () => session.getState().flush(),
  };

  const errorsOn = (id: StepId) => [...check.errors.entries()].filter(([f]) => stepOfField(f) === id);
  const formStatus = (id: 'about' | 'entry-points'): Task => {
    const errs = errorsOn(id);
    const shown = errs.filter(([f]) => shownError(f)).length;
    const started = id === 'about' ? ABOUT_FIELDS.some((f) => f.id !== 'publisherCountry' && f.id !== 'reportPackageLanguage' && valueOf(form, f.id).trim() !== '') : form.entryPoints.some((e) => e.name || e.href);
    const status: TaskStatus = !errs.length ? 'Completed' : shown ? 'Has errors' : started ? 'In progress' : 'Not started';
    const title = STEPS.find((x) => x.id === id)!.title;
    return { id, title, status, ...(shown ? { problems: shown } : {}) };
  };
  const currentPlan = plan.status === 'ready' ? plan.plan : null;
  const filesTask: Task = (() => {
    const attached = s.draft.attachments.some((a) => a.role === 'report' || a.role === 'taxonomy');
    const problems = currentPlan?.problems.length ?? 0;
    const hasReport = s.draft.attachments.some((a) => a.role === 'report');
    const status: TaskStatus = problems && attached ? 'Has errors' : hasReport ? 'Completed' : attached ? 'In progress' : 'Not started';
    return { id: 'files', title: STEPS[2]!.title, status, ...(problems && attached ? { problems } : {}) };
  })();
  const reviewTask: Task = {
    id: 'review',
    title: STEPS[3]!.title,
    status: s.draft.lastBuild ? (s.draft.changedSinceBuild ? 'In progress' : 'Completed') : check.errors.size || !currentPlan?.canBuild ? 'Cannot start yet' : 'Not started',
  };
  const tasks: Task[] = [formStatus('about'), formStatus('entry-points'), filesTask, reviewTask];

  const current = STEPS.find((x) => x.id === step)!;
  const stepErrors = (step === 'about' || step === 'entry-points') && submitted.has(step) ? errorsOn(step).map(([fieldId, message]) => ({ fieldId, message })) : [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted((x) => new Set(x).add(step));
    if ((step === 'about' || step === 'entry-points') && errorsOn(step).length) {
      setSummaryFocus((k) => k + 1);
      return;
    }
    const next = STEPS[STEPS.findIndex((x) => x.id === step) + 1];
    if (next) go(next.id);
  };

  return (
    <PackageWizardCtx.Provider value={ctx}>
      <div className="wizard package-wizard">
        <aside className="wizard__tasks">
          <h2 className="wizard__title">{describeForm(form).title}</h2>
          <p className="wizard__kind">Report package</p>
          <TaskList label="Steps of this package" tasks={tasks} current={step} onSelect={(id) => go(id as StepId)} />
          <SaveState state={s.save} pending={s.dirty} />
          <MenuCommandNotice notice={notice} />
        </aside>
        <div className="wizard__step">
          <h2 className="wizard__step-title" tabIndex={-1} ref={heading}>
            {current.title}
          </h2>
          <p className="wizard__step-summary">{current.summary}</p>
          {step === 'review' ? (
            <ReviewStep />
          ) : (
            <form noValidate onSubmit={onSubmit}>
              <ErrorSummary errors={stepErrors} focusKey={summaryFocus} onSelect={(id) => document.getElementById(id)?.focus()} />
              {step === 'about' ? <AboutStep /> : step === 'entry-points' ? <EntryPointsStep /> : <FilesStep />}
              <p className="wizard__actions">
                <button type="submit" className="button button--primary">
                  Continue
                </button>
              </p>
            </form>
          )}
        </div>
      </div>
    </PackageWizardCtx.Provider>
  );
}
