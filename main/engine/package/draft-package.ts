/**
 * The report package wizard's view of a draft: the package as the builder
 * will write it (every entry with its size), and everything the builder would
 * refuse, each problem naming its file. Everything here is the builder's own
 * code and rules (packageFiles, the merge rules, the limits), run without
 * writing the zip, so the tree the page shows is the zip the build writes.
 */
import JSZip from 'jszip';
import { RequestValidationError, type FieldError } from '../errors.js';
import { fieldErrorsFromZod } from '../zod-errors.js';
import { entryPointHrefs, packageLayout, packageNaming, packageSizeProblem, reportFactErrors, taxonomyHosts } from './create-report-package.js';
import { missingReferenceMessage } from './reference-checks.js';
import { TaxonomyLibrary } from '../taxonomy/library.js';
import { resolvePackageReferences, targetOf, type PackageReference } from './reference-resolution.js';
import { extensionOfDocumentType, reportKindOf, type PackageExtension } from './document-types.js';
import { byPath, mergedPathOf, mergedPathProblems } from './merge-zip-files.js';
import { readReportPackageJson, reportPackageRequestSchema, safePackageName, type ReportPackageRequest } from './request-schema.js';
import { expandTaxonomy, type TaxonomyFile, type TaxonomySource } from './taxonomy-sources.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-reader.js';

export type { TaxonomySource };

export interface DraftPackageInput {
  /** The wizard's metadata as a report package request, without reportName, reportBase64Content or base64ZipFiles. */
  request: Record<string, unknown>;
  report: { attachmentId: string; fileName: string; bytes: Uint8Array } | null;
  taxonomy: TaxonomySource[];
}

export interface PackagePlanEntry {
  /** The entry's name in the zip, STLD included: "ACME-2024/META-INF/reportPackage.json". */
  path: string;
  /** Its size in bytes once extracted; null for a generated file while the About page still has errors. */
  size: number | null;
  source: 'generated' | 'report' | 'taxonomy';
  /** The draft attachment it comes from (report and taxonomy entries). */
  attachmentId: string | null;
  /** How the user knows the file it comes from ("acme.zip › acme/acme.xsd"); null for generated files. */
  from: string | null;
}

export interface PackagePlanProblem {
  /** The file to blame, as the user knows it ("acme/CON.xsd", "acme.zip › acme/CON.xsd"); null when none is (no report). */
  file: string | null;
  attachmentId: string | null;
  role: 'report' | 'taxonomy' | null;
  /** What the builder would do and why, in words. */
  message: string;
}

/** One reference of the report or its taxonomy, and where it resolves in the package as planned. */
export interface PackagePlanReference {
  /** The referring file as the user knows it ("acme-2024.xhtml", "acme.zip › acme/acme-2024.xsd"). */
  from: string;
  /** The reference as written, without its fragment ("http://example.com/acme/2024/acme-2024.xsd", "acme-2024-cal.xml"). */
  reference: string;
  kind: PackageReference['kind'];
  /**
   * In this package; in a taxonomy package the firm installed; an XBRL
   * specification schema every processor carries; a published taxonomy not
   * installed here (the recipient holds it, nothing here checks against it); or missing.
   */
  verdict: 'inPackage' | 'installed' | 'outside' | 'notInstalled' | 'missing';
  /** The file's path in the package (STLD included), the URL outside, or what was looked for. */
  target: string;
  /** Why a missing reference is missing; null otherwise. */
  why: string | null;
  /** A missing reference of the report itself: the package cannot be built. */
  blocking: boolean;
}

export interface PackagePlan {
  /** null until a report is attached. */
  extension: PackageExtension | null;
  /** "ACME-2024.xbri"; null until the package name and the report are known. */
  fileName: string | null;
  /** In the order the zip holds them. Only files: directories are implied by the paths. */
  entries: PackagePlanEntry[];
  /** Every size is exact and the list is the build's own (the About page is valid and a report is attached). */
  complete: boolean;
  /** Bytes of all entries once extracted; null when a size is not known yet. */
  totalSize: number | null;
  problems: PackagePlanProblem[];
  /** The references of the report and its taxonomy (schemas' imports and linkbases; locators only when missing). Empty until the plan is complete. */
  references: PackagePlanReference[];
  /** The About and Entry points pages' errors, by field of the request. */
  requestErrors: FieldError[];
  canBuild: boolean;
}

