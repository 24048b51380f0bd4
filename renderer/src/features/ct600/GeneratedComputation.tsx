/** The computation Filing Desk writes from the Computation step, where the computations are attached. */
import { useState } from 'react';
import type { Ct600AttachmentFindings, DraftAttachment } from '../../../../preload/contract.js';
import { formatSize } from '../../format/index.js';
import { Busy } from '../../components/Progress.js';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';
import { useWizard, type WizardContext } from './wizard-context.js';
import { FileFindings } from './AttachmentFindings.js';

/** The computations file Filing Desk wrote from the Computation step, while it is attached. */
export function generatedAttachmentOf(ctx: Pick<WizardContext, 'form' | 'draft'>): DraftAttachment | undefined {
  const g = ctx.form.generatedComputation;
  return g && 'attachmentId' in g ? ctx.draft.attachments.find((a) => a.id === g.attachmentId && a.role === 'computations') : undefined;
}

/**
 * The computation Filing Desk wrote, in place of a drop zone: viewable (saved
 * where the user chooses, to open in a browser), checked like a dropped file,
 * and removable, after which the user's own file is attached instead.
 */
export function GeneratedComputation({ attachment, findings }: { attachment: DraftAttachment; findings: Map<string, Ct600AttachmentFindings> | undefined }) {
  const ctx = useWizard();
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null);
  const save = async () => {
    setNote(null);
    setBusy(`Saving ${attachment.fileName}…`);
    const r = await ctx.bridge.saveComputation({ draftId: ctx.draftId, attachmentId: attachment.id });
    setBusy(null);
    if (!r.ok) setNote({ text: `The computation was not saved: ${r.error.message}`, bad: true });
    else setNote({ text: r.value.saved ? `Saved as ${r.value.fileName ?? attachment.fileName}. Open it in a web browser to read it.` : 'Not saved: the save was cancelled.', bad: false });
  };
  const remove = async () => {
    setNote(null);
    setBusy(`Removing ${attachment.fileName}…`);
    const r = await ctx.bridge.detachFromDraft({ draftId: ctx.draftId, attachmentId: attachment.id });
    setBusy(null);
    if (!r.ok) {
      setNote({ text: `${attachment.fileName} was not removed: ${r.error.message}`, bad: true });
      return;
    }
    ctx.adoptDraft(r.value);
    // Removed on purpose: the user attaches their own, and Filing Desk does not put its own back until asked.
    ctx.update((f) => ({ ...f, generatedComputation: { removed: true } }));
    setTimeout(() => document.getElementById('choose-computations')?.focus(), 0);
  };
  return (
    <div className="attachments" data-testid="generated-computation">
      <p className="step-section__intro" data-testid="generated-computation-note">
        Made by Filing Desk from the Computation step, as HMRC’s Inline XBRL. It is written again whenever the figures there change. To attach your own computation instead, remove it.
      </p>
      {busy ? <Busy label={busy} /> : null}
      <table className="files" aria-label="computations attached">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col" className="numeric">
              Size
            </th>
            <th scope="col">Made by</th>
            <th scope="col">HMRC’s checks</th>
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{attachment.fileName}</td>
            <td className="numeric">{formatSize(attachment.size)}</td>
            <td>Filing Desk, from the Computation step</td>
            <td>
              <FileFindings attachment={attachment} findings={findings} />
            </td>
            <td>
              <div className="generated-computation__actions">
              <button type="button" className="link" onClick={() => void save()} disabled={busy !== null}>
                Save a copy to view{' '}<span className="visually-hidden">{attachment.fileName}</span>
              </button>
              <button type="button" className="link" onClick={() => void remove()} disabled={busy !== null}>
                Remove{' '}<span className="visually-hidden">{attachment.fileName}</span>
              </button>
              </div>
            </td>
          </tr>
        </tbody>
      </table>
      {ctx.generatedComputation.problem ? (
        <p className="field__error" role="alert">
          {ctx.generatedComputation.problem}
        </p>
      ) : null}
      {note ? (
        <p className={note.bad ? 'field__error' : undefined} role={note.bad ? 'alert' : 'status'} data-testid="generated-computation-saved">
          {note.text}
        </p>
      ) : null}
    </div>
  );
}

/** Under the computations drop zone: what Filing Desk can make instead, or why it has not. */
export function GeneratedComputationOffer() {
  const ctx = useWizard();
  const g = ctx.form.generatedComputation;
  const own = ctx.draft.attachments.some((a) => a.role === 'computations');
  if (g && 'removed' in g) {
    if (own) return null;
    return (
      <p className="step-section__intro">
        You removed the computation Filing Desk made.{' '}
        <button type="button" className="link" onClick={() => ctx.update((f) => ({ ...f, generatedComputation: undefined }))}>
          Attach the computation Filing Desk makes from the Computation step
        </button>
      </p>
    );
  }
  if (ctx.generatedComputation.busy) return <Busy label="Writing the computation from the Computation step…" />;
  if (ctx.generatedComputation.problem) return <p className="field__error" role="alert">{ctx.generatedComputation.problem}</p>;
  return <p className="step-section__intro">Or fill in the Computation step: Filing Desk then writes the computation and attaches it here.</p>;
}
