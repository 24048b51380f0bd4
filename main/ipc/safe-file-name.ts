import { basename, dirname, extname, join } from 'node:path';

/**
 * File names for the save dialog. The suggested name comes from the renderer
 * (and through it from a company name or a package name a user typed), so it
 * is cleaned against an allowlist before it reaches the OS: only letters,
 * digits, marks and a few harmless punctuation characters survive, the
 * extension is main's, and nothing Windows, macOS or Linux treats specially
 * is left (paths, drive letters and ":" streams, device names, hidden
 * dot-files, trailing dots and spaces Windows silently drops, bidi overrides
 * that make "report‮lmx.exe" display as "reportexe.xml").
 */

// Removed outright: controls, format characters (bidi overrides and isolates,
// zero-width characters, BOM, soft hyphen) and line/paragraph separators.
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
// Everything not on the allowlist becomes "-".
const notAllowed = /[^\p{L}\p{M}\p{N} ._\-(),&'+]/gu;
// CON, PRN, AUX, NUL, COM0-9, LPT0-9 (and the superscript-digit forms Windows
// also reserves) name devices on Windows whatever extension follows.
const reservedStem = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Whole name, extension included, in UTF-8 bytes: well inside the 255 of every common file system. */
const MAX_NAME_BYTES = 200;

const trimEdges = (name: string) => name.replace(/^[. \-]+/, '').replace(/[. \-]+$/, '');

export function safeFileName(suggested: string, extension: string, fallbackBase: string): string {
  let base = suggested.normalize('NFC').replace(invisible, '').replace(notAllowed, '-');
  base = base.replace(/\s+/g, ' ').replace(/-+/g, '-');
  base = trimEdges(base);
  if (base.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) base = trimEdges(base.slice(0, -(extension.length + 1)));
  const stem = base.split('.')[0]!.trim();
  if (reservedStem.test(stem)) base = `_${base}`;
  base = trimEdges(truncateUtf8(base, MAX_NAME_BYTES - Buffer.byteLength(`.${extension}`)));
  if (base === '' || base === '_') base = fallbackBase;
  return `${base}.${extension}`;
}

/** The longest prefix of text (whole code points) that fits in maxBytes of UTF-8. */
function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

export type ChosenPath = { ok: true; path: string; appended: boolean } | { ok: false; foundExtension: string };

/**
 * The path the user picked must end in the kind's extension. A name without
 * an extension gets it appended (the dialog does not always add it, on Linux
 * in particular); a name with another extension is refused rather than saved
 * as something it is not. "Another extension" means a short run of letters
 * and digits after the last dot: "ACME Ltd. accounts" has none.
 */
export function checkChosenPath(path: string, extension: string): ChosenPath {
  const current = extname(path).slice(1);
  if (current.toLowerCase() === extension.toLowerCase()) return { ok: true, path, appended: false };
  if (/^[A-Za-z0-9]{1,10}$/.test(current)) return { ok: false, foundExtension: current };
  return { ok: true, path: join(dirname(path), `${basename(path)}.${extension}`), appended: true };
}
