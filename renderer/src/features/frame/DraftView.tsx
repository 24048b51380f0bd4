import { Ct600Wizard } from '../ct600/Ct600Wizard.js';
import { PackageWizard } from '../package/PackageWizard.js';
import { useNavigation, type OpenDraft } from '../../store/navigation.js';

/** The open draft in its wizard: a CT600 return or a report package. */
export function DraftView({ draft }: { draft: OpenDraft }) {
  const closeDraft = useNavigation((s) => s.closeDraft);
  return (
    <>
      <nav className="draft-view__back" aria-label="Draft">
        <button type="button" className="link-button" onClick={closeDraft}>
          ← All drafts
        </button>
      </nav>
      {draft.kind === 'ct600' ? <Ct600Wizard key={draft.id} draftId={draft.id} /> : <PackageWizard key={draft.id} draftId={draft.id} />}
    </>
  );
}
