/**
 * Zip-level and directory-level rules of report-package.md section 1:
 * invalidArchiveFormat (encryption, symbolic links, "\" separators, absolute
 * paths, damaged data) and invalidDirectoryStructure (one top-level directory, no files
 * beside it, no duplicates, no file/directory clash, no "."/".."/empty segments).
 */
import { entryPathProblem, parentDirectories, withoutTrailingSlash } from './entry-paths.js';
import type { Findings, PackageKind } from './findings.js';
import { ZipFormatError, type ZipArchive } from './zip-reader.js';

/**
 * Returns false when the archive itself is unusable (later checks would only
 * add noise). Every file is inflated to check it; `keep` is given the bytes of
 * each one, so a caller that reads some of them again need not inflate them twice.
 */
export function checkArchiveFormat(archive: ZipArchive, kind: PackageKind, findings: Findings, keep?: (name: string, bytes: Buffer) => void): boolean {
  const code = `${kind === 'report' ? 'rpe' : 'tpe'}:invalidArchiveFormat`;
  let ok = true;
  for (const entry of archive.entries) {
    const problem = entryPathProblem(entry.name);
    if (entry.encrypted) {
      findings.error(kind, code, 'uses zip encryption, which packages must not use', entry.name);
      ok = false;
    } else if (entry.symlink) {
      // The builder refuses links in merged files; a package it would not make is not valid either.
      findings.error(kind, code, 'is a symbolic link, which packages must not hold: unzipped, it can point outside the package', entry.name);
      ok = false;
    } else if (problem?.rule === 'archiveFormat') {
      findings.error(kind, code, `the entry name ${problem.reason}`, entry.name);
      ok = false;
    } else if (!entry.isDirectory) {
      try {
        const bytes = archive.read(entry); // inflates under the size cap and checks the CRC; ZipLimitError propagates
        keep?.(entry.name, bytes);
      } catch (err) {
        if (!(err instanceof ZipFormatError)) throw err;
        findings.error(kind, code, err.message, entry.name);
        ok = false;
      }
    }
  }
  return ok;
}

/** `stld` is the top-level directory the package is judged by; any other top-level entry is the one named as extra. */
export function checkDirectoryStructure(names: string[], kind: PackageKind, findings: Findings, stld: string): boolean {
  const code = `${kind === 'report' ? 'rpe' : 'tpe'}:invalidDirectoryStructure`;
  const before = findings.hasErrors(kind);
  if (names.length === 0) {
    findings.error(kind, code, 'the archive is empty; it needs one top-level directory');
    return false;
  }
  const topLevel = new Set<string>();
  const seen = new Map<string, boolean>(); // path → is a directory
  const files: string[] = [];
  const impliedDirectories = new Set<string>();
  for (const name of names) {
    const problem = entryPathProblem(name);
    if (problem?.rule === 'directoryStructure') findings.error(kind, code, `the entry name ${problem.reason}`, name);
    const path = withoutTrailingSlash(name);
    const isDir = name.endsWith('/');
    topLevel.add(path.split('/')[0]!);
    if (!isDir && !path.includes('/')) {
      findings.error(kind, code, 'a file sits beside the top-level directory; everything must be inside one directory', name);
    }
    const previous = seen.get(path);
    if (previous !== undefined) {
      findings.error(
        kind,
        code,
        previous === isDir ? 'the entry appears more than once' : 'the path is both a file and a directory',
        name,
      );
    }
    seen.set(path, isDir);
    if (!isDir) files.push(path);
    for (const dir of parentDirectories(path)) impliedDirectories.add(dir);
  }
  for (const file of files) {
    if (impliedDirectories.has(file)) findings.error(kind, code, 'the path is both a file and a directory', file);
  }
  if (topLevel.size > 1) {
    const all = [...topLevel].sort();
    const extra = all.find((t) => t !== stld)!;
    findings.error(
      kind,
      code,
      `is a top-level entry beside "${stld}" (${topLevel.size} in all: ${all.slice(0, 5).join(', ')}); a package has exactly one top-level directory`,
      extra,
    );
  }
  return findings.hasErrors(kind) === before;
}
