/**
 * CT600 returns built from a draft: the wizard's request plus the draft's
 * attached accounts and computations, built by the engine and checked by the
 * full local validation job (schema, business rules, IRmark).
 */
import type { Ct600AttachmentBoxes, Ct600BuildRequest, Ct600DraftBuildResponse, Ct600DraftCheckRequest, Ct600DraftRequest, DraftAttachment, ValidationJobResult } from '../../preload/contract.js';
import { ValidationType } from '../engine/validation-result.js';
import { AttachmentFindingsCache, draftAttachmentFindings } from './ct600-attachment-checks.js';
import { fingerprintOf, type DraftRecord } from '../store/draft-record.js';
import { attachmentBytes, recordBuild, sha256Of } from '../store/draft-files.js';
import type { DraftStore } from '../store/draft-store.js';
import { INLINE_XBRL_NAMESPACE } from '../store/inline-xbrl.js';
import { StoreError } from '../store/store-error.js';
import { refuseIfFiled } from '../store/draft-filed.js';
import { createCt600BuildHandler, runValidationJob, type Ct600Engine } from './ct600-handlers.js';

export interface Ct600DraftDeps {
  engine: Ct600Engine;
  drafts: DraftStore;
  clock: () => Date;
  /** Attachment findings by file and boxes, shared with ct600.checkAttachments. */
  attachmentFindings?: AttachmentFindingsCache;
}

/** The engine's attachment kinds: 0 Accounts, 1 Computation. */
const ITEMS = { accounts: 0, computations: 1 } as const;

function ct600Attachments(record: DraftRecord): DraftAttachment[] {
  if (record.kind !== 'ct600') {
    throw new StoreError('invalid', 'This draft is not a CT600 return.', [{ field: 'draftId', message: 'names a report package draft, not a CT600 return' }]);
  }
  return record.attachments.filter((a) => a.role === 'accounts' || a.role === 'computations');
}

function attachedFile(attachment: DraftAttachment, bytes: Uint8Array) {
  return { filename: attachment.fileName, value: Buffer.from(bytes).toString('base64'), itemsElementName: ITEMS[attachment.role as keyof typeof ITEMS] };
}

export function createCt600BuildDraftHandler(deps: Ct600DraftDeps): (request: Ct600DraftRequest) => Promise<Ct600DraftBuildResponse> {
  const build = createCt600BuildHandler(deps.engine);
  return async ({ draftId, form, request }) => {
    // The form is saved first, so the build record describes what is on disk.
    const record = await deps.drafts.update(draftId, (current) => {
      refuseIfFiled(current);
      return { ...current, form };
    });
    const attachments = ct600Attachments(record);
    const files = [];
    for (const a of attachments) files.push(attachedFile(a, await attachmentBytes(deps.drafts, draftId, a)));
    const built = await build(withFiles(request, files));
    const xml = new Uint8Array(Buffer.from(built.xmlDoc, 'base64'));
    const validation = await runValidationJob(deps.engine, deps.clock, built.suggestedFileName, xml);
    const draft = await recordBuild(deps.drafts, draftId, {
      xml,
      build: {
        builtAt: validation.startDateTime ?? deps.clock().toISOString(),
        answeredBy: 'engine',
        fingerprint: fingerprintOf(form, record.attachments),
        fileName: built.suggestedFileName,
        size: xml.byteLength,
        sha256: sha256Of(xml),
        irMark: built.irMark,
        irMarkBase32: built.irMarkBase32,
      },
      validation: { validatedAt: validation.endDateTime ?? deps.clock().toISOString(), answeredBy: 'engine', result: validation },
    });
    return { build: built, validation, draft };
  };
}

/**
 * ct600.checkDraft, called while the user types: builds and validates with
 * nothing recorded. The business rules look only at whether accounts and
 * computations are attached (and as inline XBRL), so each attachment is built
 * in as a tiny document with the same name, role and inline-XBRL-ness, at a
 * fraction of the cost for a 20 MB set of accounts. What the attachment
 * checks say about those stand-ins is replaced by what they say about the
 * real files (kept by file and boxes, so each file is read once).
 */
export function createCt600CheckDraftHandler(deps: Ct600DraftDeps): (request: Ct600DraftCheckRequest) => Promise<ValidationJobResult> {
  const build = createCt600BuildHandler(deps.engine);
  const cache = deps.attachmentFindings ?? new AttachmentFindingsCache();
  return async ({ draftId, request }) => {
    const record = await deps.drafts.record(draftId);
    const files = ct600Attachments(record).map((a) => attachedFile(a, placeholderFor(a)));
    const built = await build(withFiles(request, files));
    const job = await runValidationJob(deps.engine, deps.clock, built.suggestedFileName, new Uint8Array(Buffer.from(built.xmlDoc, 'base64')));
    const real = (await draftAttachmentFindings({ drafts: deps.drafts, cache }, draftId, boxesOfRequest(request))).flatMap((f) => f.messages);
    const validations = job.validations.map((v) => {
      const messages = [...v.messages.filter((m) => m.type !== 'attachment'), ...(v.validationType === ValidationType.businessRules ? real : [])];
      return { ...v, messages, validationResult: messages.some((m) => m.category === 'error') ? ('invalid' as const) : ('valid' as const) };
    });
    return { ...job, validations };
  };
}

/** Boxes 2, 3, 30, 35 and 80A/80B as the request gives them. */
export function boxesOfRequest(request: Ct600BuildRequest): Ct600AttachmentBoxes {
  const r = request as {
    registrationNumber?: unknown;
    reference?: unknown;
    periodCovered?: { from?: unknown; to?: unknown };
    accounts?: { itemElementName?: unknown };
    computations?: { itemElementName?: unknown };
  };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const date = (v: unknown) => text(v)?.slice(0, 10);
  const differentPeriod = (v: unknown) => v === 1 || v === 'DifferentPeriod';
  return {
    registrationNumber: text(r.registrationNumber),
    utr: text(r.reference),
    periodFrom: date(r.periodCovered?.from),
    periodTo: date(r.periodCovered?.to),
    accountsForThisPeriod: !differentPeriod(r.accounts?.itemElementName),
    computationsForThisPeriod: !differentPeriod(r.computations?.itemElementName),
  };
}

function withFiles(request: Ct600BuildRequest, files: ReturnType<typeof attachedFile>[]): Ct600BuildRequest {
  return files.length > 0 ? { ...request, attachedFiles: files } : request;
}

function placeholderFor(attachment: DraftAttachment): Uint8Array {
  const header = attachment.hasInlineXbrlHeader ? '<div style="display:none"><ix:header/></div>' : '';
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="${INLINE_XBRL_NAMESPACE}"><head><title>${attachment.role}</title></head><body>${header}</body></html>`,
  );
}
