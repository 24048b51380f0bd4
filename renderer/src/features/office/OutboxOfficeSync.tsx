import { OUTBOX_STATE_WORDS } from '../online/outbox-words.js';
import { officeSyncSentence, officeSyncStateOf } from './office-words.js';
import { useOfficeStatus } from './use-office-status.js';
import './office.css';

/**
 * The Outbox's "Office sync" row: the sync with the office in the same
 * states as a request to the filing service (waiting, sending, done,
 * failed), shown only on a desk that has joined an office.
 */
export function OutboxOfficeSync() {
  const { status } = useOfficeStatus();
  if (!status?.joined) return null;
  const state = officeSyncStateOf(status.sync);
  return (
    <section className="card" aria-labelledby="outbox-office-heading" data-testid="outbox-office-sync" data-state={state}>
      <h3 id="outbox-office-heading">Office sync</h3>
      <p>
        <span className={`tag state-tag--${state}`}>{OUTBOX_STATE_WORDS[state]}</span>{' '}
        <span data-testid="outbox-office-sentence">{officeSyncSentence(status)}</span>
      </p>
      <p className="hint">
        With {status.url} as {status.user} on {status.desk}. Sync now and the choices between versions are in Settings › Office.
      </p>
    </section>
  );
}
