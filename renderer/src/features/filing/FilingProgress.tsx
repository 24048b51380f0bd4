import type { SubmissionView } from './filing-types.js';
import { ENVIRONMENT_SHORT, progressLine } from './filing-words.js';
import { TakeOverClaim } from './TakeOverClaim.js';
import { useSecondClock } from './use-submission.js';

/**
 * Nothing is asking HMRC about this submission any more (Filing Desk was
 * closed, or gave up for now after repeated network failures): main's words
 * say why, and the user asks it to carry on.
 */
export function stalled(s: SubmissionView): boolean {
  if (s.canSendAgain) return false;
  if (s.state === 'waiting') return s.nextCheckAt === null;
  return s.state === 'unknown' && !/^Asking HMRC/.test(s.stateText);
}

const STEPS: { id: string; label: string; reached: (s: SubmissionView['state']) => boolean; done: (s: SubmissionView['state']) => boolean }[] = [
  { id: 'sent', label: 'Sent to HMRC', reached: () => true, done: (s) => s !== 'prepared' && s !== 'unknown' },
  { id: 'waiting', label: 'HMRC acknowledged it and is checking it', reached: (s) => s === 'waiting' || s === 'sent', done: () => false },
  { id: 'answer', label: 'HMRC’s answer', reached: () => false, done: () => false },
];

/**
 * A submission under way. The live region says each new step once (polite);
 * the countdown to the next check sits outside it, so a screen reader is not
 * read a number every second.
 */
export function FilingProgress({
  submission,
  problem,
  onLeave,
  onCheckAgain,
  onSendAgain,
  onTakeOver,
}: {
  submission: SubmissionView;
  problem: string | null;
  onLeave(): void;
  /** Main stopped asking HMRC (a restart, a long outage): ask again, never send again. */
  onCheckAgain(): void;
  /** HMRC says it holds no such return: send the very same message again. */
  onSendAgain(): void;
  /** Another Filing Desk holds the return's claim and the user confirmed it is not running: take the claim over and file. */
  onTakeOver(): void;
}) {
  const now = useSecondClock(submission.state === 'waiting');
  const line = progressLine(submission, now);
  const [announced] = line.split(' Next check');
  return (
    <section className="filing-progress" aria-labelledby="progress-heading" data-testid="filing-progress">
      <h3 id="progress-heading" tabIndex={-1}>Filing with HMRC ({ENVIRONMENT_SHORT[submission.environment]})</h3>
      <ol className="filing-progress__steps">
        {STEPS.map((st) => {
          const done = st.done(submission.state);
          const current = !done && st.reached(submission.state);
          return (
            <li key={st.id} className={done ? 'filing-progress__step--done' : current ? 'filing-progress__step--current' : 'filing-progress__step--later'} aria-current={current ? 'step' : undefined}>
              <span aria-hidden="true">{done ? '✓ ' : current ? '● ' : '○ '}</span>
              {st.label}
              <span className="visually-hidden">{done ? ' (done)' : current ? ' (now)' : ' (still to come)'}</span>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" data-testid="filing-state">
        {announced}
      </p>
      <p className="hint" data-testid="filing-next-check">
        {submission.state === 'waiting' && line.includes('Next check') ? line.slice(line.indexOf('Next check')) : '\u00a0'}
      </p>
      {submission.claimHeldBy ? (
        <TakeOverClaim heldBy={submission.claimHeldBy} onTakeOver={onTakeOver} />
      ) : stalled(submission) || submission.canSendAgain ? (
        <div className="confirm-box" data-testid="filing-detail">
          <p>{submission.stateText}</p>
          <div className="button-row">
            {submission.canSendAgain ? (
              <button type="button" className="button button--primary" onClick={onSendAgain}>
                Send again
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={onCheckAgain}>
                Check again
              </button>
            )}
          </div>
        </div>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <p>You can leave this screen: Filing Desk carries on filing. Open this return again, or look at the Filing history on Start, to see HMRC’s answer.</p>
      <div className="button-row">
        <button type="button" className="button" onClick={onLeave}>
          Go to Start
        </button>
      </div>
    </section>
  );
}
