/**
 * An accounts draft as it is written to disk (`accounts/<id>.json`) and read
 * back: every field checked on the way in, so a file changed by hand or by a
 * newer Filing Desk is refused with its reason, never half-read.
 */
import { z } from 'zod';
import type { AccountsDraft, AccountsDraftSummary } from '../../preload/contract-accounts.js';

export const ACCOUNTS_RECORD_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = (max: number) => z.string().max(max);

export const accountsAnswersSchema = z.strictObject({
  directors: z.array(text(200)).max(40),
  approvalDate: z.strictObject({ day: text(10), month: text(10), year: text(10) }),
  signingDirector: text(200),
  averageEmployees: text(20),
  dormant: z.enum(['', 'yes', 'no']),
  principalActivity: text(2000),
  directorsAdvances: z.array(z.strictObject({ director: text(200), conditions: text(2000), broughtForward: text(30), advanced: text(30), repaid: text(30) })).max(100),
  commitments: z.strictObject({ description: text(5000), total: text(30) }),
});

export const accountsRecordSchema = z.strictObject({
  id: z.string(),
  schemaVersion: z.literal(ACCOUNTS_RECORD_VERSION),
  createdAt: z.string(),
  changedAt: z.string(),
  clientId: z.string(),
  companyName: z.string(),
  companyNumber: z.string(),
  periodFrom: isoDate,
  periodTo: isoDate,
  standard: z.enum(['FRS 105', 'FRS 102 1A']),
  trialBalance: z.strictObject({ fileName: z.string(), size: z.number().int().min(0), sha256, addedAt: z.string() }).nullable(),
  mapping: z.record(z.string(), z.string()),
  answers: accountsAnswersSchema,
  lastBuild: z
    .strictObject({
      builtAt: z.string(),
      fileName: z.string(),
      size: z.number().int().min(0),
      sha256,
      profitBeforeTax: z.number(),
      profitLoss: z.number(),
      balanceSheetTotal: z.number(),
      /** What the build was made from: a later change to any of it makes the build out of date. */
      fingerprint: sha256,
    })
    .nullable(),
  attachedTo: z.strictObject({ ct600DraftId: z.string(), attachmentId: z.string(), sha256, attachedAt: z.string() }).nullable(),
});

export type AccountsRecord = z.infer<typeof accountsRecordSchema>;

/** What the build depends on, hashed: the trial balance, the mapping, the standard and the answers. */
export function buildInputOf(record: AccountsRecord): string {
  return JSON.stringify({ tb: record.trialBalance?.sha256 ?? null, mapping: Object.entries(record.mapping).sort(), standard: record.standard, answers: record.answers, company: [record.companyName, record.companyNumber], period: [record.periodFrom, record.periodTo] });
}

export function toAccountsDraft(record: AccountsRecord, fingerprint: (record: AccountsRecord) => string): AccountsDraft {
  const { lastBuild, ...rest } = record;
  return {
    ...rest,
    lastBuild: lastBuild
      ? { builtAt: lastBuild.builtAt, fileName: lastBuild.fileName, size: lastBuild.size, sha256: lastBuild.sha256, profitBeforeTax: lastBuild.profitBeforeTax, profitLoss: lastBuild.profitLoss, balanceSheetTotal: lastBuild.balanceSheetTotal }
      : null,
    changedSinceBuild: lastBuild ? lastBuild.fingerprint !== fingerprint(record) : false,
  };
}

export function summaryOf(draft: AccountsDraft): AccountsDraftSummary {
  const built = draft.lastBuild && !draft.changedSinceBuild;
  const attached = built && draft.attachedTo?.sha256 === draft.lastBuild!.sha256;
  return {
    id: draft.id,
    clientId: draft.clientId,
    companyName: draft.companyName,
    periodFrom: draft.periodFrom,
    periodTo: draft.periodTo,
    standard: draft.standard,
    state: attached ? 'attached' : built ? 'built' : 'in-progress',
    changedAt: draft.changedAt,
  };
}
