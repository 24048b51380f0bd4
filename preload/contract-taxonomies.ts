/**
 * The taxonomy packages installed in the data folder, as the window sees
 * them: the Settings "Taxonomies" panel lists, installs and removes them.
 * Its own contract file, so the taxonomy domain's shapes live in one place;
 * preload/contract.ts only merges these channels into its map.
 */
import type { EntryPoint, TaxonomyPackageInfo } from '../main/engine/taxonomy/package-info.js';
import type { ValidationJobResult } from '../main/engine/validation-result.js';
import type { IpcResult } from './contract-ipc.js';

const MiB = 1024 * 1024;
/** An Inline XBRL document dropped on Validate a file: HMRC takes a return of at most 25 MB, attachments included; room for an accounts file checked on its own. */
export const MAX_INLINE_XBRL_BYTES = 64 * MiB;

/** An Inline XBRL document (.xhtml, .html, .htm) to check against the installed taxonomies. */
export interface InlineXbrlCheckRequest {
  fileName: string;
  bytes: Uint8Array;
}

/** The largest taxonomy package zip accepted: the FRC's suites are tens of megabytes; this leaves room for any published one. */
export const MAX_TAXONOMY_PACKAGE_BYTES = 512 * MiB;

/** An entry point as the package publishes it: its name and its documents' URLs. */
export type TaxonomyEntryPoint = EntryPoint;

/** One installed package as the window lists it: what the engine read of it, and where and when it was installed. */
export interface TaxonomySummary extends Omit<TaxonomyPackageInfo, 'stld' | 'remappings'> {
  fileName: string;
  sizeBytes: number;
  installedAt: string;
}

export interface TaxonomyProblem {
  code: string;
  message: string;
}

export type TaxonomyInstallResponse =
  | { ok: true; installed: TaxonomySummary; warnings: TaxonomyProblem[] }
  | { ok: false; fileName: string; problems: TaxonomyProblem[] };

export interface TaxonomyRemoveRequest {
  id: string;
}

/** A package zip the user chose or dropped. */
export interface TaxonomyInstallRequest {
  fileName: string;
  bytes: Uint8Array;
}

export interface TaxonomyChannels {
  'taxonomies.list': { request: void; response: TaxonomySummary[] };
  /** A refused package is an answer ({ ok: false } with its reasons), not an IPC failure: nothing was installed. */
  'taxonomies.install': { request: TaxonomyInstallRequest; response: TaxonomyInstallResponse };
  'taxonomies.remove': { request: TaxonomyRemoveRequest; response: TaxonomySummary[] };
  /** Validate a file: an Inline XBRL document's structure and facts against the installed taxonomy packages. */
  'taxonomies.checkDocument': { request: InlineXbrlCheckRequest; response: ValidationJobResult };
}

export const taxonomyChannels = ['taxonomies.list', 'taxonomies.install', 'taxonomies.remove', 'taxonomies.checkDocument'] as const satisfies ReadonlyArray<keyof TaxonomyChannels>;

/** The bridge's methods for them, merged into window.filingDesk. */
export interface TaxonomyBridge {
  /** Taxonomy packages installed in the data folder. */
  listTaxonomies(): Promise<IpcResult<TaxonomySummary[]>>;
  installTaxonomy(request: TaxonomyInstallRequest): Promise<IpcResult<TaxonomyInstallResponse>>;
  removeTaxonomy(request: TaxonomyRemoveRequest): Promise<IpcResult<TaxonomySummary[]>>;
  checkInlineXbrl(request: InlineXbrlCheckRequest): Promise<IpcResult<ValidationJobResult>>;
}

export const taxonomyBridgeChannels = {
  listTaxonomies: 'taxonomies.list',
  installTaxonomy: 'taxonomies.install',
  removeTaxonomy: 'taxonomies.remove',
  checkInlineXbrl: 'taxonomies.checkDocument',
} as const satisfies { [M in keyof TaxonomyBridge]: (typeof taxonomyChannels)[number] };
