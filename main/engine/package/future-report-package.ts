/**
 * "Future" report packages (rules-checklist V-900…V-914): a later version of
 * Report Packages may drop the single top-level directory, so
 * META-INF/reportPackage.json at the zip root marks a package of a version
 * this validator does not know. Arelle reads that root path before it looks
 * for an STLD; so do we, or such a package would be judged by 1.0 rules
 * (and a root META-INF holding reports/ would even pass as a 1.0 package).
 */
import type { Findings } from './findings.js';
import { documentTypeOf, parseStrictJsonBytes, StrictJsonError } from './strict-json.js';
import type { ZipEntry } from './zip-reader.js';

export const ROOT_REPORT_PACKAGE_JSON = 'META-INF/reportPackage.json';

/**
 * The root reportPackage.json entry, when there is exactly one entry at that
 * path and nothing under it (a duplicate or a directory of the same name is
 * a structure error the 1.0 checks report instead, as Arelle does).
 */
export function rootReportPackageJson(entries: ZipEntry[]): ZipEntry | undefined {
  const matches = entries.filter((e) => e.name.startsWith(ROOT_REPORT_PACKAGE_JSON));
  return matches.length === 1 && matches[0]!.name === ROOT_REPORT_PACKAGE_JSON ? matches[0] : undefined;
}

/** The JSON must still be valid JSON with a string documentType; whatever it names, the version is unsupported. */
export function checkFutureReportPackage(bytes: Uint8Array, findings: Findings): void {
  let json: unknown;
  try {
    json = parseStrictJsonBytes(bytes);
  } catch (err) {
    findings.error('report', 'rpe:invalidJSON', `is not valid UTF-8 JSON: ${(err as StrictJsonError).message}`, ROOT_REPORT_PACKAGE_JSON);
    return;
  }
  const documentType = documentTypeOf(json);
  if (documentType === undefined) {
    findings.error('report', 'rpe:invalidJSONStructure', '/documentInfo/documentType must be a string', ROOT_REPORT_PACKAGE_JSON);
    return;
  }
  findings.error(
    'report',
    'rpe:unsupportedReportPackageVersion',
    `reportPackage.json at the root of the zip (not inside a top-level directory) marks a report package of a later version than Report Packages 1.0, whatever its documentType ("${documentType}"); this validator does not support it`,
    ROOT_REPORT_PACKAGE_JSON,
  );
}
