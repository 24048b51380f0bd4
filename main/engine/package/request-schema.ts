/**
 * The report package request of the service interface, with the rules of
 * report-package.md section 4. Shared by the engine, the HTTP server and the
 * renderer's forms, so this file stays free of Node APIs (atob/TextDecoder only).
 * Blank optional strings count as absent: forms send "" for empty inputs.
 */
import { z } from 'zod';
import { decodeBase64, isStrictBase64 } from '../base64.js';
import {
  acceptsReportKind,
  extensionOfDocumentType,
  isKnownDocumentType,
  reportKindOf,
  type ReportKind,
} from './document-types.js';
import { documentTypeOf, parseStrictJsonBytes, StrictJsonError } from './strict-json.js';
import { MAX_SEGMENT_BYTES } from './merged-path-rules.js';
import { isXsAnyUri, isXsDate, isXsLanguage } from './xml-types.js';

/** UTF-8 length without Buffer: the renderer's forms run this schema too. */
const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'is required' : 'must be a string');

/** Characters XML 1.0 cannot carry: they would make taxonomyPackage.xml unreadable. */
const XML_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const xmlSafe = (s: z.ZodString) => s.refine((v) => !XML_UNSAFE.test(v), { message: 'contains control characters XML cannot hold' });

/** JSON Schema hints stating the checks below where JSON Schema can (see request-json-schema.ts). */
const NOT_BLANK = '\\S';
const NO_XML_CONTROL_CHARACTERS = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]*$';
const BASE64_PATTERN = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

/**
 * Length caps, so no request string can make a zip name or an XML document
 * that breaks. Names become zip entry names and a folder on the user's disk:
 * 200 characters stays inside Windows' 255-character limit per path component
 * and far inside the zip format's 65,535-byte name field (past which JSZip
 * writes a corrupt central directory). Texts are generous for a title or a
 * description; URIs follow the 2,048 characters browsers and servers accept.
 */
export const MAX_NAME_CHARACTERS = 200;
export const MAX_TEXT_CHARACTERS = 1000;
export const MAX_DESCRIPTION_CHARACTERS = 10_000;
export const MAX_URI_CHARACTERS = 2048;
export const MAX_ENTRY_POINTS = 1000;
export const MAX_LANGUAGES = 100;

const atMost = (n: number) => ({ message: `must be at most ${n} characters` });
const text = (max: number) => xmlSafe(z.string({ error: typeError }).trim().max(max, atMost(max)));
/** `then` refines the trimmed text; inside the preprocess, so JSON Schema still lists the field as required. */
const requiredText = (max = MAX_TEXT_CHARACTERS, then?: z.ZodType<string, string>) =>
  z.preprocess(blankToUndefined, then ? text(max).pipe(then) : text(max)).meta({ allOf: [{ pattern: NOT_BLANK }, { pattern: NO_XML_CONTROL_CHARACTERS }] });
const optionalText = (max = MAX_TEXT_CHARACTERS) =>
  z.preprocess(blankToUndefined, text(max).optional()).meta({ pattern: NO_XML_CONTROL_CHARACTERS });

const absoluteUri = (example: string) =>
  z
    .string({ error: typeError })
    .trim()
    .max(MAX_URI_CHARACTERS, atMost(MAX_URI_CHARACTERS))
    .refine((v) => /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(v) && isXsAnyUri(v), {
      message: `must be an absolute URI without spaces, e.g. ${example}`,
    })
    .meta({ pattern: '^\\s*[A-Za-z][A-Za-z0-9+.-]*:\\S+\\s*$' });

const base64Text = () =>
  z
    .string({ error: typeError })
    .refine(isStrictBase64, {
      message: 'is not valid base64 (A-Z, a-z, 0-9, "+", "/" with "=" padding, no line breaks)',
    })
    .meta({ pattern: BASE64_PATTERN });

const languageTag = z
  .string({ error: typeError })
  .trim()
  .max(MAX_NAME_CHARACTERS, atMost(MAX_NAME_CHARACTERS))
  .refine(isXsLanguage, { message: 'is not a valid language tag (e.g. "en", "en-GB", "cy")' })
  .meta({ pattern: '^\\s*[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*\\s*$' });

/** "2025-01-15", "2025-01-15Z" or an ISO 8601 date-time; the date part is what the package records. */
const DATE_OR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-](\d{2}):(\d{2}))?$/;

