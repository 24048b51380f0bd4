/**
 * The facts of each Inline XBRL (and xBRL-XML) report in a package, checked
 * against the report's taxonomy as HMRC and a recipient's processor check
 * them (taxonomy/taxonomy-checks.ts): the DTS comes from the package's own
 * files first (the firm's extension), then from the installed taxonomy
 * packages. Each finding names the report file, and its message the fact,
 * its concept and the rule. A published taxonomy that is not installed
 * leaves its concepts unchecked with a warning saying what to install; a
 * report whose own schemaRef is such a taxonomy already has that warning
 * from the reference checks. xBRL-JSON reports are not checked against
 * their taxonomy.
 */
import { TaxonomyLibrary } from '../taxonomy/library.js';
import { packageSource, type PackageTaxonomySource } from '../taxonomy/package-source.js';
import { checkFactsAgainst } from '../taxonomy/taxonomy-checks.js';
import type { AttachmentFinding } from '../validation/attachments/finding.js';
import type { Findings } from './findings.js';
import type { PackageContents } from './reference-resolution.js';
import { discoverReports } from './report-discovery.js';
import { readReportAhead, takeReportReading } from './report-reading.js';
import type { ReadEntry } from './report-package-checks.js';

export const REPORT_NOT_READ = 'taxonomy.reportNotRead';
const CHECKED_REPORT = /\.(xhtml|html|htm|xbrl)$/i;
/**
 * The largest report whose facts are read (as Validate a file reads an
 * Inline XBRL document on its own): a report is read into a DOM, several
 * times its size in memory, and a dropped package may hold 250 MB.
 */
export const MAX_CHECKED_REPORT_BYTES = 64 * 1024 * 1024;

export function checkReportTaxonomies(names: string[], stld: string, read: ReadEntry, findings: Findings, installed: TaxonomyLibrary = TaxonomyLibrary.empty()): void {
  const source = packageSource({ stld, files: new Set(names.filter((n) => !n.endsWith('/'))), read }, installed);
  for (const entry of reportEntries(names, stld)) {
    for (const f of reportFactFindings(entry, read(entry), source)) findings.add('report', f.category, f.code, f.message, entry, [{ name: 'rule', value: f.code }]);
  }
}

/**
 * Reads the reports whose facts checkReportTaxonomies will check, for a
 * validation to call before its reference checks: the scan that reads a
 * report's facts notes its references too, and the reference checks take
 * them from there rather than scanning the report again (report-reading.ts).
 */
export function readReportsBeforeReferences(names: string[], stld: string, read: ReadEntry): void {
  for (const entry of reportEntries(names, stld)) readReportBeforeReferences(entry, read(entry));
}

/** The same for one report about to be built into a package. */
export function readReportBeforeReferences(path: string, bytes: Uint8Array | undefined): void {
  if (bytes !== undefined && factsAreRead(path, bytes)) readReportAhead(bytes);
}

function reportEntries(names: string[], stld: string): string[] {
  const found = discoverReports(names, stld);
  return [...found.topLevel, ...found.inSubdirectories].flatMap((report) => report.entries);
}

/** Whether reportFactFindings reads a report's facts: an XML report within the size read for that check. */
function factsAreRead(path: string, bytes: Uint8Array): boolean {
  return CHECKED_REPORT.test(path) && bytes.byteLength <= MAX_CHECKED_REPORT_BYTES;
}

/** One report's findings in a package about to be built (the builder and the package wizard refuse on its errors). */
export function reportFactProblems(contents: PackageContents, reportPath: string, installed: TaxonomyLibrary = TaxonomyLibrary.empty()): AttachmentFinding[] {
  return reportFactFindings(reportPath, contents.read(reportPath), packageSource(contents, installed));
}

function reportFactFindings(path: string, bytes: Uint8Array | undefined, source: PackageTaxonomySource): AttachmentFinding[] {
  if (!CHECKED_REPORT.test(path) || bytes === undefined) return [];
  if (bytes.byteLength > MAX_CHECKED_REPORT_BYTES) {
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    return [{ code: REPORT_NOT_READ, category: 'warning', message: `its facts were not checked against the taxonomy: at ${mb(bytes.byteLength)} it is over the ${mb(MAX_CHECKED_REPORT_BYTES)} Filing Desk reads for that check` }];
  }
  const parsed = takeReportReading(bytes).read;
  if (!parsed?.ok) {
    const why = parsed ? parsed.problem.message : 'it is not UTF-8 text';
    return [{ code: REPORT_NOT_READ, category: 'warning', message: `its facts were not checked against the taxonomy: ${why}` }];
  }
  const address = source.addressOf(path);
  const entryPoints = parsed.report.schemaRefs.filter(Boolean).flatMap((href) => absolute(href, address));
  const result = checkFactsAgainst(parsed.report, entryPoints, source);
  // A schemaRef to a taxonomy not installed is already a warning on this report saying what to install (reference-checks.ts).
  return result.dts ? result.findings : [];
}

function absolute(href: string, base: string): string[] {
  try {
    const url = new URL(href, base);
    url.hash = '';
    return [url.href];
  } catch {
    // An unusable schemaRef is the reference checks' error.
    return [];
  }
}
