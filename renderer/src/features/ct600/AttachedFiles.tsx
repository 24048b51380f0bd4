/** One role's attached files (accounts or computations): adding within HMRC's size limit, listing and removing. */
import { useState } from 'react';
import {
  base64SizeOf,
  describeLimit,
  MAX_CT600_ATTACHMENTS_BASE64_BYTES,
  type AttachmentRole,
  type Ct600AttachmentFindings,
  type DraftAttachment,
} from '../../../../preload/contract.js';
import { FileDropZone } from '../../components/FileDropZone.js';
import { formatSize } from '../../format/index.js';
import { Busy } from '../../components/Progress.js';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';
import { attachRefusal } from '../frame/attach-refusal.js';
import { useWizard } from './wizard-context.js';
import { FileFindings } from './AttachmentFindings.js';
import { GeneratedComputation, GeneratedComputationOffer, generatedAttachmentOf } from './GeneratedComputation.js';

export const ACCEPTED = ['.xhtml', '.html', '.htm'];

/** The base64 the attachments add to the message, as the engine counts it. */
export const attachmentsBase64 = (attachments: DraftAttachment[]) =>
  attachments.filter((a) => a.role === 'accounts' || a.role === 'computations').reduce((n, a) => n + base64SizeOf(a.size), 0);

export function AttachedFiles({ role, title, findings }: { role: 'accounts' | 'computations'; title: string; findings: Map<string, Ct600AttachmentFindings> | undefined }) {
  const ctx = useWizard();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const generated = role === 'computations' ? generatedAttachmentOf(ctx) : undefined;
  const files = ctx.draft.attachments.filter((a) => a.role === role);
  if (generated) return <GeneratedComputation attachment={generated} findings={findings} />;

  const add = async (chosen: File[]) => {
    setProblem(null);
    let used = attachmentsBase64(ctx.draft.attachments);
    for (const file of chosen) {
      if (!ACCEPTED.some((ext) => file.name.toLowerCase().endsWith(ext))) {
        setProblem(`${file.name} is not an inline XBRL file: choose an .xhtml or .html file.`);
        continue;
      }
      const adds = base64SizeOf(file.size);
      // Refused before reading: a file that would take the return past HMRC's limit is never loaded.
      if (used + adds > MAX_CT600_ATTACHMENTS_BASE64_BYTES) {
        setProblem(
          `${file.name} (${formatSize(file.size)}) was not added: with it the attachments would be ${formatSize(used + adds)} as sent, over HMRC’s ${describeLimit(MAX_CT600_ATTACHMENTS_BASE64_BYTES)} limit for one return.`,
        );
        continue;
      }
      setBusy(`Adding ${file.name}…`);
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const result = await ctx.bridge.attachToDraft({ draftId: ctx.draftId, role: role as AttachmentRole, fileName: file.name, bytes });
        if (!result.ok) setProblem(attachRefusal(file.name, result.error));
        else {
          ctx.adoptDraft(result.value);
          used = attachmentsBase64(result.value.attachments);
        }
      } catch {
        setProblem(`${file.name} could not be read. Check the file is still there and try again.`);
      }
      setBusy(null);
    }
  };

  const remove = async (a: DraftAttachment) => {
    setProblem(null);
    setBusy(`Removing ${a.fileName}…`);
    const result = await ctx.bridge.detachFromDraft({ draftId: ctx.draftId, attachmentId: a.id });
    setBusy(null);
    if (!result.ok) setProblem(`${a.fileName} was not removed: ${result.error.message}`);
    else ctx.adoptDraft(result.value);
    // The row and its Remove button are gone: the focus goes to where files are added, not to the page.
    setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) document.getElementById(`choose-${role}`)?.focus();
    }, 0);
  };

  return (
    <div className="attachments">
      <FileDropZone
        label={`Drop the ${title} here`}
        hint="Inline XBRL (.xhtml or .html). You can add several files. They stay on this computer until you save the return."
        acceptedTypes={ACCEPTED}
        allowsMultiple
        busy={busy}
        onFiles={(list) => void add(list)}
        testId={`drop-${role}`}
        buttonId={`choose-${role}`}
      />
      {role === 'computations' ? <GeneratedComputationOffer /> : null}
      {busy ? <Busy label={busy} /> : null}
      {problem ? (
        <p className="field__error" role="alert" data-testid={`${role}-problem`}>
          {problem}
        </p>
      ) : null}
      {files.length ? (
        <table className="files" aria-label={`${title} attached`}>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col" className="numeric">
                Size
              </th>
              <th scope="col">Inline XBRL header</th>
              <th scope="col">HMRC’s checks</th>
              <ActionsColumnHeader label="Action" />
            </tr>
          </thead>
          <tbody>
            {files.map((a) => (
              <tr key={a.id}>
                <td>{a.fileName}</td>
                <td className="numeric">{formatSize(a.size)}</td>
                <td>{a.hasInlineXbrlHeader ? 'Yes' : 'No: this does not look like inline XBRL'}</td>
                <td>
                  <FileFindings attachment={a} findings={findings} />
                </td>
                <td>
                  <button type="button" className="link" onClick={() => void remove(a)} disabled={busy !== null}>
                    Remove{' '}<span className="visually-hidden">{a.fileName}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="attachments__none">No {title} attached yet.</p>
      )}
    </div>
  );
}
