/**
 * A report package's taxonomy as a TaxonomySource: each document of a
 * report's DTS is looked for in the package's own files first (through its
 * catalog, as its references resolve), then in the installed taxonomy
 * packages. The package's reference resolver decides where each URL leads,
 * so the facts are checked against exactly the files the reference checks
 * found, and a published taxonomy the firm has not installed is named the
 * same way.
 */
import { packageRewrites, PackageResolver, type PackageContents } from '../package/reference-resolution.js';
import { loadDts, type Dts } from './dts.js';
import type { TaxonomyLibrary } from './library.js';
import type { TaxonomySource } from './taxonomy-source.js';

export interface PackageTaxonomySource extends TaxonomySource {
  /** The address a report file's relative schema references resolve against. */
  addressOf(path: string): string;
}

export function packageSource(contents: PackageContents, installed: TaxonomyLibrary): PackageTaxonomySource {
  const resolver = new PackageResolver(contents, packageRewrites(contents), installed);
  const where = (url: string) => resolver.resolve(url, url);
  const open = (url: string): Uint8Array | undefined => {
    const found = where(url);
    if (found.kind === 'inPackage') return contents.read(found.path);
    if (found.kind !== 'installed') return undefined;
    const hit = installed.resolve(found.url);
    return hit && installed.read(hit);
  };
  // Reports of one package mostly share their extension: its DTS is read once per validation.
  const loaded = new Map<string, Dts>();
  return {
    addressOf: (path) => resolver.addressOf(path),
    locate: (url) => {
      const found = where(url);
      if (found.kind === 'notInstalled') return { kind: 'notInstalled', install: found.install };
      return found.kind === 'missing' ? { kind: 'missing' } : { kind: 'found' };
    },
    dts: (entryPoints) => {
      const key = [...entryPoints].sort().join('\n');
      let dts = loaded.get(key);
      if (!dts) loaded.set(key, (dts = loadDts(entryPoints, open, 'neither the package nor any installed taxonomy package holds it')));
      return dts;
    },
  };
}
