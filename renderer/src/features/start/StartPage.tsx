import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { DRAFT_FILE_EXTENSION } from '../../../../preload/contract.js';
import { useDraftListStore } from '../../store/draft-list.js';
import { useNavigation } from '../../store/navigation.js';
import { ukDateTime, ukPeriod } from '../../format/index.js';
import { FilingHistory } from '../filing/FilingHistory.js';
import { kindLabels } from './draft-labels.js';
import { DraftList } from './DraftList.js';
import { NewReturnPanel } from './NewReturnPanel.js';
import { useNewPackage } from './new-package.js';
import { BusyButton } from '../../components/BusyButton.js';

/** Start: new return, the drafts, what was deleted or could not be read, and opening a draft file. */
export function StartPage() {
  const store = useDraftListStore();
  const { load, drafts, unreadable, trash, busy } = useStore(store);
  const { refresh, newReturn, open, remove, restore, exportDraft, importFile, openFromFile } = store.getState();
  const choosing = useNavigation((s) => s.newReturn);
  const startNewReturn = useNavigation((s) => s.startNewReturn);
  const endNewReturn = useNavigation((s) => s.endNewReturn);
  const choosingPackage = useNavigation((s) => s.newPackage);
  const startNewPackage = useNavigation((s) => s.startNewPackage);
  const endNewPackage = useNavigation((s) => s.endNewPackage);
  const go = useNavigation((s) => s.go);
  const newPackage = useNewPackage(refresh);
  const newPackageButton = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const accept = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer?.types?.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer?.files?.[0];
    if (file) void importFile(file);
  };
  // Focus goes back to the button that opened the chooser once the chooser has gone: focusing it
  // before the re-render lets the removal of the focused chooser drop focus to the page body.
  const refocus = useRef<'return' | 'package' | null>(null);
  useEffect(() => {
    if (refocus.current === 'return' && !choosing) newButton.current?.focus();
    if (refocus.current === 'package' && !choosingPackage) newPackageButton.current?.focus();
    refocus.current = null;
  }, [choosing, choosingPackage]);
  const cancelNewReturn = () => {
    refocus.current = 'return';
    endNewReturn();
  };
  const cancelNewPackage = () => {
    refocus.current = 'package';
    endNewPackage();
  };

  return (
    <div
      className={`start${dragging ? ' start--dragging' : ''}`}
      data-testid="start-drop-target"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={drop}
    >
      <header className="page-header">
        <h2>Start</h2>
        <p>Your returns and report packages in progress. Drop a .{DRAFT_FILE_EXTENSION} draft file from a colleague anywhere here to import it.</p>
      </header>
      <div className="button-row">
        <button ref={newButton} type="button" className="button button--primary" onClick={startNewReturn} aria-expanded={choosing}>
          New CT600 return
        </button>
        <button ref={newPackageButton} type="button" className="button" onClick={startNewPackage} aria-expanded={choosingPackage}>
          New report package
        </button>
        <button type="button" className="button" onClick={() => go('accounts')}>
          Prepare accounts
        </button>
        <BusyButton className="button" busy={busy !== null} busyLabel="Opening the draft file…" onPress={() => void openFromFile()}>
          Open a draft file…
        </BusyButton>
      </div>
      {busy && (
        <p className="progress" role="status">
          <span className="spinner" aria-hidden="true" /> {busy}
        </p>
      )}
      {dragging && <p className="start__drop-hint" aria-hidden="true">Release to import this draft file</p>}
      {choosing && <NewReturnPanel busy={busy !== null} onCreate={(client) => void newReturn(client)} onCancel={cancelNewReturn} />}
      {choosingPackage && (
        <NewReturnPanel kind="report-package" busy={busy !== null || newPackage.busy} onCreate={(client) => void newPackage.create(client)} onCancel={cancelNewPackage} />
      )}

      <section className="start__section" aria-labelledby="drafts-heading">
        <h3 id="drafts-heading">Drafts</h3>
        {load.status === 'loading' && <p className="progress" role="status">Loading your drafts…</p>}
        {load.status === 'error' && (
          <div className="verdict verdict--bad" role="alert">
            <p>Your drafts could not be listed: {load.message}</p>
            <button type="button" className="button" onClick={() => void refresh()}>
              Try again
            </button>
          </div>
        )}
        {load.status === 'ready' && (
          <DraftList drafts={drafts} onOpen={open} onExport={(d) => void exportDraft(d)} onDelete={(d) => void remove(d)} />
        )}
      </section>

      <FilingHistory />

      {unreadable.length > 0 && (
        <section className="start__section" aria-labelledby="unreadable-heading">
          <h3 id="unreadable-heading">Drafts that could not be read</h3>
          <p className="hint">
            Filing Desk keeps these files in its drafts folder so nothing is lost. Send them to support if the work in them is needed.
          </p>
          <ul className="plain-list">
            {unreadable.map((u) => (
              <li key={u.movedTo} className="unreadable">
                This draft could not be read and was set aside as <code>{u.movedTo}</code>: {u.reason}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="start__section" aria-labelledby="trash-heading">
        <h3 id="trash-heading">Recently deleted</h3>
        {trash.length === 0 ? (
          <p className="empty">Nothing deleted recently.</p>
        ) : (
          <ul className="plain-list trash">
            {trash.map((d) => {
              const period = ukPeriod(d.periodFrom, d.periodTo);
              return (
                <li key={d.id} className="trash__row">
                  <span>
                    <strong>{d.title}</strong> · {kindLabels[d.kind]} · {d.clientName ?? 'No client'}
                    {period ? ` · ${period}` : ''} · changed {ukDateTime(d.changedAt)}
                  </span>
                  <button type="button" className="button button--small" aria-label={`Restore ${d.title}`} onClick={() => void restore(d)}>
                    Restore
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
