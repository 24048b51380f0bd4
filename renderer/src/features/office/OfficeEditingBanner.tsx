import type { OfficeEditingView, OfficeRecordKindView } from '../../../../preload/contract.js';
import { ukDateTime } from '../../format/index.js';
import { useOfficeEditing } from './use-office-editing.js';
import './office.css';

/** "10:42" today; "1 December 2026 at 16:05" on an earlier day. */
function sinceWords(iso: string, now: Date): string {
  const since = new Date(iso);
  if (Number.isNaN(since.getTime())) return iso;
  if (since.toDateString() !== now.toDateString()) return ukDateTime(iso);
  return `${String(since.getHours()).padStart(2, '0')}:${String(since.getMinutes()).padStart(2, '0')}`;
}

/** "Sarah Jones on RECEPTION-PC has this draft open too (since 10:42)." — and each other desk, joined with "and". */
export function editingSentence(others: OfficeEditingView[], now = new Date()): string {
  const who = others.map((o) => `${o.user} on ${o.desk}${others.length > 1 ? ` (since ${sinceWords(o.since, now)})` : ''}`);
  const list = who.length <= 1 ? who.join('') : `${who.slice(0, -1).join(', ')} and ${who[who.length - 1]}`;
  const since = others.length === 1 ? ` (since ${sinceWords(others[0]!.since, now)})` : '';
  return `${list} ${others.length === 1 ? 'has' : 'have'} this draft open too${since}.`;
}

/**
 * At the top of an open draft: who else in the office has it open, so two
 * people do not change it apart without knowing. Nothing when nobody does.
 */
export function OfficeEditingBanner({ kind, id }: { kind: OfficeRecordKindView; id: string }) {
  const others = useOfficeEditing(kind, id);
  if (others.length === 0) return null;
  return (
    <div className="office-editing-banner" role="status" data-testid="office-editing-banner">
      <p>
        <strong>{editingSentence(others)}</strong> Changes made on both desks will need to be reconciled when they sync.
      </p>
    </div>
  );
}
