import { MAX_INLINE_XBRL_BYTES, MAX_TAXONOMY_PACKAGE_BYTES } from '../../preload/contract-taxonomies.js';
import { z } from 'zod';
import {
  MAX_CT600_XML_BYTES,
  MAX_DRAFT_ATTACHMENT_BYTES,
  MAX_DRAFT_FILE_BYTES,
  MAX_REPORT_PACKAGE_BYTES,
  MAX_SAVED_PACKAGE_BYTES,
  MAX_SAVED_XML_BYTES,
  type Channel,
  type RequestOf,
} from '../../preload/contract.js';
import { ATTACHMENT_FIELDS } from '../engine/package/draft-package.js';
import { formProblem } from '../store/form-limits.js';
import { onlineRequestSchemas } from './online-schemas.js';
import { filingRequestSchemas } from './filing-schemas.js';
import { companiesHouseRequestSchemas } from './companies-house-schemas.js';
import { accountsRequestSchemas } from './accounts-schemas.js';
import { officeRequestSchemas } from './office-schemas.js';
import { DRAFT_ID } from '../store/draft-store.js';
import { base64Length, DEFAULT_PAYLOAD_LIMITS, limitText, measurePayload, sizeText, type PayloadLimits } from '../engine/payload-limits.js';

/**
 * The shape each channel accepts, checked in main before anything runs: the
 * renderer is treated as untrusted input like any other. Domain rules (a valid
 * CT600 request, a well-formed package request) stay with the engine, which
 * reports them as field errors of its own; sizes are checked here, before the
 * engine spends time and memory on something it could never accept.
 */
const fileName = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((name) => !/[/\\\0]/.test(name), 'must be a file name, not a path');

/**
 * A dropped file's bytes, refused above the kind's limit. The limits differ
 * because the kinds do: a CT600 return over HMRC's 25 MB is not a return, and
 * parsing XML costs many times its size in memory; a package is a compressed
 * zip the validator reads entry by entry.
 */
function fileBytes(maxBytes: number, what: string, why = '') {
  return z
    .instanceof(Uint8Array, { message: 'must be the file’s bytes (Uint8Array)' })
    .refine((b) => b.byteLength > 0, 'the file is empty')
    .refine((b) => b.byteLength <= maxBytes, {
      error: (issue) => `the file is ${sizeText((issue.input as Uint8Array).byteLength)}; ${what} may be at most ${limitText(maxBytes)}${why}`,
    });
}

function droppedFile(extensions: readonly string[], bytes: z.ZodType<Uint8Array>) {
  return z.object({
    fileName: fileName.refine(
      (name) => extensions.some((ext) => name.toLowerCase().endsWith(ext)),
      `must end in ${extensions.join(', ')}`,
    ),
    bytes,
  });
}

/** Any JSON-like object; the engine checks the fields. */
const requestObject = z.record(z.string(), z.unknown(), { message: 'must be an object' });

function ct600BuildRequest(limits: PayloadLimits) {
  return requestObject.superRefine((request, ctx) => {
    const measured = measurePayload(request, limits);
    if (measured.tooDeep) return void ctx.addIssue({ code: 'custom', message: `is nested more than ${limits.maxDepth} levels deep` });
    if (measured.tooMany) return void ctx.addIssue({ code: 'custom', message: `holds more than ${limits.maxValues} values` });
    const attachments = measured.charsByKey.get('attachedFiles') ?? 0;
    if (attachments > limits.ct600AttachmentChars) {
      ctx.addIssue({
        code: 'custom',
        path: ['attachedFiles'],
        message: `hold ${sizeText(attachments)} of text; at most ${limitText(limits.ct600AttachmentChars)} (25 MB of base64 plus line breaks) is accepted`,
      });
    }
    const other = [...measured.charsByKey].filter(([key]) => key !== 'attachedFiles').reduce((n, [, chars]) => n + chars, 0);
    if (other > limits.ct600OtherChars) {
      ctx.addIssue({
        code: 'custom',
        message: `holds ${sizeText(other)} of text outside attachedFiles; at most ${limitText(limits.ct600OtherChars)} is accepted`,
      });
    }
  });
}

