/**
 * Report packages built from a draft: the wizard's metadata plus the draft's
 * attached report and taxonomy files, planned and built by the engine (in
 * its worker in the app), the built package checked by the package validator
 * at once and recorded with the draft.
 */
import type {
  DraftFindBuildRequest,
  DraftFindBuildResponse,
  PackageDraftBuildRequest,
  PackageDraftBuildResponse,
  PackagePlan,
  PackagePlanRequest,
} from '../../preload/contract.js';
import { reportCountOf } from '../engine/package/findings.js';
import { sha256Of } from '../store/draft-files.js';
import { fingerprintOf, type DraftRecord } from '../store/draft-record.js';
import type { DraftStore } from '../store/draft-store.js';
import { findBuilds, recordPackageBuild } from '../store/package-builds.js';
import { draftInput } from '../store/package-draft-input.js';
import { StoreError } from '../store/store-error.js';
import type { PackageEngine } from './package-handlers.js';

export interface PackageDraftDeps {
  engine: PackageEngine;
  drafts: DraftStore;
  clock: () => Date;
}

function packageRecord(record: DraftRecord): DraftRecord {
  if (record.kind !== 'report-package') {
    throw new StoreError('invalid', 'This draft is not a report package.', [{ field: 'draftId', message: 'names a CT600 return draft, not a report package' }]);
  }
  return record;
}

export function createPackagePlanDraftHandler(deps: PackageDraftDeps): (request: PackagePlanRequest) => Promise<PackagePlan> {
  return async ({ draftId, request }) => {
    const record = packageRecord(await deps.drafts.record(draftId));
    return deps.engine.planDraft(await draftInput(deps.drafts, record, request));
  };
}

export function createPackageBuildDraftHandler(deps: PackageDraftDeps): (request: PackageDraftBuildRequest) => Promise<PackageDraftBuildResponse> {
  return async ({ draftId, form, request, includeHash }) => {
    packageRecord(await deps.drafts.record(draftId));
    // The form is saved first, so the build record describes what is on disk.
    const record = await deps.drafts.update(draftId, (current) => ({ ...current, form }));
    const built = await deps.engine.buildDraft(await draftInput(deps.drafts, record, request), { includeHash });
    const sha256 = sha256Of(built.bytes);
    const startDateTime = deps.clock().toISOString();
    const validation = await deps.engine.validate(built.fileName, built.bytes);
    const validatedAt = validation.endDateTime ?? deps.clock().toISOString();
    const draft = await recordPackageBuild(deps.drafts, draftId, {
      bytes: built.bytes,
      build: {
        builtAt: startDateTime,
        answeredBy: 'engine',
        fingerprint: fingerprintOf(form, record.attachments),
        fileName: built.fileName,
        size: built.bytes.byteLength,
        sha256,
      },
      validation: { validatedAt, answeredBy: 'engine', result: validation },
    });
    return {
      build: { bytes: built.bytes, suggestedFileName: built.fileName, ...(built.hashResult ? { hashResult: built.hashResult } : {}) },
      extension: built.extension,
      fileName: built.fileName,
      sha256,
      size: built.bytes.byteLength,
      validation,
      reportCount: reportCountOf(validation) ?? 0,
      draft,
    };
  };
}

export function createFindBuildHandler(drafts: DraftStore): (request: DraftFindBuildRequest) => Promise<DraftFindBuildResponse> {
  return async ({ sha256 }) => ({ matches: await findBuilds(drafts, sha256) });
}
