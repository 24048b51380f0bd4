/**
 * Rules for the names inside a package (report-package.md section 1). The
 * validator turns each problem into an official code; the merger of
 * `base64ZipFiles` turns it into a 400 naming the entry.
 */
export type EntryPathProblem =
  | { rule: 'archiveFormat'; reason: string }
  | { rule: 'directoryStructure'; reason: string };

export function entryPathProblem(name: string): EntryPathProblem | null {
  if (name.includes('\\')) return { rule: 'archiveFormat', reason: 'uses a backslash; zip paths use "/" only' };
  if (name.startsWith('/')) return { rule: 'archiveFormat', reason: 'is an absolute path (leading "/")' };
  if (/^[A-Za-z]:/.test(name)) return { rule: 'archiveFormat', reason: 'is an absolute Windows path (drive letter)' };
  if (name.includes('\0')) return { rule: 'archiveFormat', reason: 'contains a NUL character' };
  const segments = withoutTrailingSlash(name).split('/');
  if (segments.some((s) => s === '')) return { rule: 'directoryStructure', reason: 'has an empty path segment' };
  if (segments.some((s) => s === '.' || s === '..')) {
    return { rule: 'directoryStructure', reason: 'has a "." or ".." path segment' };
  }
  return null;
}

/** Directory entries end with "/"; the path they name does not. */
export function withoutTrailingSlash(name: string): string {
  return name.endsWith('/') ? name.slice(0, -1) : name;
}

/** "a/b/c.xsd" → ["a", "a/b"]: the directories a file path implies. */
export function parentDirectories(path: string): string[] {
  const parts = path.split('/');
  const out: string[] = [];
  for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}
