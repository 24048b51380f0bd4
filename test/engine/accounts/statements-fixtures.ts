/**
 * The worked trial balances of test/fixtures/accounts/ as requests: a plain
 * `code,name,debit,credit` reader (pounds and pence to whole pence by string,
 * never through a float) and each company's mapping and particulars.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Accounts, AccountsRequest, AccountsResult, Mapping, StatementLine, TrialBalance } from '../../../main/engine/accounts/types.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/accounts/', import.meta.url));

function pence(text: string): number {
  if (text.trim() === '') return 0;
  const m = /^(\d+)(?:\.(\d{2}))?$/.exec(text.trim());
  if (!m) throw new Error(`not pounds and pence: ${text}`);
  return Number(m[1]) * 100 + Number(m[2] ?? '0');
}

export function readTrialBalance(file: string): TrialBalance {
  const [header, ...rows] = readFileSync(FIXTURES + file, 'utf8').trim().split('\n');
  if (header !== 'code,name,debit,credit') throw new Error(`unexpected header in ${file}`);
  return {
    lines: rows.map((row) => {
      const [code, name, debit, credit] = row.split(',');
      return { code: code!, name: name!, debit: pence(debit!), credit: pence(credit!) };
    }),
    source: { format: 'CSV', columns: { code: 'code', name: 'name', debit: 'debit', credit: 'credit' } },
  };
}

/** The van company's codes, both years (4900 only in the second). */
export const VAN_MAPPING: Mapping = {
  '0050': 'PropertyPlantEquipment',
  '0051': 'PropertyPlantEquipment',
  '1100': 'Debtors',
  '1200': 'CashBankOnHand',
  '2100': 'Creditors',
  '2202': 'Creditors',
  '2320': 'CorporationTaxPayable',
  '3000': 'CalledUpShareCapital',
  '3200': 'RetainedEarningsAccumulatedLosses',
  '3260': 'DividendsPaid',
  '4000': 'TurnoverRevenue',
  '4900': 'OtherOperatingIncomeFormat2',
  '5000': 'RawMaterialsConsumablesUsed',
  '7001': 'StaffCostsEmployeeBenefitsExpense',
  '7300': 'OtherOperatingExpensesFormat2',
  '7303': 'OtherOperatingExpensesFormat2',
  '7601': 'OtherOperatingExpensesFormat2',
  '7901': 'OtherOperatingExpensesFormat2',
  '8003': 'DepreciationAmortisationImpairmentExpense',
  '9001': 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
};

export function vanYear1(): AccountsRequest {
  return {
    company: { name: 'Harbour Van Services Ltd', number: '12345678' },
    period: { from: '2025-04-01', to: '2026-03-31' },
    standard: 'FRS 105',
    trialBalance: readTrialBalance('micro-van-2026.csv'),
    // 2105 is in credit this year: the company owes its director.
    mapping: { ...VAN_MAPPING, '2105': 'Creditors' },
    directors: ['Sam Harbour'],
    approval: { date: '2026-06-15', director: 'Sam Harbour' },
    averageEmployees: 1,
    dormant: false,
    principalActivity: 'Parcel delivery',
  };
}

export function vanYear2(comparatives: AccountsRequest['comparatives']): AccountsRequest {
  return {
    ...vanYear1(),
    period: { from: '2026-04-01', to: '2027-03-31' },
    trialBalance: readTrialBalance('micro-van-2027.csv'),
    // 2105 is overdrawn this year: the director owes the company.
    mapping: { ...VAN_MAPPING, '2105': 'Debtors' },
    approval: { date: '2027-05-20', director: 'Sam Harbour' },
    ...(comparatives ? { comparatives } : {}),
    notes: {
      advancesToDirectors: [{ director: 'Sam Harbour', conditions: 'The advance is interest-free and repayable on demand.', broughtForward: 0, advanced: 125_000, repaid: 0 }],
    },
  };
}

export function dormant(): AccountsRequest {
  return {
    company: { name: 'Quiet Holdings Ltd', number: 'SC654321' },
    period: { from: '2025-01-01', to: '2025-12-31' },
    standard: 'FRS 105',
    trialBalance: readTrialBalance('dormant-2025.csv'),
    mapping: { '1200': 'CashBankOnHand', '3000': 'CalledUpShareCapital' },
    directors: ['Ann Quiet', 'Bob Quiet'],
    approval: { date: '2026-02-02', director: 'Ann Quiet' },
    averageEmployees: 0,
    dormant: true,
  };
}