const PACKAGE_PARTS = ['reportBase64Content', 'base64ZipFiles'] as const;

function packageBuildRequest(limits: PayloadLimits) {
  const partLimit = base64Length(limits.packageContentBytes);
  return z.object({
    request: requestObject.superRefine((request, ctx) => {
      const measured = measurePayload(request, limits);
      if (measured.tooDeep) return void ctx.addIssue({ code: 'custom', message: `is nested more than ${limits.maxDepth} levels deep` });
      if (measured.tooMany) return void ctx.addIssue({ code: 'custom', message: `holds more than ${limits.maxValues} values` });
      for (const part of PACKAGE_PARTS) {
        const chars = measured.charsByKey.get(part) ?? 0;
        if (chars > partLimit) {
          ctx.addIssue({
            code: 'custom',
            path: [part],
            message: `is ${sizeText(chars)} of base64; a report package holds at most ${limitText(limits.packageContentBytes)}, so at most ${limitText(partLimit)} of base64 is accepted`,
          });
        }
      }
      const json = measured.charsByKey.get('base64ReportPackageJson') ?? 0;
      if (json > limits.packageJsonBase64Chars) {
        ctx.addIssue({
          code: 'custom',
          path: ['base64ReportPackageJson'],
          message: `is ${sizeText(json)} of base64; at most ${limitText(limits.packageJsonBase64Chars)} is accepted`,
        });
      }
      const big = new Set<string>([...PACKAGE_PARTS, 'base64ReportPackageJson']);
      const other = [...measured.charsByKey].filter(([key]) => !big.has(key)).reduce((n, [, chars]) => n + chars, 0);
      if (other > limits.packageOtherChars) {
        ctx.addIssue({
          code: 'custom',
          message: `holds ${sizeText(other)} of text besides the report and zip files; at most ${limitText(limits.packageOtherChars)} is accepted`,
        });
      }
    }),
    includeHash: z.boolean({ message: 'must be true or false' }),
  });
}

/**
 * The wizard's package metadata: small text only. The report and the taxonomy
 * come from the draft's attachments, so a request naming them is refused by field.
 */
function packageDraftMetadata(limits: PayloadLimits) {
  return requestObject.superRefine((request, ctx) => {
    for (const field of ATTACHMENT_FIELDS) {
      if (field in request) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'must not be sent: main takes the report and the taxonomy from the draft’s attached files' });
      }
    }
    const measured = measurePayload(request, limits);
    if (measured.tooDeep) return void ctx.addIssue({ code: 'custom', message: `is nested more than ${limits.maxDepth} levels deep` });
    if (measured.tooMany) return void ctx.addIssue({ code: 'custom', message: `holds more than ${limits.maxValues} values` });
    const json = measured.charsByKey.get('base64ReportPackageJson') ?? 0;
    if (json > limits.packageJsonBase64Chars) {
      ctx.addIssue({ code: 'custom', path: ['base64ReportPackageJson'], message: `is ${sizeText(json)} of base64; at most ${limitText(limits.packageJsonBase64Chars)} is accepted` });
    }
    const other = [...measured.charsByKey].filter(([key]) => key !== 'base64ReportPackageJson').reduce((n, [, chars]) => n + chars, 0);
    if (other > limits.packageOtherChars) {
      ctx.addIssue({ code: 'custom', message: `holds ${sizeText(other)} of text; at most ${limitText(limits.packageOtherChars)} is accepted` });
    }
  });
}

/** The size of text as it will be written: UTF-8 bytes, not characters. */
function contentsSize(contents: Uint8Array | string): number {
  // A string longer than the limit in UTF-16 units is over it in UTF-8 too; skip the count.
  return typeof contents === 'string' ? Buffer.byteLength(contents, 'utf8') : contents.byteLength;
}

