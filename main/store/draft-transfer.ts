/**
 * A draft passed to a colleague: a `.fdesk` file, UTF-8 JSON holding the
 * draft's form, its client's details (ids differ between client books), its
 * attachments in base64 and its filing history: every submission HMRC
 * answered (the exact message less the sender's credentials, which are never
 * stored, and HMRC's replies with credentials masked). Builds and
 * validations are not carried: the colleague builds again. A submission
 * still under way stays with the computer that sent it, which finishes it. An imported file is untrusted: every field is
 * checked and reported by name, names never become paths (bytes are stored
 * under the SHA-256 this side computes), and it always becomes a new draft.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_DRAFT_ATTACHMENT_BYTES, MAX_DRAFT_FILE_BYTES, type ClientDetails, type Draft, type DraftAttachment, type FieldError } from '../../preload/contract.js';
import { fieldErrorsFromZod } from '../engine/zod-errors.js';
import { attachmentBytes, attachmentErrors, sha256Of, storeBytes } from './draft-files.js';
import { CURRENT_DRAFT_VERSION, type DraftRecord } from './draft-record.js';
import { checkId, type DraftStore } from './draft-store.js';
import { formProblem } from './form-limits.js';
import { hasInlineXbrlHeader, isInlineXbrlFileName } from './inline-xbrl.js';
import { StoreError } from './store-error.js';
// floor: a .fdesk file carries the draft's filing history, checked on import with the filing record's own schema
// (and its older versions), so the two can never disagree on what a submission is.
import { FINAL_STATES, fromOlderVersion, submissionRecordSchema, type SubmissionRecord } from '../filing/submission-record.js';

export const FDESK_FORMAT = 'filing-desk-draft';
/** 2: the draft's filing history and Filed state travel with it. */
const FDESK_VERSION = 2;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const mb = (n: number) => `${Math.round(n / 1048576)} MB`;

const text = (max: number) => z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').nullable();
const clientDetails = z.strictObject({
  companyName: text(160),
  registrationNumber: text(20),
  utr: text(20),
  periodEnd: text(5),
  serviceClientName: text(100),
  serviceClientId: text(100),
  // Absent from files exported before associated companies were remembered.
  associatedCompanies: z.number().int('must be a whole number').min(0, 'must not be negative').max(Number.MAX_SAFE_INTEGER, 'is too large').optional(),
}) satisfies z.ZodType<ClientDetails>;

