import { useState } from 'react';
import type { OfficeConflictView, OfficeStatusView } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { ActionNote, type ActionNoteText } from '../../components/ActionNote.js';
import { BusyButton } from '../../components/BusyButton.js';
import { ukDateTime } from '../../format/index.js';
import { settle } from '../frame/bridge-call.js';

const KIND_WORDS: Record<OfficeConflictView['kind'], string> = { client: 'Client', draft: 'CT600 draft', accounts: 'Accounts draft' };

/** "Sarah Jones on RECEPTION-PC, 2 December 2026 at 11:40": whose the office's version is. */
export const theirsHeading = (c: OfficeConflictView) => `${c.theirs.changedBy} on ${c.theirs.changedOn}, ${ukDateTime(c.theirs.changedAt)}`;

/**
 * Records changed here and on another desk while apart: each a card with the
 * fields that differ side by side, and a button for each version. Neither is
 * lost: the version not kept stays in the office's history.
 */
export function OfficeConflicts({ conflicts, onResolved }: { conflicts: OfficeConflictView[]; onResolved(status: OfficeStatusView, note: string): void }) {
  const bridge = useBridge();
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<ActionNoteText | null>(null);
  if (conflicts.length === 0) return null;

  const resolve = async (c: OfficeConflictView, keep: 'mine' | 'theirs') => {
    setBusy(`${c.kind}:${c.id}`);
    setNote(null);
    const r = await settle(() => bridge.resolveOfficeConflict({ kind: c.kind, id: c.id, keep }), 'keep the version you chose');
    setBusy(null);
    if (!r.ok) return setNote({ text: `Nothing was changed for “${c.title}”: ${r.failure.message}`, tone: 'error' });
    const kept = keep === 'mine' ? 'this desk’s version; it goes to the office with the next sync' : `${c.theirs.changedBy}’s version; it is now on this desk`;
    onResolved(r.value, `“${c.title}”: kept ${kept}. The other version stays in the office’s history.`);
    // The card is gone: the next card's first button, or the heading, takes the keyboard.
    requestAnimationFrame(() => (document.querySelector<HTMLElement>('[data-testid="office-conflict"] button') ?? document.getElementById('office-conflicts-heading'))?.focus());
  };

  return (
    <section aria-labelledby="office-conflicts-heading" data-testid="office-conflicts">
      <h4 id="office-conflicts-heading" tabIndex={-1}>
        Changed on two desks: choose which version to keep
      </h4>
      <p>
        {conflicts.length === 1 ? 'This record was' : `These ${conflicts.length} records were`} changed on this desk and on another before they synced. This desk’s
        copy has not been touched; choose which version both desks keep.
      </p>
      <ActionNote note={note} testId="office-conflict-note" />
      {conflicts.map((c) => {
        const headingId = `office-conflict-${c.kind}-${c.id}`;
        const theirs = theirsHeading(c);
        const working = busy === `${c.kind}:${c.id}`;
        const keepTheirs = c.theirs.deleted ? `Keep ${c.theirs.changedBy}’s deletion` : `Keep ${c.theirs.changedBy}’s version`;
        return (
          <article key={`${c.kind}:${c.id}`} className="card office-conflict" aria-labelledby={headingId} data-testid="office-conflict">
            <h5 id={headingId}>
              {KIND_WORDS[c.kind]}: {c.title}
            </h5>
            {c.theirs.deleted ? <p>{c.theirs.changedBy} deleted it on {c.theirs.changedOn}; this desk changed it.</p> : null}
            <table className="table office-conflict__table">
              <caption className="visually-hidden">Where the two versions of {c.title} differ</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">This desk</th>
                  <th scope="col">{theirs}</th>
                </tr>
              </thead>
              <tbody>
                {c.differences.map((d) => (
                  <tr key={d.field}>
                    <th scope="row">{d.label}</th>
                    <td>{d.mine || '(empty)'}</td>
                    <td>{d.theirs || '(empty)'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="hint">This desk’s version was saved {ukDateTime(c.mine.changedAt)}.</p>
            <div className="button-row">
              <BusyButton className="button" busy={busy !== null} busyLabel={working ? `Keeping the version you chose of ${c.title}…` : 'Another choice is being kept…'} onPress={() => void resolve(c, 'mine')} aria-label={`Keep this desk’s version of ${c.title}`}>
                Keep this desk’s version
              </BusyButton>
              <BusyButton className="button" busy={busy !== null} busyLabel={working ? `Keeping the version you chose of ${c.title}…` : 'Another choice is being kept…'} onPress={() => void resolve(c, 'theirs')} aria-label={`${keepTheirs} of ${c.title}`}>
                {keepTheirs}
              </BusyButton>
            </div>
          </article>
        );
      })}
    </section>
  );
}