export const SMALL_MAPPING: Mapping = {
  '0001': 'IntangibleAssets',
  '0002': 'IntangibleAssets',
  '0020': 'PropertyPlantEquipment',
  '0021': 'PropertyPlantEquipment',
  '0030': 'PropertyPlantEquipment',
  '0031': 'PropertyPlantEquipment',
  '1001': 'TotalInventories',
  '1100': 'Debtors',
  '1103': 'Debtors',
  '1200': 'CashBankOnHand',
  '2100': 'Creditors',
  '2109': 'Creditors',
  '2202': 'Creditors',
  '2210': 'Creditors',
  '2300': 'Creditors[AfterOneYear]',
  '2320': 'CorporationTaxPayable',
  '2340': 'ProvisionsForLiabilitiesBalanceSheetSubtotal',
  '3000': 'CalledUpShareCapital',
  '3200': 'RetainedEarningsAccumulatedLosses',
  '3260': 'DividendsPaid',
  '4000': 'TurnoverRevenue',
  '4900': 'OtherOperatingIncomeFormat1',
  '5000': 'CostSales',
  '6000': 'CostSales',
  '6100': 'DistributionCosts',
  '7000': 'AdministrativeExpenses',
  '7100': 'AdministrativeExpenses',
  '7200': 'AdministrativeExpenses',
  '7601': 'AdministrativeExpenses',
  '7903': 'InterestPayableSimilarChargesFinanceCosts',
  '8000': 'DepreciationAmortisationImpairmentExpense',
  '8001': 'DepreciationAmortisationImpairmentExpense',
  '8004': 'DepreciationAmortisationImpairmentExpense',
  '9001': 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
  '9002': 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
};

export function small(): AccountsRequest {
  return {
    company: { name: 'Northfield Components Ltd', number: '09876543' },
    period: { from: '2025-01-01', to: '2025-12-31' },
    standard: 'FRS 102 1A',
    trialBalance: readTrialBalance('small-frs102-2025.csv'),
    mapping: { ...SMALL_MAPPING },
    directors: ['Priya Northfield', 'Tom Field'],
    approval: { date: '2026-04-30', director: 'Priya Northfield' },
    averageEmployees: 9,
    dormant: false,
    principalActivity: 'Manufacture of machined components',
    notes: {
      financialCommitments: { description: 'The company has a lease on its workshop.', total: 4_800_000 },
    },
  };
}

export function lossMaking(): AccountsRequest {
  return {
    company: { name: 'Fernwood Studio Ltd', number: '11223344' },
    period: { from: '2025-07-01', to: '2026-06-30' },
    standard: 'FRS 105',
    trialBalance: readTrialBalance('loss-net-liabilities-2026.csv'),
    mapping: {
      '0030': 'FixedAssets',
      '0031': 'FixedAssets',
      '1100': 'Debtors',
      '1200': 'CashBankOnHand',
      '2100': 'Creditors',
      '2105': 'Creditors',
      '2300': 'Creditors[AfterOneYear]',
      '3000': 'CalledUpShareCapital',
      '3200': 'RetainedEarningsAccumulatedLosses',
      '4000': 'TurnoverRevenue',
      '5000': 'RawMaterialsConsumablesUsed',
      '7100': 'OtherOperatingExpensesFormat2',
      '7502': 'OtherOperatingExpensesFormat2',
      '7601': 'OtherOperatingExpensesFormat2',
      '7903': 'InterestPayableSimilarChargesFinanceCosts',
      '8004': 'DepreciationAmortisationImpairmentExpense',
    },
    directors: ['Lena Fern'],
    approval: { date: '2026-09-01', director: 'Lena Fern' },
    averageEmployees: 1,
    dormant: false,
  };
}

export function built(result: AccountsResult): Accounts {
  if (!result.ok) throw new Error(`build refused: ${result.problems.map((p) => `${p.field}: ${p.message}`).join(' | ')}`);
  return result.accounts;
}

/** [format, words, current, previous] in the order the accounts show them. */
export function shown(lines: readonly StatementLine[]): Array<[string, string, number, number | undefined]> {
  return lines.map((l) => [l.format, l.label, l.current, l.previous]);
}