/** Fields main fills from the draft's attachments; a request from the page must not carry them. */
export const ATTACHMENT_FIELDS = ['reportName', 'reportBase64Content', 'base64ZipFiles'] as const;
const REPORT_FIELDS = new Set<string>(['reportName', 'reportBase64Content']);

interface Analysis {
  plan: PackagePlan;
  parsed: ReportPackageRequest | undefined;
  taxonomy: TaxonomyFile[];
}

export function planDraftPackage(input: DraftPackageInput, limits: ZipLimits = DEFAULT_ZIP_LIMITS, installed: TaxonomyLibrary = TaxonomyLibrary.empty()): PackagePlan {
  return analyse(input, limits, installed).plan;
}

/**
 * The full report package request for the builder: the metadata, the report
 * and the merged taxonomy as `base64ZipFiles`. Refused with every problem the
 * plan shows, each as a field error naming the file.
 */
export async function draftPackageRequest(
  input: DraftPackageInput,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  installed: TaxonomyLibrary = TaxonomyLibrary.empty(),
): Promise<Record<string, unknown>> {
  const { plan, parsed, taxonomy } = analyse(input, limits, installed);
  if (!plan.canBuild || !parsed || !input.report) {
    const problems: FieldError[] = plan.problems.map((p) => ({ field: p.role ?? 'report', message: p.file === null ? p.message : `${p.file}: ${p.message}` }));
    throw new RequestValidationError([...plan.requestErrors, ...problems]);
  }
  const request: Record<string, unknown> = { ...input.request, reportName: input.report.fileName, reportBase64Content: base64(input.report.bytes) };
  if (taxonomy.length > 0) request.base64ZipFiles = base64(await storedZip(taxonomy));
  return request;
}

