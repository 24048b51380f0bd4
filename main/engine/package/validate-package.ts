/**
 * The package validator (report-package.md sections 1–3 and 5, and each
 * report's facts against its taxonomy): the same rules for packages a user
 * drops into the app and for the builder's own output. Archives over the safety limits are refused with a
 * RequestValidationError (unusable input), never inflated.
 */
import { RequestValidationError } from '../errors.js';
import type { TaxonomyLibrary } from '../taxonomy/library.js';
import type { ValidationJobResult } from '../validation-result.js';
import { checkArchiveFormat, checkDirectoryStructure } from './archive-checks.js';
import { documentTypeOfExtension, packageExtensionOf } from './document-types.js';
import { Findings, type PackageKind } from './findings.js';
import { checkFutureReportPackage, rootReportPackageJson } from './future-report-package.js';
import { loadableReportCount, discoverReports } from './report-discovery.js';
import { checkReferences } from './reference-checks.js';
import { checkReportPackageJson, checkReports } from './report-package-checks.js';
import { checkReportTaxonomies, readReportsBeforeReferences } from './report-taxonomy-checks.js';
import { checkTaxonomyPackage } from './taxonomy-package-checks.js';
import { chooseStld } from './top-level-directory.js';
import { DEFAULT_ZIP_LIMITS, openZip, ZipFormatError, ZipLimitError, type ZipArchive, type ZipLimits } from './zip-reader.js';
import { writtenArchive, type WrittenFile } from './written-archive.js';

/** Files the rules after the format check open: never a report's images or attachments. */
const DOCUMENT = /\.(xsd|xml|json|xhtml|html?|xbrl)$/i;

export interface ValidatePackageDeps {
  now?: () => Date;
  limits?: ZipLimits;
  /** The taxonomy packages the firm has installed: references the package does not hold resolve there. */
  installed?: TaxonomyLibrary;
  /** False when the caller has just checked the report's facts itself (the builder, before writing): a DOM of a large report is not built twice. */
  reportFacts?: boolean;
  /**
   * The builder's self-check: what each entry was made from and deflated to,
   * so entries are checked against it rather than inflated (written-archive.ts).
   */
  written?: ReadonlyMap<string, WrittenFile>;
  /**
   * False when only errors matter (the builder's self-check): a taxonomy
   * file's own references give warnings at most, so its schemas are not
   * scanned for them; the reports' references, and the taxonomy they
   * bring, still are.
   */
  taxonomyReferences?: boolean;
}

export async function validatePackage(
  fileName: string,
  bytes: Uint8Array,
  deps: ValidatePackageDeps = {},
): Promise<ValidationJobResult> {
  const now = deps.now ?? (() => new Date());
  const start = now();
  const findings = new Findings();
  const { kind, reportCount } = runChecks(fileName, bytes, deps.limits ?? DEFAULT_ZIP_LIMITS, findings, deps);
  return findings.toResult(kind, reportCount, start, now());
}

function runChecks(
  fileName: string,
  bytes: Uint8Array,
  limits: ZipLimits,
  findings: Findings,
  deps: ValidatePackageDeps,
): { kind: PackageKind; reportCount: number } {
  const { installed, written } = deps;
  const extension = packageExtensionOf(fileName);
  if (extension === undefined) {
    findings.error(
      'report',
      'rpe:unsupportedFileExtension',
      'a report package must end in .xbri, .xbr or .zip',
      fileName,
    );
    return { kind: 'report', reportCount: 0 };
  }
  let archive: ZipArchive;
  try {
    archive = refuseOverLimits(fileName, () => (written ? writtenArchive(bytes, written, limits) : openZip(bytes, limits)));
  } catch (err) {
    if (!(err instanceof ZipFormatError)) throw err;
    findings.error('report', 'rpe:invalidArchiveFormat', err.message, fileName);
    return { kind: 'report', reportCount: 0 };
  }
  const names = archive.entries.map((e) => e.name);
  const futureJson = rootReportPackageJson(archive.entries);
  const stld = chooseStld(names);
  const isReportPackage =
    futureJson !== undefined ||
    extension !== 'zip' ||
    names.includes(`${stld}/META-INF/reportPackage.json`) ||
    names.some((n) => n.startsWith(`${stld}/reports/`));
  const kind: PackageKind = isReportPackage ? 'report' : 'taxonomy';
  const found = discoverReports(names, stld);
  const countAs = () => loadableReportCount(found, documentTypeOfExtension[extension]);

  // The later rules read the documents (metadata, catalog, reports, schemas and linkbases): keep them as the format check inflates them.
  const inflated = new Map<string, Buffer>();
  const keep = (name: string, bytes: Buffer) => {
    if (DOCUMENT.test(name)) inflated.set(name, bytes);
  };
  if (!refuseOverLimits(fileName, () => checkArchiveFormat(archive, kind, findings, keep))) return { kind, reportCount: 0 };
  // Before any STLD rule: a root reportPackage.json means a version we cannot
  // judge by 1.0 rules. Its directory-structure breaches are still reported
  // (Arelle's own run reports only those: index.csv bad-no-stld.xbri), but no
  // 1.0 rule beyond them applies and no report is loaded.
  if (futureJson) {
    checkFutureReportPackage(archive.read(futureJson), findings);
    checkDirectoryStructure(names, kind, findings, stld);
    return { kind, reportCount: 0 };
  }
  if (!checkDirectoryStructure(names, kind, findings, stld)) return { kind, reportCount: countAs() };

  const files = new Map(archive.entries.filter((e) => !e.isDirectory).map((e) => [e.name, e]));
  const read = (name: string) => {
    const kept = inflated.get(name);
    if (kept) return kept;
    const entry = files.get(name);
    return entry ? archive.read(entry) : undefined;
  };
  let reportCount = 0;
  let reportsReadable = false;
  if (kind === 'report') {
    const documentType = checkReportPackageJson(stld, extension, read, findings);
    if (documentType === undefined) {
      reportCount = countAs();
    } else {
      checkReports(found, stld, documentType, read, findings);
      reportsReadable = true;
      reportCount = loadableReportCount(found, documentType);
    }
  }
  const rewrites = checkTaxonomyPackage(names, stld, read, findings, kind === 'taxonomy');
  const factsChecked = reportsReadable && (deps.reportFacts ?? true);
  // One scan of each report for its facts and its references, rather than one for each.
  if (factsChecked) readReportsBeforeReferences(names, stld, read);
  checkReferences(names, stld, read, findings, kind, found, installed, rewrites, deps.taxonomyReferences ?? true);
  if (factsChecked) checkReportTaxonomies(names, stld, read, findings, installed);
  return { kind, reportCount };
}

function refuseOverLimits<T>(fileName: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof ZipLimitError) {
      throw new RequestValidationError([
        { field: 'file', message: `${fileName}${err.entry ? ` (entry "${err.entry}")` : ''}: refused: ${err.message}` },
      ]);
    }
    throw err;
  }
}
