/**
 * Builds the report package the service's "Create report package" returns
 * (report-package.md sections 1 and 4): one zip that is both a report package
 * and a taxonomy package, with deterministic bytes and an optional SHA-256.
 * Before handing anything out it re-opens its own zip with the package
 * validator; a package that fails is a bug (EngineInternalError), not a result.
 */
import { createHash } from 'node:crypto';
import { EngineInternalError, RequestValidationError, type FieldError } from '../errors.js';
import { parseRequest } from '../zod-errors.js';
import { decodeBase64, decodeBase64Shared } from '../base64.js';
import { catalogRewrites } from './catalog-rewrites.js';
import { taxonomyReferencesOfReport } from './report-taxonomy-urls.js';
import { documentTypeOfExtension, extensionOfDocumentType, reportKindOf, type PackageExtension, type ReportKind } from './document-types.js';
import { isValidResult, reportCountOf } from './findings.js';
import { readExtraFiles } from './merge-zip-files.js';
import { catalogXml, taxonomyPackageXml } from './metadata-writer.js';
import { readReportPackageJson, reportPackageRequestSchema, safePackageName, type ReportPackageRequest } from './request-schema.js';
import { validatePackage } from './validate-package.js';
import type { TaxonomyLibrary } from '../taxonomy/library.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-reader.js';
import { assembleZip, deflateEarly, startDeflating, type ZipFile } from './zip-writer.js';
import type { WrittenFile } from './written-archive.js';
import { missingReferenceMessage } from './reference-checks.js';
import { resolvePackageReferences, type PackageReference } from './reference-resolution.js';
import { readReportBeforeReferences, reportFactProblems } from './report-taxonomy-checks.js';
import type { AttachmentFinding } from '../validation/attachments/finding.js';
import { layOutTaxonomy, type TaxonomyLayout } from './taxonomy-layout.js';

export interface ReportPackageResponse {
  zipContentBase64: string;
  hashResult?: { Hash_Result: string };
}

export interface CreateReportPackageOptions {
  includeHash: boolean;
}

export interface ReportPackageDeps {
  /** Safety limits of the built package; base64ZipFiles gets these less room for the generated files. */
  limits?: ZipLimits;
  /** The taxonomy packages the firm has installed: the report's references resolve in the package, then there. */
  installed?: TaxonomyLibrary;
}

/** reportPackage.json, taxonomyPackage.xml, catalog.xml and the report: the entries the builder adds. */
export const GENERATED_ENTRY_COUNT = 4;
/** Extension taxonomies are a few MB; 100 MB of merged files is generous and bounds the memory a request costs. */
export const MAX_MERGED_BYTES = 100 * 1024 * 1024;

/** The limits for base64ZipFiles: whatever it holds, the built package still fits the package limits. */
export function mergeLimitsOf(limits: ZipLimits): ZipLimits {
  return {
    ...limits,
    maxEntries: limits.maxEntries - GENERATED_ENTRY_COUNT,
    maxTotalUncompressedBytes: Math.min(MAX_MERGED_BYTES, limits.maxTotalUncompressedBytes),
  };
}

export async function createReportPackage(
  input: unknown,
  options: CreateReportPackageOptions,
  deps: ReportPackageDeps = {},
): Promise<ReportPackageResponse> {
  const { zip } = await buildReportPackage(input, deps);
  const response: ReportPackageResponse = { zipContentBase64: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength).toString('base64') };
  if (options.includeHash) response.hashResult = hashResultOf(zip);
  return response;
}

/** The service's hash: lowercase hex SHA-256 of exactly the package's bytes. */
export function hashResultOf(zip: Uint8Array): { Hash_Result: string } {
  return { Hash_Result: createHash('sha256').update(zip).digest('hex') };
}

