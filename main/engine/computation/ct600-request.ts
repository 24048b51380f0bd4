/**
 * The boxes a computation fills beyond those the Profits and tax step shows,
 * as build-ct600 request fields: other income and gains (170, 190, 210, 220),
 * allowable capital losses (215), the loss claims (250, 275, 285, 295),
 * donations (305), capital allowances and balancing charges (690–734), the
 * expenditure they were claimed on (760–775) and the losses of the period
 * (780, 805, 825). Without them box 235 would not
 * add up on the return (HMRC rule 9332).
 */
import type { ComputationOutput } from './compute.js';
import { ct600aRequestFields } from './loans-to-participators/request-fields.js';

const ALLOWANCE_BOXES = {
  annualInvestmentAllowance: '690',
  superDeductionAllowances: '691',
  superDeductionBalancingCharges: '692',
  specialRateAllowanceAllowances: '693',
  specialRateAllowanceBalancingCharges: '694',
  specialRatePoolAllowances: '695',
  specialRatePoolBalancingCharges: '700',
  mainPoolAllowances: '705',
  mainPoolBalancingCharges: '710',
  otherAllowances: '725',
  otherBalancingCharges: '730',
  zeroEmissionsCarsAllowances: '726',
  fullExpensingAllowances: '733',
  fullExpensingBalancingCharges: '734',
} as const;

const EXPENDITURE_BOXES = { machineryAndPlantExpenditure: '760', machineryAndPlantSuperDeduction: '772', machineryAndPlantSpecialRateAllowance: '773', otherMachineryAndPlant: '775' } as const;

const FLAT_BOXES = {
  nonTradingLoanProfitsAndGains: '170',
  propertyBusinessIncome: '190',
  grossChargeableGains: '210',
  allowableLosses: '215',
  netChargeableGains: '220',
  ukPropertyBusinessLosses: '250',
  tradingLosses: '275',
  tradingLossesCarriedForward: '285',
  totalDeductionsAndReliefs: '295',
  qualifyingDonations: '305',
  frankedInvestmentIncome: '620',
  tradingLossesArising: '780',
  ukPropertyBusinessLossesArising: '805',
  capitalLossesArising: '825',
} as const;

type Amount = { value: number };

function pick(boxes: ComputationOutput['boxes'], fields: Record<string, string>): Record<string, Amount> {
  const out: Record<string, Amount> = {};
  for (const [field, box] of Object.entries(fields)) {
    const v = boxes[box];
    // The boxes the computation leaves out of its result are the ones it has nothing for; a 0 it gives is a box to complete (HMRC rules 9320, 9340).
    if (typeof v === 'number') out[field] = { value: v };
  }
  return out;
}

export function ct600RequestFieldsOf(out: ComputationOutput): Record<string, unknown> {
  const fields: Record<string, unknown> = pick(out.boxes, FLAT_BOXES);
  const allowances = pick(out.boxes, ALLOWANCE_BOXES);
  if (Object.keys(allowances).length) fields.allowancesAndCharges = allowances;
  const expenditure = pick(out.boxes, EXPENDITURE_BOXES);
  if (Object.keys(expenditure).length) fields.qualifyingExpenditure = expenditure;
  // Boxes 480 and 485 and the CT600A page.
  Object.assign(fields, ct600aRequestFields(out.loansToParticipators));
  return fields;
}

const PROFITS_BOXES = {
  total: '145',
  tradingProfits: '155',
  lossesBroughtForward: '160',
  netProfits: '165',
  profitsBeforeOtherDeductions: '235',
  profitsBeforeDonationsAndGroupRelief: '300',
  chargeableProfits: '315',
  financialYearProfit: '335',
  marginalReliefForRingFenceTrades: '435',
  netCorporationTaxChargeable: '440',
  taxChargeable: '510',
  taxPayable: '525',
} as const;

/**
 * Every figure of the computation as build-ct600 request fields: the boxes of
 * Profits and tax (145–525, the associated companies and the claim in box
 * 329, each financial year's profit and rate) and the others above. The
 * return's identity, accounts, declaration and files come from elsewhere.
 */
export function ct600FiguresOf(out: ComputationOutput): Record<string, unknown> {
  const b = out.boxes;
  const fields: Record<string, unknown> = { ...pick(b, PROFITS_BOXES), ...ct600RequestFieldsOf(out) };
  for (const always of ['total', 'chargeableProfits', 'netCorporationTaxChargeable', 'taxPayable'] as const) fields[always] ??= { value: 0 };
  if (typeof b['340'] === 'number') fields.financialYearTaxRate = b['340'];
  if (typeof b['385'] === 'number') fields.financialYearTwo = { profit: { value: b['385'] }, taxRate: b['390'] };
  if (b['326'] !== undefined || b['327'] !== undefined) {
    fields.associatedCompanies = {
      ...(b['326'] !== undefined ? { thisPeriod: b['326'] } : { firstYear: b['327'], secondYear: b['328'] }),
      startingOrSmallCompaniesRate: b['329'] === true,
    };
  }
  return fields;
}
