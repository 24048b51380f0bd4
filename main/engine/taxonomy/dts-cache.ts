/**
 * A loaded DTS per set of installed packages and schema references: the
 * library object stays the same while nothing is installed or removed
 * (TaxonomyStore.library), so a batch of documents on the same taxonomy
 * loads it once, and installing or removing a package starts afresh.
 */
import { loadDts, type Dts } from './dts.js';
import type { TaxonomyLibrary } from './library.js';

const cache = new WeakMap<TaxonomyLibrary, Map<string, Dts>>();
/** Enough for every taxonomy in force at once; the oldest goes first. */
const MAX_PER_LIBRARY = 16;

export function dtsOf(library: TaxonomyLibrary, schemaRefs: readonly string[]): Dts {
  const key = [...schemaRefs].sort().join('\n');
  let byKey = cache.get(library);
  if (!byKey) cache.set(library, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const dts = loadDts(schemaRefs, (url) => {
    const found = library.resolve(url);
    return found && library.read(found);
  });
  if (byKey.size >= MAX_PER_LIBRARY) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, dts);
  return dts;
}
