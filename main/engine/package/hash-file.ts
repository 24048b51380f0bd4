/**
 * SHA-256 checksum files as GNU coreutils' `sha256sum` writes and `-c` reads
 * them: one line per file, "<64 hex><space><space or *><file name>", where
 * "*" marks binary mode (the same digest on every system we support), and a
 * line starting with "\" carries a name with "\\" and "\n" escaped. The BSD
 * form `sha256sum --tag` writes, "SHA256 (<name>) = <hex>", is read too.
 * Files made on Windows arrive with CRLF line ends and sometimes a BOM.
 *
 * Pure and free of Node APIs: the renderer's Verify page imports it.
 */

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface HashFileEntry {
  /** Lowercase hex. */
  sha256: string;
  fileName: string;
  /** Written with "*" (binary mode). */
  binary: boolean;
  /** 1-based line number in the file. */
  line: number;
}

export interface HashFileProblem {
  line: number;
  message: string;
}

export type HashFileParse = { ok: true; entries: HashFileEntry[] } | { ok: false; problems: HashFileProblem[] };

/**
 * The line `sha256sum` would write for the file, with its newline. A name
 * holding a backslash or a line break is escaped as GNU does (the line then
 * starts with "\"); a carriage return cannot be written in a form every
 * `sha256sum` reads back, so it is refused.
 */
export function sha256FileLine(sha256: string, fileName: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error('sha256FileLine needs a lowercase hex SHA-256');
  if (fileName === '' || fileName.includes('\r')) throw new Error('the file name cannot be written in a checksum file');
  if (!/[\\\n]/.test(fileName)) return `${sha256}  ${fileName}\n`;
  return `\\${sha256}  ${fileName.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n`;
}

const GNU_LINE = /^(\\)?([0-9A-Fa-f]{64}) ([ *])(.+)$/;
const BSD_LINE = /^(\\)?SHA256 \((.+)\) = ([0-9A-Fa-f]{64})$/;

export function parseSha256File(text: string): HashFileParse {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const entries: HashFileEntry[] = [];
  const problems: HashFileProblem[] = [];
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const number = index + 1;
    if (line.trim() === '' || line.startsWith('#')) return;
    const gnu = GNU_LINE.exec(line);
    const bsd = gnu ? null : BSD_LINE.exec(line);
    if (!gnu && !bsd) {
      problems.push({ line: number, message: describeBadLine(line) });
      return;
    }
    const escaped = (gnu ?? bsd)![1] === '\\';
    const name = gnu ? gnu[4]! : bsd![2]!;
    const fileName = escaped ? unescapeName(name) : name;
    if (fileName === undefined) {
      problems.push({ line: number, message: 'the file name has a "\\" that is not followed by "\\" or "n"' });
      return;
    }
    entries.push({ sha256: (gnu ? gnu[2]! : bsd![3]!).toLowerCase(), fileName, binary: gnu ? gnu[3] === '*' : true, line: number });
  });
  if (problems.length > 0) return { ok: false, problems };
  if (entries.length === 0) return { ok: false, problems: [{ line: 1, message: 'there is no checksum line in it' }] };
  return { ok: true, entries };
}

function describeBadLine(line: string): string {
  const hex = /^[0-9A-Fa-f]+/.exec(line)?.[0] ?? '';
  if (hex.length > 0 && hex.length !== 64) return `the checksum has ${hex.length} hex digits; a SHA-256 has 64`;
  if (hex.length === 64) return 'the checksum must be followed by two spaces (or a space and "*") and the file name';
  return 'it is not a "<SHA-256>  <file name>" line';
}

function unescapeName(name: string): string | undefined {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = name[++i];
    if (next === '\\') out += '\\';
    else if (next === 'n') out += '\n';
    else return undefined;
  }
  return out;
}

/**
 * The digest for `fileName` in a parsed checksum file: the line naming it
 * (by its last path part, as users save both files in one folder and tools
 * write "./name" or "dist/name"), or the only line when there is one.
 */
export function digestFor(entries: readonly HashFileEntry[], fileName: string): HashFileEntry | undefined {
  const base = (name: string) => name.split(/[\\/]/).pop() ?? name;
  const named = entries.filter((e) => base(e.fileName) === base(fileName));
  if (named.length > 0) return named[named.length - 1];
  return entries.length === 1 ? entries[0] : undefined;
}

/**
 * A pasted SHA-256: hex in either case, spaces and line breaks ignored
 * (certutil prints it in groups), or a whole `sha256sum` line.
 */
export function readPastedSha256(text: string): { ok: true; sha256: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  const line = GNU_LINE.exec(trimmed) ?? null;
  if (line) return { ok: true, sha256: line[2]!.toLowerCase() };
  const compact = trimmed.replace(/\s+/g, '');
  if (compact === '') return { ok: false, message: 'Enter the SHA-256: 64 characters, 0–9 and a–f.' };
  if (!/^[0-9A-Fa-f]*$/.test(compact)) return { ok: false, message: 'A SHA-256 holds only the characters 0–9 and a–f.' };
  if (compact.length !== 64) return { ok: false, message: `A SHA-256 has 64 characters; this has ${compact.length}.` };
  return { ok: true, sha256: compact.toLowerCase() };
}
