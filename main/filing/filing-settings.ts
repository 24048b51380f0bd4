/**
 * The filing settings: who this software is to HMRC (vendor ID, product name
 * and version in ChannelRouting), whether live filing is switched on, and a
 * test engine's address (Test in Live and the test service only, never live). One zod schema serves the IPC payload and the file on
 * disk, so a setting Settings could not save can never be read back either.
 */
import { z } from 'zod';
import { MAX_SETTING_TEXT, MAX_URL_LENGTH, type FilingSettings } from '../../preload/contract.js';
import { credentialDestinationProblem } from './protocol-rules.js';

export const DEFAULT_FILING_SETTINGS: FilingSettings = {
  // HMRC issues the vendor ID; until then filing says what is missing.
  vendorId: '',
  productName: 'Filing Desk',
  productVersion: '',
  liveFiling: false,
  endpointOverride: null,
};

const printable = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, `must be at most ${max} characters`)
    .regex(/^[\x20-\x7E]*$/, 'must be printable ASCII characters (letters, digits, spaces and punctuation), as HMRC’s ChannelRouting takes them');

/**
 * The Government Gateway password travels in the message posted to the
 * endpoint, so the override follows the filing's own rule
 * (credentialDestinationProblem): https to HMRC's Transaction Engine hosts,
 * or a test engine on this computer. It is a test-only setting: live always
 * goes to HMRC's own address (environmentFor in draft-filing.ts).
 */
export const endpointProblem = (value: string): string | undefined => credentialDestinationProblem(value);

export const filingSettingsSchema = z.strictObject({
  vendorId: z
    .string({ error: 'must be text' })
    .regex(/^([0-9]{4})?$/, 'must be the 4-digit vendor ID HMRC issued for this software, or empty until it has one'),
  productName: printable(MAX_SETTING_TEXT),
  productVersion: printable(32),
  liveFiling: z.boolean({ error: 'must be true or false' }),
  endpointOverride: z
    .string({ error: 'must be text' })
    .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
    .superRefine((value, ctx) => {
      const problem = endpointProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable(),
}) satisfies z.ZodType<FilingSettings>;
