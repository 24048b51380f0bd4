/**
 * The File with HMRC step: which of its phases a return is in when opened
 * (choosing where to send it, the last look before filing, or a submission
 * under way or answered), and the submission as it goes. The choice and the
 * last look are BeforeFiling.tsx; starting an amendment is Amendment.tsx.
 */
import { useEffect, useRef, useState } from 'react';
import { Busy } from '../../components/Progress.js';
import { FIELD_BY_ID } from '../../../../common/ct600/fields.js';
import { useWizard } from '../ct600/wizard-context.js';
import { settle } from '../frame/bridge-call.js';
import { useSettingsTarget } from '../settings/settings-target.js';
import { useNavigation } from '../../store/navigation.js';
import { useFilingApi } from './filing-api.js';
import { announceFilingChange } from './filing-changes.js';
import { filedOf, useLatestFilings } from './file-step-entry.js';
import { fixTargetOf } from './filing-targets.js';
import type { FilingEnvironment, FilingPreview, SubmissionView } from './filing-types.js';
import { isUnderWay } from './filing-words.js';
import { FilingProgress } from './FilingProgress.js';
import { FilingReceipt } from './FilingReceipt.js';
import { TakeOverClaim } from './TakeOverClaim.js';
import { FilingRejection } from './FilingRejection.js';
import { Amendment } from './Amendment.js';
import { ChooseEnvironment, Confirm } from './BeforeFiling.js';
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
  /** A send refused because another Filing Desk holds the return's claim: main's words, and whether it was an amendment the user had confirmed. */
  const [claimHeld, setClaimHeld] = useState<{ heldBy: string; confirmAmendment: boolean } | null>(null);
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

  const submit = async (confirmAmendment: boolean, takeOver = false) => {
    setBusy('Sending the return to HMRC…');
    setProblem(null);
    setClaimHeld(null);
    const r = await settle(() => api.submit({ draftId: ctx.draftId, environment, ...(confirmAmendment ? { confirmAmendment } : {}), ...(takeOver ? { takeOver } : {}) }), 'send the return to HMRC');
    setBusy(null);
    if (!r.ok) {
      // Another Filing Desk holds the claim: say who, and offer to take it over, which asks first.
      const held = r.failure.errors?.find((e) => e.field === 'claim');
      if (held) return setClaimHeld({ heldBy: held.message, confirmAmendment });
      return setProblem(`The return was not sent: ${r.failure.message}`);
    }
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
      {claimHeld ? <TakeOverClaim heldBy={claimHeld.heldBy} onTakeOver={() => void submit(claimHeld.confirmAmendment, true)} /> : null}
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

  const resume = async (sendAgain: boolean, takeOver = false) => {
    setSendProblem(null);
    const r = await settle(
      () => api.resume({ transactionId: shown.transactionId, ...(sendAgain ? { sendAgain } : {}), ...(takeOver ? { takeOver } : {}) }),
      takeOver ? 'take over and file' : sendAgain ? 'send the return again' : 'ask HMRC again',
    );
    if (r.ok) {
      announceFilingChange();
      setStart(r.value);
    } else setSendProblem(`${takeOver ? 'The return was not taken over' : sendAgain ? 'The return was not sent again' : 'HMRC was not asked again'}: ${r.failure.message}`);
  };

  return (
    <div ref={root}>
      {isUnderWay(shown.state) ? (
        <FilingProgress submission={shown} problem={problem ?? sendProblem} onLeave={props.onLeave} onCheckAgain={() => void resume(false)} onSendAgain={() => void resume(true)} onTakeOver={() => void resume(false, true)} />
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
