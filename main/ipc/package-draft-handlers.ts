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
import type { DraftPackageInput, TaxonomySource } from '../engine/package/draft-package.js';
import { reportCountOf } from '../engine/package/findings.js';
import { attachmentBytes, sha256Of } from '../store/draft-files.js';
import { fingerprintOf, type DraftRecord } from '../store/draft-record.js';
import type { DraftStore } from '../store/draft-store.js';
import { findBuilds, recordPackageBuild } from '../store/package-builds.js';
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

/**
 * The engine's input from the draft's attachments: its report, and its taxonomy files and zips in the order they were added.
 * Also what a service build of the draft is made from, so both builds start from the same request.
 */
export async function draftInput(drafts: DraftStore, record: DraftRecord, request: Record<string, unknown>): Promise<DraftPackageInput> {
  const reports = record.attachments.filter((a) => a.role === 'report');
  const report = reports[reports.length - 1];
  const taxonomy: TaxonomySource[] = [];
  for (const a of record.attachments) {
    if (a.role !== 'taxonomy') continue;
    const bytes = await attachmentBytes(drafts, record.id, a);
    taxonomy.push(isZipName(a.fileName) ? { kind: 'zip', attachmentId: a.id, fileName: a.fileName, bytes } : { kind: 'file', attachmentId: a.id, path: a.fileName, bytes });
  }
  return {
    request,
    report: report ? { attachmentId: report.id, fileName: report.fileName, bytes: await attachmentBytes(drafts, record.id, report) } : null,
    taxonomy,
  };
}

/** A taxonomy attachment named "….zip" is a zip of taxonomy files, expanded into the package. */
export const isZipName = (fileName: string) => /\.zip$/i.test(fileName);

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
