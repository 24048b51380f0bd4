/**
 * The report-package rules of report-package.md section 2: reportPackage.json
 * and its documentType against the file extension, then report discovery.
 */
import {
  documentTypeOfExtension,
  extensionOfDocumentType,
  isKnownDocumentType,
  acceptsReportKind,
  type DocumentTypeUri,
  type PackageExtension,
} from './document-types.js';
import type { Findings } from './findings.js';
import type { ReportDiscovery } from './report-discovery.js';
import { documentTypeOf, parseStrictJsonBytes, StrictJsonError } from './strict-json.js';

export type ReadEntry = (name: string) => Buffer | undefined;

/** Returns the documentType to go on with, or undefined when reportPackage.json already failed. */
export function checkReportPackageJson(
  stld: string,
  extension: PackageExtension,
  read: ReadEntry,
  findings: Findings,
): DocumentTypeUri | undefined {
  const name = `${stld}/META-INF/reportPackage.json`;
  const bytes = read(name);
  if (bytes === undefined) {
    if (extension === 'zip') return documentTypeOfExtension.zip;
    // Named by the STLD, an entry that exists; the message says which file is missing.
    findings.error(
      'report',
      'rpe:documentTypeFileExtensionMismatch',
      `a .${extension} package must contain ${name}`,
      `${stld}/`,
    );
    return undefined;
  }
  let json: unknown;
  try {
    json = parseStrictJsonBytes(bytes);
  } catch (err) {
    findings.error('report', 'rpe:invalidJSON', `is not valid UTF-8 JSON: ${(err as StrictJsonError).message}`, name);
    return undefined;
  }
  const documentType = documentTypeOf(json);
  if (documentType === undefined) {
    findings.error('report', 'rpe:invalidJSONStructure', '/documentInfo/documentType must be a string', name);
    return undefined;
  }
  if (!isKnownDocumentType(documentType)) {
    findings.error(
      'report',
      'rpe:unsupportedReportPackageVersion',
      `documentType "${documentType}" is not a report package version this validator knows`,
      name,
    );
    return undefined;
  }
  if (extensionOfDocumentType[documentType] !== extension) {
    findings.error(
      'report',
      'rpe:documentTypeFileExtensionMismatch',
      `documentType "${documentType}" needs the extension .${extensionOfDocumentType[documentType]}, not .${extension}`,
      name,
    );
    return undefined;
  }
  return documentType;
}

export function checkReports(
  found: ReportDiscovery,
  stld: string,
  documentType: DocumentTypeUri,
  read: ReadEntry,
  findings: Findings,
): void {
  if (!found.reportsDirectoryExists) {
    findings.error('report', 'rpe:missingReportsDirectory', `the package has no ${stld}/reports/ directory`, `${stld}/`);
    return;
  }
  const all = [...found.topLevel, ...found.inSubdirectories];
  if (all.length === 0) {
    findings.error(
      'report',
      'rpe:missingReport',
      'no report found: put one .xhtml/.html/.htm, .xbrl or .json file (lower-case extension) directly in reports/ or in one subdirectory of it',
      `${stld}/reports/`,
    );
    return;
  }
  for (const dir of found.crowdedSubdirectories) {
    findings.error(
      'report',
      'rpe:multipleReportsInSubdirectory',
      'holds more than one report (several .xbrl/.json files, or those mixed with inline files)',
      `${stld}/reports/${dir}/`,
    );
  }
  if (documentType !== documentTypeOfExtension.zip) {
    for (const report of all) {
      if (!acceptsReportKind(documentType, report.kind)) {
        findings.error(
          'report',
          'rpe:incorrectReportType',
          `a .${extensionOfDocumentType[documentType]} package cannot hold this ${report.kind === 'inline' ? 'Inline XBRL' : report.kind === 'xbrl' ? 'xBRL-XML' : 'xBRL-JSON'} report`,
          report.entries[0],
        );
      }
    }
    if (all.length > 1) {
      findings.error(
        'report',
        'rpe:multipleReports',
        `a .${extensionOfDocumentType[documentType]} package holds exactly one report; found ${all.length} (${all.map((r) => r.entries[0]).join(', ')})`,
        all[1]!.entries[0],
      );
    }
  }
  for (const report of all) {
    if (report.kind !== 'json') continue;
    const name = report.entries[0]!;
    try {
      if (documentTypeOf(parseStrictJsonBytes(read(name) ?? new Uint8Array())) === undefined) {
        findings.error('report', 'rpe:invalidJSONStructure', 'a JSON report needs a string /documentInfo/documentType', name);
      }
    } catch (err) {
      findings.error('report', 'rpe:invalidJSON', `is not valid UTF-8 JSON: ${(err as StrictJsonError).message}`, name);
    }
  }
}
