/**
 * The files that live beside a draft in `<id>.files/`: attachments, stored
 * under the SHA-256 of their bytes (so a file name from a user or an imported
 * file never becomes a path), and the last built document. Kept out of the
 * draft's JSON so a keystroke's save never rewrites a 20 MB file.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { MAX_CT600_XML_BYTES, MAX_DRAFT_ATTACHMENT_BYTES, type AttachmentRole, type Draft, type DraftAttachment, type DraftBuildRecord, type DraftValidationRecord } from '../../preload/contract.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from './data-folder.js';
import { attachmentNameProblem, ct600AttachmentsProblem, packageAttachmentsProblem, roleProblem } from './attachment-rules.js';
import { toDraft, type DraftRecord } from './draft-record.js';
import { refuseIfFiled } from './draft-filed.js';
import type { DraftStore } from './draft-store.js';
import { hasInlineXbrlHeader, isInlineXbrlFileName } from './inline-xbrl.js';
import { readRegularFile, type RegularFileRead } from './regular-file.js';
import { StoreError } from './store-error.js';
import { describeFsError } from './store-fs.js';

export const LAST_BUILD_FILE = 'last-build.xml';
const SHA256 = /^[0-9a-f]{64}$/;

export interface NewAttachment {
  role: AttachmentRole;
  fileName: string;
  bytes: Uint8Array;
}

export const sha256Of = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Field errors for one attachment of a draft of this kind, with the draft's other files counted. */
export function attachmentErrors(record: Pick<DraftRecord, 'kind' | 'attachments'>, file: { role: AttachmentRole; fileName: string; size: number }, prefix = '') {
  const errors: { field: string; message: string }[] = [];
  const role = roleProblem(record.kind, file.role);
  if (role) errors.push({ field: `${prefix}role`, message: role });
  // A role this kind of draft does not take says it all: the name's rules belong to that role.
  const name = role ? null : attachmentNameProblem(file.role, file.fileName);
  if (name) errors.push({ field: `${prefix}fileName`, message: name });
  if (!role && record.kind === 'report-package') {
    const again = packageAttachmentsProblem(record.attachments, file.role);
    if (again) errors.push({ field: `${prefix}role`, message: again });
  }
  if (!role && record.kind === 'ct600') {
    const size = ct600AttachmentsProblem(record.attachments, file.size);
    if (size) errors.push({ field: `${prefix}bytes`, message: size });
  }
  return errors;
}

/** Stores the bytes under their hash; an existing copy (same hash, same bytes) is kept as it is. */
export async function storeBytes(store: DraftStore, draftId: string, bytes: Uint8Array, sha256 = sha256Of(bytes)): Promise<{ sha256: string; created: boolean }> {
  const dir = store.filesDir(draftId);
  const path = join(dir, sha256);
  try {
    await ensureDataFolder(store.fs, store.dataDir, store.filesFolder(draftId));
    if ((await store.fs.lstat(path).catch(() => undefined))?.isFile()) return { sha256, created: false };
    await writeFileAtomic(path, bytes, { mode: 0o600, fs: store.fs });
    return { sha256, created: true };
  } catch (error) {
    throw new StoreError('failed', `Could not store the attached file: ${describeFsError(error)}. The draft is unchanged.`);
  }
}

export async function attach(store: DraftStore, draftId: string, file: NewAttachment): Promise<Draft> {
  let created: { sha256: string; created: boolean } | undefined;
  try {
    const record = await store.update(draftId, async (current) => {
      refuseIfFiled(current);
      const errors = attachmentErrors(current, { role: file.role, fileName: file.fileName, size: file.bytes.byteLength });
      if (errors.length > 0) throw new StoreError('invalid', `${file.fileName} cannot be attached.`, errors);
      created = await storeBytes(store, draftId, file.bytes);
      const attachment: DraftAttachment = {
        id: store.newId(),
        role: file.role,
        fileName: file.fileName,
        size: file.bytes.byteLength,
        sha256: created.sha256,
        hasInlineXbrlHeader: isInlineXbrlFileName(file.fileName) && hasInlineXbrlHeader(file.bytes),
        addedAt: store.clock().toISOString(),
      };
      return { ...current, attachments: [...current.attachments, attachment] };
    });
    return toDraft(record);
  } catch (error) {
    // The draft does not point at bytes written for it: remove them again, unless another attachment came to use them.
    if (created?.created) await store.removeUnusedBytes(draftId, created.sha256);
    throw error;
  }
}

