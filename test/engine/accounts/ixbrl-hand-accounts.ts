/**
 * Built accounts written out by hand for the Inline XBRL writer's tests,
 * each figure worked here (so a fault in the writer cannot hide behind a
 * fault in the engine): a micro company with a van, a director's loan
 * account and corporation tax payable, with last year's comparatives; a
 * dormant company; an FRS 102 section 1A company; a loss-making company
 * with net liabilities. The facts are those the lines and notes give.
 */
import type { Accounts, AccountsFact, FormatRole, RequiredStatement, StatementLine } from '../../../main/engine/accounts/types.js';

type Row = [format: string, label: string, role: FormatRole, concept: string, member: string | undefined, current: number, previous?: number];

const INSTANT = new Set(['CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset', 'FixedAssets', 'IntangibleAssets', 'PropertyPlantEquipment', 'CurrentAssets', 'TotalInventories', 'Debtors', 'CashBankOnHand', 'Creditors', 'NetCurrentAssetsLiabilities', 'TotalAssetsLessCurrentLiabilities', 'ProvisionsForLiabilitiesBalanceSheetSubtotal', 'NetAssetsLiabilities', 'Equity', 'AdvancesCreditsDirectors']);
const DIMENSION: Record<string, string> = { WithinOneYear: 'MaturitiesOrExpirationPeriodsDimension', AfterOneYear: 'MaturitiesOrExpirationPeriodsDimension', ShareCapital: 'EquityClassesDimension', RetainedEarningsAccumulatedLosses: 'EquityClassesDimension' };

function lines(rows: Row[]): StatementLine[] {
  return rows.map(([format, label, role, concept, member, current, previous]) => ({ id: member ? `${concept}[${member}]` : concept, format, label, role, concept, ...(member ? { member } : {}), current, ...(previous === undefined ? {} : { previous }), working: [] }));
}

function factsOf(all: StatementLine[], employees: { current: number; previous?: number }, extra: AccountsFact[] = []): AccountsFact[] {
  const out: AccountsFact[] = [];
  for (const l of all) {
    const base = { schema: 'core' as const, concept: l.concept, ...(l.member ? { dimension: DIMENSION[l.member], member: l.member } : {}), periodType: INSTANT.has(l.concept) ? ('instant' as const) : ('duration' as const), unit: 'GBP' as const };
    out.push({ ...base, period: 'current', value: l.current });
    if (l.previous !== undefined) out.push({ ...base, period: 'previous', value: l.previous });
  }
  out.push({ schema: 'core', concept: 'AverageNumberEmployeesDuringPeriod', period: 'current', periodType: 'duration', value: employees.current, unit: 'pure' });
  if (employees.previous !== undefined) out.push({ schema: 'core', concept: 'AverageNumberEmployeesDuringPeriod', period: 'previous', periodType: 'duration', value: employees.previous, unit: 'pure' });
  return [...out, ...extra];
}

const PREPARED = 'StatementThatAccountsHaveBeenPreparedInAccordanceWithProvisionsSmallCompaniesRegime';
function statements(kind: 'micro' | 'small' | 'dormant', end: string): RequiredStatement[] {
  const s = (id: RequiredStatement['id'], law: string, concept: string, text: string, copy: RequiredStatement['copy'] = 'all'): RequiredStatement => ({ id, law, concept, text, copy });
  const out: RequiredStatement[] = [];
  if (kind === 'dormant') out.push(s('section480', 'CA 2006 s480', 'StatementThatCompanyEntitledToExemptionFromAuditUnderSection480CompaniesAct2006RelatingToDormantCompanies', `For the year ending ${end} the company was entitled to exemption from audit under section 480 of the Companies Act 2006 relating to dormant companies.`));
  else out.push(s('section477', 'CA 2006 s475(2), s477', 'StatementThatCompanyEntitledToExemptionFromAuditUnderSection477CompaniesAct2006RelatingToSmallCompanies', `For the year ending ${end} the company was entitled to exemption from audit under section 477 of the Companies Act 2006 relating to small companies.`));
  out.push(s('section476', 'CA 2006 s475(3)(a)', 'StatementThatMembersHaveNotRequiredCompanyToObtainAnAudit', 'The members have not required the company to obtain an audit in accordance with section 476 of the Companies Act 2006.'));
  out.push(s('directorsResponsibilities', 'CA 2006 s475(3)(b)', 'StatementThatDirectorsAcknowledgeTheirResponsibilitiesUnderCompaniesAct', 'The directors acknowledge their responsibilities for complying with the requirements of the Companies Act 2006 with respect to accounting records and the preparation of accounts.'));
  if (kind === 'small') out.push(s('smallCompaniesRegime', 'CA 2006 s414(3)(b)', PREPARED, 'These accounts have been prepared in accordance with the provisions applicable to companies subject to the small companies regime.'));
  else out.push(s('microEntityProvisions', 'CA 2006 s414(3)(a)', PREPARED, 'These accounts have been prepared in accordance with the micro-entity provisions.'));
  out.push(s('deliveredSmallCompaniesRegime', 'CA 2006 s444(5)', PREPARED, 'They are delivered in accordance with the provisions applicable to companies subject to the small companies regime.', 'filing'));
  return out;
}

