/**
 * The taxonomy packages a firm has installed, as one place to look a
 * published URL up: each package maps the URL prefixes it publishes to its
 * own files, and the longest matching prefix across all packages wins (the
 * rule catalogs use). Zips are opened once and read entry by entry on demand,
 * so a library of several suites costs only the files a report needs.
 */
import { openZip, type ZipArchive, type ZipEntry } from '../package/zip-reader.js';
import { TAXONOMY_ZIP_LIMITS } from './read-package.js';
import { longestRemapping, normalisePath, type TaxonomyPackageInfo } from './package-info.js';

export interface InstalledPackage {
  info: TaxonomyPackageInfo;
  /** A file of the package by its zip path (STLD included); undefined when it has none there. */
  read(path: string): Uint8Array | undefined;
  has(path: string): boolean;
}

export interface LibraryHit {
  package: TaxonomyPackageInfo;
  path: string;
}

export class TaxonomyLibrary {
  constructor(readonly packages: readonly InstalledPackage[]) {}

  static empty(): TaxonomyLibrary {
    return new TaxonomyLibrary([]);
  }

  /** The installed file a published URL stands for, or undefined when no installed package holds it. */
  resolve(url: string): LibraryHit | undefined {
    let best: { pkg: InstalledPackage; prefix: string; pathPrefix: string } | undefined;
    for (const pkg of this.packages) {
      const rule = longestRemapping(url, pkg.info.remappings);
      if (rule && (!best || rule.urlPrefix.length > best.prefix.length)) best = { pkg, prefix: rule.urlPrefix, pathPrefix: rule.pathPrefix };
    }
    if (!best) return undefined;
    const path = normalisePath(best.pathPrefix + decodeSafely(url.slice(best.prefix.length)));
    if (path === undefined || !path.startsWith(`${best.pkg.info.stld}/`) || !best.pkg.has(path)) return undefined;
    return { package: best.pkg.info, path };
  }

  read(hit: LibraryHit): Uint8Array | undefined {
    return this.packages.find((p) => p.info.id === hit.package.id)?.read(hit.path);
  }

  /** The installed package whose remappings cover the URL, whether or not it holds the file. */
  claimedBy(url: string): TaxonomyPackageInfo | undefined {
    return this.packages.find((p) => longestRemapping(url, p.info.remappings))?.info;
  }
}

function decodeSafely(rest: string): string {
  try {
    return decodeURIComponent(rest.replace(/[?#].*$/s, ''));
  } catch {
    return rest;
  }
}

/** One installed package from its zip's bytes (already checked when it was installed). */
export function installedFromZip(info: TaxonomyPackageInfo, bytes: Uint8Array): InstalledPackage {
  let archive: ZipArchive | undefined;
  let entries: Map<string, ZipEntry> | undefined;
  const open = () => {
    if (!entries) {
      archive = openZip(bytes, TAXONOMY_ZIP_LIMITS);
      entries = new Map(archive.entries.filter((e) => !e.isDirectory).map((e) => [e.name, e]));
    }
    return entries;
  };
  return {
    info,
    has: (path) => open().has(path),
    read: (path) => {
      const entry = open().get(path);
      return entry ? archive!.read(entry) : undefined;
    },
  };
}
