/**
 * The statutory accounts' part of the IPC contract: an accounts draft for a
 * client and period (the trial balance's bytes, the mapping answers, the
 * directors and approval, the built Inline XBRL), the screens' views of it
 * as main reads them, attaching the built accounts to the CT600 draft for
 * the same period (box 80A), and Save. contract.ts joins these channels into
 * the one map.
 */
import type { Draft, UnreadableDraftFile } from './contract-drafts.js';
import type { FileSaveResponse } from './contract-files.js';
import type { IpcResult } from './contract-ipc.js';

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

// ---------------------------------------------------------------------------
// What the screens show, read by main from the draft

/** One column of the export and what it was read as. */
export interface AccountsColumnRead {
  /** The header as the export has it ("Account Code"). */
  header: string;
  /** code, name, debit, credit (or balance, for a one-column export). */
  readAs: string;
}

export interface AccountsTrialBalanceLine {
  code: string;
  name: string;
  /** Pounds; a line is a debit or a credit. */
  debit: number;
  credit: number;
}

export interface AccountsTrialBalanceView {
  fileName: string;
  sha256: string;
  /** The export recognised, in words ("Xero trial balance export"). */
  format: string;
  columns: AccountsColumnRead[];
  lines: AccountsTrialBalanceLine[];
  totals: { debit: number; credit: number };
  /** Debits less credits: 0 when it balances. */
  difference: number;
  /** The trial balance does not balance, said plainly ("Debits exceed credits by £12.50"), or null. */
  notBalancing: string | null;
}

/** A statutory line a code can be placed on, with its words and its place in the format. */
export interface AccountsLineChoice {
  /** FRC concept local name, with the member in brackets where the taxonomy splits it ("Creditors[AfterOneYear]"). */
  key: string;
  /** Plain English ("Money owed, due after more than a year"). */
  label: string;
  /** The Act's words and format letter ("H. Creditors: amounts falling due after more than one year"). */
  formatWords: string;
  statement: 'balance-sheet' | 'profit-and-loss';
}

export interface AccountsUnplacedCode {
  code: string;
  name: string;
  /** Debit positive, pounds. */
  balance: number;
  /** The line chosen so far, or '' when not yet answered. */
  answer: string;
  /** Answered for this client in an earlier period (kept for next year): shown, not asked again. */
  rememberedForClient: boolean;
}

export interface AccountsMappingView {
  /** Codes the default mapping (Sage UK nominal ledger, Xero default chart) placed. */
  placedByDefault: number;
  /** Codes placed by the firm's answers kept for this client. */
  placedByClientAnswers: number;
  /** Codes the user must place: asked once, with the lines to choose from. */
  unplaced: AccountsUnplacedCode[];
  choices: AccountsLineChoice[];
}

export interface AccountsView {
  draft: AccountsDraft;
  /** The stored trial balance as read, or null when none is kept yet. */
  trialBalance: AccountsTrialBalanceView | null;
  /** Why the stored trial balance could not be read, or null. */
  trialBalanceProblem: string | null;
  /** Null until a trial balance is read. */
  mapping: AccountsMappingView | null;
}

/** One trial balance code's part of a figure. */
export interface AccountsWorking {
  code: string;
  name: string;
  /** As it counts in the figure (pounds). */
  amount: number;
}

export interface AccountsStatementLine {
  key: string;
  /** The Act's words, with the format letter where the format has one ("E. Creditors: amounts falling due within one year"). */
  label: string;
  current: number;
  /** The comparative, when last year's figures are known. */
  previous: number | null;
  /** A subtotal or total (F, G, net assets, profit), ruled off as accounts show them. */
  total: boolean;
  /** The trial balance codes behind the figure (for a total, those of the lines it adds), each with what it contributes. */
  working: AccountsWorking[];
}

export interface AccountsFinding {
  severity: 'error' | 'warning';
  message: string;
  /** The wizard field or step the check is about ("approvalDate", "mapping", "trialBalance"). */
  field?: string;
}

export interface AccountsStatementsView {
  balanceSheet: AccountsStatementLine[];
  profitAndLoss: AccountsStatementLine[];
  /** The engine's checks and the answers' own: errors stop the build. */
  checks: AccountsFinding[];
  /** Last year's accounts the comparatives (each line's previous figure) come from; null when the client has no built draft for the period before. */
  comparatives: AccountsComparativesSource | null;
}

/**
 * The client's accounts draft for the period ending the day before this one
 * starts, built: last year's accounts are built again from it (its trial
 * balance and answers, as kept) to give the comparatives.
 */
export interface AccountsComparativesSource {
  draftId: string;
  periodFrom: string;
  periodTo: string;
  /** Why last year's accounts could not be built from that draft, so this year's are built without comparatives; null when they are used. */
  problem: string | null;
}

/**
 * The built accounts as safe elements for the window to draw: the XHTML's
 * headings, paragraphs and tables with their text, never its markup, scripts,
 * styles or links. The document itself goes to HMRC and Companies House as built.
 */
export type AccountsPreviewNode = string | { tag: AccountsPreviewTag; numeric?: boolean; colSpan?: number; children: AccountsPreviewNode[] };
export type AccountsPreviewTag = 'h1' | 'h2' | 'h3' | 'h4' | 'p' | 'div' | 'section' | 'table' | 'thead' | 'tbody' | 'tfoot' | 'tr' | 'th' | 'td' | 'ul' | 'ol' | 'li' | 'strong' | 'em' | 'br' | 'span';
export const accountsPreviewTags: readonly AccountsPreviewTag[] = ['h1', 'h2', 'h3', 'h4', 'p', 'div', 'section', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'span'];

