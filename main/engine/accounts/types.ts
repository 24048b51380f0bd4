/**
 * The statutory accounts model: what the trial balance readers produce, what
 * the accounts engine takes and builds, what the Inline XBRL writer tags and
 * what the Accounts window shows. Free of Electron and of any file format.
 *
 * Money rules, everywhere in this model:
 * - the trial balance and every working figure are in PENCE, as integers;
 * - the statements show WHOLE POUNDS, as integers (the rounding rule is in
 *   statements/rounding.ts, so the balance sheet still balances);
 * - no floats: an amount that is not a safe integer is refused.
 *
 * Lines are named by FRC taxonomy concept local names (the 2026 FRS-102 entry
 * point; names and balances checked against the FRC 2014 suite, see
 * shared/docs/accounts.md §3), with the dimension member in brackets where the
 * taxonomy splits the line: `Creditors[AfterOneYear]`; `Creditors` alone means
 * within one year.
 */

/** Whole pence, an integer. */
export type Pence = number;
/** Whole pounds, an integer (what the statements show). */
export type Pounds = number;
/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string;

// ---------------------------------------------------------------------------
// Trial balance

export interface TrialBalanceLine {
  /** The nominal ledger code, e.g. Sage "0050" or Xero "200". */
  code: string;
  name: string;
  /** Pence, integer, not negative. A line has a debit or a credit (or both nil). */
  debit: Pence;
  credit: Pence;
}

export interface TrialBalance {
  lines: TrialBalanceLine[];
  /** How the file was read: its format (e.g. "Xero trial balance") and which column gave each field. */
  source?: { format: string; columns: Record<string, string> };
}

// ---------------------------------------------------------------------------
// Mapping: trial balance code -> statutory line

/**
 * Every line key the engine places. Each is an FRC concept local name, with
 * the member in brackets where the taxonomy splits the line by a dimension.
 * Keys that are not concepts themselves are tagged as real filings tag them:
 * `CalledUpShareCapital` is `Equity[ShareCapital]`, `RetainedEarningsAccumulatedLosses`
 * (the balance brought forward) is `Equity[RetainedEarningsAccumulatedLosses]`.
 */
export const LINE_KEYS = [
  // Profit and loss account
  'TurnoverRevenue',
  'CostSales',
  'OtherOperatingIncomeFormat1',
  'OtherOperatingIncomeFormat2',
  'DistributionCosts',
  'AdministrativeExpenses',
  'RawMaterialsConsumablesUsed',
  'StaffCostsEmployeeBenefitsExpense',
  'DepreciationAmortisationImpairmentExpense',
  'OtherOperatingExpensesFormat2',
  'OtherInterestReceivableSimilarIncomeFinanceIncome',
  'InterestPayableSimilarChargesFinanceCosts',
  'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
  // Balance sheet: assets
  'CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset',
  'FixedAssets',
  'IntangibleAssets',
  'PropertyPlantEquipment',
  'InvestmentsFixedAssets',
  'TotalInventories',
  'Debtors',
  'Debtors[WithinOneYear]',
  'Debtors[AfterOneYear]',
  'CurrentAssetInvestments',
  'CashBankOnHand',
  'PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal',
  // Balance sheet: liabilities
  'Creditors',
  'Creditors[WithinOneYear]',
  'Creditors[AfterOneYear]',
  /** Always within one year (a small company pays 9 months and a day after its period, TMA 1970 s59D), whatever a ledger's report layout says. */
  'CorporationTaxPayable',
  'ProvisionsForLiabilitiesBalanceSheetSubtotal',
  'AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal',
  // Capital and reserves
  'CalledUpShareCapital',
  'Equity[SharePremium]',
  'Equity[RevaluationReserve]',
  'Equity[OtherReservesSubtotal]',
  /** The profit and loss reserve brought forward (the trial balance before the year's profit is closed to it). */
  'RetainedEarningsAccumulatedLosses',
  /** Dividends paid in the period: taken from reserves, not from profit. */
  'DividendsPaid',
] as const;

export type LineKey = (typeof LINE_KEYS)[number];

