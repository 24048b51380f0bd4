/**
 * A draft as stored in `<data>/drafts/<id>.json`, the readers for each schema
 * version this build knows, and what the renderer is told about it (its
 * fingerprint, whether it changed since the last build, its state).
 *
 * Versions: a file of an older version is read by its own reader and
 * migrated to the current shape in memory (it is written in the current
 * version on its next change); a file of a newer version is refused, never
 * rewritten, so going back to an older Filing Desk cannot damage it.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Draft, DraftAttachment, DraftBuildRecord, DraftState, DraftSummary, DraftValidationRecord } from '../../preload/contract.js';
import { validationJobResultSchema } from '../engine/validation-result-schema.js';
import { canonicalJson, formProblem } from './form-limits.js';

export const CURRENT_DRAFT_VERSION = 1;

/** What a draft file holds: the Draft without the two fields derived on reading. */
export type DraftRecord = Omit<Draft, 'changedSinceBuild' | 'state'>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const attachmentV1 = z.object({
  id: z.string().min(1).max(100),
  role: z.enum(['accounts', 'computations', 'report', 'taxonomy']),
  fileName: z.string().min(1).max(1000),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
  hasInlineXbrlHeader: z.boolean(),
  addedAt: z.string(),
}) satisfies z.ZodType<DraftAttachment>;

const buildV1 = z.object({
  builtAt: z.string(),
  answeredBy: z.enum(['engine', 'service']),
  fingerprint: sha256Hex,
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
  irMark: z.string().optional(),
  irMarkBase32: z.string().optional(),
}) satisfies z.ZodType<DraftBuildRecord>;

const validationV1 = z.object({
  validatedAt: z.string(),
  answeredBy: z.enum(['engine', 'service']),
  result: validationJobResultSchema,
}) satisfies z.ZodType<DraftValidationRecord>;

const draftV1 = z.object({
  schemaVersion: z.literal(1),
  id: z.string().min(1),
  kind: z.enum(['ct600', 'report-package']),
  createdAt: z.string(),
  changedAt: z.string(),
  clientId: z.string().nullable(),
  title: z.string(),
  periodFrom: isoDate.nullable(),
  periodTo: isoDate.nullable(),
  // The form's one check is formProblem (an object, within its bounds), which walks it once; a zod
  // record would copy every key of every draft again on the start page's path.
  form: z.custom<Record<string, unknown>>().superRefine((form, ctx) => {
    const problem = formProblem(form);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  attachments: z.array(attachmentV1),
  lastBuild: buildV1.nullable(),
  lastValidation: validationV1.nullable(),
  /** Absent in drafts written before filing with HMRC existed: not filed. */
  filed: z
    .strictObject({
      transactionId: z.string().regex(/^[0-9A-F]{32}$/),
      acceptedAt: z.string().max(100),
      environment: z.enum(['til', 'ets', 'live']),
    })
    .nullable()
    .optional(),
});

/** One reader per known version, each giving the current shape. */
const readers: Record<number, (raw: unknown) => DraftRecord | string> = {
  1: (raw) => {
    const parsed = draftV1.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return `its ${issue.path.join('.') || 'contents'} ${issue.message.toLowerCase()}`;
    }
    return parsed.data;
  },
};

export type ReadOutcome =
  | { ok: true; record: DraftRecord }
  | { ok: false; reason: string; /** made by a newer Filing Desk: left where it is */ newer: boolean };

export const NEWER_VERSION_REASON = 'made by a newer version of Filing Desk';

export function readDraftText(text: string, expectedId: string): ReadOutcome {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not valid JSON (it may have been cut short)', newer: false };
  }
  const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, reason: 'it has no schema version, so it is not a Filing Desk draft', newer: false };
  }
  if (version > CURRENT_DRAFT_VERSION) return { ok: false, reason: NEWER_VERSION_REASON, newer: true };
  const reader = readers[version];
  if (!reader) return { ok: false, reason: `schema version ${version} is not one this build can read`, newer: false };
  const record = reader(raw);
  if (typeof record === 'string') return { ok: false, reason: record, newer: false };
  if (record.id !== expectedId) return { ok: false, reason: 'the id inside it does not match its file name', newer: false };
  return { ok: true, record: { ...record, schemaVersion: CURRENT_DRAFT_VERSION } };
}

export function serialiseDraft(record: DraftRecord): string {
  return `${JSON.stringify({ ...record, schemaVersion: CURRENT_DRAFT_VERSION })}\n`;
}

/**
 * SHA-256 over the form (keys sorted) and the attachments (role, name and
 * content hash, in order): what a build was made from. Times are left out,
 * so saving the same content again does not make a build stale.
 */
export function fingerprintOf(form: Record<string, unknown>, attachments: readonly DraftAttachment[]): string {
  const hash = createHash('sha256');
  hash.update(canonicalJson(form));
  for (const a of attachments) hash.update(`\n${a.role}\u0000${a.fileName}\u0000${a.sha256}`);
  return hash.digest('hex');
}

/**
 * "built" while nothing changed since the last build; "validated" when, in
 * addition, the full local validation ran to the end on that build (its
 * result, valid or not, is in lastValidation).
 */
export function stateOf(record: DraftRecord): { changedSinceBuild: boolean; state: DraftState } {
  if (!record.lastBuild) return { changedSinceBuild: true, state: 'in-progress' };
  const changedSinceBuild = fingerprintOf(record.form, record.attachments) !== record.lastBuild.fingerprint;
  if (changedSinceBuild) return { changedSinceBuild, state: 'in-progress' };
  const validated =
    record.lastValidation !== null && record.lastValidation.result.jobStatus === 'success' && record.lastValidation.validatedAt >= record.lastBuild.builtAt;
  return { changedSinceBuild, state: validated ? 'validated' : 'built' };
}

/**
 * A changed draft's changedAt: the clock's time, but always later than the
 * change before it (a clock set back, or two changes in one millisecond), so
 * that the window can tell the newer of two drafts main answered with.
 */
export function nextChangedAt(previous: string, now: Date): string {
  const at = now.toISOString();
  const before = Date.parse(previous);
  if (Number.isNaN(before) || at > new Date(before).toISOString()) return at;
  return new Date(before + 1).toISOString();
}

export function toDraft(record: DraftRecord): Draft {
  return { ...record, filed: record.filed ?? null, ...stateOf(record) };
}

export function toSummary(record: DraftRecord): DraftSummary {
  return {
    id: record.id,
    kind: record.kind,
    title: record.title,
    clientId: record.clientId,
    clientName: null,
    periodFrom: record.periodFrom,
    periodTo: record.periodTo,
    state: stateOf(record).state,
    changedAt: record.changedAt,
    filed: record.filed ?? null,
  };
}
