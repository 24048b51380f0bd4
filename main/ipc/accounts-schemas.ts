/**
 * Payload shapes of the Accounts channels, checked in main before anything
 * runs: ids, ISO dates, the answers' outline and sizes, and a trial balance
 * export's size. The answers' own rules (a real approval date, a whole number
 * of employees) are named by field when the accounts are checked and built.
 */
import { z } from 'zod';
import { MAX_TRIAL_BALANCE_BYTES, trialBalanceExtensions } from '../../preload/contract-accounts.js';
import { accountsAnswersSchema } from '../store/accounts-record.js';
import { DRAFT_ID } from '../store/draft-store.js';
import { limitText, sizeText } from '../engine/payload-limits.js';

const none = z.undefined({ message: 'takes no request' });
const id = z.string({ message: 'must be an id' }).regex(DRAFT_ID, 'is not a valid id');
const standard = z.enum(['FRS 105', 'FRS 102 1A'], { message: 'must be "FRS 105" or "FRS 102 1A"' });
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isoDate = z
  .string({ message: 'must be a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    return m >= 1 && m <= 12 && day >= 1 && day <= (m === 2 && !leap ? 28 : DAYS[m - 1]!);
  }, 'is not a real date');
const fileName = z
  .string({ message: 'must be text' })
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((name) => !/[/\\\0]/.test(name), 'must be a file name, not a path')
  .refine((name) => trialBalanceExtensions.some((ext) => name.toLowerCase().endsWith(ext)), `must end in ${trialBalanceExtensions.join(' or ')}: export the trial balance as CSV`);
const bytes = z
  .instanceof(Uint8Array, { message: 'must be the file’s bytes (Uint8Array)' })
  .refine((b) => b.byteLength > 0, 'the file is empty')
  .refine((b) => b.byteLength <= MAX_TRIAL_BALANCE_BYTES, { error: (issue) => `the file is ${sizeText((issue.input as Uint8Array).byteLength)}; a trial balance export may be at most ${limitText(MAX_TRIAL_BALANCE_BYTES)}` });
/** A nominal code as exports write them; a line key as the engine names lines. */
const code = z.string().min(1).max(64);
const lineKey = z.string({ message: 'must be a line key' }).max(120, 'must be at most 120 characters');

export const accountsRequestSchemas = {
  'accounts.list': none,
  'accounts.create': z
    .strictObject({ clientId: id, periodFrom: isoDate, periodTo: isoDate, standard })
    .refine((r) => r.periodFrom <= r.periodTo, { path: ['periodTo'], message: 'must not be before periodFrom' }),
  'accounts.open': z.strictObject({ id }),
  'accounts.save': z.strictObject({ id, standard, answers: accountsAnswersSchema }),
  'accounts.setTrialBalance': z.strictObject({ id, fileName, bytes }),
  'accounts.answerMapping': z.strictObject({
    id,
    answers: z.record(code, lineKey).refine((r) => Object.keys(r).length <= 5000, 'must hold at most 5000 codes'),
  }),
  'accounts.statements': z.strictObject({ id }),
  'accounts.build': z.strictObject({ id }),
  'accounts.preview': z.strictObject({ id }),
  'accounts.attachToReturn': z.strictObject({ id, ct600DraftId: id.nullable(), replaceOtherAccounts: z.boolean({ message: 'must be true or false' }) }),
  'accounts.saveFile': z.strictObject({ id }),
};
