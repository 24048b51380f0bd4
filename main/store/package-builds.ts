/**
 * Built report packages beside their drafts, and finding a draft by the
 * SHA-256 of what it built, so Verify recognises a package made here
 * without the user typing a hash.
 */
import { join } from 'node:path';
import { MAX_SAVED_PACKAGE_BYTES, type Draft, type DraftBuildMatch, type DraftBuildRecord, type DraftValidationRecord } from '../../preload/contract.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { ensureDataFolder } from './data-folder.js';
import { readDraftFile, sha256Of } from './draft-files.js';
import { stateOf, toDraft } from './draft-record.js';
import type { DraftStore } from './draft-store.js';
import { StoreError } from './store-error.js';
import { describeFsError } from './store-fs.js';

/** The last built package of a draft, in `<id>.files/` (never under a name from the user). */
export const LAST_PACKAGE_FILE = 'last-build.package';

/**
 * Stores the package bytes first, then the record pointing at them: a failed
 * write leaves the draft and its previous build as they were.
 */
export async function recordPackageBuild(
  store: DraftStore,
  draftId: string,
  built: { bytes: Uint8Array; build: DraftBuildRecord; validation: DraftValidationRecord },
): Promise<Draft> {
  const record = await store.update(draftId, async (current) => {
    if (current.kind !== 'report-package') {
      throw new StoreError('invalid', 'This draft is not a report package.', [{ field: 'draftId', message: 'names a CT600 return draft, not a report package' }]);
    }
    try {
      await ensureDataFolder(store.fs, store.dataDir, store.filesFolder(draftId));
      await writeFileAtomic(join(store.filesDir(draftId), LAST_PACKAGE_FILE), built.bytes, { mode: 0o600, fs: store.fs });
    } catch (error) {
      throw new StoreError('failed', `Could not store the built package beside the draft: ${describeFsError(error)}. The draft is unchanged.`);
    }
    return { ...current, lastBuild: built.build, lastValidation: built.validation };
  });
  return toDraft(record);
}

/** The bytes of the draft's last built package, checked against the SHA-256 its record holds. */
export async function lastPackageBytes(store: DraftStore, draftId: string): Promise<Uint8Array> {
  const record = await store.record(draftId);
  if (record.kind !== 'report-package' || !record.lastBuild) {
    throw new StoreError('not-found', 'This draft has no built package yet; build it first.', [{ field: 'draftId', message: 'names a draft with no built package' }]);
  }
  const read = await readDraftFile(store, draftId, LAST_PACKAGE_FILE, { maxBytes: MAX_SAVED_PACKAGE_BYTES, kind: 'built packages' });
  if (!read.ok && read.problem === 'missing') throw new StoreError('failed', 'The built package is missing beside the draft; build it again.');
  if (!read.ok) throw new StoreError('failed', `Could not read the built package: ${read.reason}.`);
  const bytes: Uint8Array = read.value;
  if (sha256Of(bytes) !== record.lastBuild.sha256) throw new StoreError('failed', 'The built package beside the draft has changed on disk; build it again.');
  return bytes;
}

/** Every draft (not those in the trash) whose last build has this SHA-256, most recently built first. */
export async function findBuilds(store: DraftStore, sha256: string): Promise<DraftBuildMatch[]> {
  const list = await store.list();
  const matches: DraftBuildMatch[] = [];
  for (const summary of list.drafts) {
    let record;
    try {
      record = await store.record(summary.id);
    } catch {
      continue; // unreadable since it was listed: the list reports it
    }
    const build = record.lastBuild;
    if (!build || build.sha256 !== sha256) continue;
    matches.push({
      draftId: record.id,
      kind: record.kind,
      title: record.title,
      fileName: build.fileName,
      size: build.size,
      sha256: build.sha256,
      builtAt: build.builtAt,
      answeredBy: build.answeredBy,
      changedSinceBuild: stateOf(record).changedSinceBuild,
    });
  }
  return matches.sort((a, b) => (a.builtAt < b.builtAt ? 1 : a.builtAt > b.builtAt ? -1 : 0));
}
