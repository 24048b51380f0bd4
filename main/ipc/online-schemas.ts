/**
 * Payload shapes of the Online channels. Settings are checked field by field
 * by the settings store (which names every broken field); here only the
 * outline and the sizes, so nothing huge reaches main's logic.
 */
import { z } from 'zod';
import { MAX_CT600_XML_BYTES, MAX_REPORT_PACKAGE_BYTES, MAX_SECRET_LENGTH, MAX_SETTING_TEXT } from '../../preload/contract.js';
import { onlineSettingsSchema } from '../online/online-settings.js';
import { OUTBOX_ID } from '../outbox/outbox-item.js';
import { JOB_ID } from '../online/job-follower.js';
import { DRAFT_ID } from '../store/draft-store.js';

const none = z.undefined({ message: 'takes no request' });
const draftId = z.string({ error: 'must be text' }).regex(DRAFT_ID, 'must be a draft id');
const secret = (what: string) =>
  z.string({ error: 'must be text' }).min(1, `enter the ${what}`).max(MAX_SECRET_LENGTH, `must be at most ${MAX_SECRET_LENGTH} characters`);
const identity = (what: string) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, `enter the ${what}`)
    .max(MAX_SETTING_TEXT, `must be at most ${MAX_SETTING_TEXT} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain line breaks or control characters');

// A CT600 request with attachments is at most 25 MiB of base64; a package request carries the report and taxonomy files.
const sendRequest = z.record(z.string(), z.unknown(), { error: 'must be an object' });

export const onlineRequestSchemas = {
  'settings.get': none,
  'settings.save': onlineSettingsSchema,
  'settings.testConnection': onlineSettingsSchema,
  'session.status': none,
  'session.signIn': z.strictObject({
    clientId: identity('client id'),
    clientSecret: secret('client secret'),
    username: identity('user name'),
    password: secret('password'),
  }),
  'session.signOut': none,
  'online.status': none,
  'outbox.list': none,
  'outbox.problems': none,
  'outbox.retry': z.strictObject({ id: z.string().regex(OUTBOX_ID, 'must be an outbox request id') }),
  'outbox.cancel': z.strictObject({ id: z.string().regex(OUTBOX_ID, 'must be an outbox request id') }),
  'ct600.sendDraft': z.strictObject({ draftId, request: sendRequest }),
  'package.sendDraft': z.strictObject({ draftId, request: sendRequest }),
  'drafts.serviceResults': z.strictObject({ id: draftId }),
  'jobs.follow': z.strictObject({ id: z.string().trim().regex(JOB_ID, 'must be a validation job id (a UUID such as 3f2c9a4e-…)'), draftId: draftId.nullable() }),
  'jobs.get': z.strictObject({ id: z.string().regex(JOB_ID, 'must be a validation job id') }),
  'jobs.send': z.strictObject({
    draftId: draftId.nullable(),
    file: z.strictObject({
      fileName: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters').refine((n) => !/[/\\\0]/.test(n), 'must be a file name, not a path'),
      bytes: z
        .instanceof(Uint8Array, { message: 'must be the file’s bytes (Uint8Array)' })
        .refine((b) => b.byteLength > 0, 'the file is empty')
        .refine((b) => b.byteLength <= Math.max(MAX_CT600_XML_BYTES, MAX_REPORT_PACKAGE_BYTES), 'is larger than any file the service validates'),
    }),
  }),
};
