/**
 * Boxes HMRC's rules on an element do not name, as the CT600 prints them:
 * by element path under IRenvelope. "Losses, deficits and excess" gives each
 * loss it lets a company surrender a pair of boxes, the amount arising and
 * the maximum available for surrender as group relief (HMRC's rules call the
 * trading losses pair "[780/785]").
 */
const PAGE_BOXES: Record<string, string> = {
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/LossesOfTradesUK/Arising': '780',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/LossesOfTradesUK/SurrenderMaximum': '785',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/Loans/Arising': '795',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/Loans/SurrenderMaximum': '800',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/UKpropertyBusinessLosses/Arising': '805',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/UKpropertyBusinessLosses/SurrenderMaximum': '810',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/NonTradingLossesIntangibles/Arising': '830',
  'CompanyTaxReturn/LossesDeficitsAndExcess/AmountArising/NonTradingLossesIntangibles/SurrenderMaximum': '835',
  'CompanyTaxReturn/LossesDeficitsAndExcess/ExcessAmounts/ManagementExpenses/Arising': '850',
  'CompanyTaxReturn/LossesDeficitsAndExcess/ExcessAmounts/ManagementExpenses/SurrenderMaximum': '855',
};

export function pageBoxOf(path: string): string | undefined {
  return PAGE_BOXES[path];
}
