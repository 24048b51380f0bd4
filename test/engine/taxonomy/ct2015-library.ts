/** CT2015 as an installed library, in either package format, without a data folder. */
import { installedFromZip, TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { readTaxonomyPackage } from '../../../main/engine/taxonomy/read-package.js';
import { ct2015AsTaxonomyPackages10, ct2015Zip } from './ct2015.js';

const libraries = new Map<string, TaxonomyLibrary>();

export function ct2015Library(format: 'older' | 'tp10' = 'older'): TaxonomyLibrary {
  let library = libraries.get(format);
  if (!library) {
    const bytes = format === 'older' ? ct2015Zip() : ct2015AsTaxonomyPackages10();
    const read = readTaxonomyPackage(`CT2015-${format}.zip`, bytes);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    libraries.set(format, (library = new TaxonomyLibrary([installedFromZip(read.info, bytes)])));
  }
  return library;
}
