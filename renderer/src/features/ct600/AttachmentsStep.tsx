import { useEffect, useMemo, useState } from 'react';
import {
  base64SizeOf,
  describeLimit,
  MAX_CT600_ATTACHMENTS_BASE64_BYTES,
  type AttachmentRole,
  type Ct600AttachmentBoxes,
  type Ct600AttachmentFindings,
  type DraftAttachment,
} from '../../../../preload/contract.js';
import { NO_ACCOUNTS_REASONS, NO_COMPUTATIONS_REASONS } from '../../../../main/engine/ct600/codes.js';
import { notCheckedOf } from '../../../../main/engine/validation-result.js';
import { notCheckedWords } from '../../../../main/engine/validation/verdict.js';
import { FileDropZone } from '../../components/FileDropZone.js';
import { formatSize } from '../../format/index.js';
import { Busy, Meter } from '../../components/Progress.js';
import { FormField } from './FormField.js';
import { periodIsoDates, type Ct600Form } from './form.js';
import { useWizard, type WizardContext } from './wizard-context.js';
import { attachRefusal } from '../frame/attach-refusal.js';
import { ActionsColumnHeader } from '../../components/ActionsColumnHeader.js';

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

/** The base64 the attachments add to the message, as the engine counts it. */
export const attachmentsBase64 = (attachments: DraftAttachment[]) =>
  attachments.filter((a) => a.role === 'accounts' || a.role === 'computations').reduce((n, a) => n + base64SizeOf(a.size), 0);

/** Boxes 2, 3, 30, 35 and 80A/80B as the form has them so far (what the attached files must agree with). */
export function attachmentBoxes(form: Ct600Form): Ct600AttachmentBoxes {
  const v = form.values;
  const boxes: Ct600AttachmentBoxes = {};
  const crn = (v.registrationNumber ?? '').trim();
  const utr = (v.utr ?? '').replace(/\s/g, '');
  if (crn && crn.length <= 20) boxes.registrationNumber = crn;
  if (utr && utr.length <= 20) boxes.utr = utr;
  const { from, to } = periodIsoDates(form);
  if (from) boxes.periodFrom = from;
  if (to) boxes.periodTo = to;
  boxes.accountsForThisPeriod = v.accountsChoice !== 'DifferentPeriod';
  boxes.computationsForThisPeriod = v.computationsChoice !== 'DifferentPeriod';
  return boxes;
}

/** Delay after the boxes change before the files are checked again (a drop is checked at once). */
export const ATTACHMENT_CHECK_DELAY_MS = 500;

/**
 * HMRC's checks on each attached file, asked of main as soon as a file is
 * added and again when a box the files must agree with changes. Undefined
 * while the first answer is awaited.
 */
function useAttachmentFindings(ctx: WizardContext): Map<string, Ct600AttachmentFindings> | undefined {
  const [findings, setFindings] = useState<Map<string, Ct600AttachmentFindings> | undefined>(undefined);
  const files = ctx.draft.attachments.filter((a) => a.role === 'accounts' || a.role === 'computations');
  const filesKey = files.map((a) => `${a.id}:${a.sha256}`).join(',');
  const boxes = attachmentBoxes(ctx.form);
  const boxesKey = JSON.stringify(boxes);
  const request = useMemo(() => ({ draftId: ctx.draftId, boxes: JSON.parse(boxesKey) as Ct600AttachmentBoxes }), [ctx.draftId, boxesKey]);
  const [checkedFiles, setCheckedFiles] = useState<string | null>(null);
  useEffect(() => {
    if (!filesKey) {
      setFindings(new Map());
      setCheckedFiles(filesKey);
      return;
    }
    let live = true;
    // A new file is checked at once; a changed box waits for the typing to pause.
    const delay = checkedFiles === filesKey ? ATTACHMENT_CHECK_DELAY_MS : 0;
    const timer = setTimeout(() => {
      void ctx.bridge.checkCt600Attachments(request).then(
        (r) => {
          if (!live) return;
          setCheckedFiles(filesKey);
          setFindings(r.ok ? new Map(r.value.map((f) => [f.attachmentId, f])) : new Map());
        },
        () => undefined,
      );
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // checkedFiles only chooses the delay; it must not trigger a check itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filesKey, request, ctx.bridge]);
  return findings;
}

function FileFindings({ attachment, findings }: { attachment: DraftAttachment; findings: Map<string, Ct600AttachmentFindings> | undefined }) {
  const found = findings?.get(attachment.id);
  if (!found) return <span className="attachments__checking">Checking…</span>;
  if (found.messages.length === 0) return <span data-testid={`findings-${attachment.id}`}>No problems found</span>;
  const errors = found.messages.filter((m) => m.category === 'error').length;
  // Its taxonomy not installed: the facts were not checked, which is neither a pass nor a rejection.
  const notChecked = errors ? undefined : notCheckedOf(found.messages);
  return (
    <div data-testid={`findings-${attachment.id}`} data-verdict={errors ? 'invalid' : notChecked ? 'notChecked' : 'valid'}>
      <p className={errors ? 'field__error' : notChecked ? 'attachments__not-checked' : undefined}>
        {errors
          ? `HMRC would reject this file: ${errors} ${errors === 1 ? 'problem' : 'problems'}`
          : notChecked
            ? `${notCheckedWords(notChecked.install)} (Settings › Taxonomies), then its facts are checked against the taxonomy`
            : 'Worth checking before you file'}
      </p>
      <ul className="attachments__findings" aria-label={`HMRC’s checks on ${attachment.fileName}`}>
        {found.messages.map((m, i) => (
          <li key={i} className={`messages__row--${m.category}`}>
            {m.category === 'warning' ? 'Warning: ' : ''}
            {m.message.replace(`the ${found.role} ${found.fileName}: `, '')}
          </li>
        ))}
      </ul>
    </div>
  );
}

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
function GeneratedComputation({ attachment, findings }: { attachment: DraftAttachment; findings: Map<string, Ct600AttachmentFindings> | undefined }) {
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
function GeneratedComputationOffer() {
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

function Files({ role, title, findings }: { role: 'accounts' | 'computations'; title: string; findings: Map<string, Ct600AttachmentFindings> | undefined }) {
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

export function AttachmentsStep() {
  const ctx = useWizard();
  const findings = useAttachmentFindings(ctx);
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
          <Files role="accounts" title="accounts" findings={findings} />
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
          <Files role="computations" title="computations" findings={findings} />
        )}
      </section>
    </>
  );
}
