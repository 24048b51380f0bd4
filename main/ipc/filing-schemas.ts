/**
 * The shapes the filing channels accept. The password is checked for size
 * only; HMRC judges it. Field rules of the settings live with the settings
 * (main/filing/filing-settings.ts), so the file on disk obeys them too.
 */
import { z } from 'zod';
import { MAX_SECRET_LENGTH, MAX_SETTING_TEXT } from '../../preload/contract.js';
import { filingSettingsSchema } from '../filing/filing-settings.js';
import { TRANSACTION_ID } from '../filing/submission-record.js';
import { DRAFT_ID } from '../store/draft-store.js';

const none = z.undefined({ message: 'takes no request' });
const draftId = z.string({ error: 'must be text' }).regex(DRAFT_ID, 'must be a draft id');
const transactionId = z.string({ error: 'must be text' }).regex(TRANSACTION_ID, 'must be a TransactionID: 32 hex digits, 0–9 and A–F');
const environment = z.enum(['til', 'ets', 'live'], { error: 'must be "til" (Test in Live), "ets" (HMRC’s external test service) or "live"' });
const flag = z.boolean({ error: 'must be true or false' });

export const filingRequestSchemas = {
  'filing.settings.get': none,
  'filing.settings.save': filingSettingsSchema,
  'gateway.credentials.status': none,
  'gateway.credentials.save': z.strictObject({
    userId: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'enter the Government Gateway user ID')
      .max(MAX_SETTING_TEXT, `must be at most ${MAX_SETTING_TEXT} characters`)
      .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain line breaks or control characters'),
    password: z
      .string({ error: 'must be text' })
      .min(1, 'enter the Government Gateway password')
      .max(MAX_SECRET_LENGTH, `must be at most ${MAX_SECRET_LENGTH} characters`),
  }),
  'gateway.credentials.clear': none,
  'filing.preview': z.strictObject({ draftId, environment }),
  'filing.submit': z.strictObject({ draftId, environment, confirmAmendment: flag.optional(), takeOver: flag.optional() }),
  'filing.get': z.strictObject({ transactionId }),
  'filing.list': z.strictObject({ draftId: draftId.optional(), clientId: draftId.optional() }),
  'filing.resume': z.strictObject({ transactionId, sendAgain: flag.optional(), takeOver: flag.optional() }),
  'filing.save': z.strictObject({ transactionId, what: z.enum(['receipt', 'return'], { error: 'must be "receipt" or "return"' }) }),
  'drafts.amend': z.strictObject({ draftId }),
};