function analyse(input: DraftPackageInput, limits: ZipLimits, installed: TaxonomyLibrary): Analysis {
  const problems: PackagePlanProblem[] = [];
  const report = input.report;
  const reportKind = report ? reportKindOf(report.fileName) : undefined;
  if (!report) problems.push({ file: null, attachmentId: null, role: 'report', message: 'No report is attached: add the inline XBRL (.xhtml, .html) or the .xbrl or .json report.' });
  else if (!reportKind) problems.push({ file: report.fileName, attachmentId: report.attachmentId, role: 'report', message: 'is not a report: the name must end in .xhtml, .html, .htm, .xbrl or .json (lower case)' });
  else if (report.bytes.byteLength === 0) problems.push({ file: report.fileName, attachmentId: report.attachmentId, role: 'report', message: 'the report is empty' });

  // Without a usable report the metadata is still checked, against a stand-in report whose own errors are dropped.
  const usableReport = report && reportKind ? report : undefined;
  const candidate = {
    ...input.request,
    reportName: usableReport?.fileName ?? 'report.xhtml',
    reportBase64Content: usableReport ? base64(usableReport.bytes) : base64(new TextEncoder().encode('<html/>')),
  };
  const parsedResult = reportPackageRequestSchema.safeParse(candidate);
  const requestErrors: FieldError[] = [];
  if (!parsedResult.success) {
    for (const error of fieldErrorsFromZod(parsedResult.error)) {
      if (!REPORT_FIELDS.has(error.field)) requestErrors.push(error);
      else if (usableReport) problems.push({ file: usableReport.fileName, attachmentId: usableReport.attachmentId, role: 'report', message: error.message });
    }
  }
  const parsed = parsedResult.success && usableReport ? parsedResult.data : undefined;

  const expanded = expandTaxonomy(input.taxonomy, limits);
  for (const p of expanded.problems) problems.push({ file: p.label, attachmentId: p.attachmentId, role: 'taxonomy', message: p.message });
  const hrefs = parsed ? entryPointHrefs(parsed) : rawEntryPointHrefs(input.request);
  const hosts = usableReport ? taxonomyHosts(hrefs, usableReport.bytes, reportKind!) : new Set(hrefs.flatMap((u) => (URL.canParse(u) ? [new URL(u).host] : [])));
  const merged = mergedPathProblems(
    expanded.files.map((f) => ({ name: f.name, isDirectory: false, encrypted: f.encrypted, symlink: f.symlink })),
    usableReport?.fileName ?? '',
    (dir) => hosts.has(dir),
  );
  const byName = new Map(expanded.files.map((f) => [f.name, f]));
  for (const p of merged.problems) {
    const file = byName.get(p.entry);
    problems.push({ file: file?.label ?? p.entry, attachmentId: file?.attachmentId ?? null, role: 'taxonomy', message: p.message });
  }
  const extras = expanded.files
    .map((f) => ({ path: mergedPathOf(f.name, merged.strip), bytes: f.bytes, file: f }))
    .sort(byPath);

  const entries: PackagePlanEntry[] = [];
  const references: PackagePlanReference[] = [];
  let extension: PackageExtension | null = null;
  let fileName: string | null = null;
  if (parsed && usableReport) {
    const naming = packageNaming(parsed);
    const { files, layout } = packageLayout(parsed, naming, usableReport.bytes, extras);
    const tooBig = packageSizeProblem(files, extras.length > 0, limits);
    if (tooBig) problems.push({ file: null, attachmentId: null, role: extras.length > 0 ? 'taxonomy' : 'report', message: tooBig.message });
    const fromExtra = new Map(layout.files.map(({ path, file }) => [`${naming.stld}/${path}`, file.file]));
    for (const p of layout.problems) {
      const file = extras.find((e) => e.path === p.path)?.file;
      problems.push({ file: file?.label ?? p.path, attachmentId: file?.attachmentId ?? null, role: 'taxonomy', message: p.message });
    }
    const reportPath = `${naming.stld}/reports/${parsed.reportName}`;
    const labelOf = (path: string) => (path === reportPath ? usableReport.fileName : (fromExtra.get(path)?.label ?? path));
    const resolved = resolvePlanReferences(files, naming.stld, reportPath, installed);
    references.push(...planReferences(resolved, labelOf));
    for (const r of resolved.filter(isBlocking)) {
      problems.push({ file: usableReport.fileName, attachmentId: usableReport.attachmentId, role: 'report', message: missingReferenceMessage(r) });
    }
    if (!resolved.some(isBlocking)) {
      // The report's facts against its taxonomy (the package's files, then the installed packages): the builder refuses on these too.
      for (const f of reportFactErrors(files, naming, parsed, installed)) {
        problems.push({ file: usableReport.fileName, attachmentId: usableReport.attachmentId, role: 'report', message: `${f.code}: ${f.message}` });
      }
    }
    for (const f of files) {
      const extra = fromExtra.get(f.path);
      const isReport = f.path === reportPath && !extra;
      entries.push({
        path: f.path,
        size: f.bytes.byteLength,
        source: extra ? 'taxonomy' : isReport ? 'report' : 'generated',
        attachmentId: extra ? extra.attachmentId : isReport ? usableReport.attachmentId : null,
        from: extra ? extra.label : isReport ? usableReport.fileName : null,
      });
    }
    extension = naming.extension;
    fileName = naming.fileName;
  } else {
    const stld = typeof input.request.reportPackageName === 'string' ? (safePackageName(input.request.reportPackageName) ?? null) : null;
    extension = usableReport ? extensionOf(input.request, reportKind!) : null;
    fileName = stld !== null && extension !== null ? `${stld}.${extension}` : null;
    const root = stld ?? '…';
    entries.push({ path: `${root}/META-INF/reportPackage.json`, size: null, source: 'generated', attachmentId: null, from: null });
    entries.push({ path: `${root}/META-INF/taxonomyPackage.xml`, size: null, source: 'generated', attachmentId: null, from: null });
    if (usableReport) entries.push({ path: `${root}/reports/${usableReport.fileName}`, size: usableReport.bytes.byteLength, source: 'report', attachmentId: usableReport.attachmentId, from: usableReport.fileName });
    for (const e of extras) entries.push({ path: `${root}/${e.path}`, size: e.bytes.byteLength, source: 'taxonomy', attachmentId: e.file.attachmentId, from: e.file.label });
  }
  const complete = parsed !== undefined;
  const totalSize = entries.some((e) => e.size === null) ? null : entries.reduce((n, e) => n + e.size!, 0);
  const canBuild = complete && problems.length === 0 && requestErrors.length === 0;
  return { plan: { extension, fileName, entries, complete, totalSize, problems, references, requestErrors, canBuild }, parsed, taxonomy: expanded.files };
}