export interface AccountsPreview {
  fileName: string;
  sha256: string;
  nodes: AccountsPreviewNode[];
}

// ---------------------------------------------------------------------------
// Requests

export interface AccountsCreateRequest {
  clientId: string;
  periodFrom: string;
  periodTo: string;
  standard: AccountsStandard;
}

export interface AccountsIdRequest {
  id: string;
}

export interface AccountsSaveRequest {
  id: string;
  standard: AccountsStandard;
  answers: AccountsAnswers;
}

export interface AccountsSaveResponse {
  changedAt: string;
  changedSinceBuild: boolean;
}

export interface AccountsTrialBalanceRequest {
  id: string;
  fileName: string;
  bytes: Uint8Array;
}

/** Answers for codes the default mapping cannot place: code → line key, or '' to clear one. */
export interface AccountsMappingRequest {
  id: string;
  answers: Record<string, string>;
}

export interface AccountsBuildResponse {
  view: AccountsView;
  statements: AccountsStatementsView;
}

/**
 * Attach the last built accounts to a CT600 draft as its accounts (box 80A):
 * the draft named, or (null) the client's CT600 draft for the same period.
 * The accounts attached before from this draft are replaced, once the new
 * file is attached.
 */
export interface AccountsAttachRequest {
  id: string;
  ct600DraftId: string | null;
  /** Remove accounts attached to the return some other way (a file the user dropped) once these are attached. */
  replaceOtherAccounts: boolean;
}

export type AccountsAttachResponse =
  | { outcome: 'attached'; draft: Draft; attachmentId: string; view: AccountsView }
  /** No CT600 draft of the client covers the period: the window offers to start one. */
  | { outcome: 'no-return' }
  /** The return already has other accounts attached: the window asks before replacing them. Nothing was changed. */
  | { outcome: 'other-accounts'; ct600DraftId: string; title: string; fileNames: string[] };

export interface AccountsChannels {
  'accounts.list': { request: void; response: AccountsDraftList };
  'accounts.create': { request: AccountsCreateRequest; response: AccountsView };
  'accounts.open': { request: AccountsIdRequest; response: AccountsView };
  'accounts.save': { request: AccountsSaveRequest; response: AccountsSaveResponse };
  'accounts.setTrialBalance': { request: AccountsTrialBalanceRequest; response: AccountsView };
  'accounts.answerMapping': { request: AccountsMappingRequest; response: AccountsView };
  'accounts.statements': { request: AccountsIdRequest; response: AccountsStatementsView };
  'accounts.build': { request: AccountsIdRequest; response: AccountsBuildResponse };
  'accounts.preview': { request: AccountsIdRequest; response: AccountsPreview };
  'accounts.attachToReturn': { request: AccountsAttachRequest; response: AccountsAttachResponse };
  'accounts.saveFile': { request: AccountsIdRequest; response: FileSaveResponse };
}

export const accountsChannels = [
  'accounts.list',
  'accounts.create',
  'accounts.open',
  'accounts.save',
  'accounts.setTrialBalance',
  'accounts.answerMapping',
  'accounts.statements',
  'accounts.build',
  'accounts.preview',
  'accounts.attachToReturn',
  'accounts.saveFile',
] as const satisfies ReadonlyArray<keyof AccountsChannels>;

export interface AccountsBridge {
  listAccounts(): Promise<IpcResult<AccountsDraftList>>;
  /** Starts accounts for a client and period; the company's name and number come from the client book. */
  createAccounts(request: AccountsCreateRequest): Promise<IpcResult<AccountsView>>;
  openAccounts(request: AccountsIdRequest): Promise<IpcResult<AccountsView>>;
  saveAccounts(request: AccountsSaveRequest): Promise<IpcResult<AccountsSaveResponse>>;
  /** Keeps a trial balance export with the draft (refused, and the one kept before stays, when it cannot be read). */
  setTrialBalance(request: AccountsTrialBalanceRequest): Promise<IpcResult<AccountsView>>;
  /** Places codes the default mapping cannot; the answers are kept for the client's next period too. */
  answerMapping(request: AccountsMappingRequest): Promise<IpcResult<AccountsView>>;
  accountsStatements(request: AccountsIdRequest): Promise<IpcResult<AccountsStatementsView>>;
  buildAccounts(request: AccountsIdRequest): Promise<IpcResult<AccountsBuildResponse>>;
  previewAccounts(request: AccountsIdRequest): Promise<IpcResult<AccountsPreview>>;
  attachAccountsToReturn(request: AccountsAttachRequest): Promise<IpcResult<AccountsAttachResponse>>;
  saveAccountsFile(request: AccountsIdRequest): Promise<IpcResult<FileSaveResponse>>;
}

export const accountsBridgeChannels = {
  listAccounts: 'accounts.list',
  createAccounts: 'accounts.create',
  openAccounts: 'accounts.open',
  saveAccounts: 'accounts.save',
  setTrialBalance: 'accounts.setTrialBalance',
  answerMapping: 'accounts.answerMapping',
  accountsStatements: 'accounts.statements',
  buildAccounts: 'accounts.build',
  previewAccounts: 'accounts.preview',
  attachAccountsToReturn: 'accounts.attachToReturn',
  saveAccountsFile: 'accounts.saveFile',
} as const satisfies { [M in keyof AccountsBridge]: keyof AccountsChannels };
