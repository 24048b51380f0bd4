/**
 * The integer codes of the build-ct600 request (ct600.md section 3): the
 * schema's own order counting from 0, as code generated from the schema has
 * them. Each table maps code → the schema's word, which the engine also accepts.
 */
export const RETURN_TYPES = ['amended', 'new'] as const;

export const SENDERS = [
  'Individual',
  'Company',
  'Agent',
  'Bureau',
  'Partnership',
  'Trust',
  'Employer',
  'Government',
  'Acting in Capacity',
  'Other',
] as const;

export const CURRENCIES = ['EUR', 'GBP'] as const;

/** Box 4: the code is the box value itself. 11 exists from schema v1.994 on. */
export const COMPANY_TYPES = [
  'UK trading or professional company',
  'unit trust or OEIC',
  'close investment-holding company',
  'company in liquidation',
  'qualifying asset holding company',
  'insurance company',
  "members' club or voluntary association",
  'property management company',
  'charity or company owned by a charity',
  'REIT residual company',
  'REIT tax-exempt company',
  'non-UK-resident company',
] as const;

export const ACCOUNTS_ITEMS = ['ThisPeriodAccounts', 'DifferentPeriod', 'NoAccountsReason'] as const;
export const NO_ACCOUNTS_REASONS = [
  'PoA differs from AP-a/cs with sep rtn',
  'Company in liquidation',
  'Not within charge to CT',
  'Company dormant',
  'Amendment - a/cs already submitted',
  'Other - PDF attached with explanation',
  'PDF accounts attached with explanation',
] as const;

export const COMPUTATIONS_ITEMS = ['ThisPeriodComputations', 'DifferentPeriod', 'NoComputationsReason'] as const;
export const NO_COMPUTATIONS_REASONS = [
  'PoA differs from AP-comp with sep rtn',
  'Company in liquidation',
  'Not within charge to CT',
  'Company dormant',
  'Amendment - comps already submitted',
  'Other - PDF attached with explanation',
] as const;

export const ATTACHMENT_ITEMS = ['Accounts', 'Computation'] as const;

export type ReturnType = (typeof RETURN_TYPES)[number];
export type Sender = (typeof SENDERS)[number];
export type AccountsItem = (typeof ACCOUNTS_ITEMS)[number];
export type NoAccountsReason = (typeof NO_ACCOUNTS_REASONS)[number];
export type ComputationsItem = (typeof COMPUTATIONS_ITEMS)[number];
export type NoComputationsReason = (typeof NO_COMPUTATIONS_REASONS)[number];
export type AttachmentItem = (typeof ATTACHMENT_ITEMS)[number];

/** "0 amended, 1 new": the allowed values, for error messages. */
export function describeCodes(words: readonly string[]): string {
  return words.map((w, i) => `${i} "${w}"`).join(', ');
}
