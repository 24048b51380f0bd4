/**
 * The profit and loss account: the micro-entity format of SI 2008/409 Sch 1
 * Section C (lines A–H), and the small company formats of Section B: Format 1
 * (by function) and Format 2 (by nature), numbered as the Schedule numbers
 * them. Profit before tax and operating profit are not format items (no
 * number); they are shown because every small company filing seen shows them,
 * and FRS 102 1A.
 *
 * A micro-entity's accounts fold the small company lines into the micro
 * lines: cost of sales into C, distribution and administrative expenses and
 * interest payable into F (other charges), interest receivable into B (other
 * income). Format 1 has no depreciation line: depreciation is an
 * administrative expense there (the usual function for a small company's
 * office and vehicles).
 */
import type { LineKey } from '../types.js';
import type { LineSpec } from './layout.js';

export const MICRO_PROFIT_AND_LOSS: readonly LineSpec[] = [
  { kind: 'item', id: 'TurnoverRevenue', format: 'A', label: 'Turnover', role: 'item', concept: 'TurnoverRevenue', nature: 'credit', keys: ['TurnoverRevenue'] },
  {
    kind: 'item', id: 'OtherOperatingIncomeFormat2', format: 'B', label: 'Other income', role: 'item', concept: 'OtherOperatingIncomeFormat2', nature: 'credit',
    keys: ['OtherOperatingIncomeFormat1', 'OtherOperatingIncomeFormat2', 'OtherInterestReceivableSimilarIncomeFinanceIncome'],
  },
  {
    kind: 'item', id: 'RawMaterialsConsumablesUsed', format: 'C', label: 'Cost of raw materials and consumables', role: 'item', concept: 'RawMaterialsConsumablesUsed', nature: 'debit',
    keys: ['RawMaterialsConsumablesUsed', 'CostSales'],
  },
  { kind: 'item', id: 'StaffCostsEmployeeBenefitsExpense', format: 'D', label: 'Staff costs', role: 'item', concept: 'StaffCostsEmployeeBenefitsExpense', nature: 'debit', keys: ['StaffCostsEmployeeBenefitsExpense'] },
  {
    kind: 'item', id: 'DepreciationAmortisationImpairmentExpense', format: 'E', label: 'Depreciation and other amounts written off assets', role: 'item',
    concept: 'DepreciationAmortisationImpairmentExpense', nature: 'debit', keys: ['DepreciationAmortisationImpairmentExpense'],
  },
  {
    kind: 'item', id: 'OtherOperatingExpensesFormat2', format: 'F', label: 'Other charges', role: 'item', concept: 'OtherOperatingExpensesFormat2', nature: 'debit',
    keys: ['OtherOperatingExpensesFormat2', 'AdministrativeExpenses', 'DistributionCosts', 'InterestPayableSimilarChargesFinanceCosts'],
  },
  {
    kind: 'item', id: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', format: 'G', label: 'Tax', role: 'item', concept: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', nature: 'debit',
    keys: ['TaxTaxCreditOnProfitOrLossOnOrdinaryActivities'],
  },
  {
    kind: 'sum', id: 'ProfitLoss', format: 'H', label: 'Profit (loss)', role: 'total', concept: 'ProfitLoss', alwaysShown: true,
    parts: [
      ['TurnoverRevenue', 1], ['OtherOperatingIncomeFormat2', 1], ['RawMaterialsConsumablesUsed', -1], ['StaffCostsEmployeeBenefitsExpense', -1],
      ['DepreciationAmortisationImpairmentExpense', -1], ['OtherOperatingExpensesFormat2', -1], ['TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', -1],
    ],
  },
];

/** Interest, profit before tax, tax and the profit for the year: the same in both small formats bar their numbers. */
function smallTail(operating: string, numbers: { receivable: string; payable: string; tax: string; profit: string }): LineSpec[] {
  return [
    {
      kind: 'item', id: 'OtherInterestReceivableSimilarIncomeFinanceIncome', format: numbers.receivable, label: 'Other interest receivable and similar income', role: 'item',
      concept: 'OtherInterestReceivableSimilarIncomeFinanceIncome', nature: 'credit', keys: ['OtherInterestReceivableSimilarIncomeFinanceIncome'],
    },
    {
      kind: 'item', id: 'InterestPayableSimilarChargesFinanceCosts', format: numbers.payable, label: 'Interest payable and similar expenses', role: 'item',
      concept: 'InterestPayableSimilarChargesFinanceCosts', nature: 'debit', keys: ['InterestPayableSimilarChargesFinanceCosts'],
    },
    {
      kind: 'sum', id: 'ProfitLossOnOrdinaryActivitiesBeforeTax', format: '', label: 'Profit (loss) before taxation', role: 'subtotal', concept: 'ProfitLossOnOrdinaryActivitiesBeforeTax',
      parts: [[operating, 1], ['OtherInterestReceivableSimilarIncomeFinanceIncome', 1], ['InterestPayableSimilarChargesFinanceCosts', -1]],
    },
    {
      kind: 'item', id: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', format: numbers.tax, label: 'Tax on profit (loss)', role: 'item',
      concept: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', nature: 'debit', keys: ['TaxTaxCreditOnProfitOrLossOnOrdinaryActivities'],
    },
    {
      kind: 'sum', id: 'ProfitLoss', format: numbers.profit, label: 'Profit (loss) for the financial year', role: 'total', concept: 'ProfitLoss', alwaysShown: true,
      parts: [['ProfitLossOnOrdinaryActivitiesBeforeTax', 1], ['TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', -1]],
    },
  ];
}

