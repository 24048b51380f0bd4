/**
 * Sage's standard UK nominal ledger (Sage 50 Accounts' default nominal codes
 * for a limited company; Sage Accounting uses the same numbers for its main
 * accounts), placed on the statutory lines by nature, so one mapping serves
 * the micro-entity profit and loss account and the small company Format 2.
 *
 * Sources: Sage's default nominal code list as published (e.g.
 * tenpercentfinancial.co.uk, "Sage Nominal Ledger Codes"; scribd "Sage
 * Default Nominal Codes"); the control accounts 1100, 1200, 2100, 2200–2202
 * (gb-kb.sage.com 240701115926823); the payroll codes 2210, 2211, 2220, 2230,
 * 7000, 7006, 7007 (gb-kb.sage.com 250114114843407); the depreciation codes
 * 0021–0051 and 8001–8004 (ie-kb.sage.com 250408090546223); and the
 * corporation tax codes Sage's own guidance adds, 2110 "Corporation tax
 * liability" and 9001 "Corporation tax" (gb-kb.sage.com 200427112242675,
 * "How do I record corporation tax?").
 *
 * Sage's report layout lists 2300–2399 (loans, hire purchase, corporation
 * tax 2320, mortgages) as long-term liabilities. Corporation tax is never
 * that: a small company pays it nine months and a day after its period
 * (TMA 1970 s59D), so 2320 and 2110 are creditors within one year whatever
 * the layout says. Loans, hire purchase and mortgages are taken as due after
 * more than one year, as Sage's layout places them; the part due within a year
 * is the firm's answer (map the code to `Creditors`).
 *
 * Codes not listed (Sage's 3100 "Reserves", 4200 "Sales of assets", suspense
 * 9998 and mispostings 9999, any code a firm added) are left unplaced:
 * never guessed.
 */
import type { Chart } from './rules.js';
import { byBankBalance, byDirectorsLoanBalance, interestPayable } from './rules.js';

export const SAGE_UK: Chart = {
  id: 'sage-uk',
  name: "Sage's standard UK nominal ledger",
  codePattern: /^\d{4}$/,
  rules: [
    { from: 10, to: 59, line: 'PropertyPlantEquipment', why: '0010–0059 fixed assets (freehold and leasehold property, plant and machinery, office equipment, furniture and fixtures, motor vehicles, each with its depreciation)' },
    { from: 1000, to: 1099, line: 'TotalInventories', why: '1001–1003 stock, work in progress and finished goods' },
    { from: 1100, to: 1199, line: 'Debtors', why: '1100–1199 debtors (1100 debtors control, 1101 sundry, 1102 other debtors, 1103 prepayments shown within debtors)' },
    { from: 1200, to: 1299, line: byBankBalance.line, why: byBankBalance.why('1200–1299 bank, deposit, building society, petty cash and credit card accounts') },
    { from: 2100, to: 2109, line: 'Creditors', why: '2100–2109 creditors (2100 creditors control, 2101 sundry, 2102 other creditors, 2109 accruals)' },
    { from: 2110, to: 2110, line: 'CorporationTaxPayable', why: "2110 corporation tax liability (the code Sage's guidance adds): due within one year" },
    { from: 2111, to: 2199, line: 'Creditors', why: '2111–2199 other current liabilities' },
    { from: 2200, to: 2209, line: 'Creditors', why: '2200–2209 VAT (2200 sales tax control, 2201 purchase tax control, 2202 VAT liability): netted within creditors' },
    { from: 2210, to: 2299, line: 'Creditors', why: '2210–2230 PAYE, National Insurance, net wages and pension fund' },
    { from: 2300, to: 2319, line: 'Creditors[AfterOneYear]', why: "2300 loans, 2310 hire purchase: due after more than one year, as Sage's layout places them (map the part due within a year to Creditors)" },
    { from: 2320, to: 2320, line: 'CorporationTaxPayable', why: "2320 corporation tax: due within one year (TMA 1970 s59D), whatever Sage's layout of 2300–2399 as long-term liabilities says" },
    { from: 2330, to: 2399, line: 'Creditors[AfterOneYear]', why: "2330 mortgages and other long-term liabilities (2300–2399 in Sage's layout)" },
    { from: 3000, to: 3099, line: 'CalledUpShareCapital', why: '3000 ordinary shares, 3010 preference shares: called up share capital' },
    { from: 3101, to: 3101, line: 'RetainedEarningsAccumulatedLosses', why: '3101 undistributed reserves: the profit and loss reserve brought forward' },
    { from: 3200, to: 3200, line: 'RetainedEarningsAccumulatedLosses', why: '3200 profit and loss account: the reserve brought forward' },
    { from: 4000, to: 4199, line: 'TurnoverRevenue', why: '4000–4199 sales (4000 sales type A … 4009 discounts allowed, 4100 sales type D)' },
    { from: 4900, to: 4999, line: 'OtherOperatingIncomeFormat2', why: '4900–4905 other income (miscellaneous income, royalties, commissions, insurance claims, rent, carriage)' },
    { from: 5000, to: 5299, line: 'RawMaterialsConsumablesUsed', why: '5000–5299 purchases, carriage and duty, opening and closing stock: raw materials and consumables' },
    { from: 6000, to: 6001, line: 'StaffCostsEmployeeBenefitsExpense', why: '6000 productive labour, 6001 cost of sales labour: staff costs' },
    { from: 6002, to: 6999, line: 'OtherOperatingExpensesFormat2', why: '6002–6999 sub-contractors, sales commissions, promotion and advertising, miscellaneous: other charges' },
    { from: 7000, to: 7007, line: 'StaffCostsEmployeeBenefitsExpense', why: "7000–7007 gross wages, directors' salaries and remuneration, staff salaries, employer's National Insurance and pensions" },
    { from: 7008, to: 7008, line: 'OtherOperatingExpensesFormat2', why: '7008 recruitment expenses: other charges' },
    { from: 7009, to: 7099, line: 'StaffCostsEmployeeBenefitsExpense', why: '7009–7011 wage adjustments, SSP and SMP reclaimed: staff costs' },
    { from: 7100, to: 7902, line: 'OtherOperatingExpensesFormat2', why: '7100–7902 overheads (premises, heat and light, motor, travel, printing, postage, telephone, professional fees, bank charges): other charges' },
    { from: 7903, to: 7904, line: interestPayable, why: '7903 loan interest paid, 7904 hire purchase interest: interest payable (among other charges in micro-entity accounts)' },
    { from: 7905, to: 7999, line: 'OtherOperatingExpensesFormat2', why: '7905–7999 other overheads: other charges' },
    { from: 8000, to: 8099, line: 'DepreciationAmortisationImpairmentExpense', why: '8000–8004 depreciation' },
    { from: 8100, to: 8299, line: 'OtherOperatingExpensesFormat2', why: '8100–8299 bad debts, donations, subscriptions, training, insurance and sundry: other charges' },
    { from: 9001, to: 9001, line: 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', why: "9001 corporation tax (the code Sage's guidance adds): tax on profit" },
  ],
};

/** A director's loan account has no standard Sage code: firms add one, and it is known by its name. */
export const SAGE_DIRECTORS_LOAN = byDirectorsLoanBalance;
