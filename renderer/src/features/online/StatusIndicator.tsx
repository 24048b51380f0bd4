import type { OnlineState as Word, OutboxCounts } from '../../../../preload/contract.js';
import { useOnline } from '../../store/online.js';
import './online.css';

export const STATE_WORDS: Record<Word, string> = {
  online: 'Online',
  offline: 'Offline',
  'signed-out': 'Signed out',
  paused: 'Paused',
};

/** "2 waiting, 1 failed" — only what is there; '' when the outbox is empty of live work. */
export function outboxWords(c: OutboxCounts): string {
  const parts = [
    c.queued ? `${c.queued} waiting` : '',
    c.sending ? `${c.sending} sending` : '',
    c.failed ? `${c.failed} failed` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * The connection to the filing service, always on screen: online, offline,
 * signed out or paused, what that means in words, and what waits in the
 * outbox. Named as the filing service's, apart from filing with HMRC
 * (HmrcFilingStatus beside it). Text only (no button), so it never gets in
 * the way of the keys.
 */
export function StatusIndicator() {
  const status = useOnline((s) => s.status);
  const problem = useOnline((s) => s.problem);
  const word = status ? STATE_WORDS[status.state] : problem ? 'Status unknown' : 'Checking…';
  const queue = status ? outboxWords(status.outbox) : '';
  return (
    <div className={`online-status online-status--${status?.state ?? 'unknown'}`} role="region" aria-label="Connection to the filing service" aria-live="polite" data-testid="online-status">
      <p className="online-status__what">Filing service</p>
      <p className="online-status__state">
        <span className="online-status__dot" aria-hidden="true" />
        <strong>{word}</strong>
      </p>
      <p className="online-status__message">{status?.message ?? problem ?? 'Reading the connection status.'}</p>
      {queue ? <p className="online-status__queue">Outbox: {queue}</p> : null}
    </div>
  );
}
