/** The Companies House channels' payloads, checked before a handler runs (register-handlers.ts). */
import { z } from 'zod';

const environment = z.enum(['test', 'live'], { message: 'must be "test" or "live"' });
const id = z.string({ message: 'must be text' }).min(1, 'is required').max(200, 'must be at most 200 characters');
// The codes are judged by the credential store, which names the rule; here only their size is bounded.
const code = z.string({ message: 'must be text' }).max(200, 'must be at most 200 characters');

export const companiesHouseRequestSchemas = {
  'companiesHouse.lastLook': z.strictObject({ accountsDraftId: id, environment }),
  'companiesHouse.file': z.strictObject({ accountsDraftId: id, environment, takeOver: z.boolean({ message: 'must be true or false' }).optional() }),
  'companiesHouse.job': z.strictObject({ jobId: id }),
  'companiesHouse.checkAgain': z.strictObject({ submissionNumber: z.string({ message: 'must be text' }).regex(/^[0-9A-Za-z]{6}$/, 'must be a 6-character submission number') }),
  'companiesHouse.client': z.strictObject({ clientId: id }),
  'companiesHouse.credentials': z.undefined({ message: 'takes no request' }),
  'companiesHouse.savePresenter': z.strictObject({ environment, presenterId: code, presenterCode: code }),
  'companiesHouse.saveAuthCode': z.strictObject({ clientId: id, code }),
};
