/**
 * The taxonomy packages installed in the data folder, as the window sees
 * them: the Settings "Taxonomies" panel lists, installs and removes them.
 * Its own contract file, so the taxonomy domain's shapes live in one place;
 * preload/contract.ts only merges these channels into its map.
 */
const MiB = 1024 * 1024;

/** The largest taxonomy package zip accepted: the FRC's suites are tens of megabytes; this leaves room for any published one. */
export const MAX_TAXONOMY_PACKAGE_BYTES = 512 * MiB;

export interface TaxonomyEntryPoint {
  name: string;
  urls: string[];
}

export interface TaxonomySummary {
  /** What `cli taxonomy remove` takes: "ct2015-taxonomy-1.3.0". */
  id: string;
  identifier: string;
  name: string;
  version?: string;
  publisher?: string;
  publicationDate?: string;
  /** Taxonomy Packages 1.0, or the older format with remappings. */
  format: 'taxonomy-packages-1.0' | 'taxonomy-package-remappings';
  fileName: string;
  sizeBytes: number;
  fileCount: number;
  installedAt: string;
  entryPoints: TaxonomyEntryPoint[];
}

export interface TaxonomyProblem {
  code: string;
  message: string;
}

export interface TaxonomyInstallRequest {
  /** A path the window received from a drop or the open dialog. */
  path: string;
}

export type TaxonomyInstallResponse =
  | { ok: true; installed: TaxonomySummary; warnings: TaxonomyProblem[] }
  | { ok: false; fileName: string; problems: TaxonomyProblem[] };

export interface TaxonomyRemoveRequest {
  id: string;
}

export interface TaxonomyChannels {
  'taxonomies.list': { request: void; response: TaxonomySummary[] };
  /** Opens the file dialog for a .zip; null when the user cancels. */
  'taxonomies.choose': { request: void; response: TaxonomyInstallResponse | null };
  'taxonomies.install': { request: TaxonomyInstallRequest; response: TaxonomyInstallResponse };
  'taxonomies.remove': { request: TaxonomyRemoveRequest; response: TaxonomySummary[] };
}

export const taxonomyChannels = ['taxonomies.list', 'taxonomies.choose', 'taxonomies.install', 'taxonomies.remove'] as const satisfies ReadonlyArray<keyof TaxonomyChannels>;

/** The bridge's methods for them (window.filingDesk.taxonomies…). */
export const taxonomyBridgeChannels = {
  listTaxonomies: 'taxonomies.list',
  chooseTaxonomy: 'taxonomies.choose',
  installTaxonomy: 'taxonomies.install',
  removeTaxonomy: 'taxonomies.remove',
} as const satisfies Record<string, (typeof taxonomyChannels)[number]>;
