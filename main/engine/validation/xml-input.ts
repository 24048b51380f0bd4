/**
 * Reads an uploaded file as XML for validation. Returns a reason instead of
 * throwing so every failure becomes a message in the job. DOCTYPE is refused
 * before parsing: GovTalk messages never carry one, and refusing it shuts out
 * external entities (XXE) and entity expansion bombs.
 */
import { DOMParser, type Document } from '@xmldom/xmldom';

export type XmlRead = { ok: true; doc: Document; text: string } | { ok: false; code: 'not-utf8' | 'doctype' | 'not-well-formed' | 'encoding'; message: string };

/** UTF-8 text without a byte order mark, or undefined when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

export function readXml(bytes: Uint8Array): XmlRead {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { ok: false, code: 'not-utf8', message: 'the file is not UTF-8 text; GovTalk messages must be UTF-8' };
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    return { ok: false, code: 'encoding', message: `the XML declares encoding "${declared}"; GovTalk messages must be UTF-8` };
  }
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    return { ok: false, code: 'doctype', message: 'the XML contains a DOCTYPE or ENTITY declaration, which is not allowed (GovTalk messages never carry one; refused to rule out external entities)' };
  }
  const problems: string[] = [];
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') problems.push(String(message).split('\n')[0] ?? String(message));
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (err) {
    return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: ${String((err as Error).message).split('\n')[0]}` };
  }
  if (problems.length > 0) return { ok: false, code: 'not-well-formed', message: `the file is not well-formed XML: ${problems[0]}` };
  if (!doc.documentElement) return { ok: false, code: 'not-well-formed', message: 'the file has no root element' };
  return { ok: true, doc, text };
}