const fdeskSchema = z.strictObject(
  {
    format: z.literal(FDESK_FORMAT, { message: `must be "${FDESK_FORMAT}": this is not a Filing Desk draft` }),
    formatVersion: z.number().int().refine((v) => v <= FDESK_VERSION, 'is newer than this version of Filing Desk can read; update Filing Desk'),
    exportedAt: text(40),
    draft: z.strictObject({
      kind: z.enum(['ct600', 'report-package'], { message: 'must be "ct600" or "report-package"' }),
      title: text(200),
      periodFrom: isoDate,
      periodTo: isoDate,
      client: clientDetails.nullable(),
      form: z.record(z.string(), z.unknown(), { message: 'must be an object' }).superRefine((form, ctx) => {
        const problem = formProblem(form);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      filed: z
        .strictObject({
          transactionId: z.string().regex(/^[0-9A-F]{32}$/, 'must be a TransactionID: 32 hex digits'),
          acceptedAt: text(40),
          environment: z.enum(['til', 'ets', 'live'], { message: 'must be "til", "ets" or "live"' }),
        })
        .nullable()
        .optional(),
    }),
    /** Absent in files of format version 1. */
    submissions: z
      // A record an older version wrote is brought to today's rules as the submissions folder reads it.
      .array(z.preprocess(fromOlderVersion, submissionRecordSchema.refine((r) => FINAL_STATES.has(r.state), 'must be a submission HMRC has answered (accepted or refused)')))
      .max(1000, 'must be at most 1000 submissions')
      .optional(),
    attachments: z
      .array(
        z.strictObject({
          role: z.enum(['accounts', 'computations', 'report', 'taxonomy'], { message: 'must be accounts, computations, report or taxonomy' }),
          fileName: text(1000),
          sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256'),
          addedAt: text(40),
          contentBase64: z.string({ message: 'must be base64 text' }),
        }),
      )
      .max(5000, 'must be at most 5000 files'),
  },
  { message: 'must be a Filing Desk draft object' },
);

export interface ExportedDraft {
  bytes: Uint8Array;
  title: string;
}

/**
 * The draft as a .fdesk file. `submissions` are the draft's submission
 * records: those HMRC answered travel with it.
 */
export async function exportDraft(store: DraftStore, draftId: string, client: ClientDetails | null, submissions: readonly SubmissionRecord[] = []): Promise<ExportedDraft> {
  const record = await store.record(draftId);
  const answered = submissions
    .filter((s) => s.draftId === draftId && FINAL_STATES.has(s.state))
    // The other computer's ids and claims mean nothing there; it learns whose client this is from the file.
    .map(({ draftId: _draft, clientId: _client, importedAt: _imported, ...rest }) => rest);
  const total = record.attachments.reduce((n, a) => n + 4 * Math.ceil(a.size / 3), 0) + answered.reduce((n, s) => n + s.message.length + JSON.stringify(s.log).length, 0);
  if (total > MAX_DRAFT_FILE_BYTES) {
    throw new StoreError('failed', `The draft's files come to more than the ${mb(MAX_DRAFT_FILE_BYTES)} a .fdesk file may hold; detach some before exporting.`);
  }
  const attachments = [];
  for (const a of record.attachments) {
    attachments.push({ role: a.role, fileName: a.fileName, sha256: a.sha256, addedAt: a.addedAt, contentBase64: Buffer.from(await attachmentBytes(store, draftId, a)).toString('base64') });
  }
  const file = {
    format: FDESK_FORMAT,
    formatVersion: FDESK_VERSION,
    exportedAt: store.clock().toISOString(),
    draft: { kind: record.kind, title: record.title, periodFrom: record.periodFrom, periodTo: record.periodTo, client, form: record.form, filed: record.filed ?? null },
    attachments,
    submissions: answered,
  };
  return { bytes: new TextEncoder().encode(JSON.stringify(file)), title: record.title };
}

const refuse = (errors: FieldError[]) => new StoreError('invalid', 'This .fdesk file cannot be opened.', errors);

/**
 * A new draft from a .fdesk file's bytes. `clientIdFor` finds the local
 * client matching the exported details (or null): the file's own ids mean
 * nothing in this client book.
 */
export interface ImportedSubmissions {
  /** Keeps the imported records, each marked imported; one already here (the same submission) is left as it is. */
  keep(records: SubmissionRecord[]): Promise<void>;
}

export async function importDraft(
  store: DraftStore,
  bytes: Uint8Array,
  clientIdFor: (details: ClientDetails | null) => Promise<string | null>,
  submissions?: ImportedSubmissions,
): Promise<Draft> {
  if (bytes.byteLength > MAX_DRAFT_FILE_BYTES) throw refuse([{ field: 'bytes', message: `the file is larger than the ${mb(MAX_DRAFT_FILE_BYTES)} a .fdesk file may be` }]);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw refuse([{ field: '', message: 'is not a Filing Desk draft: it is not UTF-8 JSON' }]);
  }
  const parsed = fdeskSchema.safeParse(raw);
  if (!parsed.success) throw refuse(fieldErrorsFromZod(parsed.error));
  const file = parsed.data;
  const errors: FieldError[] = [];
  if (file.draft.periodFrom && file.draft.periodTo && file.draft.periodFrom > file.draft.periodTo) errors.push({ field: 'draft.periodTo', message: 'must not be before periodFrom' });
  const decoded: { bytes: Uint8Array; attachment: Omit<DraftAttachment, 'id'> }[] = [];
  const accepted: DraftAttachment[] = [];
  file.attachments.forEach((a, i) => {
    const at = `attachments[${i}].`;
    if (a.contentBase64.length % 4 !== 0 || !BASE64.test(a.contentBase64)) return void errors.push({ field: `${at}contentBase64`, message: 'is not valid base64' });
    const content = new Uint8Array(Buffer.from(a.contentBase64, 'base64'));
    if (content.byteLength === 0) return void errors.push({ field: `${at}contentBase64`, message: 'is empty' });
    if (content.byteLength > MAX_DRAFT_ATTACHMENT_BYTES) return void errors.push({ field: `${at}contentBase64`, message: `is larger than the ${mb(MAX_DRAFT_ATTACHMENT_BYTES)} one attached file may be` });
    if (sha256Of(content) !== a.sha256) return void errors.push({ field: `${at}sha256`, message: 'does not match the file’s content: the file was changed or damaged' });
    const problems = attachmentErrors({ kind: file.draft.kind, attachments: accepted }, { role: a.role, fileName: a.fileName, size: content.byteLength }, at);
    if (problems.length > 0) return void errors.push(...problems);
    const attachment = {
      role: a.role,
      fileName: a.fileName,
      size: content.byteLength,
      sha256: a.sha256,
      hasInlineXbrlHeader: isInlineXbrlFileName(a.fileName) && hasInlineXbrlHeader(content),
      addedAt: a.addedAt,
    };
    accepted.push({ ...attachment, id: '' });
    decoded.push({ bytes: content, attachment });
  });
  const records = file.submissions ?? [];
  const filed = file.draft.filed ?? null;
  if (filed && !records.some((r) => r.transactionId === filed.transactionId && r.state === 'accepted')) {
    errors.push({ field: 'draft.filed', message: 'names a submission the file does not hold as accepted by HMRC' });
  }
  if (new Set(records.map((r) => r.transactionId)).size !== records.length) errors.push({ field: 'submissions', message: 'holds the same TransactionID twice' });
  if (records.length > 0 && file.draft.kind !== 'ct600') errors.push({ field: 'submissions', message: 'only a CT600 return is filed with HMRC' });
  if (errors.length > 0) throw refuse(errors);

  await store.open();
  const id = store.newId();
  checkId(id);
  const now = store.clock().toISOString();
  try {
    for (const d of decoded) await storeBytes(store, id, d.bytes, d.attachment.sha256);
    const record: DraftRecord = {
      id,
      kind: file.draft.kind,
      schemaVersion: CURRENT_DRAFT_VERSION,
      createdAt: now,
      changedAt: now,
      clientId: await clientIdFor(file.draft.client),
      title: file.draft.title,
      periodFrom: file.draft.periodFrom,
      periodTo: file.draft.periodTo,
      form: file.draft.form,
      attachments: decoded.map((d) => ({ ...d.attachment, id: store.newId() })),
      lastBuild: null,
      lastValidation: null,
      filed,
    };
    if (records.length > 0) {
      if (!submissions) throw new StoreError('failed', 'This .fdesk file holds a filing history, and this window cannot keep one; nothing was imported.');
      await submissions.keep(records.map((r) => ({ ...r, draftId: id, ...(record.clientId ? { clientId: record.clientId } : {}), importedAt: now })));
    }
    return await store.add(record);
  } catch (error) {
    // Nothing half-imported stays behind: the draft was never listed.
    await store.fs.rm(join(store.filesDir(id), ''), { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
