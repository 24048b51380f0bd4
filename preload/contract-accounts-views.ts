/**
 * What the Accounts wizard's screens show, as main reads them from an
 * accounts draft: the trial balance as read, the codes to place, the
 * statements with each figure's working and where the comparatives come
 * from, and the preview of the built accounts. Apart from the channels
 * (contract-accounts.ts), since these change with the screens.
 */
import type { AccountsDraft } from './contract-accounts.js';

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