export async function detach(store: DraftStore, draftId: string, attachmentId: string): Promise<Draft> {
  let removed: DraftAttachment | undefined;
  const record = await store.update(draftId, (current) => {
    refuseIfFiled(current);
    removed = current.attachments.find((a) => a.id === attachmentId);
    if (!removed) throw new StoreError('not-found', 'That file is not attached to the draft.', [{ field: 'attachmentId', message: 'names no attachment of this draft' }]);
    return { ...current, attachments: current.attachments.filter((a) => a.id !== attachmentId) };
  });
  // Bytes go once no other attachment (the same file attached twice) uses them; a leftover is harmless.
  if (removed) await store.removeUnusedBytes(draftId, removed.sha256);
  return toDraft(record);
}

/**
 * A file Filing Desk wrote beside a draft, read back through the one reading
 * rule: the draft's folder must be a real folder (not a link), the file an
 * ordinary file within what the app itself writes there.
 */
export async function readDraftFile(store: DraftStore, draftId: string, name: string, limit: { maxBytes: number; kind: string }): Promise<RegularFileRead<Buffer>> {
  try {
    if (!(await checkDataFolder(store.fs, store.dataDir, store.filesFolder(draftId), { create: false }))) return { ok: false, problem: 'missing', reason: 'the file does not exist' };
  } catch (error) {
    return { ok: false, problem: 'unreadable', reason: describeFsError(error).replace('refused the write', 'refused the read') };
  }
  return readRegularFile(join(store.filesDir(draftId), name), { ...limit, fs: store.fs });
}

export async function attachmentBytes(store: DraftStore, draftId: string, attachment: DraftAttachment): Promise<Uint8Array> {
  if (!SHA256.test(attachment.sha256)) throw new Error('attachment hash is not a SHA-256');
  const read = await readDraftFile(store, draftId, attachment.sha256, { maxBytes: MAX_DRAFT_ATTACHMENT_BYTES, kind: 'attached files' });
  if (!read.ok && read.problem === 'missing') throw new StoreError('failed', `The stored copy of ${attachment.fileName} is missing; detach it and attach it again.`);
  if (!read.ok) throw new StoreError('failed', `Could not read the stored copy of ${attachment.fileName}: ${read.reason}.`);
  if (sha256Of(read.value) !== attachment.sha256) throw new StoreError('failed', `The stored copy of ${attachment.fileName} has changed on disk; detach it and attach it again.`);
  return read.value;
}

/** The draft's last built return, or null when it is missing, unreadable or not the bytes its record describes. */
export async function lastBuildBytes(store: DraftStore, draftId: string, sha256: string): Promise<Uint8Array | null> {
  const read = await readDraftFile(store, draftId, LAST_BUILD_FILE, { maxBytes: MAX_CT600_XML_BYTES, kind: 'built returns' });
  return read.ok && sha256Of(read.value) === sha256 ? read.value : null;
}

/**
 * Records a build and its validation: the built document goes beside the
 * draft first, then the record pointing at it. The form saved with the build
 * and the fingerprint are what the build was made from.
 */
export async function recordBuild(
  store: DraftStore,
  draftId: string,
  built: { xml: Uint8Array; build: DraftBuildRecord; validation: DraftValidationRecord },
): Promise<Draft> {
  const record = await store.update(draftId, async (current) => {
    try {
      await ensureDataFolder(store.fs, store.dataDir, store.filesFolder(draftId));
      await writeFileAtomic(join(store.filesDir(draftId), LAST_BUILD_FILE), built.xml, { mode: 0o600, fs: store.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not store the built return beside the draft: ${describeFsError(error)}. The draft is unchanged.`);
    }
    return { ...current, lastBuild: built.build, lastValidation: built.validation };
  });
  return toDraft(record);
}
