/** What a draft wizard says under its steps: how saving goes, and how the last menu command went. */
import type { SaveStatus } from '../../store/draft-session.js';

/** "All changes saved" only when nothing typed is waiting for its save. */
export function SaveState({ state, pending }: { state: SaveStatus; pending: boolean }) {
  const text =
    state.state === 'failed'
      ? `Not saved: ${state.message}`
      : state.state === 'saving' || pending
        ? 'Saving…'
        : state.state === 'saved'
          ? 'All changes saved'
          : '';
  return (
    <p className={`save-state${state.state === 'failed' ? ' save-state--failed' : ''}`} role="status" data-testid="save-state">
      {text}
    </p>
  );
}

/**
 * The outcome of Save or Save as: announced through a status region that is
 * always present (a live region added with its text is often not read), and
 * shown to the eye separately so it is not read twice.
 */
export function MenuCommandNotice({ notice }: { notice: string | null }) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice ? (
        <p className="wizard__notice" aria-hidden="true">
          {notice}
        </p>
      ) : null}
    </>
  );
}
