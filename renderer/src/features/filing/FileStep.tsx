import { useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '../../components/ErrorSummary.js';
import { Busy } from '../../components/Progress.js';
import { SummaryList } from '../../components/SummaryList.js';
import { formatSize } from '../../format/index.js';
import { FIELD_BY_ID } from '../../../../common/ct600/fields.js';
import { useWizard } from '../ct600/wizard-context.js';
import { settle } from '../frame/bridge-call.js';
import { ukPeriod } from '../../format/index.js';
import { useSettingsTarget } from '../settings/settings-target.js';
import { useNavigation } from '../../store/navigation.js';
import { useFilingApi } from './filing-api.js';
import { announceFilingChange } from './filing-changes.js';
import { filedOf, useLatestFilings } from './file-step-entry.js';
import { fixTargetOf } from './filing-targets.js';
import type { FilingEnvironment, FilingPreview, SubmissionView } from './filing-types.js';
import { ENVIRONMENT_NAMES, groupedBase32, isUnderWay, pounds, spacedUtr } from './filing-words.js';
import { FilingProgress } from './FilingProgress.js';
import { FilingReceipt } from './FilingReceipt.js';
import { FilingRejection } from './FilingRejection.js';
import { useSubmission } from './use-submission.js';
import './filing.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'choose' }
  | { kind: 'confirm'; preview: FilingPreview }
  | { kind: 'submission'; submission: SubmissionView };

/**
 * What the step shows when the return is opened, from its submissions
 * (newest first): a Filed return its accepted submission; a return whose
 * newest submission was accepted live but is no longer Filed is an amendment
 * still to send, so the choice of where to send it; otherwise the newest
 * submission (under way, HMRC's answer, a test's receipt), or the choice.
 */
export function phaseOnOpening(submissions: SubmissionView[], filedTransactionId: string | null): Phase {
  if (filedTransactionId) {
    const accepted = submissions.find((s) => s.transactionId === filedTransactionId);
    if (accepted) return { kind: 'submission', submission: accepted };
  }
  const latest = submissions[0];
  if (!latest || (latest.state === 'accepted' && latest.environment === 'live' && !filedTransactionId)) return { kind: 'choose' };
  return { kind: 'submission', submission: latest };
}

/**
 * File with HMRC: where to send the return (Test in Live until live filing is
 * switched on in Settings), what will be filed and the declaration again,
 * then the filing as it goes and HMRC's answer. What is shown comes from
 * main's submission record, so leaving and coming back shows the same state.
 */
export function FileStep() {
  const ctx = useWizard();
  const api = useFilingApi();
  const openSettings = useSettingsTarget((s) => s.open);
  const goStart = useNavigation((s) => s.closeDraft);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [environment, setEnvironment] = useState<FilingEnvironment>('til');
  const [liveAllowed, setLiveAllowed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const root = useRef<HTMLDivElement>(null);

  const filed = filedOf(ctx.draft);

  useEffect(() => {
    let gone = false;
    void (async () => {
      const [settings, list] = await Promise.all([
        settle(() => api.settings(), 'read the filing settings'),
        settle(() => api.list({ draftId: ctx.draftId }), 'read this return’s filing history'),
      ]);
      if (gone) return;
      if (settings.ok) setLiveAllowed(settings.value.liveFiling);
      if (!list.ok) {
        setProblem(list.failure.message);
        setPhase({ kind: 'choose' });
        return;
      }
      setPhase(phaseOnOpening(list.value, filed?.transactionId ?? null));
    })();
    return () => {
      gone = true;
    };
    // Read once per draft: later changes come from this step itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api.list, ctx.draftId]);

  // Each new state of the step is announced by moving focus to its heading.
  const phaseKey = phase.kind === 'submission' ? `submission:${phase.submission.transactionId}` : phase.kind;
  useEffect(() => {
    if (phase.kind === 'loading') return;
    root.current?.querySelector<HTMLElement>('h3[tabindex]')?.focus();
  }, [phaseKey, phase.kind]);

  const preview = async (env: FilingEnvironment) => {
    setBusy('Reading what will be filed…');
    setProblem(null);
    await ctx.flush();
    const r = await settle(() => api.preview({ draftId: ctx.draftId, environment: env }), 'read what will be filed');
    setBusy(null);
    if (!r.ok) return setProblem(`What will be filed could not be read: ${r.failure.message}`);
    // A submission of this return already under way is followed, never started twice.
    if (r.value.underWay) return setPhase({ kind: 'submission', submission: r.value.underWay });
    setPhase({ kind: 'confirm', preview: r.value });
    if (r.value.missing.length) setSummaryFocus((k) => k + 1);
  };

  const submit = async (confirmAmendment: boolean) => {
    setBusy('Sending the return to HMRC…');
    setProblem(null);
    const r = await settle(() => api.submit({ draftId: ctx.draftId, environment, ...(confirmAmendment ? { confirmAmendment } : {}) }), 'send the return to HMRC');
    setBusy(null);
    if (!r.ok) return setProblem(`The return was not sent: ${r.failure.message}`);
    announceFilingChange();
    setPhase({ kind: 'submission', submission: r.value });
  };

  const goField = (fieldId: string) => {
    const f = FIELD_BY_ID.get(fieldId);
    if (f) ctx.go(f.step, f.id);
  };
  const fix = (field: string) => {
    const target = fixTargetOf(field);
    if (target.where === 'field') goField(target.fieldId);
    else if (target.where === 'settings') openSettings(target.fieldId);
    else ctx.go('check');
  };

  return (
    <div ref={root} className="file-step">
      {problem ? (
        <p className="field__error" role="alert" data-testid="filing-problem">
          {problem}
        </p>
      ) : null}
      {busy ? <Busy label={busy} /> : null}
      {phase.kind === 'loading' ? <Busy label="Reading this return’s filings…" /> : null}
      {phase.kind === 'choose' ? (
        <ChooseEnvironment
          environment={environment}
          liveAllowed={liveAllowed}
          disabled={busy !== null}
          onChange={setEnvironment}
          onContinue={() => void preview(environment)}
          onSettings={() => openSettings('filing-liveFiling')}
        />
      ) : null}
      {phase.kind === 'confirm' ? (
        <Confirm
          preview={phase.preview}
          summaryFocus={summaryFocus}
          disabled={busy !== null}
          onFix={fix}
          onBack={() => setPhase({ kind: 'choose' })}
          onFile={(amend) => void submit(amend)}
        />
      ) : null}
      {phase.kind === 'submission' ? (
        <Submission
          initial={phase.submission}
          onField={goField}
          onSettings={openSettings}
          onLeave={goStart}
          onFileAgain={() => setPhase({ kind: 'choose' })}
        />
      ) : null}
    </div>
  );
}

function ChooseEnvironment(props: {
  environment: FilingEnvironment;
  liveAllowed: boolean;
  disabled: boolean;
  onChange(env: FilingEnvironment): void;
  onContinue(): void;
  onSettings(): void;
}) {
  const options: { id: FilingEnvironment; label: string; hint: string }[] = [
    { id: 'til', label: 'Test in Live', hint: 'HMRC checks the return as it would a real one and answers, but nothing is filed. Use it first.' },
    { id: 'ets', label: 'HMRC’s external test service', hint: 'HMRC’s separate service for testing software. Nothing is filed.' },
    { id: 'live', label: 'Live', hint: props.liveAllowed ? 'The return is filed with HMRC for the company.' : 'Switched off: turn on “File live returns” in Settings › Filing with HMRC first.' },
  ];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onContinue();
      }}
    >
      <h3 tabIndex={-1}>Where to send the return</h3>
      <fieldset className="radios">
        <legend className="filing__legend">Send the return to</legend>
        {options.map((o) => {
          const off = o.id === 'live' && !props.liveAllowed;
          return (
            <label className="radio" key={o.id} htmlFor={`environment-${o.id}`}>
              <input
                type="radio"
                id={`environment-${o.id}`}
                name="environment"
                value={o.id}
                checked={props.environment === o.id}
                disabled={off}
                aria-describedby={`environment-${o.id}-hint`}
                onChange={() => props.onChange(o.id)}
              />
              <span>
                {o.label}
                <span className="radio__hint" id={`environment-${o.id}-hint`}>
                  {o.hint}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {!props.liveAllowed ? (
        <p>
          <a
            href="#filing-liveFiling"
            onClick={(e) => {
              e.preventDefault();
              props.onSettings();
            }}
          >
            Switch on live filing in Settings › Filing with HMRC
          </a>
        </p>
      ) : null}
      <p className="wizard__actions">
        <button type="submit" className="button button--primary" disabled={props.disabled}>
          Continue
        </button>
      </p>
    </form>
  );
}

function Confirm(props: { preview: FilingPreview; summaryFocus: number; disabled: boolean; onFix(field: string): void; onBack(): void; onFile(amend: boolean): void }) {
  const p = props.preview;
  const [amending, setAmending] = useState(false);
  if (p.alreadyAccepted) {
    return (
      <div>
        <h3 tabIndex={-1}>This return has already been accepted</h3>
        <p>HMRC accepted a return for this company and period. To change it, file an amended return.</p>
        <FilingReceipt submission={p.alreadyAccepted} headingLevel={3} />
        <Amendment />
      </div>
    );
  }
  const blocked = p.missing.length > 0;
  const errors = p.missing.map((m, i) => ({ fieldId: `missing-${i}`, message: `${m.message} (${fixTargetOf(m.field).label})` }));
  return (
    <div>
      <h3 tabIndex={-1}>Check before you file</h3>
      <ErrorSummary
        errors={errors}
        focusKey={props.summaryFocus}
        onSelect={(id) => {
          const m = p.missing[Number(id.slice('missing-'.length))];
          if (m) props.onFix(m.field);
        }}
      />
      <SummaryList
        rows={[
          { key: 'Company', box: '1', value: p.company ?? 'Not given' },
          { key: 'Unique Taxpayer Reference (UTR)', box: '3', value: p.utr ? spacedUtr(p.utr) : 'Not given' },
          { key: 'Period', box: '30 and 35', value: ukPeriod(p.periodStart, p.periodEnd) ?? 'Not given' },
          { key: p.taxPayable?.box === '510' ? 'Tax chargeable' : 'Tax payable', box: p.taxPayable?.box ?? '525', value: <span data-testid="confirm-tax">{pounds(p.taxPayable?.amount ?? null)}</span>, numeric: true },
          {
            key: 'Attachments',
            value: p.attachments.length ? (
              <ul className="plain-list">
                {p.attachments.map((a) => (
                  <li key={a.name}>
                    {a.name} ({a.kind}, {formatSize(a.size)})
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            ),
          },
          { key: 'Sent to', value: <span data-testid="confirm-environment">{p.environmentName || ENVIRONMENT_NAMES[p.environment]}</span>, onChange: props.onBack },
          { key: 'Type of return', value: p.isAmendment ? 'An amended return' : 'A new return' },
          { key: 'IRmark', value: p.irmarkBase32 ? <code data-testid="confirm-irmark">{groupedBase32(p.irmarkBase32)}</code> : 'Not built yet' },
        ]}
      />
      <h4>Declaration</h4>
      <p className="declaration" data-testid="confirm-declaration">
        {p.declaration.name ? `${p.declaration.name}${p.declaration.status ? ` (${p.declaration.status})` : ''}` : 'The person named in the return'} declares that the information in this return is correct and
        complete to the best of their knowledge and belief (box 975). Filing it sends this declaration to HMRC.
      </p>
      {blocked ? (
        <p className="field__error" id="file-blocked">
          You cannot file the return yet: put right what is listed at the top first.
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={blocked || props.disabled}
          aria-describedby={blocked ? 'file-blocked' : undefined}
          onClick={() => (p.isAmendment && !amending ? setAmending(true) : props.onFile(p.isAmendment))}
        >
          {p.environment === 'live' ? 'File with HMRC' : 'Send the test to HMRC'}
        </button>
        <button type="button" className="button" onClick={props.onBack}>
          Back
        </button>
      </div>
      {amending ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby="amend-file-heading">
          <h4 id="amend-file-heading">File this amended return?</h4>
          <p>It replaces the return HMRC accepted for this period.</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => props.onFile(true)}>
              Yes, file the amended return
            </button>
            <button type="button" className="button" onClick={() => setAmending(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Submission(props: { initial: SubmissionView; onField(id: string): void; onSettings(id: string): void; onLeave(): void; onFileAgain(): void }) {
  const api = useFilingApi();
  const [start, setStart] = useState(props.initial);
  const { view: shown, problem } = useSubmission(api, start);
  const note = useLatestFilings((s) => s.note);
  useEffect(() => {
    if (shown.draftId) note(shown.draftId, shown);
  }, [note, shown]);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('h3[tabindex]')?.focus();
  }, [shown.state]);

  const resume = async (sendAgain: boolean) => {
    setSendProblem(null);
    const r = await settle(() => api.resume({ transactionId: shown.transactionId, ...(sendAgain ? { sendAgain } : {}) }), sendAgain ? 'send the return again' : 'ask HMRC again');
    if (r.ok) {
      announceFilingChange();
      setStart(r.value);
    } else setSendProblem(`${sendAgain ? 'The return was not sent again' : 'HMRC was not asked again'}: ${r.failure.message}`);
  };

  return (
    <div ref={root}>
      {isUnderWay(shown.state) ? (
        <FilingProgress submission={shown} problem={problem ?? sendProblem} onLeave={props.onLeave} onCheckAgain={() => void resume(false)} onSendAgain={() => void resume(true)} />
      ) : null}
      {shown.state === 'accepted' ? (
        <>
          <FilingReceipt submission={shown} />
          {shown.environment === 'live' ? (
            <Amendment />
          ) : (
            // A test changes nothing at HMRC: the return can be sent again, or filed live.
            <div className="button-row no-print">
              <button type="button" className="button" onClick={props.onFileAgain}>
                Send it again or file it live
              </button>
            </div>
          )}
        </>
      ) : null}
      {shown.state === 'rejected' || shown.state === 'failed' ? (
        <>
          <FilingRejection submission={shown} onField={props.onField} onSettings={props.onSettings} />
          <div className="button-row">
            {shown.canSendAgain ? (
              <button type="button" className="button button--primary" onClick={() => void resume(true)}>
                Send it again
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={props.onFileAgain}>
                File again
              </button>
            )}
          </div>
          {sendProblem ? (
            <p className="field__error" role="alert">
              {sendProblem}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** An accepted return is changed only by an amended return, started with the user's say-so. */
function Amendment() {
  const ctx = useWizard();
  const api = useFilingApi();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  const amend = async () => {
    const r = await settle(() => api.amend({ draftId: ctx.draftId }), 'start an amendment');
    if (!r.ok) return setProblem(`The amendment was not started: ${r.failure.message}`);
    ctx.adoptDraft(r.value);
    ctx.go('company');
  };
  return (
    <div className="no-print">
      {asking ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby="amend-heading" aria-describedby="amend-text">
          <h4 id="amend-heading">Start an amendment?</h4>
          <p id="amend-text">
            The return becomes an amended return you can change. The return HMRC accepted, its receipt and its filing history are kept. File the amended return when it is ready.
          </p>
          <div className="button-row">
            <button ref={yes} type="button" className="button button--primary" onClick={() => void amend()}>
              Yes, start an amendment
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button" onClick={() => setAsking(true)}>
            Start an amendment
          </button>
        </div>
      )}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