/** The package's bytes and names, checked by the validator, before any base64 (for callers that keep bytes). */
export async function buildReportPackage(input: unknown, deps: ReportPackageDeps = {}): Promise<{ zip: Uint8Array; naming: PackageNaming }> {
  const limits = deps.limits ?? DEFAULT_ZIP_LIMITS;
  const request = parseRequest(reportPackageRequestSchema, input);
  const naming = packageNaming(request);
  // A Buffer, as the self-check reads it back: the same object both times (written-archive.ts).
  const decoded = decodeBase64(request.reportBase64Content);
  const report = Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  if (report.length === 0) {
    throw new RequestValidationError([{ field: 'reportBase64Content', message: 'the report is empty' }]);
  }
  // The report (often the largest file) deflates on the thread pool while the merged files are read.
  const reportDeflated = deflateEarly(report);
  // The report's own taxonomy references, found once (a scan of the whole report) for the hosts and the catalog.
  const reportRefs = taxonomyReferencesOfReport(report, naming.reportKind);
  const hosts = hostsOf([...entryPointHrefs(request), ...reportRefs]);
  // In shared memory: the thread that deflates them reads them where they are.
  const extras = request.base64ZipFiles
    ? readExtraFiles(decodeBase64Shared(request.base64ZipFiles), request.reportName, mergeLimitsOf(limits), (dir) => hosts.has(dir))
    : [];
  const { files: planned, layout } = packageLayout(request, naming, report, extras, reportRefs);
  if (layout.problems.length > 0) {
    throw new RequestValidationError(layout.problems.map((p) => ({ field: 'base64ZipFiles', message: `entry "${p.path}": ${p.message}` })));
  }
  const files = planned.map((f) => (f.bytes === report ? { ...f, deflated: reportDeflated } : f));
  const tooBig = packageSizeProblem(files, extras.length > 0, limits);
  if (tooBig) throw new RequestValidationError([tooBig]);
  // Every file deflates from here on, on the other core, while this thread checks the report (refused requests just abandon it).
  const deflating = startDeflating(files);
  try {
    // One scan of the report for its facts and its references, rather than one for each.
    readReportBeforeReferences(`${naming.stld}/reports/${request.reportName}`, report);
    const unresolved = unresolvedReportReferences(files, naming, request, deps.installed);
    if (unresolved.length > 0) {
      throw new RequestValidationError(unresolved.map((r) => ({ field: 'reportBase64Content', message: reportReferenceProblem(request.reportName, r) })));
    }
    const factErrors = reportFactErrors(files, naming, request, deps.installed);
    if (factErrors.length > 0) {
      throw new RequestValidationError(factErrors.map((f) => ({ field: 'reportBase64Content', message: `${request.reportName}: ${f.code}: ${f.message}` })));
    }
    const compressed = await deflating.result;
    const zip = assembleZip(files, compressed);
    const written = new Map<string, WrittenFile>(files.map((f, i) => [f.path, { bytes: f.bytes, deflated: compressed[i]! }]));
    await selfCheck(naming.fileName, zip, limits, deps.installed, written);
    return { zip, naming };
  } finally {
    deflating.abandon();
  }
}

export function entryPointHrefs(request: Pick<ReportPackageRequest, 'entrypoints'>): string[] {
  return (request.entrypoints ?? []).map((ep) => ep.entryPointDocument.href);
}

/**
 * The hosts of the taxonomy URLs the package uses (entry points and the
 * report's own schemaRef): a single top-level directory of the merged files
 * named after one of them is kept, because the catalog maps the URL there.
 */
export function taxonomyHosts(entryPointUrls: readonly string[], report: Uint8Array, reportKind: ReportKind): Set<string> {
  return hostsOf([...entryPointUrls, ...taxonomyReferencesOfReport(report, reportKind)]);
}

function hostsOf(urls: readonly string[]): Set<string> {
  return new Set(urls.flatMap((u) => (URL.canParse(u) ? [new URL(u).host] : [])));
}

/**
 * Every file of the package in the order it is written: META-INF first, then
 * the report, then the merged files (sorted by path, after the layout has
 * moved loose files to the place their URL gives them). What the package
 * wizard's plan lists is this same list.
 */
export function packageFiles(
  request: ReportPackageRequest,
  naming: PackageNaming,
  report: Uint8Array,
  extras: readonly { path: string; bytes: Uint8Array; crc32?: number }[],
  reportRefs: readonly string[] = taxonomyReferencesOfReport(report, naming.reportKind),
): ZipFile[] {
  return packageLayout(request, naming, report, extras, reportRefs).files;
}

/** packageFiles, with the moves the layout made and any problem of a dropped catalog. */
export function packageLayout<E extends { path: string; bytes: Uint8Array; crc32?: number }>(
  request: ReportPackageRequest,
  naming: PackageNaming,
  report: Uint8Array,
  extras: readonly E[],
  reportRefs: readonly string[] = taxonomyReferencesOfReport(report, naming.reportKind),
): { files: ZipFile[]; layout: TaxonomyLayout<E> } {
  const stld = naming.stld;
  const encoder = new TextEncoder();
  const files: ZipFile[] = [
    { path: `${stld}/META-INF/reportPackage.json`, bytes: naming.reportPackageJson },
    { path: `${stld}/META-INF/taxonomyPackage.xml`, bytes: encoder.encode(taxonomyPackageXml(request)) },
  ];
  const urls = [...entryPointHrefs(request), ...reportRefs];
  const layout = layOutTaxonomy(extras, urls);
  const generated = catalogRewrites([...urls, ...layout.urls], new Set(layout.files.map((f) => f.path)));
  // A dropped catalog's own rule for a start string stands; the generated rules fill in the rest.
  const kept = new Set(layout.keptRewrites.map((r) => r.uriStartString));
  const rewrites = [...layout.keptRewrites, ...generated.filter((r) => !kept.has(r.uriStartString))].sort((a, b) =>
    a.uriStartString < b.uriStartString ? -1 : a.uriStartString > b.uriStartString ? 1 : 0,
  );
  if (rewrites.length > 0) files.push({ path: `${stld}/META-INF/catalog.xml`, bytes: encoder.encode(catalogXml(rewrites)) });
  files.push({ path: `${stld}/reports/${request.reportName}`, bytes: report });
  for (const { path, file } of layout.files) files.push({ path: `${stld}/${path}`, bytes: file.bytes, crc32: file.crc32 });
  return { files, layout };
}

