/**
 * Service builds of drafts: the request sent (the wizard's, with the draft's
 * attachments added as for a local build), and what is kept when the
 * service answers: the bytes, a record of who answered when with which API
 * version, and whether it agrees with the engine's build of the same figures.
 */
import type { BuildAgreement, ServiceBuildRecord } from '../../preload/contract.js';
import { ATTACHMENT_FIELDS, draftPackageRequest } from '../engine/package/draft-package.js';
import { hashResultOf } from '../engine/package/create-report-package.js';
import { draftInput } from '../store/package-draft-input.js';
import type { Ct600BuildResult, ReportPackageResult } from '../service/filing-service.js';
import { attachmentBytes, lastBuildBytes, sha256Of } from '../store/draft-files.js';
import { lastPackageBytes } from '../store/package-builds.js';
import type { DraftRecord } from '../store/draft-record.js';
import type { DraftStore } from '../store/draft-store.js';
import { StoreError } from '../store/store-error.js';
import type { OutboxItem } from '../outbox/outbox-item.js';
import { compareBuilds } from './agreement.js';
import type { ServiceResults } from './service-results.js';

const ITEMS = { accounts: 0, computations: 1 } as const;

export async function ct600DraftRequest(drafts: DraftStore, record: DraftRecord, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (record.kind !== 'ct600') {
    throw new StoreError('invalid', 'This draft is not a CT600 return.', [{ field: 'draftId', message: 'names a report package draft, not a CT600 return' }]);
  }
  if ('attachedFiles' in request) {
    throw new StoreError('invalid', 'The request must not carry attachments; the draft’s own are sent.', [{ field: 'request.attachedFiles', message: 'is added by Filing Desk from the draft' }]);
  }
  const files = [];
  for (const a of record.attachments.filter((x) => x.role === 'accounts' || x.role === 'computations')) {
    const bytes = await attachmentBytes(drafts, record.id, a);
    files.push({ filename: a.fileName, value: Buffer.from(bytes).toString('base64'), itemsElementName: ITEMS[a.role as keyof typeof ITEMS] });
  }
  return files.length > 0 ? { ...request, attachedFiles: files } : request;
}

/**
 * The report package request a service build of the draft sends: the page's
 * metadata with the draft's report and taxonomy added exactly as for a local
 * build (the same function makes both), so the two can be compared byte for byte.
 */
export async function packageDraftRequest(drafts: DraftStore, record: DraftRecord, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (record.kind !== 'report-package') {
    throw new StoreError('invalid', 'This draft is not a report package.', [{ field: 'draftId', message: 'names a CT600 draft, not a report package' }]);
  }
  for (const field of ATTACHMENT_FIELDS) {
    if (field in request) {
      throw new StoreError('invalid', 'The request must not carry the report or taxonomy files; the draft’s own are sent.', [{ field: `request.${field}`, message: 'is added by Filing Desk from the draft' }]);
    }
  }
  return draftPackageRequest(await draftInput(drafts, record, request));
}

export interface ServiceBuildAnswer {
  drafts: DraftStore;
  results: ServiceResults;
  item: OutboxItem;
  kind: 'ct600-build' | 'package-build';
  answer: Ct600BuildResult | ReportPackageResult;
  service: string;
  apiVersion: string;
  now: Date;
}

export async function recordServiceBuild(a: ServiceBuildAnswer): Promise<void> {
  const draftId = a.item.draftId;
  if (!draftId || !a.item.fingerprint) return;
  const ct600 = a.kind === 'ct600-build';
  const bytes = new Uint8Array(
    Buffer.from(ct600 ? ((a.answer as Ct600BuildResult).xmlDoc ?? '') : (a.answer as ReportPackageResult).zipContentBase64, 'base64'),
  );
  const mark = ct600 ? ((a.answer as Ct600BuildResult).irMark ?? undefined) : (a.answer as ReportPackageResult).hashResult?.Hash_Result;
  const build: ServiceBuildRecord = {
    outboxId: a.item.id,
    builtAt: a.now.toISOString(),
    answeredBy: 'service',
    service: a.service,
    apiVersion: a.apiVersion,
    fingerprint: a.item.fingerprint,
    size: bytes.length,
    sha256: sha256Of(bytes),
    ...(mark !== undefined ? (ct600 ? { irMark: mark } : { hash: mark }) : {}),
  };
  await a.results.record(draftId, build, bytes, await agreementWithEngine(a, bytes, mark));
}

/** Compared only when the engine's last build was made from the same figures (and its bytes are still the ones it recorded). */
async function agreementWithEngine(a: ServiceBuildAnswer, bytes: Uint8Array, mark: string | undefined): Promise<BuildAgreement | null> {
  const draftId = a.item.draftId as string;
  const record = await a.drafts.record(draftId).catch(() => undefined);
  const local = record?.lastBuild;
  if (!local || local.answeredBy !== 'engine' || local.fingerprint !== a.item.fingerprint) return null;
  const service = { bytes, ...(mark !== undefined ? { mark } : {}) };
  if (a.kind === 'ct600-build') {
    const engineBytes = await lastBuildBytes(a.drafts, draftId, local.sha256); // null: missing, unreadable or not the file the record describes
    if (!engineBytes) return null;
    return compareBuilds('ct600', a.item.fingerprint as string, { bytes: engineBytes, ...(local.irMark ? { mark: local.irMark } : {}) }, service, a.now);
  }
  let engineBytes: Uint8Array;
  try {
    engineBytes = await lastPackageBytes(a.drafts, draftId); // refuses bytes that are not the ones recorded
  } catch {
    return null;
  }
  // The engine's hash is a function of its bytes (what it returns with the hash switch on),
  // so it is compared whenever the service sent one.
  const engineMark = mark !== undefined ? hashResultOf(engineBytes).Hash_Result : undefined;
  return compareBuilds('report-package', a.item.fingerprint as string, { bytes: engineBytes, ...(engineMark !== undefined ? { mark: engineMark } : {}) }, service, a.now);
}
