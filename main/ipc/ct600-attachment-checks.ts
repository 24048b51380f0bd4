/**
 * ct600.checkAttachments: each accounts and computations file attached to a
 * CT600 draft, checked as HMRC checks it (the engine's attachment checks),
 * against the boxes of the return the form gives so far. The wizard asks as
 * soon as a file is dropped and again when boxes 2, 3, 30 or 35 change, so
 * results are kept by the file's hash and the boxes: a 20 MB set of accounts
 * is read and parsed once, not on every keystroke.
 */
import type { Ct600AttachmentBoxes, Ct600AttachmentCheckRequest, Ct600AttachmentFindings, DraftAttachment, ValidationMessage } from '../../preload/contract.js';
import { attachmentMessage } from '../engine/validation/attachments/attached-documents.js';
import { checkAttachment, type AttachmentFinding, type AttachmentRole, type ReturnBoxes } from '../engine/validation/attachments/check-attachment.js';
import { attachmentBytes } from '../store/draft-files.js';
import type { DraftStore } from '../store/draft-store.js';
import { StoreError } from '../store/store-error.js';

/** Results kept: a return carries a handful of files, and the boxes change a few times while the user types. */
const CACHE_ENTRIES = 32;

export type CheckAttachment = (bytes: Uint8Array, role: AttachmentRole, boxes: ReturnBoxes) => Promise<AttachmentFinding[]>;

export class AttachmentFindingsCache {
  private readonly entries = new Map<string, ValidationMessage[]>();

  /** `check` runs the engine's check: the engine worker's in the app, this thread's by default. */
  constructor(private readonly check: CheckAttachment = async (bytes, role, boxes) => checkAttachment(bytes, role, boxes)) {}

  /** Forgets every result: after a taxonomy package is installed or removed, the same file checks differently. */
  clear(): void {
    this.entries.clear();
  }

  async messages(attachment: DraftAttachment, boxes: Ct600AttachmentBoxes, read: () => Promise<Uint8Array>): Promise<ValidationMessage[]> {
    const role = attachment.role === 'computations' ? 'computations' : 'accounts';
    const key = JSON.stringify([attachment.sha256, role, attachment.fileName, boxes]);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const messages = (await this.check(await read(), role, boxes)).map((f) => attachmentMessage(f, role, attachment.fileName));
    this.entries.set(key, messages);
    if (this.entries.size > CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return messages;
  }
}

export interface AttachmentCheckDeps {
  drafts: DraftStore;
  cache: AttachmentFindingsCache;
}

/** Only the boxes that are there: an empty field is not a value to compare against. */
function given(boxes: Ct600AttachmentBoxes): Ct600AttachmentBoxes {
  const out: Ct600AttachmentBoxes = {};
  for (const [key, value] of Object.entries(boxes) as [keyof Ct600AttachmentBoxes, string | boolean | undefined][]) {
    if (value === undefined || value === '') continue;
    (out as Record<string, string | boolean>)[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

export async function draftAttachmentFindings(deps: AttachmentCheckDeps, draftId: string, boxes: Ct600AttachmentBoxes): Promise<Ct600AttachmentFindings[]> {
  const record = await deps.drafts.record(draftId);
  if (record.kind !== 'ct600') {
    throw new StoreError('invalid', 'This draft is not a CT600 return.', [{ field: 'draftId', message: 'names a report package draft, not a CT600 return' }]);
  }
  const clean = given(boxes);
  const out: Ct600AttachmentFindings[] = [];
  for (const a of record.attachments) {
    if (a.role !== 'accounts' && a.role !== 'computations') continue;
    let messages: ValidationMessage[];
    try {
      messages = await deps.cache.messages(a, clean, () => attachmentBytes(deps.drafts, draftId, a));
    } catch (err) {
      // A stored copy gone or changed on disk is said against that file; the other files are still checked.
      if (!(err instanceof StoreError)) throw err;
      messages = [attachmentMessage({ code: 'attachment.unreadable', category: 'error', message: err.message }, a.role, a.fileName)];
    }
    out.push({ attachmentId: a.id, fileName: a.fileName, role: a.role, messages });
  }
  return out;
}

export function createCt600CheckAttachmentsHandler(deps: AttachmentCheckDeps): (request: Ct600AttachmentCheckRequest) => Promise<Ct600AttachmentFindings[]> {
  return ({ draftId, boxes }) => draftAttachmentFindings(deps, draftId, boxes);
}
