/**
 * The computation as a CT600 draft's attachment: written as HMRC's Inline
 * XBRL from the Computation step's figures and attached as the computations
 * (box 80B) exactly as a dropped file is, so the build, the attachment checks
 * and the .fdesk export treat it like any other; the accounts' starting
 * figures for the Computation step; and Save for the attached computation.
 */
import { type Draft, type DraftAttachment, type FileSaveResponse } from '../../preload/contract.js';
import type { ComputationAccountsFigures, ComputationAttachRequest, ComputationAttachResponse, ComputationAccountsFiguresRequest, ComputationSaveRequest } from '../../preload/contract-computation.js';
import { readAccountsFigures } from '../engine/computation/accounts-figures.js';
import { computeParsed, parseComputationInput } from '../engine/computation/index.js';
import { computationDocument } from '../engine/computation/ixbrl/write-computation.js';
import { RequestValidationError } from '../engine/errors.js';
import { attach, attachmentBytes, detach } from '../store/draft-files.js';
import type { DraftStore } from '../store/draft-store.js';
import { saveThroughDialog, type FileSaverDeps } from './file-save-handler.js';
import { IpcFailure } from './ipc-errors.js';
import type { SaveTarget } from './save-kinds.js';

/** The computation Filing Desk wrote, saved to be opened in a browser or kept. */
export const COMPUTATION_TARGET: SaveTarget = {
  extension: 'xhtml',
  filter: { name: 'Tax computation (Inline XBRL .xhtml)', extensions: ['xhtml'] },
  description: 'The tax computation',
  fallbackBase: 'tax-computation',
};

const accountsOf = (draft: Draft): DraftAttachment | undefined => draft.attachments.find((a) => a.role === 'accounts' && a.hasInlineXbrlHeader);

/** The name the written computation is attached under: the period's end, so two periods' files are told apart. */
export const generatedComputationName = (periodTo: string) => `tax-computation-${periodTo}.xhtml`;

export interface ComputationAttachmentDeps {
  drafts: DraftStore;
  fileSaver: FileSaverDeps;
  /** "Filing Desk 1.4.0", written into the document's footer; asked when a document is written, since the app's version is known only once it has started. */
  producedBy: () => string;
}

export function createComputationAttachHandler(deps: ComputationAttachmentDeps): (request: ComputationAttachRequest) => Promise<ComputationAttachResponse> {
  return async ({ draftId, input: raw, replaces }) => {
    const parsed = parseComputationInput(raw);
    if (!parsed.ok) throw new RequestValidationError(parsed.errors);
    const input = parsed.input;
    const out = computeParsed(input);
    const draft = await deps.drafts.get(draftId);
    if (draft.kind !== 'ct600') throw new IpcFailure('invalid-request', 'Only a CT600 return takes a tax computation.', [{ field: 'draftId', message: 'names a draft that is not a CT600 return' }]);
    // What the trade is comes from the accounts when they say; an unreadable accounts file only leaves it out.
    const accounts = accountsOf(draft);
    let tradeDescription: string | undefined;
    if (accounts) {
      const bytes = await attachmentBytes(deps.drafts, draftId, accounts).catch(() => undefined);
      tradeDescription = bytes ? readAccountsFigures(bytes, input.period).principalActivity : undefined;
    }
    const document = new TextEncoder().encode(computationDocument(input, out, { producedBy: deps.producedBy(), ...(tradeDescription ? { tradeDescription } : {}) }));
    // Attached before the earlier one goes: a failure leaves the draft with the computation it had.
    let attached = await attach(deps.drafts, draftId, { role: 'computations', fileName: generatedComputationName(input.period.to), bytes: document });
    const made = attached.attachments[attached.attachments.length - 1]!;
    const earlier = replaces ? attached.attachments.find((a) => a.id === replaces && a.role === 'computations') : undefined;
    if (earlier) attached = await detach(deps.drafts, draftId, earlier.id);
    return { draft: attached, attachmentId: made.id };
  };
}

export function createAccountsFiguresHandler(drafts: DraftStore): (request: ComputationAccountsFiguresRequest) => Promise<ComputationAccountsFigures | null> {
  return async ({ draftId, period }) => {
    const draft = await drafts.get(draftId);
    const accounts = accountsOf(draft);
    if (!accounts) return null;
    // The period the window shows, not the draft's saved one: a save may still be on its way.
    const figures = readAccountsFigures(await attachmentBytes(drafts, draftId, accounts), period ?? undefined);
    const result: ComputationAccountsFigures = { fileName: accounts.fileName, sha256: accounts.sha256, notes: figures.notes };
    for (const field of ['turnover', 'profitBeforeTax', 'depreciation'] as const) {
      const f = figures[field];
      if (f) result[field] = { value: f.value, source: f.source };
    }
    return result;
  };
}

export function createComputationSaveHandler(deps: Pick<ComputationAttachmentDeps, 'drafts' | 'fileSaver'>): (request: ComputationSaveRequest) => Promise<FileSaveResponse> {
  return async ({ draftId, attachmentId }) => {
    const draft = await deps.drafts.get(draftId);
    const attachment = draft.attachments.find((a) => a.id === attachmentId && a.role === 'computations');
    if (!attachment) throw new IpcFailure('invalid-request', 'That computation is not attached to the draft.', [{ field: 'attachmentId', message: 'names no computations file of this draft' }]);
    const bytes = await attachmentBytes(deps.drafts, draftId, attachment);
    return saveThroughDialog(deps.fileSaver, COMPUTATION_TARGET, attachment.fileName.replace(/\.x?html?$/i, ''), bytes);
  };
}
