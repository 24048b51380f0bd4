import { Ct600Wizard } from '../ct600/Ct600Wizard.js';
import { useNavigation, type OpenDraft } from '../../store/navigation.js';

/** The open draft: a CT600 return in its wizard; report package drafts say plainly they come later. */
export function DraftView({ draft }: { draft: OpenDraft }) {
  const closeDraft = useNavigation((s) => s.closeDraft);
  return (
    <>
      <nav className="draft-view__back" aria-label="Draft">
        <button type="button" className="link-button" onClick={closeDraft}>
          ← All drafts
        </button>
      </nav>
      {draft.kind === 'ct600' ? (
        <Ct600Wizard key={draft.id} draftId={draft.id} />
      ) : (
        <>
          <header className="page-header">
            <h2>Report package draft</h2>
          </header>
          <div className="card coming-later">
            <p className="coming-later__tag">Coming in a later version</p>
            <p>
              This draft is a report package. Filing Desk cannot edit report package drafts yet; the draft is kept safely and
              will open here when that part is built. You can validate a finished package under “Validate a file”.
            </p>
          </div>
        </>
      )}
    </>
  );
}
