import { useEffect, useRef, useState } from 'react';
import type { OfficeStatusView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { BusyButton } from '../../components/BusyButton.js';
import { Busy, Meter } from '../../components/Progress.js';
import { SummaryList } from '../../components/SummaryList.js';
import { ukDateTime } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';
import { asSentence, lastSyncedWords, pendingWords, progressWords } from './office-words.js';

type Joined = Extract<OfficeStatusView, { joined: true }>;

/**
 * A desk that has joined: where, as whom, the certificate it pinned, how the
 * sync stands, Sync now (its progress while it runs), and Leave the office
 * behind a confirmation that says what stays on this desk.
 */
export function JoinedOffice({ status, syncing, onSync, onLeft }: { status: Joined; syncing: boolean; onSync(): void; onLeft(status: OfficeStatusView): void }) {
  const bridge = useBridge();
  const [leaving, setLeaving] = useState<'asking' | 'busy' | null>(null);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const { sync } = status;
  const running = sync.running;

  const wasAsking = useRef(false);
  useEffect(() => {
    if (leaving === 'asking') confirmHeading.current?.focus();
    // Stayed: back to the button that asked, so the keyboard carries on from there.
    else if (leaving === null && wasAsking.current) document.getElementById('office-leave-button')?.focus();
    wasAsking.current = leaving !== null;
  }, [leaving]);

  const leave = async () => {
    setLeaving('busy');
    const r = await settle(() => bridge.leaveOffice(), 'leave the office');
    if (!r.ok) {
      setLeaving('asking');
      return setNote({ text: `This desk is still in the office: ${r.failure.message}`, tone: 'error' });
    }
    setLeaving(null);
    onLeft(r.value);
  };

  return (
    <div data-testid="office-joined">
      <SummaryList
        rows={[
          { key: 'Office', value: status.url },
          { key: 'Signed in as', value: `${status.user}${status.admin ? ' (office administrator)' : ''}${status.signedIn ? '' : ' — not signed in now; the next sync signs in again'}` },
          { key: 'This desk', value: status.desk },
          { key: 'Certificate fingerprint', value: status.fingerprint ? <code className="office-fingerprint">{status.fingerprint}</code> : 'None: a test office on this computer, reached without encryption' },
          { key: 'Joined', value: ukDateTime(status.joinedAt) },
          { key: 'Last synced', value: lastSyncedWords(sync) },
          { key: 'Changes waiting to be sent', value: pendingWords(sync.pending) },
          ...(sync.problem ? [{ key: 'Problem', value: <span className="field__error">{asSentence(sync.problem)}</span> }] : []),
        ]}
      />
      <div className="button-row">
        <BusyButton className="button" busy={syncing || running !== null} busyLabel="Syncing with the office…" onPress={onSync}>
          Sync now
        </BusyButton>
        {leaving === null ? (
          <button type="button" id="office-leave-button" className="button button--secondary" onClick={() => setLeaving('asking')}>
            Leave the office
          </button>
        ) : null}
      </div>
      {running && running.total !== null && running.total > 0 ? (
        <Meter label={running.step} value={running.done} max={running.total} valueText={`${running.done.toLocaleString('en-GB')} of ${running.total.toLocaleString('en-GB')}`} />
      ) : running || syncing ? (
        <Busy label={running ? progressWords(running) : 'Syncing with the office…'} />
      ) : null}
      {leaving !== null ? (
        <div className="office-confirm" data-testid="office-confirm-leave">
          <h4 id="office-leave-heading" tabIndex={-1} ref={confirmHeading}>
            Leave the office?
          </h4>
          <p>
            This desk stops sharing with {status.url}. Its clients, drafts and filings stay on this computer as they are now, and the office keeps what it already has.
            {sync.pending > 0 ? ` ${pendingWords(sync.pending)} made here will not reach the office.` : ''}
          </p>
          <div className="button-row">
            <BusyButton className="button button--danger" busy={leaving === 'busy'} busyLabel="Leaving the office…" onPress={() => void leave()}>
              Leave the office
            </BusyButton>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setLeaving(null);
                setNote(null);
              }}
            >
              Stay in the office
            </button>
          </div>
        </div>
      ) : null}
      <ActionNote note={note} testId="office-note" />
    </div>
  );
}
