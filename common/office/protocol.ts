/**
 * What a desk and the office server say to each other, in one place: the
 * office server checks every request against these schemas and the desk
 * checks every reply, so neither side can drift from the other. Paths are
 * under OFFICE_API; every request but signing in carries
 * `Authorization: Bearer <session token>`.
 *
 * The model: every shared thing (a client, a CT600 draft, an accounts draft)
 * is a record of a kind and an id with a version. A desk changes a record
 * locally first and later pushes the change against the version it started
 * from (`baseVersion`, 0 for a record the office has never had). The office
 * applies it only when that is still the current version, giving it the next
 * version and the next number of the office's change sequence (`seq`);
 * otherwise it answers with a conflict carrying its own version, and the
 * desk keeps both until the user chooses. Desks pull by the change sequence.
 * A push is idempotent by its `changeId`: the same change pushed twice
 * (after the office died mid-push, say) is applied once and answered alike.
 */
import { z } from 'zod';

export const OFFICE_API = '/office/v1';

/** The kinds of record desks share through the office. */
export const OFFICE_RECORD_KINDS = ['client', 'draft', 'accounts'] as const;
export type OfficeRecordKind = (typeof OFFICE_RECORD_KINDS)[number];

export const officeRecordKind = z.enum(OFFICE_RECORD_KINDS);
/** A record's id as the desks' stores make them (UUIDs, or a store's own safe names). */
export const officeRecordId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'letters, digits, dot, dash or underscore, at most 128');
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits (SHA-256)');
/** An office user's name: what they sign in with and what the audit trail shows. */
export const officeUserName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, 'letters, digits, dot, dash, underscore or @, at most 64, starting with a letter or digit');
/** A desk's name as its user gave it (the computer's name by default), shown to other desks. */
export const deskName = z.string().min(1).max(100);

/** The most changes one push carries, and the most a pull returns. */
export const MAX_PUSH_CHANGES = 500;
export const MAX_PULL_CHANGES = 1000;
/** The most an attachment may be (the largest file a draft may hold). */
export const MAX_OFFICE_ATTACHMENT_BYTES = 100 * 1024 * 1024;

/** POST /sessions: sign in; the token is the bearer of every other request until it expires. */
export const signInRequest = z.strictObject({ user: officeUserName, password: z.string().min(1).max(1024), desk: deskName });
export const officeUser = z.object({ name: officeUserName, admin: z.boolean() });
export const signInReply = z.object({ token: z.string().min(32), expiresAt: z.string(), user: officeUser });
export type SignInReply = z.infer<typeof signInReply>;

/** A record as the office holds it now, or as one version of it was. */
export const officeRecord = z.object({
  kind: officeRecordKind,
  id: officeRecordId,
  version: z.number().int().min(1),
  seq: z.number().int().min(1),
  /** The record's JSON as the desk's store keeps it; null when deleted. */
  body: z.unknown(),
  deleted: z.boolean(),
  /** The SHA-256 of each file the record refers to; fetched with GET /attachments/<sha256>. */
  attachments: z.array(sha256Hex),
  changedBy: officeUserName,
  changedOn: deskName,
  changedAt: z.string(),
});
export type OfficeRecord = z.infer<typeof officeRecord>;

/** POST /push */
export const pushChange = z.strictObject({
  changeId: z.uuid(),
  kind: officeRecordKind,
  id: officeRecordId,
  /** The version this change was made from; 0 for a record new to the office. */
  baseVersion: z.number().int().min(0),
  body: z.unknown(),
  deleted: z.boolean(),
  /** Files the record refers to: each must be on the office (PUT /attachments/<sha256>) before the change is applied. */
  attachments: z.array(sha256Hex).max(1000),
});
export type PushChange = z.infer<typeof pushChange>;
export const pushRequest = z.strictObject({ changes: z.array(pushChange).min(1).max(MAX_PUSH_CHANGES) });
export const pushResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), changeId: z.uuid(), version: z.number().int().min(1), seq: z.number().int().min(1) }),
  /** The record moved on since baseVersion: the office's version, for the desk to keep beside its own. */
  z.object({ status: z.literal('conflict'), changeId: z.uuid(), theirs: officeRecord }),
  /** Files named in `attachments` that the office does not have: nothing was applied. */
  z.object({ status: z.literal('missing-attachments'), changeId: z.uuid(), missing: z.array(sha256Hex) }),
]);
export type PushResult = z.infer<typeof pushResult>;
export const pushReply = z.object({ results: z.array(pushResult) });

/** GET /changes?after=<seq>&limit=<n>: the records changed after `after`, in the order of the change sequence. */
export const changesReply = z.object({ changes: z.array(officeRecord), last: z.number().int().min(0), more: z.boolean() });
export type ChangesReply = z.infer<typeof changesReply>;