function accounts(parts: Partial<Accounts> & Pick<Accounts, 'company' | 'period' | 'standard' | 'balanceSheet' | 'profitAndLoss' | 'totals' | 'reserves' | 'facts' | 'statements' | 'averageEmployees'>): Accounts {
  return {
    dormant: false,
    directors: ['Jane Smith'],
    approval: { date: '2026-09-15', director: 'Jane Smith' },
    deliverProfitAndLossToCompaniesHouse: true,
    formats: { balanceSheet: 'Format 1', profitAndLoss: parts.standard === 'FRS 105' ? 'micro' : 'Format 1' },
    notes: [],
    checks: [],
    trialBalance: { lines: [] },
    mapping: {},
    ...parts,
  };
}

const pair = (current: number, previous?: number) => (previous === undefined ? { current } : { current, previous });

/** Van Lines Ltd, year to 31 March 2026 with comparatives. Net current assets 8,450 − 6,300 = 2,150 (2025: 6,200 − 9,100 = (2,900)). */
export function microWithComparatives(name = 'Van Lines Ltd'): Accounts {
  const bs = lines([
    ['B', 'Fixed assets', 'item', 'FixedAssets', undefined, 12_000, 15_000],
    ['C', 'Current assets', 'item', 'CurrentAssets', undefined, 8_450, 6_200],
    ['E', 'Creditors: amounts falling due within one year', 'item', 'Creditors', 'WithinOneYear', 6_300, 9_100],
    ['F', 'Net current assets (liabilities)', 'subtotal', 'NetCurrentAssetsLiabilities', undefined, 2_150, -2_900],
    ['G', 'Total assets less current liabilities', 'subtotal', 'TotalAssetsLessCurrentLiabilities', undefined, 14_150, 12_100],
    ['', 'Net assets', 'total', 'NetAssetsLiabilities', undefined, 14_150, 12_100],
    ['K', 'Called up share capital', 'item', 'Equity', 'ShareCapital', 100, 100],
    ['K', 'Profit and loss account', 'item', 'Equity', 'RetainedEarningsAccumulatedLosses', 14_050, 12_000],
    ['K', 'Capital and reserves', 'total', 'Equity', undefined, 14_150, 12_100],
  ]);
  // Profit before tax 60,000 − 10,000 − 20,000 − 3,000 − 7,000 = 20,000 (2025: 52,000 − 9,000 − 18,000 − 3,000 − 6,000 = 16,000).
  const pl = lines([
    ['A', 'Turnover', 'item', 'TurnoverRevenue', undefined, 60_000, 52_000],
    ['C', 'Cost of raw materials and consumables', 'item', 'RawMaterialsConsumablesUsed', undefined, 10_000, 9_000],
    ['D', 'Staff costs', 'item', 'StaffCostsEmployeeBenefitsExpense', undefined, 20_000, 18_000],
    ['E', 'Depreciation and other amounts written off assets', 'item', 'DepreciationAmortisationImpairmentExpense', undefined, 3_000, 3_000],
    ['F', 'Other charges', 'item', 'OtherOperatingExpensesFormat2', undefined, 7_000, 6_000],
    ['', 'Profit before tax', 'subtotal', 'ProfitLossOnOrdinaryActivitiesBeforeTax', undefined, 20_000, 16_000],
    ['G', 'Tax', 'item', 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', undefined, 3_800, 3_040],
    ['H', 'Profit for the financial year', 'total', 'ProfitLoss', undefined, 16_200, 12_960],
  ]);
  const advances: AccountsFact[] = [
    { schema: 'direp', concept: 'AdvancesCreditsMadeInPeriodDirectors', period: 'current', periodType: 'duration', value: 4_000, unit: 'GBP' },
    { schema: 'direp', concept: 'AdvancesCreditsRepaidInPeriodDirectors', period: 'current', periodType: 'duration', value: 4_000, unit: 'GBP' },
  ];
  return accounts({
    company: { name, number: '12345678' },
    period: { from: '2025-04-01', to: '2026-03-31' },
    previousPeriod: { from: '2024-04-01', to: '2025-03-31' },
    standard: 'FRS 105',
    directors: ['Jane Smith', 'Tom Smith'],
    approval: { date: '2026-09-15', director: 'Tom Smith' },
    principalActivity: 'Parcel delivery',
    balanceSheet: bs,
    profitAndLoss: pl,
    averageEmployees: pair(2, 2),
    totals: {
      netCurrentAssets: pair(2_150, -2_900),
      totalAssetsLessCurrentLiabilities: pair(14_150, 12_100),
      netAssets: pair(14_150, 12_100),
      capitalAndReserves: pair(14_150, 12_100),
      profitLossBeforeTax: pair(20_000, 16_000),
      profitLoss: pair(16_200, 12_960),
      balanceSheetTotal: pair(20_450, 21_200),
      turnover: pair(60_000, 52_000),
    },
    reserves: { broughtForward: pair(12_000, 4_040), profitLoss: pair(16_200, 12_960), dividends: pair(14_150, 5_000), carriedForward: pair(14_050, 12_000) },
    notes: [
      { id: 'averageEmployees', title: 'Employees', paragraphs: ['The average number of persons employed was 2.'], law: 'CA 2006 s411' },
      { id: 'advancesToDirectors', title: "Advances and credits to directors", paragraphs: ['Tom Smith was advanced £4,000 during the year, interest free and repayable on demand; it was repaid in full by 31 March 2026.'], law: 'CA 2006 s413' },
    ],
    statements: statements('micro', '31 March 2026'),
    facts: factsOf([...bs, ...pl], pair(2, 2), advances),
  });
}

/** Quiet Holdings Ltd: dormant, £100 share capital paid in cash. */
export function dormant(): Accounts {
  const bs = lines([
    ['C', 'Current assets', 'item', 'CurrentAssets', undefined, 100, 100],
    ['', 'Net assets', 'total', 'NetAssetsLiabilities', undefined, 100, 100],
    ['K', 'Called up share capital', 'item', 'Equity', 'ShareCapital', 100, 100],
    ['K', 'Capital and reserves', 'total', 'Equity', undefined, 100, 100],
  ]);
  return accounts({
    company: { name: 'Quiet Holdings Ltd', number: 'SC123456' },
    period: { from: '2025-01-01', to: '2025-12-31' },
    previousPeriod: { from: '2024-01-01', to: '2024-12-31' },
    standard: 'FRS 105',
    dormant: true,
    approval: { date: '2026-02-01', director: 'Jane Smith' },
    balanceSheet: bs,
    profitAndLoss: [],
    averageEmployees: pair(0, 0),
    totals: {
      netCurrentAssets: pair(100, 100),
      totalAssetsLessCurrentLiabilities: pair(100, 100),
      netAssets: pair(100, 100),
      capitalAndReserves: pair(100, 100),
      profitLossBeforeTax: pair(0, 0),
      profitLoss: pair(0, 0),
      balanceSheetTotal: pair(100, 100),
      turnover: pair(0, 0),
    },
    reserves: { broughtForward: pair(0, 0), profitLoss: pair(0, 0), dividends: pair(0, 0), carriedForward: pair(0, 0) },
    statements: statements('dormant', '31 December 2025'),
    facts: factsOf(bs, pair(0, 0)),
  });
}

/** Red Ink Ltd, first year, FRS 102 1A, a loss: net liabilities (12,500) = 1 − 12,501. */
export function netLiabilitiesSmall(): Accounts {
  const bs = lines([
    ['C', 'Current assets', 'item', 'CurrentAssets', undefined, 2_000],
    ['C.II', 'Debtors', 'subitem', 'Debtors', undefined, 500],
    ['C.IV', 'Cash at bank and in hand', 'subitem', 'CashBankOnHand', undefined, 1_500],
    ['E', 'Creditors: amounts falling due within one year', 'item', 'Creditors', 'WithinOneYear', 9_500],
    ['F', 'Net current liabilities', 'subtotal', 'NetCurrentAssetsLiabilities', undefined, -7_500],
    ['G', 'Total assets less current liabilities', 'subtotal', 'TotalAssetsLessCurrentLiabilities', undefined, -7_500],
    ['H', 'Creditors: amounts falling due after more than one year', 'item', 'Creditors', 'AfterOneYear', 5_000],
    ['', 'Net liabilities', 'total', 'NetAssetsLiabilities', undefined, -12_500],
    ['K.I', 'Called up share capital', 'item', 'Equity', 'ShareCapital', 1],
    ['K.V', 'Profit and loss account', 'item', 'Equity', 'RetainedEarningsAccumulatedLosses', -12_501],
    ['K', 'Capital and reserves', 'total', 'Equity', undefined, -12_500],
  ]);
  // Gross loss: 30,000 − 18,000 = 12,000; operating loss 12,000 − 24,001 = (12,001); interest 500: loss (12,501); no tax.
  const pl = lines([
    ['', 'Turnover', 'item', 'TurnoverRevenue', undefined, 30_000],
    ['', 'Cost of sales', 'item', 'CostSales', undefined, 18_000],
    ['', 'Gross profit', 'subtotal', 'GrossProfitLoss', undefined, 12_000],
    ['', 'Administrative expenses', 'item', 'AdministrativeExpenses', undefined, 24_001],
    ['', 'Operating loss', 'subtotal', 'OperatingProfitLoss', undefined, -12_001],
    ['', 'Interest payable and similar expenses', 'item', 'InterestPayableSimilarChargesFinanceCosts', undefined, 500],
    ['', 'Loss before tax', 'subtotal', 'ProfitLossOnOrdinaryActivitiesBeforeTax', undefined, -12_501],
    ['', 'Tax on loss', 'item', 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', undefined, 0],
    ['', 'Loss for the financial year', 'total', 'ProfitLoss', undefined, -12_501],
  ]);
  return accounts({
    company: { name: 'Red Ink Ltd', number: '09876543' },
    period: { from: '2025-01-06', to: '2025-12-31' },
    standard: 'FRS 102 1A',
    principalActivity: 'Software consultancy',
    approval: { date: '2026-06-30', director: 'Jane Smith' },
    balanceSheet: bs,
    profitAndLoss: pl,
    averageEmployees: pair(1),
    totals: {
      netCurrentAssets: pair(-7_500),
      totalAssetsLessCurrentLiabilities: pair(-7_500),
      netAssets: pair(-12_500),
      capitalAndReserves: pair(-12_500),
      profitLossBeforeTax: pair(-12_501),
      profitLoss: pair(-12_501),
      balanceSheetTotal: pair(2_000),
      turnover: pair(30_000),
    },
    reserves: { broughtForward: pair(0), profitLoss: pair(-12_501), dividends: pair(0), carriedForward: pair(-12_501) },
    notes: [
      { id: 'accountingPolicies', title: 'Accounting policies', paragraphs: ['These financial statements have been prepared in accordance with FRS 102 Section 1A, on the going concern basis: the director has undertaken to support the company for at least twelve months.'], law: 'FRS 102 1A.AC' },
      { id: 'averageEmployees', title: 'Employees', paragraphs: [], law: 'CA 2006 s411' },
    ],
    statements: statements('small', '31 December 2025'),
    facts: factsOf([...bs, ...pl], pair(1)),
  });
}
