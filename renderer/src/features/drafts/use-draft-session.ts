/**
 * What every draft wizard (CT600 return, report package) does with its open
 * draft, whatever the form inside it: open it, save what is waiting when the
 * window goes, and answer the menu's Save and Save as.
 */
import { useEffect } from 'react';
import type { FilingDeskBridge } from '../../../../preload/contract.js';
import type { DraftSessionState } from '../../store/draft-session.js';

/** Any wizard's draft session: only what does not depend on its form is used here. */
type DraftSession = { getState(): Pick<DraftSessionState<object>, 'open' | 'flush' | 'dispose'> };

/** Opens the draft for as long as the wizard shows it. */
export function useOpenDraft(session: DraftSession): void {
  useEffect(() => {
    void session.getState().open();
    return () => session.getState().dispose();
  }, [session]);

  // A reload or a closing window writes what is waiting at once rather than after the pause.
  useEffect(() => {
    const now = () => void session.getState().flush();
    window.addEventListener('pagehide', now);
    return () => window.removeEventListener('pagehide', now);
  }, [session]);
}

export interface DraftMenuCommands {
  bridge: FilingDeskBridge;
  session: DraftSession;
  draftId: string;
  /** Tells the user how Save or Save as went. */
  setNotice: (notice: string) => void;
  /** Where the wizard shows why a save failed, for the "Not saved" notice. */
  saveErrorShownAt: string;
}

/**
 * Menu Save and Save as while a wizard is open; the shell handles the other commands.
 * Save writes what is waiting now; Save as does the same, then exports the draft to a file.
 */
export function useDraftMenuCommands({ bridge, session, draftId, setNotice, saveErrorShownAt }: DraftMenuCommands): void {
  useEffect(
    () =>
      bridge.onMenuCommand((command) => {
        if (command === 'save') {
          void session.getState().flush().then((ok) => setNotice(ok ? 'Saved' : `Not saved: see the message ${saveErrorShownAt}`));
        } else if (command === 'save-as') {
          void session
            .getState()
            .flush()
            .then(() => bridge.exportDraft({ id: draftId }))
            .then((r) => setNotice(r.ok ? (r.value.saved ? `Exported as ${r.value.fileName ?? 'a draft file'}` : 'Export cancelled') : `Not exported: ${r.error.message}`));
        }
      }),
    [bridge, session, draftId, setNotice, saveErrorShownAt],
  );
}
