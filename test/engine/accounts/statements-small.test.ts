/**
 * Small company accounts (FRS 102 Section 1A; SI 2008/409 Sch 1 Section B)
 * and dormant company accounts (s480), from worked trial balances in
 * test/fixtures/accounts/; every figure worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { buildAccounts } from '../../../main/engine/accounts/statements/index.js';
import { PHRASES } from '../../../main/engine/validation/attachments/statement-phrases.js';
import type { Accounts } from '../../../main/engine/accounts/types.js';
import { built, dormant, shown, small } from './statements-fixtures.js';

// Rounding of small-frs102-2025.csv, codes with pence (net debit → pounds, residual):
// 1001 42,315.60 → 42,316 (−0.40); 1100 58,904.37 → 58,904 (+0.37); 1200 32,634.59 → 32,635 (−0.41);
// 2100 −31,227.18 → −31,227 (−0.18); 2202 −9,644.02 → −9,644 (−0.02); 2210 −3,912.44 → −3,912 (−0.44);
// 2320 −14,207.41 → −14,207 (−0.41); 3200 −61,230.15 → −61,230 (−0.15); 4000 −612,480.90 → −612,481 (+0.10);
// 5000 301,227.45 → 301,227 (+0.45); 6100 12,306.80 → 12,307 (−0.20); 7200 5,882.13 → 5,882 (+0.13);
// 7903 2,187.50 → 2,188 (−0.50); 8001 13,281.25 → 13,281 (+0.25); 9001 14,207.41 → 14,207 (+0.41).
// Residuals sum to −1.00, so the codes net to +£1: 7903 (−0.50, rounded furthest up) moves down to 2,187.

describe('small company accounts (FRS 102 1A): intangibles, stock, a bank loan over one year, deferred tax and dividends', () => {
  const accounts = built(buildAccounts(small()));

  it('lays out the balance sheet Format 1 with the sub-items of B, C and K', () => {
    expect(shown(accounts.balanceSheet)).toEqual([
      ['B.I', 'Intangible assets', 18_000, undefined], // 0001 30,000 − 0002 12,000
      ['B.II', 'Tangible assets', 56_325, undefined], // 85,000 − 31,875 + 6,400 − 3,200
      ['B', 'Fixed assets', 74_325, undefined],
      ['C.I', 'Stocks', 42_316, undefined],
      ['C.II', 'Debtors', 61_054, undefined], // 1100 58,904 + 1103 prepayments 2,150
      ['C.IV', 'Cash at bank and in hand', 32_635, undefined],
      ['C', 'Current assets', 136_005, undefined], // 42,316 + 61,054 + 32,635
      ['E', 'Creditors: amounts falling due within one year', 63_790, undefined], // 31,227 + 4,800 + 9,644 + 3,912 + 14,207
      ['F', 'Net current assets (liabilities)', 72_215, undefined], // 136,005 − 63,790
      ['G', 'Total assets less current liabilities', 146_540, undefined], // 74,325 + 72,215
      ['H', 'Creditors: amounts falling due after more than one year', 36_000, undefined], // 2300 bank loan
      ['I', 'Provisions for liabilities', 7_850, undefined], // 2340 deferred tax
      ['', 'Net assets (liabilities)', 102_690, undefined], // 146,540 − 36,000 − 7,850
      ['K.I', 'Called up share capital', 1_000, undefined],
      ['K.V', 'Profit and loss account', 101_690, undefined], // 61,230 + 70,460 − 30,000 dividends
      ['K', 'Capital and reserves', 102_690, undefined],
    ]);
  });

  it('lays out the profit and loss account Format 1 (by function), depreciation within administrative expenses', () => {
    expect(accounts.formats.profitAndLoss).toBe('Format 1');
    expect(shown(accounts.profitAndLoss)).toEqual([
      ['1', 'Turnover', 612_481, undefined],
      ['2', 'Cost of sales', 397_677, undefined], // 5000 301,227 + 6000 96,450
      ['3', 'Gross profit (loss)', 214_804, undefined],
      ['4', 'Distribution costs', 12_307, undefined],
      ['5', 'Administrative expenses', 115_743, undefined], // 64,380 + 24,000 + 5,882 + 3,600 + 3,000 + 13,281 + 1,600
      ['6', 'Other operating income', 1_250, undefined],
      ['', 'Operating profit (loss)', 88_004, undefined], // 214,804 − 12,307 − 115,743 + 1,250
      ['12', 'Interest payable and similar expenses', 2_187, undefined],
      ['', 'Profit (loss) before taxation', 85_817, undefined],
      ['13', 'Tax on profit (loss)', 15_357, undefined], // 9001 14,207 + 9002 deferred 1,150
      ['16', 'Profit (loss) for the financial year', 70_460, undefined],
    ]);
    expect(accounts.reserves).toEqual({
      broughtForward: { current: 61_230 },
      profitLoss: { current: 70_460 },
      dividends: { current: 30_000 },
      carriedForward: { current: 101_690 },
    });
    expect(accounts.totals.balanceSheetTotal).toEqual({ current: 210_330 }); // 74,325 + 136,005
    expect(accounts.checks.find((c) => c.rule === 'size')).toEqual({ rule: 'size', level: 'passed', message: 'This year the company meets the conditions for a small company (CA 2006 s382).' });
  });

  it('tags capital and reserves with the equity classes and creditors with the maturity dimension', () => {
    const fact = (concept: string, member?: string) => accounts.facts.find((f) => f.concept === concept && f.member === member && f.period === 'current');
    expect(fact('Equity', 'ShareCapital')).toMatchObject({ dimension: 'EquityClassesDimension', value: 1_000 });
    expect(fact('Equity', 'RetainedEarningsAccumulatedLosses')).toMatchObject({ dimension: 'EquityClassesDimension', value: 101_690 });
    expect(fact('Equity')?.value).toBe(102_690);
    expect(fact('Creditors', 'AfterOneYear')).toMatchObject({ dimension: 'MaturitiesOrExpirationPeriodsDimension', value: 36_000 });
    expect(fact('NetAssetsLiabilities')?.value).toBe(fact('Equity')?.value);
    expect(fact('FinancialCommitmentsOtherThanCapitalCommitments')?.value).toBe(48_000);
  });

  it('gives the section 1A notes and the small companies regime statements', () => {
    expect(accounts.notes.map((n) => n.id)).toEqual(['accountingPolicies', 'averageEmployees', 'intangibleAssets', 'tangibleFixedAssets', 'financialCommitments']);
    expect(accounts.notes.find((n) => n.id === 'tangibleFixedAssets')!.paragraphs[0]).toBe(
      'At 31 December 2025: cost £91,400, accumulated depreciation £35,075, net book value £56,325.', // 85,000 + 6,400; 31,875 + 3,200
    );
    expect(accounts.statements.map((s) => s.id)).toEqual(['section477', 'section476', 'directorsResponsibilities', 'smallCompaniesRegime', 'deliveredSmallCompaniesRegime']);
    expect(accounts.statements[2]!.text).toMatch(/^The directors acknowledge their responsibilities/);
    expectPhrases(accounts, ['Co.Sec477', 'Co.AuditNR', 'Co.DirResp', 'Co.SmCo']);
  });

  it('says so on the filing copy when the profit and loss account is not delivered to Companies House (s444(5A))', () => {
    expect(accounts.deliverProfitAndLossToCompaniesHouse).toBe(true);
    const filleted = built(buildAccounts({ ...small(), deliverProfitAndLossToCompaniesHouse: false }));
    expect(filleted.deliverProfitAndLossToCompaniesHouse).toBe(false);
    expect(filleted.statements.at(-1)).toMatchObject({
      id: 'profitAndLossNotDelivered',
      copy: 'filing',
      text: 'The directors have elected not to deliver the profit and loss account to the registrar, as section 444(1) of the Companies Act 2006 allows.',
    });
  });

  it('lays out Format 2 (by nature) when the mapping uses its lines, to the same profit', () => {
    const request = small();
    Object.assign(request.mapping, {
      '4900': 'OtherOperatingIncomeFormat2',
      '5000': 'RawMaterialsConsumablesUsed',
      '6000': 'StaffCostsEmployeeBenefitsExpense',
      '7000': 'StaffCostsEmployeeBenefitsExpense',
      '6100': 'OtherOperatingExpensesFormat2',
      '7100': 'OtherOperatingExpensesFormat2',
      '7200': 'OtherOperatingExpensesFormat2',
      '7601': 'OtherOperatingExpensesFormat2',
    });
    const format2 = built(buildAccounts(request));
    expect(format2.formats.profitAndLoss).toBe('Format 2');
    expect(shown(format2.profitAndLoss)).toEqual([
      ['1', 'Turnover', 612_481, undefined],
      ['4', 'Other operating income', 1_250, undefined],
      ['5(a)', 'Raw materials and consumables', 301_227, undefined],
      ['6', 'Staff costs', 160_830, undefined], // 96,450 + 64,380
      ['7(a)', 'Depreciation and other amounts written off tangible and intangible fixed assets', 17_881, undefined], // 3,000 + 13,281 + 1,600
      ['8', 'Other operating expenses', 45_789, undefined], // 12,307 + 24,000 + 5,882 + 3,600
      ['', 'Operating profit (loss)', 88_004, undefined],
      ['14', 'Interest payable and similar expenses', 2_187, undefined],
      ['', 'Profit (loss) before taxation', 85_817, undefined],
      ['15', 'Tax on profit (loss)', 15_357, undefined],
      ['18', 'Profit (loss) for the financial year', 70_460, undefined],
    ]);
  });

  it('shows debtors due after more than one year within debtors, with a note and both maturity facts', () => {
    const request = small();
    request.mapping['1103'] = 'Debtors[AfterOneYear]';
    const accounts = built(buildAccounts(request));
    expect(accounts.balanceSheet.find((l) => l.id === 'Debtors')!.current).toBe(61_054);
    expect(accounts.notes.find((n) => n.id === 'debtors')!.paragraphs).toEqual(['Debtors include £2,150 falling due after more than one year.']);
    const debtors = accounts.facts.filter((f) => f.concept === 'Debtors').map((f) => [f.member, f.value]);
    expect(debtors).toEqual([[undefined, 61_054], ['WithinOneYear', 58_904], ['AfterOneYear', 2_150]]);
  });
});

describe('dormant company accounts (s480)', () => {
  const accounts = built(buildAccounts(dormant()));

  it('shows the share capital paid into the bank, a nil profit and loss account and the s480 statement', () => {
    expect(shown(accounts.balanceSheet)).toEqual([
      ['C', 'Current assets', 100, undefined],
      ['F', 'Net current assets (liabilities)', 100, undefined],
      ['G', 'Total assets less current liabilities', 100, undefined],
      ['', 'Net assets (liabilities)', 100, undefined],
      ['K', 'Capital and reserves', 100, undefined],
    ]);
    expect(shown(accounts.profitAndLoss)).toEqual([['H', 'Profit (loss)', 0, undefined]]);
    expect(accounts.statements.map((s) => s.id)).toEqual(['section480', 'section476', 'directorsResponsibilities', 'microEntityProvisions', 'deliveredSmallCompaniesRegime']);
    expectPhrases(accounts, ['Co.Sec480', 'Co.AuditNR', 'Co.DirResp', 'Co.Micro']);
    expect(accounts.dormant).toBe(true);
    expect(accounts.checks.some((c) => c.level === 'warning')).toBe(false);
  });

  it('warns when this year’s figures fail two or more of the micro-entity size conditions', () => {
    // Micro-entity limits: turnover £1,000,000, balance sheet total £500,000, 10 employees (s384A, SI 2024/1303).
    // The small company's trial balance five times over: turnover about £3.06m, gross assets about £1.05m; 11 employees.
    const request = small();
    const scaled = { ...request, standard: 'FRS 105' as const, averageEmployees: 11, trialBalance: { lines: request.trialBalance.lines.map((l) => ({ ...l, debit: l.debit * 5, credit: l.credit * 5 })) } };
    const check = built(buildAccounts(scaled)).checks.find((c) => c.rule === 'size')!;
    expect(check.level).toBe('warning');
    expect(check.message).toMatch(/^This year the company does not meet the conditions for a micro-entity company \(CA 2006 s384A\): turnover £3,062,40\d is over £1,000,000; the balance sheet total £1,051,6\d\d is over £500,000; average employees 11 are over 10\./);
    expect(built(buildAccounts({ ...small(), averageEmployees: 11, standard: 'FRS 105' })).checks.find((c) => c.rule === 'size')!.level).toBe('passed');
  });

  it('warns when a company said to be dormant has profit and loss entries', () => {
    const request = dormant();
    request.trialBalance.lines.push({ code: '7901', name: 'Bank Charges', debit: 500, credit: 0 }, { code: '2102', name: 'Other Creditors', debit: 0, credit: 500 });
    Object.assign(request.mapping, { '7901': 'OtherOperatingExpensesFormat2', '2102': 'Creditors' });
    const accounts = built(buildAccounts(request));
    expect(accounts.checks.find((c) => c.rule === 'dormant')).toMatchObject({ level: 'warning', message: expect.stringContaining('Other charges £5') });
  });
});

/** The statement texts contain the words HMRC's joint filing checks look for (case-insensitive, whole words, as accounts-statements.ts). */
function expectPhrases(accounts: Accounts, rules: string[]) {
  for (const rule of rules) {
    const phrase = PHRASES[rule]!;
    const statement = accounts.statements.find((s) => s.concept === phrase.concept && phrase.english.groups.every((group) => group.some((p) => new RegExp(`(?<![\\p{L}\\p{N}_])${p}(?![\\p{L}\\p{N}_])`, 'iu').test(s.text))));
    expect(statement, `${rule}: ${phrase.english.says}`).toBeDefined();
  }
}
