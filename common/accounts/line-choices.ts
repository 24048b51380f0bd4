/**
 * The statutory lines a trial balance code can be placed on, as the Mapping
 * step offers them: plain English beside the Companies Act's words and the
 * format's letter (SI 2008/409 Sch 1: Section C, the micro-entity formats;
 * Section B, the small company formats), and the key the engine and
 * accounts.json use (the FRC concept local name, with the dimension member in
 * brackets where the taxonomy splits the line). Shared by main, which sends
 * the choices, and the window, which shows them.
 */
export interface LineChoice {
  key: string;
  label: string;
  formatWords: string;
  statement: 'balance-sheet' | 'profit-and-loss';
  /** Lines only the small company formats (FRS 102 Section 1A) have; a micro-entity's accounts fold them into a micro line. */
  smallOnly?: boolean;
}

export const LINE_CHOICES: readonly LineChoice[] = [
  // Profit and loss account
  { key: 'TurnoverRevenue', label: 'Sales', formatWords: 'A. Turnover', statement: 'profit-and-loss' },
  { key: 'OtherOperatingIncomeFormat2', label: 'Other income (micro-entity)', formatWords: 'B. Other income', statement: 'profit-and-loss' },
  { key: 'OtherOperatingIncomeFormat1', label: 'Other operating income', formatWords: 'Format 1: Other operating income', statement: 'profit-and-loss', smallOnly: true },
  { key: 'CostSales', label: 'Cost of the goods or services sold', formatWords: 'Format 1: Cost of sales', statement: 'profit-and-loss', smallOnly: true },
  { key: 'DistributionCosts', label: 'Selling and delivery costs', formatWords: 'Format 1: Distribution costs', statement: 'profit-and-loss', smallOnly: true },
  { key: 'AdministrativeExpenses', label: 'Running costs (office, professional fees, overheads)', formatWords: 'Format 1: Administrative expenses', statement: 'profit-and-loss', smallOnly: true },
  { key: 'RawMaterialsConsumablesUsed', label: 'Materials and consumables', formatWords: 'C. Cost of raw materials and consumables', statement: 'profit-and-loss' },
  { key: 'StaffCostsEmployeeBenefitsExpense', label: 'Wages, salaries, employer’s NIC and pensions', formatWords: 'D. Staff costs', statement: 'profit-and-loss' },
  { key: 'DepreciationAmortisationImpairmentExpense', label: 'Depreciation and amounts written off assets', formatWords: 'E. Depreciation and other amounts written off assets', statement: 'profit-and-loss' },
  { key: 'OtherOperatingExpensesFormat2', label: 'Other costs', formatWords: 'F. Other charges', statement: 'profit-and-loss' },
  { key: 'OtherInterestReceivableSimilarIncomeFinanceIncome', label: 'Interest received', formatWords: 'Other interest receivable and similar income', statement: 'profit-and-loss', smallOnly: true },
  { key: 'InterestPayableSimilarChargesFinanceCosts', label: 'Interest paid', formatWords: 'Interest payable and similar expenses', statement: 'profit-and-loss', smallOnly: true },
  { key: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', label: 'Corporation tax charge', formatWords: 'G. Tax', statement: 'profit-and-loss' },
  // Balance sheet: assets
  { key: 'CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset', label: 'Shares issued but not yet paid for', formatWords: 'A. Called up share capital not paid', statement: 'balance-sheet' },
  { key: 'FixedAssets', label: 'Assets kept for use (micro-entity)', formatWords: 'B. Fixed assets', statement: 'balance-sheet' },
  { key: 'IntangibleAssets', label: 'Goodwill, software, licences', formatWords: 'B.I Intangible assets', statement: 'balance-sheet', smallOnly: true },
  { key: 'PropertyPlantEquipment', label: 'Vehicles, equipment, property', formatWords: 'B.II Tangible assets', statement: 'balance-sheet', smallOnly: true },
  { key: 'InvestmentsFixedAssets', label: 'Long-term investments', formatWords: 'B.III Investments', statement: 'balance-sheet', smallOnly: true },
  { key: 'TotalInventories', label: 'Stock and work in progress', formatWords: 'C.I Stocks', statement: 'balance-sheet', smallOnly: true },
  { key: 'Debtors', label: 'Money owed to the company, due within a year', formatWords: 'C.II Debtors (within one year)', statement: 'balance-sheet' },
  { key: 'Debtors[AfterOneYear]', label: 'Money owed to the company, due after more than a year', formatWords: 'C.II Debtors: amounts falling due after more than one year', statement: 'balance-sheet' },
  { key: 'CurrentAssetInvestments', label: 'Short-term investments', formatWords: 'C.III Investments', statement: 'balance-sheet', smallOnly: true },
  { key: 'CashBankOnHand', label: 'Bank accounts and cash', formatWords: 'C.IV Cash at bank and in hand', statement: 'balance-sheet' },
  { key: 'PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal', label: 'Costs paid in advance, income earned not yet billed', formatWords: 'D. Prepayments and accrued income', statement: 'balance-sheet' },
  // Balance sheet: liabilities
  { key: 'Creditors', label: 'Money the company owes, due within a year', formatWords: 'E. Creditors: amounts falling due within one year', statement: 'balance-sheet' },
  { key: 'CorporationTaxPayable', label: 'Corporation tax owed', formatWords: 'E. Creditors: amounts falling due within one year (corporation tax)', statement: 'balance-sheet' },
  { key: 'Creditors[AfterOneYear]', label: 'Money the company owes, due after more than a year (loans)', formatWords: 'H. Creditors: amounts falling due after more than one year', statement: 'balance-sheet' },
  { key: 'ProvisionsForLiabilitiesBalanceSheetSubtotal', label: 'Provisions (deferred tax and the like)', formatWords: 'I. Provisions for liabilities', statement: 'balance-sheet' },
  { key: 'AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal', label: 'Costs incurred not yet billed, income received in advance', formatWords: 'J. Accruals and deferred income', statement: 'balance-sheet' },
  // Capital and reserves
  { key: 'CalledUpShareCapital', label: 'Share capital', formatWords: 'K.I Called up share capital', statement: 'balance-sheet' },
  { key: 'Equity[SharePremium]', label: 'Share premium', formatWords: 'K.II Share premium account', statement: 'balance-sheet', smallOnly: true },
  { key: 'Equity[RevaluationReserve]', label: 'Revaluation reserve', formatWords: 'K.III Revaluation reserve', statement: 'balance-sheet', smallOnly: true },
  { key: 'Equity[OtherReservesSubtotal]', label: 'Other reserves', formatWords: 'K.IV Other reserves', statement: 'balance-sheet', smallOnly: true },
  { key: 'RetainedEarningsAccumulatedLosses', label: 'Profits kept from earlier years (brought forward)', formatWords: 'K.V Profit and loss account', statement: 'balance-sheet' },
  { key: 'DividendsPaid', label: 'Dividends paid in the period', formatWords: 'K.V Profit and loss account (dividends)', statement: 'balance-sheet' },
];

/** The lines a code can be placed on for accounts to this standard. */
export function lineChoicesFor(standard: 'FRS 105' | 'FRS 102 1A'): LineChoice[] {
  return LINE_CHOICES.filter((c) => standard === 'FRS 102 1A' || !c.smallOnly);
}

export const LINE_CHOICE_BY_KEY: ReadonlyMap<string, LineChoice> = new Map(LINE_CHOICES.map((c) => [c.key, c]));