/**
 * The whole value must be a real date and time, not only its date part:
 * "2025-01-15T99:99" is a typing error the user should see. Hour 24 is
 * refused (it would mean the next day's date); zones run to ±14:00 as in xs:date.
 */
function dateOfPublicationDate(value: string): string | undefined {
  const m = DATE_OR_DATE_TIME.exec(value);
  if (!m || !isXsDate(m[1]!)) return undefined;
  const [hour, minute, second, zoneHour, zoneMinute] = [m[2], m[3], m[4], m[6], m[7]].map((p) => (p === undefined ? 0 : Number(p)));
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  if (zoneMinute! > 59 || zoneHour! > 14 || (zoneHour === 14 && zoneMinute! > 0)) return undefined;
  return m[1];
}

const publicationDate = z
  .string({ error: typeError })
  .trim()
  .refine((v) => dateOfPublicationDate(v) !== undefined, {
    message: 'is not a date: use YYYY-MM-DD (a date-time such as 2025-01-15T10:00:00Z is accepted and its date kept)',
  })
  .meta({ pattern: `^\\s*${DATE_OR_DATE_TIME.source.slice(1, -1)}\\s*$` })
  .transform((v) => dateOfPublicationDate(v)!);

const REPORT_EXTENSIONS = '.xhtml, .html, .htm, .xbrl or .json (lower case)';

