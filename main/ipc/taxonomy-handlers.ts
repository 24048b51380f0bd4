/**
 * The Settings "Taxonomies" panel's channels over the taxonomy store: list,
 * install a dropped or chosen zip (a refused package is an answer with its
 * reasons, never an IPC failure), remove by id.
 */
import type { TaxonomySummary } from '../../preload/contract-taxonomies.js';
import type { RequestResponseChannels } from '../../preload/contract.js';
import { IpcFailure } from './ipc-errors.js';
import { checkDocument, documentJobResult } from '../engine/taxonomy/check-document.js';
import type { ValidationJobResult } from '../engine/validation-result.js';
import { TaxonomyNotInstalledError, type InstalledTaxonomy, type TaxonomyStore } from '../taxonomies/taxonomy-store.js';

type TaxonomyChannel = 'taxonomies.list' | 'taxonomies.install' | 'taxonomies.remove' | 'taxonomies.checkDocument';

/** Runs the document check (the engine worker's in the app). */
export type CheckInlineXbrl = (fileName: string, bytes: Uint8Array) => Promise<ValidationJobResult>;
export type TaxonomyHandlers = {
  [C in TaxonomyChannel]: (request: RequestResponseChannels[C]['request']) => Promise<RequestResponseChannels[C]['response']>;
};

/** What the window shows of an installed package (not its remappings). */
export function summaryOf(p: InstalledTaxonomy): TaxonomySummary {
  return {
    id: p.id,
    identifier: p.identifier,
    name: p.name,
    ...(p.version !== undefined ? { version: p.version } : {}),
    ...(p.publisher !== undefined ? { publisher: p.publisher } : {}),
    ...(p.publicationDate !== undefined ? { publicationDate: p.publicationDate } : {}),
    format: p.format,
    fileName: p.fileName,
    sizeBytes: p.sizeBytes,
    fileCount: p.fileCount,
    installedAt: p.installedAt,
    entryPoints: p.entryPoints,
  };
}

/**
 * `changed` is told after an install or a removal (the attachment findings
 * cached for the window are then stale); `check` runs a dropped document's
 * check, in this thread unless given.
 */
export function createTaxonomyHandlers(
  store: TaxonomyStore,
  changed: () => void = () => undefined,
  check: CheckInlineXbrl = async (fileName, bytes) => {
    const start = new Date();
    return documentJobResult(fileName, checkDocument(bytes, await store.library()), start, new Date());
  },
): TaxonomyHandlers {
  const list = async () => (await store.list()).map(summaryOf);
  return {
    'taxonomies.list': list,
    'taxonomies.install': async ({ fileName, bytes }) => {
      const outcome = await store.install(fileName, bytes);
      if (outcome.ok) changed();
      return outcome.ok ? { ok: true, installed: summaryOf(outcome.installed), warnings: outcome.warnings } : { ok: false, fileName, problems: outcome.problems };
    },
    'taxonomies.checkDocument': ({ fileName, bytes }) => check(fileName, bytes),
    'taxonomies.remove': async ({ id }) => {
      try {
        await store.remove(id);
        changed();
      } catch (err) {
        if (err instanceof TaxonomyNotInstalledError) throw new IpcFailure('failed', `${err.message}; the list is shown as it is now`);
        throw err;
      }
      return list();
    },
  };
}
