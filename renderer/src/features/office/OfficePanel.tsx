import { useEffect, useRef, useState } from 'react';
import { useBridge } from '../../bridge/bridge-context.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { Busy } from '../../components/Progress.js';
import { settle } from '../frame/bridge-call.js';
import { JoinedOffice } from './JoinedOffice.js';
import { JoinOfficeForm } from './JoinOfficeForm.js';
import { OfficeConflicts } from './OfficeConflicts.js';
import { useOfficeStatus } from './use-office-status.js';
import './office.css';

/**
 * Settings › Office: joining the firm's office, or, once joined, who this
 * desk is there, how the sync stands, Sync now, the conflicts to choose
 * between, and leaving.
 */
export function OfficePanel() {
  const bridge = useBridge();
  const [syncing, setSyncing] = useState(false);
  const { status, problem, show, reload } = useOfficeStatus(syncing);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(0);

  // Joined or left: the panel changed under the keyboard, so its heading takes focus.
  useEffect(() => {
    if (moved > 0) heading.current?.focus();
  }, [moved]);

  const syncNow = async () => {
    setSyncing(true);
    setNote(null);
    const r = await settle(() => bridge.syncWithOffice(), 'sync with the office');
    setSyncing(false);
    if (!r.ok) {
      // The desk kept the reason and whatever did finish: show the state as it is now.
      void reload();
      return setNote({ text: `The sync did not finish: ${r.failure.message}`, tone: 'error' });
    }
    show(r.value);
    if (r.value.joined) {
      const waiting = r.value.sync.conflicts.length;
      setNote({ text: waiting > 0 ? `Synced. ${waiting === 1 ? 'One record needs' : `${waiting} records need`} you to choose which version to keep.` : 'Synced with the office.', tone: 'info' });
    }
  };

  return (
    <section className="card" aria-labelledby="office-heading" data-testid="office-panel">
      <h3 id="office-heading" tabIndex={-1} ref={heading}>
        Office
      </h3>
      <p>Share the client book, drafts and filing history with the other desks of your firm through your office server.</p>
      {problem ? (
        <p role="alert" className="field__error">
          {problem}
        </p>
      ) : null}
      {status === null ? (
        problem ? null : <Busy label="Reading the office settings…" />
      ) : status.joined ? (
        <>
          <JoinedOffice
            status={status}
            syncing={syncing}
            onSync={() => void syncNow()}
            onLeft={(next) => {
              show(next);
              setNote({ text: 'This desk has left the office. Its clients and drafts stay here as they were.', tone: 'info' });
              setMoved((n) => n + 1);
            }}
          />
          <ActionNote note={note} testId="office-sync-note" />
          <OfficeConflicts
            conflicts={status.sync.conflicts}
            onResolved={(next, text) => {
              show(next);
              setNote({ text, tone: 'info' });
            }}
          />
        </>
      ) : (
        <>
          <ActionNote note={note} testId="office-sync-note" />
          <JoinOfficeForm
            onJoined={(next) => {
              show(next);
              setNote({ text: 'This desk has joined the office. It syncs now, every two minutes and soon after each change.', tone: 'info' });
              setMoved((n) => n + 1);
            }}
          />
        </>
      )}
    </section>
  );
}
