/**
 * A statement's layout as data: each line says what it is (format letter,
 * words, FRC concept and member), and either which line keys' codes make it
 * (an item) or which earlier lines it adds or takes away (a subtotal or
 * total). lines.ts turns a layout and the rounded trial balance into figures.
 */
import type { FormatRole, LineKey } from '../types.js';

/** Debit-natured lines (assets, costs) show debit − credit; credit-natured (liabilities, equity, income) credit − debit. */
export type Nature = 'debit' | 'credit';

interface LineSpecBase {
  id: string;
  format: string;
  label: string;
  role: FormatRole;
  concept: string;
  member?: string;
  /** Shown even when nil in both years (the statement's bottom line). */
  alwaysShown?: boolean;
}

export interface ItemSpec extends LineSpecBase {
  kind: 'item';
  nature: Nature;
  keys: readonly LineKey[];
}

export interface SumSpec extends LineSpecBase {
  kind: 'sum';
  /** Earlier lines of the same layout, each added (+1) or taken away (−1). */
  parts: ReadonlyArray<readonly [id: string, sign: 1 | -1]>;
}

export type LineSpec = ItemSpec | SumSpec;

/** Every profit and loss key: their codes close to the profit and loss reserve. */
export const PROFIT_AND_LOSS_KEYS: readonly LineKey[] = [
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
];

/** The profit and loss reserve carried forward: brought forward, plus the period's profit, less dividends. */
export const RESERVES_KEYS: readonly LineKey[] = ['RetainedEarningsAccumulatedLosses', 'DividendsPaid', ...PROFIT_AND_LOSS_KEYS];
