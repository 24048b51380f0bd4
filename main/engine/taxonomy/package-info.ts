/**
 * What Filing Desk knows of one taxonomy package once it is read: enough to
 * list it, to say which package a URL needs, and to map the published URLs
 * of its files to their places in the zip. Both package formats end in this
 * one shape, so nothing after reading needs to know which format it was.
 */
export type PackageFormat = 'taxonomy-packages-1.0' | 'taxonomy-package-remappings';

export const FORMAT_WORDS: Record<PackageFormat, string> = {
  'taxonomy-packages-1.0': 'Taxonomy Packages 1.0 (META-INF/taxonomyPackage.xml and catalog.xml)',
  'taxonomy-package-remappings': 'older taxonomy package (.taxonomyPackage.xml with remappings)',
};

export interface EntryPoint {
  name: string;
  /** The entry point documents' URLs, as the package publishes them. */
  urls: string[];
}

/** A published URL prefix and the zip path (STLD included) it maps to. */
export interface Remapping {
  urlPrefix: string;
  pathPrefix: string;
}

export interface TaxonomyPackageInfo {
  /** The store's short name for the package: what `cli taxonomy remove` takes. */
  id: string;
  /** The package's identifier (Taxonomy Packages 1.0) or, for the older format, its name and version as a URN. */
  identifier: string;
  name: string;
  version?: string;
  publisher?: string;
  publicationDate?: string;
  format: PackageFormat;
  stld: string;
  entryPoints: EntryPoint[];
  remappings: Remapping[];
  fileCount: number;
}

/** "CT2015 Taxonomy" 1.3.0 → "ct2015-taxonomy-1.3.0": lower case, letters, digits, dots and dashes. */
export function packageIdOf(name: string, version: string | undefined): string {
  const slug = `${name} ${version ?? ''}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return slug || 'taxonomy';
}

/** The longest remapping whose URL prefix starts `url`, compared as strings (as Arelle compares catalog entries). */
export function longestRemapping(url: string, remappings: readonly Remapping[]): Remapping | undefined {
  let best: Remapping | undefined;
  for (const r of remappings) if (url.startsWith(r.urlPrefix) && (!best || r.urlPrefix.length > best.urlPrefix.length)) best = r;
  return best;
}

/** The zip path a published URL maps to in this package, or undefined when no remapping covers it. */
export function pathOfUrl(url: string, info: Pick<TaxonomyPackageInfo, 'remappings'>): string | undefined {
  const rule = longestRemapping(url, info.remappings);
  if (!rule) return undefined;
  return normalisePath(rule.pathPrefix + url.slice(rule.urlPrefix.length));
}

/** Resolves "." and ".." segments; undefined when the path climbs above the zip's root. */
export function normalisePath(path: string): string | undefined {
  const out: string[] = [];
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s === '.' || (s === '' && i < segments.length - 1)) continue;
    if (s === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(s);
  }
  return out.join('/');
}
