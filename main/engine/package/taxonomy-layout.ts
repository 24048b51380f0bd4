/**
 * Where the dropped taxonomy's files go in the package, so that the report
 * finds its taxonomy offline. Published taxonomies keep the file whose URL
 * is http://host/dir/file.xsd at host/dir/file.xsd and map http://host/dir/
 * there with the catalog (report-package.md section 4), so starting from the
 * URLs the report's schemaRef and the entry points name, and following the
 * imports, includes and linkbase references of each file found, a URL whose
 * place in the package is empty takes the loose file (one at the top, not in
 * a folder) of the same name: that is the file the user meant, dropped
 * without its folders. Its relative references are then found beside it,
 * with the files that share its prefix.
 *
 * A taxonomy zip that is itself a taxonomy package brings META-INF/catalog.xml:
 * its rewrites (relative to META-INF/, which is where the package's own
 * catalog is too) are kept in the package's catalog, and the URLs they map
 * are left where the catalog says. Its taxonomyPackage.xml gives way to the
 * one written from the request.
 */
import { checkCatalogXml, type RewriteRule } from './catalog-file.js';
import { byPath } from './merge-zip-files.js';
import { isPlainHttpUrl, publishedFilePlaceOf } from './package-addresses.js';
import { resolvePackageReferences } from './reference-resolution.js';

export const DROPPED_CATALOG = 'META-INF/catalog.xml';
export const DROPPED_METADATA = 'META-INF/taxonomyPackage.xml';

export interface LaidOutFile<F> {
  /** Path relative to the STLD, after any move. */
  path: string;
  file: F;
}

export interface TaxonomyLayout<F> {
  /** Every file that goes into the package, sorted by path; the dropped META-INF files are not among them. */
  files: LaidOutFile<F>[];
  /** Absolute URLs the taxonomy uses, for the catalog to map where their files are in the package. */
  urls: string[];
  /** The rewrites a dropped catalog.xml brings. */
  keptRewrites: RewriteRule[];
  /** Loose files moved to the place their URL gives them: "acme-2024.xsd" → "example.com/acme/2024/acme-2024.xsd". */
  moves: { from: string; to: string }[];
  /** A dropped catalog.xml that is not a valid taxonomy package catalog. */
  problems: { path: string; message: string }[];
}

/** Enough of the package to resolve URLs from the taxonomy's own files. */
const STLD = 'package';

export function layOutTaxonomy<F extends { path: string; bytes: Uint8Array }>(extras: readonly F[], rootUrls: readonly string[]): TaxonomyLayout<F> {
  const problems: TaxonomyLayout<F>['problems'] = [];
  let keptRewrites: RewriteRule[] = [];
  const placed = new Map<string, LaidOutFile<F>>();
  for (const file of extras) {
    if (file.path === DROPPED_METADATA) continue;
    if (file.path === DROPPED_CATALOG) {
      const result = checkCatalogXml(file.bytes);
      for (const p of result.problems) problems.push({ path: file.path, message: `cannot be taken into the package's catalog: ${p.message}` });
      keptRewrites = result.rewrites;
      continue;
    }
    placed.set(file.path, { path: file.path, file });
  }
  const folded = new Set([...placed.keys()].map((p) => p.toLowerCase()));
  const loose = new Map<string, F>();
  for (const { path, file } of placed.values()) if (!path.includes('/')) loose.set(path, file);

  const moves: { from: string; to: string }[] = [];
  const urls = new Set<string>();
  const seen = new Set<string>();
  const queue = rootUrls.filter(isPlainHttpUrl);
  const mappedByDroppedCatalog = (url: string) => keptRewrites.some((r) => url.startsWith(r.uriStartString));
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    if (mappedByDroppedCatalog(url)) {
      urls.add(url);
      continue;
    }
    const place = publishedFilePlaceOf(url);
    if (place === undefined) continue;
    if (!placed.has(place)) {
      const name = place.slice(place.lastIndexOf('/') + 1);
      const stray = loose.get(name);
      if (!stray || folded.has(place.toLowerCase()) || clashesWithAFile(place, placed)) continue;
      placed.delete(name);
      loose.delete(name);
      placed.set(place, { path: place, file: stray });
      folded.add(place.toLowerCase());
      moves.push({ from: name, to: place });
    }
    urls.add(url);
    for (const next of referencesOf(placed.get(place)!.file.bytes, url)) if (!seen.has(next)) queue.push(next);
  }
  const files = [...placed.values()].sort(byPath);
  return { files, urls: [...urls], keptRewrites, moves, problems };
}

/** The absolute URLs a taxonomy file at `url` refers to: its absolute references as written, its relative ones resolved against the URL. */
function referencesOf(bytes: Uint8Array, url: string): string[] {
  const path = `${STLD}/file.xsd`;
  const { references } = resolvePackageReferences(
    { stld: STLD, files: new Set([path]), read: (p) => (p === path ? bytes : undefined) },
    { reports: [], taxonomy: [path] },
    [],
  );
  const out: string[] = [];
  for (const ref of references) {
    if (ref.kind === 'loc' || ref.kind === 'roleRef' || ref.kind === 'arcroleRef') {
      // Locators point back into schemas the imports already name; only a schema they alone name is followed.
      if (!/\.xsd$/i.test(ref.reference)) continue;
    }
    if (isPlainHttpUrl(ref.reference.trim())) out.push(ref.reference.trim());
    else if (URL.canParse(ref.reference, url)) out.push(new URL(ref.reference, url).href.replace(/#.*$/s, ''));
  }
  return out;
}

/** A folder on the way to `place` that is a file of the package (the move would make it both). */
function clashesWithAFile(place: string, placed: ReadonlyMap<string, unknown>): boolean {
  const parts = place.split('/');
  for (let i = 1; i < parts.length; i++) if (placed.has(parts.slice(0, i).join('/'))) return true;
  return false;
}