export const FORMAT_1_PROFIT_AND_LOSS: readonly LineSpec[] = [
  { kind: 'item', id: 'TurnoverRevenue', format: '1', label: 'Turnover', role: 'item', concept: 'TurnoverRevenue', nature: 'credit', keys: ['TurnoverRevenue'] },
  { kind: 'item', id: 'CostSales', format: '2', label: 'Cost of sales', role: 'item', concept: 'CostSales', nature: 'debit', keys: ['CostSales'] },
  { kind: 'sum', id: 'GrossProfitLoss', format: '3', label: 'Gross profit (loss)', role: 'subtotal', concept: 'GrossProfitLoss', parts: [['TurnoverRevenue', 1], ['CostSales', -1]] },
  { kind: 'item', id: 'DistributionCosts', format: '4', label: 'Distribution costs', role: 'item', concept: 'DistributionCosts', nature: 'debit', keys: ['DistributionCosts'] },
  {
    kind: 'item', id: 'AdministrativeExpenses', format: '5', label: 'Administrative expenses', role: 'item', concept: 'AdministrativeExpenses', nature: 'debit',
    keys: ['AdministrativeExpenses', 'DepreciationAmortisationImpairmentExpense'],
  },
  { kind: 'item', id: 'OtherOperatingIncomeFormat1', format: '6', label: 'Other operating income', role: 'item', concept: 'OtherOperatingIncomeFormat1', nature: 'credit', keys: ['OtherOperatingIncomeFormat1'] },
  {
    kind: 'sum', id: 'OperatingProfitLoss', format: '', label: 'Operating profit (loss)', role: 'subtotal', concept: 'OperatingProfitLoss',
    parts: [['GrossProfitLoss', 1], ['DistributionCosts', -1], ['AdministrativeExpenses', -1], ['OtherOperatingIncomeFormat1', 1]],
  },
  ...smallTail('OperatingProfitLoss', { receivable: '10', payable: '12', tax: '13', profit: '16' }),
];

export const FORMAT_2_PROFIT_AND_LOSS: readonly LineSpec[] = [
  { kind: 'item', id: 'TurnoverRevenue', format: '1', label: 'Turnover', role: 'item', concept: 'TurnoverRevenue', nature: 'credit', keys: ['TurnoverRevenue'] },
  { kind: 'item', id: 'OtherOperatingIncomeFormat2', format: '4', label: 'Other operating income', role: 'item', concept: 'OtherOperatingIncomeFormat2', nature: 'credit', keys: ['OtherOperatingIncomeFormat2'] },
  { kind: 'item', id: 'RawMaterialsConsumablesUsed', format: '5(a)', label: 'Raw materials and consumables', role: 'item', concept: 'RawMaterialsConsumablesUsed', nature: 'debit', keys: ['RawMaterialsConsumablesUsed'] },
  { kind: 'item', id: 'StaffCostsEmployeeBenefitsExpense', format: '6', label: 'Staff costs', role: 'item', concept: 'StaffCostsEmployeeBenefitsExpense', nature: 'debit', keys: ['StaffCostsEmployeeBenefitsExpense'] },
  {
    kind: 'item', id: 'DepreciationAmortisationImpairmentExpense', format: '7(a)', label: 'Depreciation and other amounts written off tangible and intangible fixed assets', role: 'item',
    concept: 'DepreciationAmortisationImpairmentExpense', nature: 'debit', keys: ['DepreciationAmortisationImpairmentExpense'],
  },
  { kind: 'item', id: 'OtherOperatingExpensesFormat2', format: '8', label: 'Other operating expenses', role: 'item', concept: 'OtherOperatingExpensesFormat2', nature: 'debit', keys: ['OtherOperatingExpensesFormat2'] },
  {
    kind: 'sum', id: 'OperatingProfitLoss', format: '', label: 'Operating profit (loss)', role: 'subtotal', concept: 'OperatingProfitLoss',
    parts: [
      ['TurnoverRevenue', 1], ['OtherOperatingIncomeFormat2', 1], ['RawMaterialsConsumablesUsed', -1], ['StaffCostsEmployeeBenefitsExpense', -1],
      ['DepreciationAmortisationImpairmentExpense', -1], ['OtherOperatingExpensesFormat2', -1],
    ],
  },
  ...smallTail('OperatingProfitLoss', { receivable: '12', payable: '14', tax: '15', profit: '18' }),
];

/** Keys only Format 1 (by function) has, and keys only Format 2 (by nature) has: a mapping using both cannot be laid out. */
export const FORMAT_1_ONLY: readonly LineKey[] = ['CostSales', 'DistributionCosts', 'AdministrativeExpenses', 'OtherOperatingIncomeFormat1'];
export const FORMAT_2_ONLY: readonly LineKey[] = ['RawMaterialsConsumablesUsed', 'StaffCostsEmployeeBenefitsExpense', 'OtherOperatingExpensesFormat2', 'OtherOperatingIncomeFormat2'];
