/**
 * Verify a file: the SHA-256 of the bytes on disk, worked out in the page
 * (Web Crypto), compared with a checksum the user has (a `sha256sum` file or
 * a pasted hash) and with the builds Filing Desk recorded in its drafts.
 * The checksum-file rules are the engine's own (hash-file.ts).
 */
import type { DraftBuildMatch } from '../../../../preload/contract.js';
import { digestFor, parseSha256File, readPastedSha256 } from '../../../../main/engine/package/hash-file.js';

/** Larger files are not read into the page: a package is at most a few hundred MB. */
export const MAX_VERIFY_BYTES = 1024 * 1024 * 1024;

export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  // A buffer from another realm (a test's DOM) is copied into this one; the browser's own is used as it is.
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const own = view.buffer instanceof ArrayBuffer ? view : Uint8Array.from(view);
  const digest = await crypto.subtle.digest('SHA-256', own as BufferSource);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isChecksumFileName = (name: string) => /\.(sha256|sha256sum)$/i.test(name) || /^sha256sums?(\.txt)?$/i.test(name);

/** Where the expected digest came from, in words the page shows. */
export type Expected = { sha256: string; from: string } | { problem: string };

/** The digest a checksum file gives for `fileName` (or its only line), or what is wrong with it. */
export function expectedFromChecksumFile(checksumFileName: string, text: string, fileName: string | null): Expected {
  const parsed = parseSha256File(text);
  if (!parsed.ok) return { problem: `${checksumFileName} is not a checksum file Filing Desk can read: ${parsed.problems.map((p) => `line ${p.line}: ${p.message}`).join('; ')}.` };
  const entry = fileName ? digestFor(parsed.entries, fileName) : parsed.entries.length === 1 ? parsed.entries[0] : undefined;
  if (!entry) {
    return {
      problem: fileName
        ? `${checksumFileName} has no line for ${fileName}: it lists ${parsed.entries.map((e) => e.fileName).join(', ')}.`
        : `${checksumFileName} lists several files: add the file to check to pick its line.`,
    };
  }
  return { sha256: entry.sha256, from: `${checksumFileName}, line ${entry.line} (for ${entry.fileName})` };
}

export function expectedFromPaste(text: string): Expected | null {
  if (text.trim() === '') return null;
  const read = readPastedSha256(text);
  return read.ok ? { sha256: read.sha256, from: 'the SHA-256 you pasted' } : { problem: read.message };
}

export type Verdict =
  | { kind: 'match'; expected: string; from: string }
  | { kind: 'mismatch'; expected: string; from: string }
  /** No checksum given, but a draft built exactly these bytes. */
  | { kind: 'recognised'; build: DraftBuildMatch }
  | { kind: 'unknown' };

export function verdictOf(actual: string, expected: Expected | null, matches: readonly DraftBuildMatch[]): Verdict {
  if (expected && 'sha256' in expected) {
    return actual === expected.sha256 ? { kind: 'match', expected: expected.sha256, from: expected.from } : { kind: 'mismatch', expected: expected.sha256, from: expected.from };
  }
  const build = matches[0];
  return build ? { kind: 'recognised', build } : { kind: 'unknown' };
}
