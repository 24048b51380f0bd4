import { lazy, Suspense } from 'react';
import { useNavigation, type OpenDraft } from '../../store/navigation.js';

// The wizards load when a draft opens, not with the start screen.
const Ct600Wizard = lazy(() => import('../ct600/Ct600Wizard.js').then((m) => ({ default: m.Ct600Wizard })));
const PackageWizard = lazy(() => import('../package/PackageWizard.js').then((m) => ({ default: m.PackageWizard })));

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
      <Suspense fallback={<p role="status">Loading…</p>}>
        {draft.kind === 'ct600' ? <Ct600Wizard key={draft.id} draftId={draft.id} /> : <PackageWizard key={draft.id} draftId={draft.id} />}
      </Suspense>
    </>
  );
}
