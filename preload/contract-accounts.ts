/**
 * The statutory accounts' part of the IPC contract, the draft itself: an
 * accounts draft for a client and period (the trial balance's bytes, the
 * mapping answers, the directors and approval, the built Inline XBRL and the
 * CT600 draft it is attached to as box 80A). The screens' views of it are in
 * contract-accounts-views.ts, the channels in contract-accounts-channels.ts.
 */
import type { UnreadableDraftFile } from './contract-drafts.js';

const MiB = 1024 * 1024;
/**
 * A trial balance export: a few hundred lines of a few dozen characters; a
 * firm's largest nominal ledger is well under a megabyte. 8 MB leaves room
 * for any real export and refuses a file that is not one before it is read.
 */
export const MAX_TRIAL_BALANCE_BYTES = 8 * MiB;
/** The extensions the Trial balance step takes (Xero, QuickBooks, Sage and FreeAgent all export CSV). */
export const trialBalanceExtensions = ['.csv', '.txt'] as const;

/** Micro-entity accounts (FRS 105) or small company accounts (FRS 102 Section 1A). */
export type AccountsStandard = 'FRS 105' | 'FRS 102 1A';
export const accountsStandards: readonly AccountsStandard[] = ['FRS 105', 'FRS 102 1A'];

/** A date as typed into the day, month and year boxes. */
export interface AccountsDateText {
  day: string;
  month: string;
  year: string;
}

/**
 * The answers the Directors and approval step holds, as typed (text, not yet
 * valid figures), so a reload gives back exactly what was on screen. Main
 * turns them into the engine's request on Check and build, naming each field
 * it refuses by these keys ("approvalDate", "directors.1").
 */
export interface AccountsAnswers {
  /** The directors' names, in the order the balance sheet lists them. */
  directors: string[];
  /** The day the board approved the accounts (CA 2006 s414(1)). */
  approvalDate: AccountsDateText;
  /** The director who signs the balance sheet on the board's behalf (s414(2)); one of `directors`. */
  signingDirector: string;
  /** Average number of persons employed in the period (s411), as typed. */
  averageEmployees: string;
  /** Whether the company was dormant for the whole period (s1169; s480 audit exemption); '' until answered. */
  dormant: '' | 'yes' | 'no';
  /** What the company does (bus:DescriptionPrincipalActivities). */
  principalActivity: string;
  /** Advances and credits to directors (s413), one a row: none when there were none. */
  directorsAdvances: AccountsAdvanceText[];
  /** Financial commitments not in the balance sheet (SI 2008/409 Sch 1 para 57): an empty description when there were none. */
  commitments: { description: string; total: string };
}

/** One advance or credit to a director, as typed (amounts in pounds). */
export interface AccountsAdvanceText {
  director: string;
  /** The main conditions and the interest rate, in words (s413(3)). */
  conditions: string;
  broughtForward: string;
  advanced: string;
  repaid: string;
}

export function emptyAccountsAnswers(): AccountsAnswers {
  return {
    directors: [''],
    approvalDate: { day: '', month: '', year: '' },
    signingDirector: '',
    averageEmployees: '',
    dormant: '',
    principalActivity: '',
    directorsAdvances: [],
    commitments: { description: '', total: '' },
  };
}

/** The trial balance file kept with the draft: its bytes stay in main beside it. */
export interface AccountsTrialBalanceFile {
  fileName: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  addedAt: string;
}

/** The last accounts built from the draft; a failed build never replaces it. */
export interface AccountsBuildRecord {
  builtAt: string;
  /** The suggested file name ("Acme-Ltd-accounts-2025-03-31.xhtml"). */
  fileName: string;
  size: number;
  sha256: string;
  /** Profit or loss before tax for the period (core:ProfitLossOnOrdinaryActivitiesBeforeTax), pounds. */
  profitBeforeTax: number;
  /** Profit or loss for the financial year (core:ProfitLoss), pounds. */
  profitLoss: number;
  /** Total assets (the Companies Act balance sheet total, s382(5)), pounds. */
  balanceSheetTotal: number;
}

/** The CT600 draft the built accounts were attached to as its accounts (box 80A). */
export interface AccountsAttachedReturn {
  ct600DraftId: string;
  attachmentId: string;
  /** The accounts' SHA-256 as attached: another build is a new file to attach. */
  sha256: string;
  attachedAt: string;
}

export interface AccountsDraft {
  id: string;
  schemaVersion: number;
  createdAt: string;
  changedAt: string;
  clientId: string;
  /** As the client book had them when the draft began; the accounts are made out to these. */
  companyName: string;
  companyNumber: string;
  /** The accounts' period (ISO dates). */
  periodFrom: string;
  periodTo: string;
  standard: AccountsStandard;
  trialBalance: AccountsTrialBalanceFile | null;
  /** The answers for codes the default mapping cannot place: code → line key ("Creditors[AfterOneYear]"). */
  mapping: Record<string, string>;
  answers: AccountsAnswers;
  lastBuild: AccountsBuildRecord | null;
  /** Whether the trial balance, mapping or answers changed since lastBuild. */
  changedSinceBuild: boolean;
  attachedTo: AccountsAttachedReturn | null;
}

export interface AccountsDraftSummary {
  id: string;
  clientId: string;
  companyName: string;
  periodFrom: string;
  periodTo: string;
  standard: AccountsStandard;
  /** in-progress; built (lastBuild unchanged since); attached (that build is the CT600 draft's accounts). */
  state: 'in-progress' | 'built' | 'attached';
  changedAt: string;
}

export interface AccountsDraftList {
  /** Most recently changed first. */
  drafts: AccountsDraftSummary[];
  /** Files that could not be read, moved aside, never dropped. */
  unreadable: UnreadableDraftFile[];
}
