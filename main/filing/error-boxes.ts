/**
 * The CT600 box an HMRC error concerns, from the XPath HMRC gives as its
 * Location (`/hd:GovTalkMessage[1]/hd:Body[1]/ct:IRenvelope[1]/ct:CompanyTaxReturn[1]/…/ct:TaxRate[1]`),
 * so a rejection can be shown beside the field the way local validation
 * messages are. Boxes from shared/docs/ct600.md section 2 and the tax line
 * table (tax-lines.ts); a location with no box (the accounts, the header) has none.
 */
import { TAX_LINE_BOXES, type YearBlock } from '../engine/validation/tax-lines.js';

const BOXES: Record<string, string> = {
  'CompanyInformation/CompanyName': '1',
  'CompanyInformation/RegistrationNumber': '2',
  'CompanyInformation/Reference': '3',
  'CompanyInformation/CompanyType': '4',
  'CompanyInformation/PeriodCovered/From': '30',
  'CompanyInformation/PeriodCovered/To': '35',
  'Turnover/Total': '145',
  'CompanyTaxCalculation/Income/Trading/Profits': '155',
  'CompanyTaxCalculation/Income/Trading/LossesBroughtForward': '160',
  'CompanyTaxCalculation/Income/Trading/NetProfits': '165',
  'CompanyTaxCalculation/ProfitsBeforeOtherDeductions': '235',
  'CompanyTaxCalculation/ChargesAndReliefs/ProfitsBeforeDonationsAndGroupRelief': '300',
  'CompanyTaxCalculation/ChargeableProfits': '315',
  'CompanyTaxCalculation/CorporationTaxChargeable/FinancialYearOne/Year': '330',
  'CompanyTaxCalculation/CorporationTaxChargeable/FinancialYearTwo/Year': '380',
  'CompanyTaxCalculation/CorporationTax': '430',
  'CompanyTaxCalculation/MarginalReliefForRingFenceTrades': '435',
  'CompanyTaxCalculation/NetCorporationTaxChargeable': '440',
  'CompanyTaxCalculation/TaxReliefsAndDeductions/TotalReliefsAndDeductions': '470',
  'CalculationOfTaxOutstandingOrOverpaid/NetCorporationTaxLiability': '475',
  'CalculationOfTaxOutstandingOrOverpaid/TaxChargeable': '510',
  'CalculationOfTaxOutstandingOrOverpaid/TaxPayable': '525',
  'Declaration/Name': '975',
  'Declaration/Status': '985',
};

const DETAILS = /^CompanyTaxCalculation\/CorporationTaxChargeable\/(FinancialYearOne|FinancialYearTwo)\/Details\[(\d+)\]\/(Profit|TaxRate|Tax)$/;

/** The box HMRC's Location points at, or undefined. */
export function boxOfLocation(location: string): string | undefined {
  const steps = location.split('/').filter(Boolean).map((step) => step.replace(/^[\w.-]+:/, ''));
  const at = steps.findIndex((s) => s.replace(/\[\d+\]$/, '') === 'CompanyTaxReturn');
  if (at < 0) return undefined;
  const rest = steps.slice(at + 1);
  // Only a tax line's index matters (which of its three lines); every other index is dropped.
  const indexed = rest
    .map((s) => {
      const name = s.replace(/\[\d+\]$/, '');
      return name === 'Details' ? `Details[${/\[(\d+)\]$/.exec(s)?.[1] ?? '1'}]` : name;
    })
    .join('/');
  const line = DETAILS.exec(indexed);
  if (line) {
    const boxes = TAX_LINE_BOXES[line[1] as YearBlock][Number(line[2]) - 1];
    if (!boxes) return undefined;
    return line[3] === 'Profit' ? boxes.profit : line[3] === 'TaxRate' ? boxes.rate : boxes.tax;
  }
  return BOXES[indexed];
}
