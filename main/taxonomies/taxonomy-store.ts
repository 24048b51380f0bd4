/**
 * The taxonomy packages installed in the data folder (`taxonomies/`): each
 * package is its zip exactly as the firm obtained it (`<id>.zip`) and what
 * was read from it (`<id>.json`). The zip is written first and the record
 * last, both atomically, so a crash midway leaves a stray zip that is not
 * listed, never a listed package without its files. A package that breaks a
 * rule is refused with its reasons, and nothing already installed changes.
 * Plain Node: the window, the command line and the engine worker share it.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { installedFromZip, TaxonomyLibrary } from '../engine/taxonomy/library.js';
import type { TaxonomyPackageInfo } from '../engine/taxonomy/package-info.js';
import { readTaxonomyPackage, type PackageProblem } from '../engine/taxonomy/read-package.js';

export const TAXONOMIES_FOLDER = 'taxonomies';

export interface InstalledTaxonomy extends TaxonomyPackageInfo {
  /** The zip's name as the firm gave it. */
  fileName: string;
  sizeBytes: number;
  sha256: string;
  installedAt: string;
}

export type InstallOutcome =
  | { ok: true; installed: InstalledTaxonomy; warnings: PackageProblem[] }
  | { ok: false; problems: PackageProblem[] };

export class TaxonomyNotInstalledError extends Error {
  constructor(readonly id: string) {
    super(`no taxonomy package "${id}" is installed`);
    this.name = 'TaxonomyNotInstalledError';
  }
}

const ID = /^[a-z0-9][a-z0-9.-]*$/;

export class TaxonomyStore {
  private cached: { key: string; library: TaxonomyLibrary } | undefined;

  /** `folder` is the store's own folder: `<data folder>/taxonomies`. */
  constructor(
    readonly folder: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static inDataFolder(dataFolder: string, now?: () => Date): TaxonomyStore {
    return new TaxonomyStore(join(dataFolder, TAXONOMIES_FOLDER), now);
  }

  async list(): Promise<InstalledTaxonomy[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: InstalledTaxonomy[] = [];
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      try {
        const record = JSON.parse(await fs.readFile(join(this.folder, name), 'utf8')) as InstalledTaxonomy;
        if (ID.test(record.id) && `${record.id}.json` === name) out.push(record);
      } catch {
        // A record that cannot be read is not listed; its package is reinstalled from its zip by the firm.
      }
    }
    return out.sort((a, b) => a.name.localeCompare(b.name) || (a.version ?? '').localeCompare(b.version ?? ''));
  }

  async install(fileName: string, bytes: Uint8Array): Promise<InstallOutcome> {
    const read = readTaxonomyPackage(fileName, bytes);
    if (!read.ok) return read;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const existing = await this.list();
    const same = existing.find((p) => p.id === read.info.id || p.identifier === read.info.identifier);
    if (same) {
      const message =
        same.sha256 === sha256
          ? `${fileName} is already installed as "${same.id}"`
          : `${same.name}${same.version ? ` version ${same.version}` : ''} is already installed as "${same.id}" from ${same.fileName}; remove it first to install ${fileName} in its place`;
      return { ok: false, problems: [{ code: 'alreadyInstalled', message }] };
    }
    const installed: InstalledTaxonomy = { ...read.info, fileName, sizeBytes: bytes.byteLength, sha256, installedAt: this.now().toISOString() };
    await fs.mkdir(this.folder, { recursive: true });
    await writeFileAtomic(join(this.folder, `${installed.id}.zip`), bytes);
    await writeFileAtomic(join(this.folder, `${installed.id}.json`), `${JSON.stringify(installed, null, 2)}\n`);
    this.cached = undefined;
    return { ok: true, installed, warnings: read.warnings };
  }

  async remove(id: string): Promise<InstalledTaxonomy> {
    const record = ID.test(id) ? (await this.list()).find((p) => p.id === id) : undefined;
    if (!record) throw new TaxonomyNotInstalledError(id);
    // The record first: once it is gone the package is no longer listed or used, whatever happens to the zip.
    await fs.rm(join(this.folder, `${id}.json`), { force: true });
    await fs.rm(join(this.folder, `${id}.zip`), { force: true });
    this.cached = undefined;
    return record;
  }

  /** Every installed package, ready to resolve URLs; the same object while nothing is installed or removed. */
  async library(): Promise<TaxonomyLibrary> {
    const records = await this.list();
    const key = records.map((r) => `${r.id}:${r.sha256}`).join('|');
    if (this.cached?.key === key) return this.cached.library;
    const packages = [];
    for (const record of records) {
      try {
        packages.push(installedFromZip(record, new Uint8Array(await fs.readFile(join(this.folder, `${record.id}.zip`)))));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    const library = new TaxonomyLibrary(packages);
    this.cached = { key, library };
    return library;
  }
}

/** One store per folder, so every caller in a process shares the opened zips and loaded taxonomies. */
const stores = new Map<string, TaxonomyStore>();
export function taxonomyStoreFor(dataFolder: string): TaxonomyStore {
  let store = stores.get(dataFolder);
  if (!store) stores.set(dataFolder, (store = TaxonomyStore.inDataFolder(dataFolder)));
  return store;
}