/** Trial balance code -> line key. Complete when every code of the trial balance is placed. */
export type Mapping = Record<string, LineKey>;

export function isLineKey(value: string): value is LineKey {
  return (LINE_KEYS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------
// The request

export type AccountsStandard = 'FRS 105' | 'FRS 102 1A';

export interface DirectorAdvance {
  director: string;
  /** Main conditions and the interest rate, in words (s413(3)). */
  conditions: string;
  /** Pence. */
  broughtForward: Pence;
  advanced: Pence;
  repaid: Pence;
  writtenOff?: Pence;
}

export interface DirectorGuarantee {
  director: string;
  /** Main terms (s413(4)). */
  terms: string;
  /** Pence: the amount of the maximum liability. */
  maximumLiability?: Pence;
}

export interface FinancialCommitments {
  description: string;
  /** Pence, the total not in the balance sheet. */
  total: Pence;
  /** Pence, of which pension commitments (shown separately). */
  pensions?: Pence;
  /** Pence, of which commitments to group undertakings (shown separately). */
  group?: Pence;
  /** Pence, capital commitments (contracted, not provided). */
  capital?: Pence;
}

export interface Contingencies {
  description: string;
  /** Pence. */
  amount: Pence;
}

export interface AccountsRequestNotes {
  /** Advances and credits to directors (s413); none given = none. */
  advancesToDirectors?: DirectorAdvance[];
  /** Guarantees entered into on directors' behalf (s413). */
  guaranteesForDirectors?: DirectorGuarantee[];
  financialCommitments?: FinancialCommitments;
  contingencies?: Contingencies;
  /** FRS 102 1A only: the accounting policies in the firm's words; a basis-of-preparation note is written when absent. */
  accountingPolicies?: string;
}

/** What the engine takes once the files are read. */
export interface AccountsRequest {
  company: { name: string; number: string };
  period: { from: IsoDate; to: IsoDate };
  standard: AccountsStandard;
  trialBalance: TrialBalance;
  /** Complete: every code of the trial balance placed (the reader fills gaps from the default mapping). */
  mapping: Mapping;
  /** Last year's built accounts: the comparatives. */
  comparatives?: Accounts;
  directors: string[];
  approval: { date: IsoDate; director: string };
  averageEmployees: number;
  dormant: boolean;
  principalActivity?: string;
  notes?: AccountsRequestNotes;
  /** Deliver the profit and loss account to Companies House (default true; false = filleted copy, s444(5A)). */
  deliverProfitAndLossToCompaniesHouse?: boolean;
}

// ---------------------------------------------------------------------------
// The built accounts

/** One trial balance code's part in a figure. */
export interface WorkingItem {
  code: string;
  name: string;
  /** The code's balance in the line's own direction (assets and costs: debit − credit; liabilities, equity and income: credit − debit). */
  pence: Pence;
  /** The whole pounds this code contributes after rounding (statements/rounding.ts). */
  pounds: Pounds;
}

export type FormatRole = 'item' | 'subitem' | 'subtotal' | 'total';

/** A line of the balance sheet or the profit and loss account, in presentation order. */
export interface StatementLine {
  /** Stable id within its statement: the line key for items, e.g. 'NetCurrentAssetsLiabilities' for totals. */
  id: string;
  /** The format's letter or numeral ("B", "C.II", "K.V", "H"), '' for lines the format does not letter. */
  format: string;
  /** The words the accounts show. */
  label: string;
  role: FormatRole;
  /** The FRC concept local name the figure is tagged with, and its dimension member if any. */
  concept: string;
  member?: string;
  /** Whole pounds in the line's own direction: a liability or a cost shown positive; a net liability or loss negative. */
  current: Pounds;
  /** Whole pounds for the previous period, when there are comparatives. */
  previous?: Pounds;
  /** Which trial balance codes make the current figure, and how much each. */
  working: WorkingItem[];
}

export interface FigurePair {
  current: Pounds;
  previous?: Pounds;
}

export interface AccountsTotals {
  netCurrentAssets: FigurePair;
  totalAssetsLessCurrentLiabilities: FigurePair;
  netAssets: FigurePair;
  capitalAndReserves: FigurePair;
  profitLossBeforeTax: FigurePair;
  profitLoss: FigurePair;
  /** Gross assets: the sum of the amounts shown as assets (s382(5)), for the size tests. */
  balanceSheetTotal: FigurePair;
  turnover: FigurePair;
}

/** The profit and loss reserve's movement: the profit closed to reserves. */
export interface ReservesMovement {
  broughtForward: FigurePair;
  profitLoss: FigurePair;
  dividends: FigurePair;
  carriedForward: FigurePair;
}

export interface AccountsNote {
  id: 'averageEmployees' | 'advancesToDirectors' | 'guaranteesForDirectors' | 'financialCommitments' | 'contingencies' | 'accountingPolicies' | 'tangibleFixedAssets' | 'intangibleAssets' | 'debtors' | 'creditors' | 'statutoryInformation';
  title: string;
  /** The words of the note, paragraph by paragraph. */
  paragraphs: string[];
  /** Why it is there. */
  law: string;
}

export type StatementId =
  | 'section477'
  | 'section476'
  | 'directorsResponsibilities'
  | 'microEntityProvisions'
  | 'smallCompaniesRegime'
  | 'deliveredSmallCompaniesRegime'
  | 'profitAndLossNotDelivered'
  | 'section480';

/** A statement the balance sheet must carry above the director's signature. */
export interface RequiredStatement {
  id: StatementId;
  /** The section that asks for it, e.g. "CA 2006 s475(2), s477". */
  law: string;
  text: string;
  /** The FRC `direp` concept that tags it (micro provisions and delivery share one concept). */
  concept: string;
  /** 'all': both copies; 'filing': only the copy delivered to Companies House. */
  copy: 'all' | 'filing';
}

/** One figure for the Inline XBRL writer. */
export interface AccountsFact {
  /** The FRC schema the concept is declared in. */
  schema: 'core' | 'bus' | 'direp';
  concept: string;
  /** The explicit dimension and its member, both local names in `core` (e.g. MaturitiesOrExpirationPeriodsDimension / AfterOneYear). */
  dimension?: string;
  member?: string;
  period: 'current' | 'previous';
  periodType: 'instant' | 'duration';
  /** Whole pounds (unit GBP) or, for pure numbers (employees), the number. Negative = tag with sign="-". */
  value: number;
  unit: 'GBP' | 'pure';
}

/** A check the engine made that passed, or a warning that does not stop the build. */
export interface AccountsCheck {
  rule: string;
  level: 'passed' | 'warning';
  message: string;
}

export interface Accounts {
  company: { name: string; number: string };
  period: { from: IsoDate; to: IsoDate };
  previousPeriod?: { from: IsoDate; to: IsoDate };
  standard: AccountsStandard;
  dormant: boolean;
  directors: string[];
  approval: { date: IsoDate; director: string };
  averageEmployees: FigurePair;
  principalActivity?: string;
  deliverProfitAndLossToCompaniesHouse: boolean;
  /** 'Format 1' for the balance sheet; the profit and loss account's format ('micro' for FRS 105). */
  formats: { balanceSheet: 'Format 1'; profitAndLoss: 'micro' | 'Format 1' | 'Format 2' };
  balanceSheet: StatementLine[];
  profitAndLoss: StatementLine[];
  totals: AccountsTotals;
  reserves: ReservesMovement;
  notes: AccountsNote[];
  statements: RequiredStatement[];
  facts: AccountsFact[];
  checks: AccountsCheck[];
  /** The trial balance and mapping the figures came from (kept so next year's comparatives can be checked in pence). */
  trialBalance: TrialBalance;
  mapping: Mapping;
}

/** A rule the request breaks: the build stops and nothing is written. */
export interface AccountsProblem {
  /** Dotted path into the request, e.g. "trialBalance", "mapping.2320", "approval.date". */
  field: string;
  /** Short rule name, e.g. "trial-balance-balances". */
  rule: string;
  message: string;
}

export type AccountsResult = { ok: true; accounts: Accounts } | { ok: false; problems: AccountsProblem[] };
