/**
 * Payload shapes of the office channels, checked in main before the desk
 * service sees them. Each message reads after the field's label in the
 * window ("Office address must start with https://…"), so the panel can put
 * it beside the field and in the error summary with the same words.
 */
import { z } from 'zod';
import { OFFICE_RECORD_KINDS, officeRecordId, officeUserName } from '../../common/office/protocol.js';
import { MAX_SECRET_LENGTH } from '../../preload/contract.js';
import { normaliseFingerprint } from '../office/office-settings.js';

const none = z.undefined({ message: 'takes no request' });

/** https for an office anywhere; http only reaches an office on this computer, which the desk service checks with the address's host. */
const officeAddress = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is missing: enter the address your office administrator gave you, such as https://office.example.co.uk')
  .max(2000, 'must be at most 2000 characters')
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'must start with https:// (or http:// for an office on this computer), such as https://office.example.co.uk');

const userName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is missing: enter the user name your office administrator set up for you')
  .refine((v) => officeUserName.safeParse(v).success, 'must be letters, digits, dots, dashes, underscores or @, at most 64, starting with a letter or digit');

const password = z
  .string({ error: 'must be text' })
  .min(1, 'is missing: enter your office password')
  .max(Math.min(MAX_SECRET_LENGTH, 1024), `must be at most ${Math.min(MAX_SECRET_LENGTH, 1024)} characters`);

const deskName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is missing: name this computer so others can tell it apart, such as RECEPTION-PC')
  .max(100, 'must be at most 100 characters')
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain line breaks or control characters');

/** The SHA-256 the confirmation step showed (any case, colons or spaces as people pass it on). */
const fingerprint = z
  .string({ error: 'must be text' })
  .max(200, 'must be at most 200 characters')
  .refine((v) => normaliseFingerprint(v) !== undefined, 'must be the certificate fingerprint the confirmation step showed (32 pairs of hex digits, such as AB:CD:…)');

const kind = z.enum(OFFICE_RECORD_KINDS, { message: 'must be "client", "draft" or "accounts"' });
const recordId = z.string({ error: 'must be text' }).refine((v) => officeRecordId.safeParse(v).success, 'must be a record id: letters, digits, dot, dash or underscore, at most 128');

export const officeRequestSchemas = {
  'office.status': none,
  'office.join': z.strictObject({ url: officeAddress, user: userName, password, desk: deskName, confirmedFingerprint: fingerprint.optional() }),
  'office.leave': none,
  'office.sync': none,
  'office.resolve': z.strictObject({ kind, id: recordId, keep: z.enum(['mine', 'theirs'], { message: 'must be "mine" or "theirs"' }) }),
  'office.editing': z.strictObject({ kind, id: recordId, open: z.boolean({ message: 'must be true or false' }) }),
};