/** The package's references as the validator will follow them: from the report, and from every schema it carries. */
function resolvePlanReferences(files: readonly { path: string; bytes: Uint8Array }[], stld: string, reportPath: string, installed: TaxonomyLibrary): PackageReference[] {
  const byPath = new Map(files.map((f) => [f.path, f.bytes]));
  const taxonomy = files.map((f) => f.path).filter((p) => /\.xsd$/i.test(p) && !p.startsWith(`${stld}/META-INF/`));
  const contents = { stld, files: new Set(byPath.keys()), read: (p: string) => byPath.get(p) };
  return resolvePackageReferences(contents, { reports: [reportPath], taxonomy }, undefined, installed).references;
}

/** A missing reference of the report itself: the package cannot be built. */
const isBlocking = (r: PackageReference) => r.byReport && r.outcome.kind === 'missing';

const LOCATOR_KINDS = new Set<PackageReference['kind']>(['loc', 'roleRef', 'arcroleRef']);

/** The references in the words the files step shows (locators only when missing). */
function planReferences(references: readonly PackageReference[], labelOf: (path: string) => string): PackagePlanReference[] {
  return references
    .filter((r) => !LOCATOR_KINDS.has(r.kind) || r.outcome.kind === 'missing')
    .map((r) => ({
      from: labelOf(r.from),
      reference: r.reference,
      kind: r.kind,
      verdict: r.outcome.kind,
      target: targetOf(r.outcome),
      why: r.outcome.kind === 'missing' ? r.outcome.why : r.outcome.kind === 'notInstalled' ? `install ${r.outcome.install}` : r.outcome.kind === 'installed' ? `from the installed ${r.outcome.packageName}` : null,
      blocking: isBlocking(r),
    }));
}

/** The extension while the metadata has errors: a valid base64ReportPackageJson decides it, else the report's kind. */
function extensionOf(request: Record<string, unknown>, kind: NonNullable<ReturnType<typeof reportKindOf>>): PackageExtension {
  if (typeof request.base64ReportPackageJson === 'string' && request.base64ReportPackageJson.trim() !== '') {
    try {
      const given = readReportPackageJson(request.base64ReportPackageJson.trim(), kind);
      if (!('problem' in given)) return extensionOfDocumentType[given.documentType];
    } catch {
      // Not base64: the request error says so; the report's kind stands in.
    }
  }
  return kind === 'inline' ? 'xbri' : 'xbr';
}

/** Entry point URLs from a request that does not parse yet (for which top-level directory the merge keeps). */
function rawEntryPointHrefs(request: Record<string, unknown>): string[] {
  if (!Array.isArray(request.entrypoints)) return [];
  return request.entrypoints.flatMap((ep: unknown) => {
    const href = (ep as { entryPointDocument?: { href?: unknown } } | null)?.entryPointDocument?.href;
    return typeof href === 'string' ? [href.trim()] : [];
  });
}

/** The taxonomy as one zip at the names the plan used; stored, not deflated: the builder re-reads it at once. */
async function storedZip(files: readonly TaxonomyFile[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.name, f.bytes, { binary: true, createFolders: false, date: new Date(Date.UTC(1980, 0, 1)) });
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE', platform: 'DOS' });
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