function savedContents<T extends Uint8Array | string>(schema: z.ZodType<T>, maxBytes: number, what: string) {
  return schema.refine((c) => (typeof c === 'string' && c.length > maxBytes ? false : contentsSize(c) <= maxBytes), {
    error: (issue) => `is ${sizeText(contentsSize(issue.input as T))}; ${what} may be at most ${limitText(maxBytes)}`,
  });
}

/**
 * A suggested base name only: main cleans it and adds the extension. Long
 * enough for any company or package name; main shortens what it offers.
 */
const suggestedName = z.string({ message: 'must be text' }).max(1000, 'must be at most 1000 characters');

// Strict objects: a renderer that still sends filters, an extension for XML
// or a path is told which field is not wanted.
const fileSave = z.discriminatedUnion(
  'kind',
  [
    z.strictObject(
      {
        kind: z.literal('ct600-xml'),
        suggestedName,
        contents: savedContents(
          z.union([z.string(), z.instanceof(Uint8Array)], { message: 'must be text or bytes (Uint8Array)' }),
          MAX_SAVED_XML_BYTES,
          'a CT600 return',
        ),
      },
    ),
    z.strictObject(
      {
        kind: z.literal('report-package'),
        extension: z.enum(['xbri', 'xbr', 'zip'], { message: 'must be "xbri", "xbr" or "zip"' }),
        suggestedName,
        contents: savedContents(
          z.instanceof(Uint8Array, { message: 'must be the package’s bytes (Uint8Array)' }),
          MAX_SAVED_PACKAGE_BYTES,
          'a report package',
        ),
        writeHashFile: z.boolean({ message: 'must be true or false' }).optional(),
      },
    ),
    z.strictObject({
      kind: z.literal('validation-csv'),
      suggestedName,
      contents: savedContents(z.string({ message: 'must be the CSV text' }), MAX_SAVED_XML_BYTES, 'a validation report'),
    }),
    z.strictObject({
      kind: z.literal('deadlines-csv'),
      suggestedName,
      contents: savedContents(z.string({ message: 'must be the CSV text' }), MAX_SAVED_XML_BYTES, 'a list of deadlines'),
    }),
    z.strictObject({
      kind: z.literal('deadlines-ics'),
      suggestedName,
      contents: savedContents(z.string({ message: 'must be the iCalendar text' }), MAX_SAVED_XML_BYTES, 'a calendar of deadlines'),
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'must be "ct600-xml", "report-package", "validation-csv", "deadlines-csv" or "deadlines-ics"'
        : 'must be an object with kind, suggestedName and contents',
  },
);

const id = z.string({ message: 'must be an id' }).regex(DRAFT_ID, 'is not a valid id');
const draftForm = z.record(z.string(), z.unknown(), { message: 'must be an object' }).superRefine((form, ctx) => {
  const problem = formProblem(form);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const title = z.string({ message: 'must be text' }).max(200, 'must be at most 200 characters');
const clientId = id.nullable();
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isoDate = z
  .string({ message: 'must be a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    return m >= 1 && m <= 12 && day >= 1 && day <= (m === 2 && !leap ? 28 : DAYS[m - 1]!);
  }, 'is not a real date');
const clientDetails = z.strictObject({
  companyName: z.string({ message: 'must be text' }).max(1000, 'must be at most 1000 characters'),
  registrationNumber: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
  utr: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
  periodEnd: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
  serviceClientName: z.string({ message: 'must be text' }).max(1000, 'must be at most 1000 characters'),
  serviceClientId: z.string({ message: 'must be text' }).max(1000, 'must be at most 1000 characters'),
  // The client book judges the number itself (whole, 0 or more) and names the rule.
  associatedCompanies: z.number({ message: 'must be a number' }).optional(),
  periods: z
    .array(
      z.strictObject({
        start: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
        end: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
        filedOn: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters').nullable(),
        accepted: z.boolean({ message: 'must be true or false' }),
        noticeServedOn: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters').nullable().optional(),
        payments: z
          .array(
            z.strictObject({
              date: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
              amount: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters'),
            }),
          )
          .max(1000, 'must hold at most 1000 payments')
          .optional(),
        accountsDeliveredOn: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters').nullable().optional(),
        shortenedByNoticeOn: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters').nullable().optional(),
      }),
    )
    .max(1000, 'must hold at most 1000 periods')
    .optional(),
  instalments: z.enum(['large', 'very-large'], { message: 'must be "large" or "very-large"' }).nullable().optional(),
  lateTwiceBefore: z.boolean({ message: 'must be true or false' }).optional(),
  incorporatedOn: z.string({ message: 'must be text' }).max(100, 'must be at most 100 characters').nullable().optional(),
  accountsLateBefore: z.boolean({ message: 'must be true or false' }).optional(),
});
const attachmentRole = z.enum(['accounts', 'computations', 'report', 'taxonomy'], { message: 'must be accounts, computations, report or taxonomy' });

/** A CT600 request made from a draft: main adds the draft's attachments, so the page may not send its own. */
/** Boxes as the form has them so far: any of them may be missing; none is long. */
const boxText = (max: number) => z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`).optional();
const boxDate = z
  .string({ message: 'must be a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .optional();
const attachmentBoxes = z.strictObject({
  registrationNumber: boxText(20),
  utr: boxText(20),
  periodFrom: boxDate,
  periodTo: boxDate,
  accountsForThisPeriod: z.boolean({ message: 'must be true or false' }).optional(),
  computationsForThisPeriod: z.boolean({ message: 'must be true or false' }).optional(),
});

function ct600DraftBuildRequest(limits: PayloadLimits) {
  return ct600BuildRequest(limits).superRefine((request, ctx) => {
    if ('attachedFiles' in request) {
      ctx.addIssue({ code: 'custom', path: ['attachedFiles'], message: 'must not be sent: main adds the draft’s attached accounts and computations itself' });
    }
  });
}

export function createRequestSchemas(limits: PayloadLimits = DEFAULT_PAYLOAD_LIMITS) {
  return {
    'ct600.build': ct600BuildRequest(limits),
    'ct600.verify': droppedFile(['.xml'], fileBytes(MAX_CT600_XML_BYTES, 'a CT600 return', ' (HMRC accepts messages up to 25 MB)')),
    'ct600.validate': droppedFile(['.xml'], fileBytes(MAX_CT600_XML_BYTES, 'a CT600 return', ' (HMRC accepts messages up to 25 MB)')),
    'ct600.buildDraft': z.strictObject({ draftId: id, form: draftForm, request: ct600DraftBuildRequest(limits) }),
    'ct600.checkDraft': z.strictObject({ draftId: id, request: ct600DraftBuildRequest(limits) }),
    'ct600.checkAttachments': z.strictObject({ draftId: id, boxes: attachmentBoxes }),
    'clients.list': z.strictObject({
      query: z.string({ message: 'must be text' }).max(200, 'must be at most 200 characters'),
      includeArchived: z.boolean({ message: 'must be true or false' }),
    }),
    'clients.save': z.strictObject({ id: id.optional(), details: clientDetails }),
    'clients.archive': z.strictObject({ id, archived: z.boolean({ message: 'must be true or false' }) }),
    'clients.notice': z.undefined({ message: 'takes no request' }),
    'deadlines.list': z.undefined({ message: 'takes no request' }),
    'drafts.list': z.undefined({ message: 'takes no request' }),
    'drafts.create': z.strictObject({ kind: z.enum(['ct600', 'report-package'], { message: 'must be "ct600" or "report-package"' }), clientId, title, form: draftForm }),
    'drafts.open': z.strictObject({ id }),
    'drafts.save': z
      .strictObject({ id, clientId, title, periodFrom: isoDate.nullable(), periodTo: isoDate.nullable(), form: draftForm })
      .refine((r) => r.periodFrom === null || r.periodTo === null || r.periodFrom <= r.periodTo, { path: ['periodTo'], message: 'must not be before periodFrom' }),
    'drafts.delete': z.strictObject({ id }),
    'drafts.restore': z.strictObject({ id }),
    'drafts.attach': z.strictObject({
      draftId: id,
      role: attachmentRole,
      // The name's own rules depend on the draft (a taxonomy file is a path inside the package): the store checks them.
      fileName: z.string({ message: 'must be text' }).min(1, 'must not be empty').max(1000, 'must be at most 1000 characters'),
      bytes: fileBytes(MAX_DRAFT_ATTACHMENT_BYTES, 'an attached file'),
    }),
    'drafts.detach': z.strictObject({ draftId: id, attachmentId: id }),
    'drafts.export': z.strictObject({ id }),
    'drafts.import': droppedFile(['.fdesk'], fileBytes(MAX_DRAFT_FILE_BYTES, 'a Filing Desk draft')),
    'drafts.openFile': z.undefined({ message: 'takes no request' }),
    'package.build': packageBuildRequest(limits),
    'package.planDraft': z.strictObject({ draftId: id, request: packageDraftMetadata(limits) }),
    'package.buildDraft': z.strictObject({
      draftId: id,
      form: draftForm,
      request: packageDraftMetadata(limits),
      includeHash: z.boolean({ message: 'must be true or false' }),
    }),
    'drafts.findBuild': z.strictObject({
      sha256: z.string({ message: 'must be text' }).regex(/^[0-9a-f]{64}$/, 'must be a SHA-256: 64 lowercase hex characters (0–9, a–f)'),
    }),
    'package.validate': droppedFile(['.xbri', '.xbr', '.zip'], fileBytes(MAX_REPORT_PACKAGE_BYTES, 'a report package')),
    'file.save': fileSave,
    'app.info': z.undefined({ message: 'takes no request' }),
    // Online
    ...onlineRequestSchemas,
    // Filing with HMRC
    ...filingRequestSchemas,
    // The tax computation: the input's own rules are the engine's, which names each field it refuses.
    'computation.compute': z.strictObject({ input: z.record(z.string(), z.unknown(), { message: 'must be a computation input (a JSON object)' }) }),
    'computation.previousPeriod': z.strictObject({ clientId: id, periodFrom: isoDate, draftId: id }),
    // Taxonomy packages
    'taxonomies.list': z.undefined({ message: 'takes no request' }),
    'taxonomies.install': droppedFile(['.zip'], fileBytes(MAX_TAXONOMY_PACKAGE_BYTES, 'a taxonomy package')),
    'taxonomies.checkDocument': droppedFile(['.xhtml', '.html', '.htm'], fileBytes(MAX_INLINE_XBRL_BYTES, 'an Inline XBRL document')),
    'taxonomies.remove': z.strictObject({
      id: z.string({ message: 'must be text' }).regex(/^[a-z0-9][a-z0-9.-]{0,99}$/, 'must be a taxonomy package id as the Taxonomies list shows it (lower-case letters, digits, dots and dashes)'),
    }),
    'computation.attach': z.strictObject({
      draftId: id,
      input: z.record(z.string(), z.unknown(), { message: 'must be a computation input (a JSON object)' }),
      replaces: id.nullable(),
    }),
    'computation.accountsFigures': z.strictObject({ draftId: id, period: z.strictObject({ from: isoDate, to: isoDate }).nullable() }),
    'computation.save': z.strictObject({ draftId: id, attachmentId: id }),
    ...companiesHouseRequestSchemas,
    // Statutory accounts
    ...accountsRequestSchemas,
    // The office
    ...officeRequestSchemas,
  } satisfies { [C in Channel]: z.ZodType<RequestOf<C>> };
}

export const requestSchemas = createRequestSchemas();
