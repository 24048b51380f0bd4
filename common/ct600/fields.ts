/**
 * Every field of the CT600 wizard: where it lives (step), the request field it
 * fills, its HMRC box and words. Error messages from the engine's schema and
 * validation messages carrying a box find their field through this table:
 * the window's (renderer) and HMRC's rejections mapped in the main process,
 * which is why it lives in common/ (plain data, importable by any process).
 */
export type StepId = 'company' | 'attachments' | 'computation' | 'profits' | 'declaration' | 'check';

export type FieldKind = 'text' | 'date' | 'money' | 'rate' | 'year' | 'choice' | 'boolean' | 'count' | 'claim';

export interface FieldDef {
  id: string;
  step: Exclude<StepId, 'check' | 'computation'>;
  kind: FieldKind;
  /** Plain English. */
  label: string;
  /** HMRC's box number and words, shown beside the label. */
  box?: string;
  hmrc?: string;
  hint?: string;
  /** Request path (dotted, without a trailing ".value"). */
  request: string;
  /** What to say when the field is required and empty. */
  missing?: string;
  /** Whole pounds only (the schema's rule; shown as a hint). */
  wholePounds?: boolean;
  /** Computed from other boxes unless the user enters a different figure. */
  derived?: boolean;
  /** Only shown when the period straddles 1 April. */
  secondYear?: boolean;
  /**
   * Boxes 326–329, only for a period ending on or after 1 April 2023: the
   * count for the whole period (326), the counts by year of a straddling
   * period (327/328), or the claim (329).
   */
  smallProfits?: 'period' | 'byYear' | 'claim';
}

const money = (id: string, box: string, label: string, hmrc: string, request: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  step: 'profits',
  kind: 'money',
  label,
  box,
  hmrc,
  request,
  ...extra,
});