/** POST /attachments/missing: which of these files the office lacks. PUT /attachments/<sha256> (octet-stream) stores one, checked against its hash. */
export const missingAttachmentsRequest = z.strictObject({ sha256: z.array(sha256Hex).max(5000) });
export const missingAttachmentsReply = z.object({ missing: z.array(sha256Hex) });

/**
 * POST /claims: the right to file one return (HMRC) or one set of accounts
 * (Companies House), taken in one transaction with the office's submission
 * record, so two desks can never both send. A claim stays until released.
 */
export const filingClaimRequest = z.strictObject({
  /** The same key the desk's own claim goes by (environment, UTR or company number, period). */
  returnKey: z.string().min(1).max(300),
  kind: z.enum(['ct600', 'accounts']),
  /** What is being filed, in words, for other desks to be told. */
  describe: z.string().min(1).max(300),
  /** Take the claim from another desk (the user's deliberate choice, as for a desk's own claim). */
  takeOver: z.boolean(),
});
export type FilingClaimRequest = z.infer<typeof filingClaimRequest>;
export const claimHolder = z.object({ user: officeUserName, desk: deskName, since: z.string() });
export const filingClaimReply = z.discriminatedUnion('status', [
  z.object({ status: z.literal('claimed'), claimId: z.uuid() }),
  z.object({ status: z.literal('held'), holder: claimHolder }),
  /** Already accepted: filing it again would file twice. */
  z.object({ status: z.literal('filed'), by: claimHolder, reference: z.string().nullable() }),
]);
export type FilingClaimReply = z.infer<typeof filingClaimReply>;

/** POST /claims/release: the filing's outcome; an accepted one keeps the return closed to every desk. */
export const filingReleaseRequest = z.strictObject({
  claimId: z.uuid(),
  outcome: z.enum(['accepted', 'rejected', 'not-sent', 'not-finished']),
  /** HMRC's correlation ID or Companies House's submission number, when there is one. */
  reference: z.string().max(100).nullable(),
});
export type FilingReleaseRequest = z.infer<typeof filingReleaseRequest>;

/** The highest count a Companies House submission number can carry (FDZZZZ: four base-36 digits, gateway-rules.ts). */
export const MAX_OFFICE_SUBMISSION_COUNT = 36 ** 4 - 1;

/**
 * POST /submission-numbers: a submission number for a presenter that no desk
 * of the office has taken before, and at least `atLeast` (one past the
 * highest this desk's data folder holds). Counts, not the numbers' letters.
 */
export const submissionNumberRequest = z.strictObject({
  /** The desk's slow hash of the presenter ID (submission-numbers.ts presenterKey): never the ID itself. */
  presenterKey: z.string().regex(/^[0-9a-f]{32}$/, '32 lower-case hex digits (the presenter\'s key, never the presenter ID)'),
  atLeast: z.number().int().min(1).max(MAX_OFFICE_SUBMISSION_COUNT),
  /** What the number is for (company and period), for the office's record. */
  for: z.string().min(1).max(300),
});
export type SubmissionNumberRequest = z.infer<typeof submissionNumberRequest>;
export const submissionNumberReply = z.object({ count: z.number().int().min(1).max(MAX_OFFICE_SUBMISSION_COUNT) });

/** POST /editing: this desk has a record open (or closed it); GET /editing: who has what open. Entries lapse after EDITING_LAPSE_SECONDS without a heartbeat. */
export const EDITING_LAPSE_SECONDS = 90;
export const editingRequest = z.strictObject({ kind: officeRecordKind, id: officeRecordId, open: z.boolean() });
export const editingEntry = z.object({ kind: officeRecordKind, id: officeRecordId, user: officeUserName, desk: deskName, since: z.string() });
export const editingReply = z.object({ editing: z.array(editingEntry) });

/** GET/POST /users, DELETE /users/<name>: admins only. */
export const addUserRequest = z.strictObject({ name: officeUserName, password: z.string().min(12, 'at least 12 characters').max(1024), admin: z.boolean() });
export const usersReply = z.object({ users: z.array(officeUser.extend({ createdAt: z.string() })) });

/** GET /audit?after=<n>&limit=<n>: every change, sign-in, claim and user change, with who and when. Admins only. */
export const auditEntry = z.object({
  n: z.number().int().min(1),
  at: z.string(),
  user: z.string(),
  desk: z.string().nullable(),
  action: z.string(),
  kind: z.string().nullable(),
  id: z.string().nullable(),
  detail: z.unknown(),
});
export const auditReply = z.object({ entries: z.array(auditEntry), more: z.boolean() });

/** Every refusal: a code, a sentence, and the fields at fault (`changes[3].body`) with the rule each broke. */
export const officeErrorBody = z.object({
  error: z.object({
    code: z.enum(['invalid', 'unauthorised', 'forbidden', 'not-found', 'conflict', 'too-large', 'too-many', 'unavailable', 'internal']),
    message: z.string(),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
export type OfficeErrorBody = z.infer<typeof officeErrorBody>;
