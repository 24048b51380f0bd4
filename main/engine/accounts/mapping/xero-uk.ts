/**
 * Xero's default UK chart of accounts, placed on the statutory lines by nature.
 *
 * Sources: Xero's default chart as published (tenpercentfinancial.co.uk,
 * "List of nominal codes for Xero"; linggardandthomas.co.uk, "Xero chart of
 * accounts cheat sheet"; a Xero "Chart of Accounts" export on scribd): 200
 * Sales, 260 Other Revenue, 270 Interest Income, 310 Cost of Goods Sold, 320
 * Direct Wages, 325 Direct Expenses, 400–495 overheads (416 Depreciation,
 * 437 Interest Paid, 477 Salaries, 478 Directors' Remuneration, 479
 * Employers National Insurance, 482 Pensions Costs), 500 Corporation Tax, 610
 * Accounts Receivable, 611 provision for doubtful debts, 620 Prepayments, 630
 * Inventory, 710–761 fixed assets and their depreciation, 800 Accounts
 * Payable, 801 Unpaid Expense Claims, 805 Accruals, 810 Income in Advance, 820
 * VAT, 825 PAYE Payable, 826 NIC Payable, 830 Corporation Tax, 835 Directors'
 * Loan Account (vjmglobal.com, "Xero chart of accounts codes UK"), 900 Loan,
 * 960 Retained Earnings, 970 Owner A Share Capital. Bank accounts have no
 * code in Xero's chart: they are known by Xero's account type "Bank".
 *
 * Left unplaced, never guessed: 840 Historical Adjustment, 850 Suspense, 855
 * Clearing, 860 Rounding, 877 Tracking Transfers (each should be nil at the
 * year end), 880/881 owner's drawings and funds introduced (a sole trader's
 * accounts, not a company's), and any code a firm added.
 */
import type { Chart } from './rules.js';
import { byDirectorsLoanBalance, interestPayable, interestReceivable } from './rules.js';

export const XERO_UK: Chart = {
  id: 'xero-uk',
  name: "Xero's default UK chart of accounts",
  codePattern: /^\d{3}$/,
  rules: [
    { from: 200, to: 259, line: 'TurnoverRevenue', why: '200 Sales: turnover' },
    { from: 260, to: 269, line: 'OtherOperatingIncomeFormat2', why: '260 Other Revenue: other income' },
    { from: 270, to: 270, line: interestReceivable, why: '270 Interest Income: interest receivable (other income in micro-entity accounts)' },
    { from: 310, to: 319, line: 'RawMaterialsConsumablesUsed', why: '310 Cost of Goods Sold: raw materials and consumables' },
    { from: 320, to: 320, line: 'StaffCostsEmployeeBenefitsExpense', why: '320 Direct Wages: staff costs' },
    { from: 321, to: 399, line: 'OtherOperatingExpensesFormat2', why: '321 Subcontractors, 325 Direct Expenses: other charges' },
    { from: 400, to: 415, line: 'OtherOperatingExpensesFormat2', why: '400–415 overheads (advertising, accountancy, bank fees, cleaning, consulting): other charges' },
    { from: 416, to: 416, line: 'DepreciationAmortisationImpairmentExpense', why: '416 Depreciation Expense' },
    { from: 417, to: 436, line: 'OtherOperatingExpensesFormat2', why: '417–436 overheads (donations, entertainment, postage, general expenses, insurance): other charges' },
    { from: 437, to: 437, line: interestPayable, why: '437 Interest Paid: interest payable (among other charges in micro-entity accounts)' },
    { from: 438, to: 476, line: 'OtherOperatingExpensesFormat2', why: '438–476 overheads (legal, light and power, motor, leases, printing, software, rates, rent, repairs): other charges' },
    { from: 477, to: 479, line: 'StaffCostsEmployeeBenefitsExpense', why: "477 Salaries, 478 Directors' Remuneration, 479 Employers National Insurance: staff costs" },
    { from: 480, to: 481, line: 'OtherOperatingExpensesFormat2', why: '480 Staff Training: other charges' },
    { from: 482, to: 482, line: 'StaffCostsEmployeeBenefitsExpense', why: '482 Pensions Costs: staff costs' },
    { from: 483, to: 499, line: 'OtherOperatingExpensesFormat2', why: '483–499 overheads (medical insurance, subscriptions, telephone, travel): other charges' },
    { from: 500, to: 500, line: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', why: '500 Corporation Tax: tax on profit' },
    { from: 610, to: 629, line: 'Debtors', why: '610 Accounts Receivable, 611 provision for doubtful debts, 620 Prepayments: debtors' },
    { from: 630, to: 630, line: 'TotalInventories', why: '630 Inventory: stocks' },
    { from: 710, to: 769, line: 'PropertyPlantEquipment', why: '710–769 fixed assets (office and computer equipment, buildings, leasehold improvements, motor vehicles) and their accumulated depreciation' },
    { from: 800, to: 829, line: 'Creditors', why: '800 Accounts Payable, 801 Unpaid Expense Claims, 805 Accruals, 810 Income in Advance, 820 VAT, 825 PAYE Payable, 826 NIC Payable: creditors within one year' },
    { from: 830, to: 830, line: 'CorporationTaxPayable', why: '830 Corporation Tax: due within one year' },
    { from: 835, to: 835, line: byDirectorsLoanBalance.line, why: byDirectorsLoanBalance.why("835 Directors' Loan Account") },
    { from: 900, to: 900, line: 'Creditors[AfterOneYear]', why: "900 Loan (Xero's non-current liability): due after more than one year (map the part due within a year to Creditors)" },
    { from: 960, to: 960, line: 'RetainedEarningsAccumulatedLosses', why: '960 Retained Earnings: the reserve brought forward' },
    { from: 970, to: 970, line: 'CalledUpShareCapital', why: '970 Owner A Share Capital: called up share capital' },
  ],
};
