import { useState } from 'react';
import {
  base64SizeOf,
  describeLimit,
  MAX_CT600_ATTACHMENTS_BASE64_BYTES,
  type AttachmentRole,
  type DraftAttachment,
} from '../../../../preload/contract.js';
import { NO_ACCOUNTS_REASONS, NO_COMPUTATIONS_REASONS } from '../../../../main/engine/ct600/codes.js';
import { FileDropZone } from '../../components/FileDropZone.js';
import { Busy, Meter } from '../../components/Progress.js';
import { FormField } from './FormField.js';
import { useWizard } from './wizard-context.js';
import { attachRefusal } from '../frame/attach-refusal.js';

const ACCOUNTS_REASON_WORDS: Record<string, string> = {
  'PoA differs from AP-a/cs with sep rtn': 'The accounts cover a different period and go with another return',
  'Company in liquidation': 'The company is in liquidation',
  'Not within charge to CT': 'The company is not within the charge to corporation tax',
  'Company dormant': 'The company is dormant',
  'Amendment - a/cs already submitted': 'This is an amended return and the accounts were already sent',
  'Other - PDF attached with explanation': 'Another reason, explained in an attached PDF',
  'PDF accounts attached with explanation': 'The accounts are attached as a PDF, with an explanation',
};
const COMPUTATIONS_REASON_WORDS: Record<string, string> = {
  'PoA differs from AP-comp with sep rtn': 'The computations cover a different period and go with another return',
  'Company in liquidation': 'The company is in liquidation',
  'Not within charge to CT': 'The company is not within the charge to corporation tax',
  'Company dormant': 'The company is dormant',
  'Amendment - comps already submitted': 'This is an amended return and the computations were already sent',
  'Other - PDF attached with explanation': 'Another reason, explained in an attached PDF',
};
const reasonOptions = (codes: readonly string[], words: Record<string, string>) =>
  codes.map((c) => ({ value: c, label: `${words[c] ?? c} (HMRC: “${c}”)` }));

export const ACCEPTED = ['.xhtml', '.html', '.htm'];
const MB = 1024 * 1024;
export const formatSize = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`);

/** The base64 the attachments add to the message, as the engine counts it. */
export const attachmentsBase64 = (attachments: DraftAttachment[]) =>
  attachments.filter((a) => a.role === 'accounts' || a.role === 'computations').reduce((n, a) => n + base64SizeOf(a.size), 0);

function Files({ role, title }: { role: 'accounts' | 'computations'; title: string }) {
  const ctx = useWizard();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const files = ctx.draft.attachments.filter((a) => a.role === role);

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
  };

  return (
    <div className="attachments">
      <FileDropZone
        label={`Drop the ${title} here`}
        hint="Inline XBRL (.xhtml or .html). You can add several files. They stay on this computer until you save the return."
        acceptedTypes={ACCEPTED}
        allowsMultiple
        isDisabled={busy !== null}
        onFiles={(list) => void add(list)}
        testId={`drop-${role}`}
      />
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
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((a) => (
              <tr key={a.id}>
                <td>{a.fileName}</td>
                <td className="numeric">{formatSize(a.size)}</td>
                <td>{a.hasInlineXbrlHeader ? 'Yes' : 'No: this does not look like inline XBRL'}</td>
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

export function AttachmentsStep() {
  const ctx = useWizard();
  const used = attachmentsBase64(ctx.draft.attachments);
  const v = ctx.form.values;
  return (
    <>
      <Meter
        label="Attachments, as sent to HMRC"
        value={used}
        max={MAX_CT600_ATTACHMENTS_BASE64_BYTES}
        valueText={`${formatSize(used)} of ${describeLimit(MAX_CT600_ATTACHMENTS_BASE64_BYTES)}`}
      />
      <section className="step-section" aria-labelledby="accounts-heading">
        <h3 id="accounts-heading">Accounts</h3>
        <FormField
          id="accountsChoice"
          asRadios
          options={[
            { value: 'ThisPeriodAccounts', label: 'Attach the accounts for this period (box 80A)' },
            { value: 'DifferentPeriod', label: 'The accounts are for a different period (box 85A)' },
            { value: 'NoAccountsReason', label: 'There are no accounts: give the reason (box 90A)' },
          ]}
        />
        {v.accountsChoice === 'NoAccountsReason' ? (
          <FormField id="noAccountsReason" options={reasonOptions(NO_ACCOUNTS_REASONS, ACCOUNTS_REASON_WORDS)} />
        ) : (
          <Files role="accounts" title="accounts" />
        )}
      </section>
      <section className="step-section" aria-labelledby="computations-heading">
        <h3 id="computations-heading">Tax computations</h3>
        <FormField
          id="computationsChoice"
          asRadios
          options={[
            { value: 'ThisPeriodComputations', label: 'Attach the computations for this period (box 80B)' },
            { value: 'DifferentPeriod', label: 'The computations are for a different period (box 85B)' },
            { value: 'NoComputationsReason', label: 'There are no computations: give the reason (box 90B)' },
          ]}
        />
        {v.computationsChoice === 'NoComputationsReason' ? (
          <FormField id="noComputationsReason" options={reasonOptions(NO_COMPUTATIONS_REASONS, COMPUTATIONS_REASON_WORDS)} />
        ) : (
          <Files role="computations" title="computations" />
        )}
      </section>
    </>
  );
}