/**
 * The report's own references that do not resolve in the package about to
 * be written, as field errors naming the report, the reference and what was
 * looked for: the package would be useless to anyone validating offline.
 */
export function unresolvedReportReferences(files: readonly ZipFile[], naming: PackageNaming, request: ReportPackageRequest, installed?: TaxonomyLibrary): PackageReference[] {
  const byPath = new Map(files.map((f) => [f.path, f.bytes]));
  const contents = { stld: naming.stld, files: new Set(byPath.keys()), read: (p: string) => byPath.get(p) };
  const reports = [`${naming.stld}/reports/${request.reportName}`];
  const { references } = resolvePackageReferences(contents, { reports, taxonomy: [] }, undefined, installed);
  return references.filter((r) => r.byReport && r.outcome.kind === 'missing');
}

/** The report's facts that break its taxonomy's rules (a concept that does not exist, a wrong period type, …), which no recipient accepts. */
export function reportFactErrors(files: readonly ZipFile[], naming: PackageNaming, request: ReportPackageRequest, installed?: TaxonomyLibrary): AttachmentFinding[] {
  const byPath = new Map(files.map((f) => [f.path, f.bytes]));
  const contents = { stld: naming.stld, files: new Set(byPath.keys()), read: (p: string) => byPath.get(p) };
  return reportFactProblems(contents, `${naming.stld}/reports/${request.reportName}`, installed)
    .filter((f) => f.category === 'error');
}

/** "acme-2024.xhtml: its schemaRef "…" does not resolve …", with the report's package path shortened to its name. */
export function reportReferenceProblem(reportName: string, reference: PackageReference): string {
  return `${reportName}: ${missingReferenceMessage(reference)}`;
}

export interface PackageNaming {
  stld: string;
  extension: PackageExtension;
  fileName: string;
  reportKind: ReportKind;
  reportPackageJson: Uint8Array;
}

/** Extension, documentType and names, from base64ReportPackageJson when given, else from the report's kind. */
export function packageNaming(request: ReportPackageRequest): PackageNaming {
  const reportKind = reportKindOf(request.reportName)!;
  const stld = safePackageName(request.reportPackageName)!;
  if (request.base64ReportPackageJson !== undefined) {
    const given = readReportPackageJson(request.base64ReportPackageJson, reportKind);
    if ('problem' in given) throw new RequestValidationError([{ field: 'base64ReportPackageJson', message: given.problem }]);
    const extension = extensionOfDocumentType[given.documentType];
    return { stld, extension, fileName: `${stld}.${extension}`, reportKind, reportPackageJson: given.bytes };
  }
  const extension: PackageExtension = reportKind === 'inline' ? 'xbri' : 'xbr';
  const json = JSON.stringify({ documentInfo: { documentType: documentTypeOfExtension[extension] } });
  return { stld, extension, fileName: `${stld}.${extension}`, reportKind, reportPackageJson: new TextEncoder().encode(json) };
}

/** "<name>.<ext>": the file name for a save dialog or the CLI's --out folder. */
export function reportPackageFileName(request: ReportPackageRequest): string {
  return packageNaming(request).fileName;
}

/** The report, the merged files and the metadata together must fit the package limit the validator applies. */
export function packageSizeProblem(files: readonly ZipFile[], hasExtras: boolean, limits: ZipLimits): FieldError | undefined {
  const total = files.reduce((n, f) => n + f.bytes.length, 0);
  if (total <= limits.maxTotalUncompressedBytes) return undefined;
  return {
    field: hasExtras ? 'base64ZipFiles' : 'reportBase64Content',
    message: `the package would hold ${total} bytes with the report${hasExtras ? ' and these files' : ''}; at most ${limits.maxTotalUncompressedBytes} are accepted`,
  };
}

async function selfCheck(
  fileName: string,
  zip: Uint8Array,
  limits: ZipLimits,
  installed: TaxonomyLibrary | undefined,
  written: ReadonlyMap<string, WrittenFile>,
): Promise<void> {
  // No ratio guard on our own output: a report of blank padding may deflate 1000:1 honestly.
  // The facts were checked before writing, and a taxonomy file's own references can only warn: neither is done again.
  const result = await validatePackage(fileName, zip, {
    limits: { ...limits, maxCompressionRatio: Number.POSITIVE_INFINITY },
    installed,
    reportFacts: false,
    written,
    taxonomyReferences: false,
  });
  const count = reportCountOf(result);
  // The builder writes the catalog from the request's own hrefs, so one that does not match them is our bug too.
  const failing = (m: { category: string; code: string }) => m.category === 'error' || m.code === 'entryPointNotMappedByCatalog';
  if (!isValidResult(result) || count !== 1 || result.validations.some((v) => v.messages.some(failing))) {
    const errors = result.validations.flatMap((v) => v.messages.filter(failing).map((m) => `${m.code} ${m.message}`));
    throw new EngineInternalError(
      `the built package ${fileName} failed its own validation (${count} report(s)): ${errors.join('; ') || 'no error message'}`,
    );
  }
}