const reportName = requiredText(
  MAX_NAME_CHARACTERS,
  z
    .string()
    .refine((v) => !/[/\\]/.test(v), { message: 'must be a file name without a path (no "/" or "\\")' })
    .refine((v) => !/[\u0000-\u001f:*?"<>|]/.test(v), { message: 'must not contain control characters or : * ? " < > |' })
    .refine((v) => reportKindOf(v) !== undefined, { message: `must end in ${REPORT_EXTENSIONS}` })
    .refine((v) => !/^\.[^.]+$/.test(v), { message: 'needs a name before the extension' })
    .refine((v) => utf8Bytes(v) <= MAX_SEGMENT_BYTES, { message: `must be at most ${MAX_SEGMENT_BYTES} bytes in UTF-8 (the longest file name file systems allow)` }),
).meta({
    allOf: [
      { pattern: '^(?!\\s*\\.[^.]+\\s*$)\\s*[^/\\\\\\u0000-\\u001f:*?"<>|]+\\.(xhtml|html|htm|xbrl|json)\\s*$' },
      { pattern: NOT_BLANK },
    ],
  });

const entryPoint = z.strictObject({
  name: optionalText(),
  description: optionalText(MAX_DESCRIPTION_CHARACTERS),
  version: optionalText(MAX_NAME_CHARACTERS),
  entryPointDocument: z.strictObject(
    {
      href: requiredText(MAX_URI_CHARACTERS, z.string().refine(isXsAnyUri, { message: 'is not a valid URI (check "%" escapes and "#")' })),
    },
    { error: (iss) => (iss.input === undefined ? 'is required (an object with href)' : 'must be an object with href') },
  ),
  languages: z
    .array(languageTag, { error: 'must be an array of language tags' })
    .max(MAX_LANGUAGES, { message: `must list at most ${MAX_LANGUAGES} languages` })
    .optional(),
});

// Strict objects: a misspelt field (publisherURL for publisherUrl) is refused
// by name instead of silently leaving the metadata out of the package.
export const reportPackageRequestSchema = z
  .strictObject({
    name: requiredText(),
    identifier: z.preprocess(blankToUndefined, absoluteUri('https://example.com/acme/2024/package')),
    description: optionalText(MAX_DESCRIPTION_CHARACTERS),
    version: optionalText(MAX_NAME_CHARACTERS),
    reportPackageLanguage: z.preprocess(blankToUndefined, languageTag.optional()),
    publicationDate: z.preprocess(blankToUndefined, publicationDate.optional()),
    publisher: optionalText(),
    publisherUrl: z.preprocess(blankToUndefined, absoluteUri('https://example.com/').optional()),
    publisherCountry: z.preprocess(
      blankToUndefined,
      z
        .string({ error: typeError })
        .refine((v) => /^[A-Z]{2}$/.test(v), { message: 'must be two upper-case letters (ISO 3166 code such as GB)' })
        .optional(),
    ).meta({ pattern: '^([A-Z]{2}|\\s*)$' }),
    reportPackageName: requiredText(
      MAX_NAME_CHARACTERS,
      z
        .string()
        .refine((v) => safePackageName(v) !== undefined, {
          message: 'must contain a usable name (not empty, "." or "..")',
        })
        // The name becomes the package's folder and, with ".xbri", its file name.
        .refine((v) => utf8Bytes(v) + '.xbri'.length <= MAX_SEGMENT_BYTES, {
          message: `must be at most ${MAX_SEGMENT_BYTES - '.xbri'.length} bytes in UTF-8, so that the package's folder and file name fit the ${MAX_SEGMENT_BYTES} bytes file systems allow`,
        }),
    ).meta({ allOf: [{ pattern: '[^\\s.]' }, { pattern: NO_XML_CONTROL_CHARACTERS }] }),
    reportBase64Content: z.preprocess(blankToUndefined, base64Text()).meta({ minLength: 4 }),
    reportName,
    entrypoints: z
      .array(entryPoint, { error: 'must be an array of entry points' })
      .max(MAX_ENTRY_POINTS, { message: `must hold at most ${MAX_ENTRY_POINTS} entry points` })
      .optional(),
    base64ZipFiles: z.preprocess(blankToUndefined, base64Text().optional()),
    base64ReportPackageJson: z.preprocess(blankToUndefined, base64Text().optional()),
  })
  .superRefine((req, ctx) => {
    const kind = reportKindOf(req.reportName);
    if (!kind) return;
    if (kind === 'json') {
      const problem = jsonReportProblem(req.reportBase64Content);
      if (problem) ctx.addIssue({ code: 'custom', path: ['reportBase64Content'], message: problem });
    }
    if (req.base64ReportPackageJson !== undefined) {
      const result = readReportPackageJson(req.base64ReportPackageJson, kind);
      if ('problem' in result) ctx.addIssue({ code: 'custom', path: ['base64ReportPackageJson'], message: result.problem });
    }
  });

export type ReportPackageRequest = z.output<typeof reportPackageRequestSchema>;
export type ReportPackageRequestInput = z.input<typeof reportPackageRequestSchema>;

/** reportPackageName with the characters no file system accepts replaced; undefined when nothing usable is left. */
export function safePackageName(name: string): string | undefined {
  const safe = name
    .replace(/[\u0000-\u001f/\\:*?"<>|]/g, '_')
    .trim()
    .replace(/[. ]+$/, ''); // Windows drops trailing dots and spaces
  return safe === '' || safe === '.' || safe === '..' ? undefined : safe;
}

function jsonReportProblem(base64: string): string | undefined {
  try {
    const json = parseStrictJsonBytes(decodeBase64(base64));
    if (documentTypeOf(json) === undefined) return 'a JSON report needs a string /documentInfo/documentType';
  } catch (err) {
    return `a JSON report must be UTF-8 JSON without duplicate keys: ${(err as StrictJsonError).message}`;
  }
  return undefined;
}

/** Decodes and checks base64ReportPackageJson; returns the documentType it names. */
export function readReportPackageJson(
  base64: string,
  reportKind: ReportKind,
): { documentType: keyof typeof extensionOfDocumentType; bytes: Uint8Array } | { problem: string } {
  const bytes = decodeBase64(base64);
  let json: unknown;
  try {
    json = parseStrictJsonBytes(bytes);
  } catch (err) {
    return { problem: `is not UTF-8 JSON: ${(err as StrictJsonError).message}` };
  }
  const documentType = documentTypeOf(json);
  if (documentType === undefined) return { problem: 'must have a string /documentInfo/documentType' };
  if (!isKnownDocumentType(documentType)) {
    return {
      problem: `documentType "${documentType}" is not one of ${Object.keys(extensionOfDocumentType).join(', ')}`,
    };
  }
  if (!acceptsReportKind(documentType, reportKind)) {
    return {
      problem: `documentType "${documentType}" (a .${extensionOfDocumentType[documentType]} package) cannot hold this ${
        reportKind === 'inline' ? 'Inline XBRL' : reportKind === 'xbrl' ? 'xBRL-XML' : 'xBRL-JSON'
      } report (the report's extension decides its kind)`,
    };
  }
  return { documentType, bytes };
}