export const FIELDS: FieldDef[] = [
  { id: 'companyName', step: 'company', kind: 'text', label: 'Company name', box: '1', hmrc: 'Company name', request: 'companyName', missing: 'Enter the company name', hint: 'As registered at Companies House. HMRC does not accept £ $ # ~ € here.' },
  { id: 'registrationNumber', step: 'company', kind: 'text', label: 'Company registration number', box: '2', hmrc: 'Company registration number', request: 'registrationNumber', hint: '8 characters, for example 01234567 or SC123456. Must match the accounts.' },
  { id: 'utr', step: 'company', kind: 'text', label: 'Unique Taxpayer Reference (UTR)', box: '3', hmrc: 'Tax reference', request: 'reference', missing: "Enter the company's 10-digit UTR", hint: '10 digits, on letters from HMRC about corporation tax.' },
  { id: 'companyType', step: 'company', kind: 'choice', label: 'Type of company', box: '4', hmrc: 'Type of company', request: 'companyType', missing: 'Choose the type of company' },
  { id: 'periodFrom', step: 'company', kind: 'date', label: 'Start of the return period', box: '30', hmrc: 'Period covered by this return – from', request: 'periodCovered.from', missing: 'Enter the date the period starts', hint: 'For example, 1 4 2024' },
  { id: 'periodTo', step: 'company', kind: 'date', label: 'End of the return period', box: '35', hmrc: 'Period covered by this return – to', request: 'periodCovered.to', missing: 'Enter the date the period ends', hint: 'For example, 31 3 2025' },
  { id: 'returnType', step: 'company', kind: 'choice', label: 'Is this a new return or an amended one?', request: 'returnType', missing: 'Choose whether this is a new or an amended return' },
  { id: 'sender', step: 'company', kind: 'choice', label: 'Who is sending this return?', request: 'sender', missing: 'Choose who is sending the return' },

  { id: 'accountsChoice', step: 'attachments', kind: 'choice', label: 'Accounts', box: '80A/85A/90A', hmrc: 'Accounts', request: 'accounts.itemElementName', missing: 'Choose how the accounts are provided' },
  { id: 'noAccountsReason', step: 'attachments', kind: 'choice', label: 'Why there are no accounts', box: '90A', hmrc: 'Reason for not attaching accounts', request: 'accounts.noAccountsReason', missing: 'Choose why there are no accounts' },
  { id: 'computationsChoice', step: 'attachments', kind: 'choice', label: 'Tax computations', box: '80B/85B/90B', hmrc: 'Computations', request: 'computations.itemElementName', missing: 'Choose how the computations are provided' },
  { id: 'noComputationsReason', step: 'attachments', kind: 'choice', label: 'Why there are no computations', box: '90B', hmrc: 'Reason for not attaching computations', request: 'computations.nocomputationsReason', missing: 'Choose why there are no computations' },

  money('turnover', '145', 'Turnover', 'Total turnover from trade', 'total', { wholePounds: true }),
  // HMRC's order and direction: 155 and 160 are copied from the computations, 165 follows from them.
  money('tradingProfits', '155', 'Trading profits', 'Trading profits', 'tradingProfits', { wholePounds: true, hint: 'Whole pounds, from the tax computations, before any losses brought forward.' }),
  money('lossesBroughtForward', '160', 'Trading losses brought forward', 'Trading losses brought forward set against profits', 'lossesBroughtForward', { wholePounds: true, hint: 'Whole pounds: earlier periods’ losses set against this period’s trading profits. Leave it empty when there are none.' }),
  money('netProfits', '165', 'Net trading profits', 'Net trading profits', 'netProfits', { wholePounds: true, derived: true }),
  money('profitsBeforeOtherDeductions', '235', 'Profits before other deductions and reliefs', 'Profits before other deductions and reliefs', 'profitsBeforeOtherDeductions', { wholePounds: true }),
  money('profitsBeforeDonationsAndGroupRelief', '300', 'Profits before qualifying donations and group relief', 'Profits before qualifying donations and group relief', 'profitsBeforeDonationsAndGroupRelief', { wholePounds: true }),
  money('chargeableProfits', '315', 'Profits chargeable to corporation tax', 'Profits chargeable to Corporation Tax', 'chargeableProfits', { wholePounds: true, missing: 'Enter the profits chargeable to corporation tax (box 315)' }),
  { id: 'associatedCompanies', step: 'profits', kind: 'count', label: 'Associated companies in this period', box: '326', hmrc: 'Number of associated companies in this period', request: 'associatedCompanies.thisPeriod', smallProfits: 'period', missing: 'Enter the number of associated companies, 0 when there are none (box 326)', hint: 'Companies under common control with this one at any time in the period, 0 when there are none. They share the small profits limits.' },
  { id: 'associatedFirstYear', step: 'profits', kind: 'count', label: 'Associated companies in the first financial year', box: '327', hmrc: 'Associated companies in the first financial year', request: 'associatedCompanies.firstYear', smallProfits: 'byYear', missing: 'Enter the number of associated companies in the first financial year, 0 when there are none (box 327)', hint: '0 when there are none.' },
  { id: 'associatedSecondYear', step: 'profits', kind: 'count', label: 'Associated companies in the second financial year', box: '328', hmrc: 'Associated companies in the second financial year', request: 'associatedCompanies.secondYear', smallProfits: 'byYear', missing: 'Enter the number of associated companies in the second financial year, 0 when there are none (box 328)', hint: '0 when there are none.' },
  { id: 'smallProfitsClaim', step: 'profits', kind: 'claim', label: 'The company claims the small profits rate or marginal relief', box: '329', hmrc: 'Claiming small profits rate or marginal relief', request: 'associatedCompanies.startingOrSmallCompaniesRate', smallProfits: 'claim', hint: 'Needed for the 19% rate or for marginal relief (box 435) from 1 April 2023: HMRC rejects either without it.' },
  { id: 'financialYear', step: 'profits', kind: 'year', label: 'Financial year', box: '330', hmrc: 'Financial year (yyyy)', request: 'financialYear', derived: true },
  money('fy1Profit', '335', 'Profits charged at this rate', 'Amount of profit', 'financialYearProfit', { wholePounds: true }),
  { id: 'fy1Rate', step: 'profits', kind: 'rate', label: 'Rate of tax', box: '340', hmrc: 'Rate of tax', request: 'financialYearTaxRate', hint: 'A percentage, for example 19 or 25' },
  money('fy1Tax', '345', 'Tax', 'Tax', 'financialYearTax', { derived: true }),
  { id: 'fy2Year', step: 'profits', kind: 'year', label: 'Second financial year', box: '380', hmrc: 'Financial year (yyyy)', request: 'financialYearTwo.year', derived: true, secondYear: true },
  money('fy2Profit', '385', 'Profits charged at this rate in the second year', 'Amount of profit', 'financialYearTwo.profit', { wholePounds: true, secondYear: true, missing: 'Enter the profit of the second financial year (box 385)' }),
  { id: 'fy2Rate', step: 'profits', kind: 'rate', label: 'Rate of tax in the second year', box: '390', hmrc: 'Rate of tax', request: 'financialYearTwo.taxRate', secondYear: true, missing: 'Enter the rate of tax for the second financial year (box 390)', hint: 'A percentage, for example 19 or 25' },
  money('fy2Tax', '395', 'Tax in the second year', 'Tax', 'financialYearTwo.tax', { derived: true, secondYear: true }),
  money('corporationTax', '430', 'Corporation tax', 'Corporation Tax', 'corporationTax', { derived: true }),
  money('marginalRelief', '435', 'Marginal relief', 'Marginal relief', 'marginalReliefForRingFenceTrades'),
  money('netCorporationTaxChargeable', '440', 'Corporation tax chargeable', 'Corporation Tax chargeable', 'netCorporationTaxChargeable', { derived: true, missing: 'Enter the corporation tax chargeable (box 440)' }),
  money('communityInvestmentRelief', '445', 'Community investment relief', 'Community Investment relief', 'communityInvestmentRelief'),
  money('doubleTaxationRelief', '450', 'Double taxation relief', 'Double Taxation Relief', 'doubleTaxationRelief'),
  money('advancedCorporationTax', '465', 'Advance corporation tax', 'Advance Corporation Tax', 'advancedCorporationTax'),
  money('totalReliefsAndDeductions', '470', 'Total reliefs and deductions', 'Total reliefs and deductions', 'totalReliefsAndDeductions', { derived: true }),
  money('netCorporationTaxLiability', '475', 'Net corporation tax liability', 'Net Corporation Tax liability', 'netCorporationTaxLiability', { derived: true }),
  money('taxChargeable', '510', 'Tax chargeable', 'Tax chargeable', 'taxChargeable', { derived: true }),
  money('taxPayable', '525', 'Tax payable', 'Tax payable', 'taxPayable', { missing: 'Enter the tax payable (box 525)', hint: 'Box 510 less any tax already paid or repaid; 0 when nothing is due.' }),

  { id: 'declarationName', step: 'declaration', kind: 'text', label: 'Name of the person making the declaration', box: '975', hmrc: 'Name', request: 'declaration.name', missing: 'Enter the name of the person making the declaration' },
  { id: 'declarationStatus', step: 'declaration', kind: 'text', label: 'Their status', box: '985', hmrc: 'Status', request: 'declaration.status', missing: 'Enter their status, for example Director', hint: 'For example, Director or Company secretary' },
  { id: 'declarationAccepted', step: 'declaration', kind: 'boolean', label: 'I declare that the information in this return is correct and complete', hmrc: 'Declaration', request: 'declaration.acceptDeclaration', missing: 'Accept the declaration to file the return' },
];

