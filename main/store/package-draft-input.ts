/**
 * What a report package draft is built from, read from the draft's store:
 * the same input for the engine's build (main/ipc) and a service build
 * (main/online), so both start from the same request.
 */
import type { DraftPackageInput, TaxonomySource } from '../engine/package/draft-package.js';
import { attachmentBytes } from './draft-files.js';
import type { DraftRecord } from './draft-record.js';
import type { DraftStore } from './draft-store.js';

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
