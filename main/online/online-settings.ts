/**
 * The Online settings: what they may hold, their defaults, and the rules a
 * saved copy must meet. One zod schema serves the IPC payload, the file on
 * disk and settings.testConnection, so a setting the Settings screen could
 * not save can never be read back from disk either.
 */
import { z } from 'zod';
import { MAX_SETTING_TEXT, MAX_URL_LENGTH, type OnlineSettings } from '../../preload/contract.js';
import { serviceUrlProblem } from '../service/remote/settings.js';

export const DEFAULT_ONLINE_SETTINGS: OnlineSettings = {
  baseUrl: '',
  authUrl: '',
  apiVersion: '1.0',
  identification: { applicationName: 'Filing Desk', partnerName: '', partnerId: '', customerName: '', customerId: '' },
  govTalk: { vendorId: '0000', productVersion: '', gatewayTest: false, testInLive: false },
  includeHash: false,
  workOffline: false,
};

// Sent as HTTP header values: printable text only, so no setting can split a
// header or smuggle another one in with a line break.
const headerText = z
  .string({ error: 'must be text' })
  .max(MAX_SETTING_TEXT, `must be at most ${MAX_SETTING_TEXT} characters`)
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain line breaks or control characters');

// '' means "not set up yet": the app then works offline until it is.
const serviceUrl = z
  .string({ error: 'must be text' })
  .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .superRefine((value, ctx) => {
    if (value === '') return;
    const problem = serviceUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (/[?#]/.test(value)) ctx.addIssue({ code: 'custom', message: 'must be the service’s address without a query or fragment' });
  });

const flag = z.boolean({ error: 'must be true or false' });

export const onlineSettingsSchema = z
  .strictObject({
    baseUrl: serviceUrl,
    authUrl: serviceUrl,
    apiVersion: z
      .string({ error: 'must be text' })
      .regex(/^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$/, 'must be a version number such as 1.0'),
    identification: z.strictObject({
      applicationName: headerText,
      partnerName: headerText,
      partnerId: headerText,
      customerName: headerText,
      customerId: headerText,
    }),
    govTalk: z.strictObject({
      vendorId: z.string({ error: 'must be text' }).regex(/^[0-9]{4}$/, "must be HMRC's 4-digit vendor id for this software"),
      productVersion: z
        .string({ error: 'must be text' })
        .max(32, 'must be at most 32 characters')
        .regex(/^[\x20-\x7E]*$/, 'must be printable ASCII characters (letters, digits, spaces and punctuation)'),
      gatewayTest: flag,
      testInLive: flag,
    }),
    includeHash: flag,
    workOffline: flag,
  })
  .superRefine((s, ctx) => {
    // One without the other cannot sign in, and a half-set-up service would
    // fail every queued request instead of keeping them for later.
    if ((s.baseUrl === '') !== (s.authUrl === '')) {
      const missing = s.baseUrl === '' ? 'baseUrl' : 'authUrl';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other service address is set' });
    }
  }) satisfies z.ZodType<OnlineSettings>;

/** Whether the settings name a service at all. */
export const isConfigured = (s: OnlineSettings) => s.baseUrl !== '' && s.authUrl !== '';

/** The service's address without a trailing slash, as the client uses it. */
export const serviceAddress = (s: OnlineSettings) => s.baseUrl.replace(/\/+$/, '');