export const FIELD_BY_ID = new Map(FIELDS.map((f) => [f.id, f]));

export function fieldDef(id: string): FieldDef {
  const f = FIELD_BY_ID.get(id);
  if (!f) throw new Error(`no CT600 field ${id}`);
  return f;
}

/** The field a request path belongs to ("financialYearTwo.profit.value" → fy2Profit). */
export function fieldOfRequestPath(path: string): FieldDef | undefined {
  const clean = path.replace(/\.(value|currency)$/, '');
  let best: FieldDef | undefined;
  for (const f of FIELDS) {
    if (clean === f.request || clean.startsWith(`${f.request}.`)) {
      if (!best || f.request.length > best.request.length) best = f;
    }
  }
  if (best) return best;
  if (clean === 'periodCovered') return FIELD_BY_ID.get('periodFrom');
  if (clean === 'declaration') return FIELD_BY_ID.get('declarationName');
  if (clean === 'utrValue') return FIELD_BY_ID.get('utr');
  if (clean === 'associatedCompanies') return FIELD_BY_ID.get('smallProfitsClaim');
  return undefined;
}

/** Validation messages carry a box ("345", "80A"); the field that holds it. */
export function fieldOfBox(box: string): FieldDef | undefined {
  const b = box.trim().toUpperCase();
  if (b === '975') return FIELD_BY_ID.get('declarationName');
  return FIELDS.find((f) => f.box !== undefined && f.box.split('/').includes(b));
}

export const STEPS: { id: StepId; title: string; summary: string }[] = [
  { id: 'company', title: 'Company and period', summary: 'Who the return is for and the period it covers' },
  { id: 'attachments', title: 'Accounts and computations', summary: 'The iXBRL accounts and tax computations, or why there are none' },
  { id: 'computation', title: 'Computation', summary: 'From the accounts profit to the profits chargeable: adjustments, capital allowances and losses, worked out' },
  { id: 'profits', title: 'Profits and tax', summary: 'Turnover, profits and the tax calculation' },
  { id: 'declaration', title: 'Declaration', summary: 'Who declares the return correct' },
  { id: 'check', title: 'Check your answers and build', summary: 'Review, build the GovTalk message with its IRmark, save it' },
];
