/**
 * Which files a draft may carry. A CT600 return carries its accounts and
 * computations as inline XBRL (HMRC takes only .xhtml/.html there), within
 * the engine's 25 MiB of base64 in all; a report package draft carries its
 * report and taxonomy files, the latter named by their path inside the
 * package. Names never become paths on disk (bytes are stored under their
 * SHA-256), but they go into the return and the package, so they are checked.
 */
import {
  base64SizeOf,
  describeLimit,
  MAX_CT600_ATTACHMENTS_BASE64_BYTES,
  type AttachmentRole,
  type DraftAttachment,
  type DraftKind,
} from '../../preload/contract.js';
import { isWindowsDeviceName } from '../engine/package/merged-path-rules.js';

const ROLES: Record<DraftKind, readonly AttachmentRole[]> = {
  ct600: ['accounts', 'computations'],
  'report-package': ['report', 'taxonomy'],
};
const CT600_EXTENSION = /\.(xhtml|html)$/i;
/** The report kinds a report package recognises, by extension (lower case only, as the engine reads them). */
const REPORT_EXTENSION = /\.(xhtml|html|htm|xbrl|json)$/;
/** Schemas, linkbases (XML), and zips of an extension taxonomy. */
const TAXONOMY_EXTENSION = /\.(xsd|xml|zip)$/i;
// Controls, bidi overrides and other invisible format characters.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const WINDOWS_RESERVED = /[<>:"|?*\\]/;

function segmentProblem(segment: string): string | null {
  if (segment === '' || segment === '.' || segment === '..') return 'must not have empty, "." or ".." parts';
  if (INVISIBLE.test(segment)) return 'must not contain control or invisible characters';
  if (WINDOWS_RESERVED.test(segment)) return 'must not contain < > : " | ? * or \\';
  // The name goes into the return or the package, which is saved and unzipped on Windows too.
  if (isWindowsDeviceName(segment)) return `must not be "${segment}": Windows reserves the device names CON, PRN, AUX, NUL, COM1–9 and LPT1–9 (with any extension) in every folder`;
  if (Buffer.byteLength(segment, 'utf8') > 255) return 'has a part longer than 255 bytes';
  return null;
}

/** Why the name cannot be used for this role, or null. Taxonomy files may be "folder/name.xsd". */
export function attachmentNameProblem(role: AttachmentRole, fileName: string): string | null {
  if (fileName.length === 0) return 'must not be empty';
  if (fileName.length > 1000) return 'must be at most 1000 characters';
  if (role === 'taxonomy') {
    if (fileName.startsWith('/') || /^[A-Za-z]:/.test(fileName)) return 'must be a path inside the package, not an absolute path';
    if (fileName.includes('\\')) return 'must separate folders with "/", not "\\" (zip paths use "/" only)';
    for (const segment of fileName.split('/')) {
      const problem = segmentProblem(segment);
      if (problem) return problem;
    }
    if (!TAXONOMY_EXTENSION.test(fileName)) {
      return 'must be a taxonomy file (.xsd, or .xml for linkbases) or a .zip of the extension taxonomy';
    }
    if (/\.zip$/i.test(fileName) && fileName.includes('/')) return 'is a zip: its files are placed from the package root, so give it as a file name, not a path';
    return null;
  }
  if (fileName.includes('/')) return 'must be a file name, not a path';
  const problem = segmentProblem(fileName);
  if (problem) return problem;
  if (role === 'report' && !REPORT_EXTENSION.test(fileName)) {
    return 'must be the report: inline XBRL (.xhtml, .html, .htm) or an .xbrl or .json report, with the extension in lower case as packages require';
  }
  if ((role === 'accounts' || role === 'computations') && !CT600_EXTENSION.test(fileName)) {
    return 'must be an inline XBRL file ending in .xhtml or .html: HMRC accepts accounts and computations only in that form';
  }
  return null;
}

export function roleProblem(kind: DraftKind, role: AttachmentRole): string | null {
  return ROLES[kind].includes(role) ? null : `must be ${ROLES[kind].map((r) => `"${r}"`).join(' or ')} for a ${kind === 'ct600' ? 'CT600 return' : 'report package'} draft`;
}

/** A package holds one report (.xbri and .xbr allow exactly one): a second is refused until the first is detached. */
export function packageAttachmentsProblem(existing: readonly DraftAttachment[], role: AttachmentRole): string | null {
  const report = existing.find((a) => a.role === 'report');
  if (role === 'report' && report) return `must be added once: ${report.fileName} is the draft's report; remove it first to use another`;
  return null;
}

/** The base64 size the engine will count for a CT600 draft's files, with one more of `addedBytes`. */
export function ct600AttachmentsProblem(existing: readonly DraftAttachment[], addedBytes: number): string | null {
  const total = existing.reduce((n, a) => n + base64SizeOf(a.size), 0) + base64SizeOf(addedBytes);
  if (total <= MAX_CT600_ATTACHMENTS_BASE64_BYTES) return null;
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  return `would bring the return's attachments to ${mb(total)} of base64; HMRC accepts at most ${describeLimit(MAX_CT600_ATTACHMENTS_BASE64_BYTES)} per return`;
}
