/**
 * Where a report's taxonomy comes from. For an attachment or a file on its
 * own that is the installed taxonomy packages alone; for a report inside a
 * report package it is the package's own files first (the firm's extension
 * taxonomy), then the installed packages: the same order in which the
 * package's references resolve (package/reference-resolution.ts).
 */
import type { Dts } from './dts.js';
import { dtsOf } from './dts-cache.js';
import type { TaxonomyLibrary } from './library.js';
import { packageToInstallFor } from './publishers.js';

/**
 * A schema the report needs: loadable here, a published taxonomy the firm
 * has not installed (which package to install), a file an installed package
 * publishes the address of but does not hold (a misspelt or wrong-version
 * schemaRef: installing again would not help), or missing altogether (the
 * package's reference checks say why).
 */
export type SchemaLocation = { kind: 'found' } | { kind: 'notInstalled'; install: string } | { kind: 'notInPackage'; packageName: string } | { kind: 'missing' };

export interface TaxonomySource {
  locate(url: string): SchemaLocation;
  /** The DTS of the given schema URLs, read from this source's files. */
  dts(entryPoints: readonly string[]): Dts;
}

/** The installed packages alone: anything they do not hold is a package to install, unless one of them maps its address. */
export function installedSource(library: TaxonomyLibrary): TaxonomySource {
  return {
    locate: (url) => {
      if (library.resolve(url)) return { kind: 'found' };
      const claimedBy = library.claimedBy(url);
      if (claimedBy) return { kind: 'notInPackage', packageName: `${claimedBy.name}${claimedBy.version ? ` ${claimedBy.version}` : ''}` };
      return { kind: 'notInstalled', install: packageToInstallFor(url) ?? `the taxonomy package that publishes ${url}` };
    },
    dts: (entryPoints) => dtsOf(library, entryPoints),
  };
}
