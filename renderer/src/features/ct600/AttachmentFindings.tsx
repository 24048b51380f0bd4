/**
 * HMRC's checks on the attached files, asked of main and shown beside each
 * file: what changes when the checks or the boxes the files must agree with do.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Ct600AttachmentBoxes, Ct600AttachmentFindings, DraftAttachment } from '../../../../preload/contract.js';
import { notCheckedOf } from '../../../../main/engine/validation-result.js';
import { notCheckedWords } from '../../../../main/engine/validation/verdict.js';
import { periodIsoDates, type Ct600Form } from './form.js';
import type { WizardContext } from './wizard-context.js';

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
export function useAttachmentFindings(ctx: WizardContext): Map<string, Ct600AttachmentFindings> | undefined {
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

export function FileFindings({ attachment, findings }: { attachment: DraftAttachment; findings: Map<string, Ct600AttachmentFindings> | undefined }) {
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
