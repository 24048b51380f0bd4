/**
 * Reads a taxonomy package zip as a firm drops it into the app, in either of
 * the two formats published taxonomies come in:
 * - Taxonomy Packages 1.0 (XBRL International, 2016): META-INF/taxonomyPackage.xml
 *   and META-INF/catalog.xml, checked by the same rules the package validator
 *   applies (report-package.md section 3, the official tpe: codes);
 * - the older format HMRC and the FRC shipped before it: a .taxonomyPackage.xml
 *   in the top-level directory whose remapping elements do what catalog.xml's
 *   rewriteURI does (see legacy-package.ts).
 * A package that breaks a rule is refused with every reason, each naming the
 * file it concerns; nothing is installed from it.
 */
import type { Element } from '@xmldom/xmldom';
import { checkArchiveFormat, checkDirectoryStructure } from '../package/archive-checks.js';
import { Findings } from '../package/findings.js';
import { checkTaxonomyPackage } from '../package/taxonomy-package-checks.js';
import { TP_NS } from '../package/taxonomy-package-metadata.js';
import { chooseStld } from '../package/top-level-directory.js';
import { childElements, langInScope, parseXml } from '../package/xml-document.js';
import { DEFAULT_ZIP_LIMITS, openZip, ZipFormatError, ZipLimitError, type ZipArchive, type ZipLimits } from '../package/zip-reader.js';
import { LEGACY_METADATA, readLegacyMetadata } from './legacy-package.js';
import { normalisePath, packageIdOf, pathOfUrl, type EntryPoint, type Remapping, type TaxonomyPackageInfo } from './package-info.js';

export interface PackageProblem {
  /** The official code where one applies (tpe:…), else a Filing Desk one. */
  code: string;
  message: string;
}

export type ReadPackageResult =
  | { ok: true; info: TaxonomyPackageInfo; warnings: PackageProblem[] }
  | { ok: false; problems: PackageProblem[] };

/** Taxonomies are larger than report packages: the FRC's suites hold thousands of files. */
export const TAXONOMY_ZIP_LIMITS: ZipLimits = { ...DEFAULT_ZIP_LIMITS, maxEntries: 50_000, maxTotalUncompressedBytes: 1024 * 1024 * 1024 };

export function readTaxonomyPackage(fileName: string, bytes: Uint8Array, limits: ZipLimits = TAXONOMY_ZIP_LIMITS): ReadPackageResult {
  let archive: ZipArchive;
  try {
    archive = openZip(bytes, limits);
  } catch (err) {
    if (err instanceof ZipFormatError) return refused('tpe:invalidArchiveFormat', `${fileName} is not a readable zip archive: ${err.message}`);
    if (err instanceof ZipLimitError) return refused('taxonomyPackageTooLarge', `${fileName}${err.entry ? ` (entry "${err.entry}")` : ''}: refused: ${err.message}`);
    throw err;
  }
  const names = archive.entries.map((e) => e.name);
  const stld = chooseStld(names);
  const findings = new Findings();
  try {
    if (!checkArchiveFormat(archive, 'taxonomy', findings)) return fromFindings(findings);
  } catch (err) {
    if (err instanceof ZipLimitError) return refused('taxonomyPackageTooLarge', `${fileName}${err.entry ? ` (entry "${err.entry}")` : ''}: refused: ${err.message}`);
    throw err;
  }
  if (!checkDirectoryStructure(names, 'taxonomy', findings, stld)) return fromFindings(findings);

  const entries = new Map(archive.entries.filter((e) => !e.isDirectory).map((e) => [e.name, e]));
  const read = (name: string) => {
    const entry = entries.get(name);
    return entry ? archive.read(entry) : undefined;
  };
  const files = new Set(entries.keys());
  const hasTp10 = files.has(`${stld}/META-INF/taxonomyPackage.xml`);
  const legacy = read(`${stld}/${LEGACY_METADATA}`);
  if (!hasTp10 && legacy !== undefined) {
    const result = readLegacyMetadata(legacy, stld);
    if (!result.ok) return { ok: false, problems: result.problems.map((message) => ({ code: 'invalidLegacyMetadata', message: `${stld}/${LEGACY_METADATA}: ${message}` })) };
    return finish({ ...result.metadata, format: 'taxonomy-package-remappings', stld, fileCount: files.size }, files, []);
  }
  const rewrites = checkTaxonomyPackage(names, stld, read, findings, true) ?? [];
  const errors = findings.taxonomy.filter((m) => m.category === 'error');
  if (errors.length > 0) {
    const problems = errors.map((m) => ({ code: m.code, message: m.message }));
    if (!hasTp10 && legacy === undefined) {
      problems.push({ code: 'tpe:metadataFileNotFound', message: `${stld}/: neither META-INF/taxonomyPackage.xml (Taxonomy Packages 1.0) nor ${LEGACY_METADATA} (the older format) is in the package, so it is not a taxonomy package` });
    }
    return { ok: false, problems };
  }
  const warnings = findings.taxonomy.filter((m) => m.category === 'warning').map((m) => ({ code: m.code, message: m.message }));
  const metadata = readTp10Metadata(read(`${stld}/META-INF/taxonomyPackage.xml`)!);
  const remappings: Remapping[] = [];
  for (const rule of rewrites) {
    const path = pathInPackage(`${stld}/META-INF/`, rule.rewritePrefix);
    if (path === undefined || !path.startsWith(`${stld}/`)) {
      return refused('tpe:invalidCatalogFile', `${stld}/META-INF/catalog.xml: the rewriteURI for "${rule.uriStartString}" sends it to "${rule.rewritePrefix}", outside the package's top-level directory`);
    }
    remappings.push({ urlPrefix: rule.uriStartString, pathPrefix: path });
  }
  return finish({ ...metadata, remappings, format: 'taxonomy-packages-1.0', stld, fileCount: files.size }, files, warnings);
}

