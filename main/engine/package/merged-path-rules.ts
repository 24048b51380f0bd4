/**
 * Rules for the paths of `base64ZipFiles` beyond the zip rules every package
 * follows (entry-paths.ts): the merged files must not clash with the files
 * the builder writes, and must extract to the same tree on Windows, macOS and
 * Linux. The package is handed to people who unzip it, so a name that one
 * file system rewrites, refuses or folds onto another name is refused here
 * rather than discovered on a client's machine.
 */
import { reportKindOf } from './document-types.js';

/** Characters Windows refuses in a file name (the zip spec already excludes "/" and "\"). */
const WINDOWS_RESERVED_CHARACTER = /[:*?"<>|]/;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** ext4 and APFS allow 255 bytes per name, NTFS 255 UTF-16 units: bytes is the stricter. */
export const MAX_SEGMENT_BYTES = 255;
/**
 * Windows programs without long-path support cannot create a path of 260
 * characters (MAX_PATH) or more, and the package's own folder and the folder
 * it is unzipped into come in front of the path inside the package.
 */
export const MAX_PORTABLE_PATH_CHARS = 240;
/** Device names Windows reserves in every folder, with or without an extension. */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Whether Windows takes this file name for a device (CON, PRN, AUX, NUL,
 * COM1–9, LPT1–9) in any case, with any extension: "nul.xhtml" writes to
 * nowhere. Windows drops trailing dots and spaces, and the spaces before
 * an extension, so "CON. ", "con .txt" are the device too.
 */
export function isWindowsDeviceName(name: string): boolean {
  const trimmed = name.replace(/[. ]+$/, '');
  const dot = trimmed.indexOf('.');
  const stem = (dot === -1 ? trimmed : trimmed.slice(0, dot)).replace(/ +$/, '');
  return WINDOWS_DEVICE_NAME.test(stem);
}

/**
 * How a case-insensitive, normalising file system (Windows NTFS, macOS APFS/HFS+)
 * sees a path: two paths with the same key land on the same file there.
 */
export function foldedPath(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

/** Why a name would not extract faithfully on Windows or macOS, or undefined. */
export function nonPortableNameProblem(path: string): string | undefined {
  for (const segment of path.split('/')) {
    const bytes = Buffer.byteLength(segment, 'utf8');
    if (bytes > MAX_SEGMENT_BYTES) return `has a segment of ${bytes} bytes; file systems allow at most ${MAX_SEGMENT_BYTES} bytes per name`;
    if (CONTROL_CHARACTER.test(segment)) return 'contains a control character, which Windows and macOS file names cannot hold';
    if (WINDOWS_RESERVED_CHARACTER.test(segment)) return 'contains one of : * ? " < > |, which Windows file names cannot hold';
    if (isWindowsDeviceName(segment)) return `uses "${segment}", a device name Windows has reserved in every folder`;
    if (/[. ]$/.test(segment)) return 'has a segment that would end in "." or " ", which Windows drops on extraction';
  }
  if (path.length > MAX_PORTABLE_PATH_CHARS) {
    return `is ${path.length} characters long; at most ${MAX_PORTABLE_PATH_CHARS} fit under the package folder within Windows' 260-character path limit`;
  }
  return undefined;
}

/** Files of a dropped taxonomy package's META-INF that the builder takes over rather than refuses. */
const TAKEN_OVER = new Set(['catalog.xml', 'taxonomyPackage.xml']);

/**
 * Why a merged path clashes with what the builder writes under the STLD
 * (META-INF/*, reports/<reportName>) or would change the report count.
 * Compared case-insensitively: on Windows and macOS "Reports/ACME.XHTML"
 * overwrites "reports/acme.xhtml".
 */
export function generatedPathClash(path: string, isDirectory: boolean, reportName: string): string | undefined {
  const folded = foldedPath(path);
  const segments = path.split('/');
  const first = foldedPath(segments[0]!);
  if (first === 'meta-inf') {
    // A dropped taxonomy package's catalog is taken into the package's own, and its metadata gives way to the request's.
    if (segments[0] === 'META-INF' && (segments.length === 1 ? isDirectory : segments.length === 2 && !isDirectory && TAKEN_OVER.has(segments[1]!))) return undefined;
    return 'META-INF/ is written by the builder (reportPackage.json, taxonomyPackage.xml, catalog.xml); only a taxonomy package’s own META-INF/catalog.xml and META-INF/taxonomyPackage.xml are taken in';
  }
  if (first !== 'reports') return undefined;
  if (segments[0] !== 'reports') return 'differs from the report directory "reports" only in letter case';
  if (segments.length === 1) return isDirectory ? undefined : '"reports" is the report directory and cannot be a file';
  const report = foldedPath(`reports/${reportName}`);
  if (folded === report) {
    return isDirectory
      ? `the report reports/${reportName} is a file, so this path cannot be a directory`
      : `it would overwrite the report reports/${reportName}`;
  }
  if (folded.startsWith(`${report}/`)) return `the report reports/${reportName} is a file, so nothing can sit under it`;
  if (!isDirectory && segments.length <= 3 && reportKindOf(segments[segments.length - 1]!)) {
    return 'a report-like file (.xhtml/.html/.htm/.xbrl/.json) in reports/ would be counted as another report';
  }
  return undefined;
}