type ReadMetadata = Omit<TaxonomyPackageInfo, 'id' | 'format' | 'stld' | 'fileCount'>;

/** The rules both formats share once read: a name, remappings that land in the package, entry points it holds. */
function finish(info: Omit<TaxonomyPackageInfo, 'id'>, files: ReadonlySet<string>, warnings: PackageProblem[]): ReadPackageResult {
  const problems: PackageProblem[] = [];
  const where = info.format === 'taxonomy-packages-1.0' ? `${info.stld}/META-INF/catalog.xml` : `${info.stld}/${LEGACY_METADATA}`;
  if (info.remappings.length === 0) {
    problems.push({ code: 'noRemappings', message: `${where}: the package maps no published URL to its files, so no report could use it offline` });
  }
  const paths = [...files];
  for (const r of info.remappings) {
    // A remapping to a folder must find files under it; one to a file, that file.
    const lands = r.pathPrefix.endsWith('/') ? paths.some((p) => p.startsWith(r.pathPrefix)) : files.has(r.pathPrefix);
    if (!lands) problems.push({ code: 'remappingNotInPackage', message: `${where}: "${r.urlPrefix}" is mapped to ${r.pathPrefix}, which the package does not hold` });
  }
  const resolvable = info.entryPoints.flatMap((e) => e.urls).filter((url) => {
    const path = pathOfUrl(url, info);
    return path !== undefined && files.has(path);
  });
  if (info.entryPoints.length > 0 && resolvable.length === 0) {
    problems.push({ code: 'entryPointNotInPackage', message: `${where}: none of the package's entry points is a file of the package once its URL is mapped` });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, info: { ...info, id: packageIdOf(info.name, info.version) }, warnings };
}

function refused(code: string, message: string): ReadPackageResult {
  return { ok: false, problems: [{ code, message }] };
}

function fromFindings(findings: Findings): ReadPackageResult {
  return { ok: false, problems: findings.taxonomy.filter((m) => m.category === 'error').map((m) => ({ code: m.code, message: m.message })) };
}

/** A rewritePrefix, relative to META-INF/, as a zip path; undefined when it is an absolute URL or leaves the zip. */
function pathInPackage(metaInf: string, prefix: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(prefix) || prefix.startsWith('/')) return undefined;
  const joined = normalisePath(metaInf + prefix);
  if (joined === undefined) return undefined;
  return prefix.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined;
}

/** The display fields of a valid taxonomyPackage.xml (already checked against its schema). */
function readTp10Metadata(bytes: Uint8Array): ReadMetadata {
  const root = parseXml(bytes).documentElement!;
  const tp = (el: Element, local: string) => childElements(el).filter((c) => c.namespaceURI === TP_NS && c.localName === local);
  const text = (el: Element | undefined) => el?.textContent?.trim() || undefined;
  const english = (els: Element[]) => els.find((e) => /^en\b/i.test(langInScope(e) ?? '')) ?? els[0];
  const identifier = text(tp(root, 'identifier')[0]) ?? '';
  const entryPoints: EntryPoint[] = [];
  for (const list of tp(root, 'entryPoints')) {
    for (const ep of tp(list, 'entryPoint')) {
      const urls = tp(ep, 'entryPointDocument').map((d) => d.getAttribute('href') ?? '').filter(Boolean);
      entryPoints.push({ name: text(english(tp(ep, 'name'))) ?? urls[0] ?? '', urls });
    }
  }
  return {
    identifier,
    name: text(english(tp(root, 'name'))) ?? identifier,
    version: text(tp(root, 'version')[0]),
    publisher: text(english(tp(root, 'publisher'))),
    publicationDate: text(tp(root, 'publicationDate')[0]),
    entryPoints,
    remappings: [],
  };
}
