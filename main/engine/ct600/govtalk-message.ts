/**
 * The GovTalk message for a CT600 return, element for element in the order of
 * the GovTalk envelope 2.0 and CT-2014 schemas (ct600.md sections 1–2).
 */
import type { Ct600Return, FinancialYearDetails } from './return-model.js';
import { formatPence, type Pence } from './money.js';
import { formatDate } from './period.js';
import { CT_NS, GOVTALK_NS } from './xml-dom.js';
import { el, optionalGroup, type XmlElement } from './xml-writer.js';
import { loansByCloseCompanies } from './ct600a-page.js';

export interface GovTalkHeaderOptions {
  /** HMRC's 4-digit vendor id for this software (ChannelRouting/Channel/URI). */
  vendorId: string;
  product: string;
  productVersion: string;
  /** GatewayTest 1: for HMRC's test services only. */
  gatewayTest: boolean;
  /** Class HMRC-CT-CT600-TIL: Test in Live. */
  testInLive: boolean;
  /** Up to 32 upper-case hex digits. */
  transactionId?: string;
  /** Government Gateway credentials: only at submission time, never stored in a draft. */
  senderId?: string;
  authenticationValue?: string;
  /** IRheader/Manifest/…/SchemaVersion, e.g. 2025-v1.994. */
  schemaVersion: string;
}

export const IRMARK_PLACEHOLDER = '<IRmark Type="generic"></IRmark>';

const money = (pence: number | undefined) => (pence === undefined ? undefined : formatPence(pence));
const moneyEl = (name: string, pence: number | undefined) => (pence === undefined ? undefined : el(name, formatPence(pence)));
const rate = (hundredths: number) => formatPence(hundredths);

export function govTalkMessage(ret: Ct600Return, options: GovTalkHeaderOptions): XmlElement {
  return el(
    'GovTalkMessage',
    [
      el('EnvelopeVersion', '2.0'),
      el('Header', [
        el('MessageDetails', [
          el('Class', options.testInLive ? 'HMRC-CT-CT600-TIL' : 'HMRC-CT-CT600'),
          el('Qualifier', 'request'),
          el('Function', 'submit'),
          options.transactionId ? el('TransactionID', options.transactionId) : undefined,
          el('CorrelationID'),
          el('Transformation', 'XML'),
          options.gatewayTest ? el('GatewayTest', '1') : undefined,
        ]),
        options.senderId !== undefined && options.authenticationValue !== undefined
          ? el('SenderDetails', [
              el('IDAuthentication', [
                el('SenderID', options.senderId),
                el('Authentication', [el('Method', 'clear'), el('Role', 'principal'), el('Value', options.authenticationValue)]),
              ]),
            ])
          : undefined,
      ]),
      el('GovTalkDetails', [
        el('Keys', [el('Key', ret.utr, { Type: 'UTR' })]),
        el('TargetDetails', [el('Organisation', 'HMRC')]),
        el('ChannelRouting', [
          el('Channel', [el('URI', options.vendorId), el('Product', options.product), el('Version', options.productVersion)]),
        ]),
      ]),
      el('Body', [el('IRenvelope', [irHeader(ret, options), companyTaxReturn(ret)], { xmlns: CT_NS })]),
    ],
    { xmlns: GOVTALK_NS },
  );
}

function irHeader(ret: Ct600Return, options: GovTalkHeaderOptions): XmlElement {
  return el('IRheader', [
    el('Keys', [el('Key', ret.utr, { Type: 'UTR' })]),
    el('PeriodEnd', formatDate(ret.periodTo)),
    el('DefaultCurrency', 'GBP'),
    el('Manifest', [
      el('Contains', [
        el('Reference', [el('Namespace', CT_NS), el('SchemaVersion', options.schemaVersion), el('TopElementName', 'CompanyTaxReturn')]),
      ]),
    ]),
    el('IRmark', '', { Type: 'generic' }),
    el('Sender', ret.sender),
  ]);
}

function companyTaxReturn(ret: Ct600Return): XmlElement {
  return el(
    'CompanyTaxReturn',
    [
      el('CompanyInformation', [
        el('CompanyName', ret.companyName),
        ret.registrationNumber ? el('RegistrationNumber', ret.registrationNumber) : undefined,
        el('Reference', ret.utr),
        el('CompanyType', String(ret.companyType)),
        el('PeriodCovered', [el('From', formatDate(ret.periodFrom)), el('To', formatDate(ret.periodTo))]),
      ]),
      el('ReturnInfoSummary', [
        el('Accounts', [
          el(ret.accounts.item, ret.accounts.item === 'NoAccountsReason' ? ret.accounts.reason : 'yes'),
        ]),
        el('Computations', [
          el(ret.computations.item, ret.computations.item === 'NoComputationsReason' ? ret.computations.reason : 'yes'),
        ]),
        // Box 95: the CT600A goes with the return.
        ret.loansByCloseCompanies ? el('SupplementaryPages', [el('CT600A', 'yes')]) : undefined,
      ]),
      optionalGroup('Turnover', [moneyEl('Total', ret.turnoverTotal)]),
      companyTaxCalculation(ret),
      el('CalculationOfTaxOutstandingOrOverpaid', [
        moneyEl('NetCorporationTaxLiability', ret.netCorporationTaxLiability),
        moneyEl('LoansToParticipators', ret.loansToParticipators),
        ret.ct600aReliefDue ? el('CT600AreliefDue', 'yes') : undefined,
        moneyEl('TaxChargeable', ret.taxChargeable),
        moneyEl('TaxPayable', ret.taxPayable),
      ]),
      // Box 620 in IndicatorsAndInformation, which the schema puts before AllowancesAndCharges.
      ret.frankedInvestmentIncome !== undefined ? el('IndicatorsAndInformation', [moneyEl('FrankedInvestmentIncome', ret.frankedInvestmentIncome)]) : undefined,
      allowancesAndCharges(ret),
      ret.qualifyingExpenditure
        ? optionalGroup('QualifyingExpenditure', [
            moneyEl('MachineryAndPlantExpenditure', ret.qualifyingExpenditure.machineryAndPlantExpenditure),
            moneyEl('MachineryAndPlantSuperDeduction', ret.qualifyingExpenditure.machineryAndPlantSuperDeduction),
            moneyEl('MachineryAndPlantSpecialRateAllowance', ret.qualifyingExpenditure.machineryAndPlantSpecialRateAllowance),
            moneyEl('OtherMachineryAndPlant', ret.qualifyingExpenditure.otherMachineryAndPlant),
          ])
        : undefined,
      lossesArising(ret),
      el('Declaration', [el('AcceptDeclaration', 'yes'), el('Name', ret.declaration.name), el('Status', ret.declaration.status)]),
      loansByCloseCompanies(ret.loansByCloseCompanies),
      attachedFiles(ret),
    ],
    { ReturnType: ret.returnType },
  );
}

/** Boxes 780, 805 and 825: the losses arising in the period, in the schema's order (LossesOfTradesUK, …, UKpropertyBusinessLosses, …, CapitalLosses). */
function lossesArising(ret: Ct600Return): XmlElement | undefined {
  const arising = (name: string, pence: number | undefined) => (pence === undefined ? undefined : el(name, [moneyEl('Arising', pence)]));
  const amounts = optionalGroup('AmountArising', [
    arising('LossesOfTradesUK', ret.tradingLossesArising),
    arising('UKpropertyBusinessLosses', ret.ukPropertyBusinessLossesArising),
    moneyEl('CapitalLosses', ret.capitalLossesArising),
  ]);
  return amounts ? el('LossesDeficitsAndExcess', [amounts]) : undefined;
}

function companyTaxCalculation(ret: Ct600Return): XmlElement {
  const t = ret.trading;
  return el('CompanyTaxCalculation', [
    el('Income', [
      t
        ? optionalGroup('Trading', [
            moneyEl('Profits', t.profits),
            moneyEl('LossesBroughtForward', t.lossesBroughtForward),
            moneyEl('NetProfits', t.netProfits),
          ])
        : undefined,
      moneyEl('NonTradingLoanProfitsAndGains', ret.nonTradingLoanProfitsAndGains),
      moneyEl('PropertyBusinessIncome', ret.propertyBusinessIncome),
    ]),
    ret.chargeableGains
      ? el('ChargeableGains', [moneyEl('GrossGains', ret.chargeableGains.gross), moneyEl('AllowableLosses', ret.chargeableGains.allowableLosses), moneyEl('NetChargeableGains', ret.chargeableGains.net)])
      : undefined,
    moneyEl('ProfitsBeforeOtherDeductions', ret.profitsBeforeOtherDeductions),
    ret.deductionsAndReliefs
      ? optionalGroup('DeductionsAndReliefs', [
          moneyEl('UKpropertyBusinessLosses', ret.deductionsAndReliefs.ukPropertyBusinessLosses),
          moneyEl('TradingLosses', ret.deductionsAndReliefs.tradingLosses),
          ret.deductionsAndReliefs.tradingLossesCarriedBack ? el('TradingLossesCarriedBack', 'yes') : undefined,
          moneyEl('TradingLossesCarriedForward', ret.deductionsAndReliefs.tradingLossesCarriedForward),
          moneyEl('Total', ret.deductionsAndReliefs.total),
        ])
      : undefined,
    optionalGroup('ChargesAndReliefs', [moneyEl('ProfitsBeforeDonationsAndGroupRelief', ret.profitsBeforeDonationsAndGroupRelief), moneyEl('QualifyingDonations', ret.qualifyingDonations)]),
    moneyEl('ChargeableProfits', ret.chargeableProfits),
    ret.financialYearOne
      ? el('CorporationTaxChargeable', [
          associatedCompanies(ret),
          financialYear('FinancialYearOne', ret.financialYearOne),
          ret.financialYearTwo ? financialYear('FinancialYearTwo', ret.financialYearTwo) : undefined,
        ])
      : undefined,
    moneyEl('CorporationTax', ret.corporationTax),
    // The schema's type for box 435 is non-zero: no relief means no element.
    ret.marginalReliefForRingFenceTrades ? el('MarginalReliefForRingFenceTrades', money(ret.marginalReliefForRingFenceTrades)) : undefined,
    moneyEl('NetCorporationTaxChargeable', ret.netCorporationTaxChargeable),
    optionalGroup('TaxReliefsAndDeductions', [
      moneyEl('CommunityInvestmentRelief', ret.communityInvestmentRelief),
      // The schema's type for box 450 is non-zero: no relief means no element.
      ret.doubleTaxationRelief ? el('DoubleTaxation', [el('DoubleTaxationRelief', money(ret.doubleTaxationRelief))]) : undefined,
      moneyEl('AdvancedCorporationTax', ret.advancedCorporationTax),
      moneyEl('TotalReliefsAndDeductions', ret.totalReliefsAndDeductions),
    ]),
  ]);
}

/** Boxes 690–734 in the schema's order (v1.994), each pair as BalancingCharges then CapitalAllowances. */
function allowancesAndCharges(ret: Ct600Return): XmlElement | undefined {
  const a = ret.allowancesAndCharges;
  if (!a) return undefined;
  const pair = (name: string, charges: Pence | undefined, allowances: Pence | undefined) =>
    charges === undefined && allowances === undefined ? undefined : el(name, [moneyEl('BalancingCharges', charges), moneyEl('CapitalAllowances', allowances)]);
  return optionalGroup('AllowancesAndCharges', [
    pair('FullExpensing', a.fullExpensingBalancingCharges, a.fullExpensingAllowances),
    moneyEl('AIACapitalAllowancesInc', a.annualInvestmentAllowance),
    pair('MachineryAndPlantSuperDeduction', a.superDeductionBalancingCharges, a.superDeductionAllowances),
    pair('MachineryAndPlantSpecialRateAllowance', a.specialRateAllowanceBalancingCharges, a.specialRateAllowanceAllowances),
    pair('MachineryAndPlantSpecialRatePool', a.specialRatePoolBalancingCharges, a.specialRatePoolAllowances),
    pair('MachineryAndPlantMainPool', a.mainPoolBalancingCharges, a.mainPoolAllowances),
    pair('ZeroEmissionsCars', a.zeroEmissionsCarsBalancingCharges, a.zeroEmissionsCarsAllowances),
    pair('Others', a.otherBalancingCharges, a.otherAllowances),
  ]);
}

/** Boxes 326–329 in schema order: ThisPeriod, AssociatedCompaniesFinancialYears(FirstYear, SecondYear), StartingOrSmallCompaniesRate. */
function associatedCompanies(ret: Ct600Return): XmlElement | undefined {
  const a = ret.associatedCompanies;
  if (!a) return undefined;
  return el('AssociatedCompanies', [
    a.thisPeriod !== undefined ? el('ThisPeriod', String(a.thisPeriod)) : undefined,
    a.financialYears
      ? el('AssociatedCompaniesFinancialYears', [el('FirstYear', String(a.financialYears.first)), el('SecondYear', String(a.financialYears.second))])
      : undefined,
    a.smallProfitsRateClaimed ? el('StartingOrSmallCompaniesRate', 'yes') : undefined,
  ]);
}

function financialYear(name: string, fy: FinancialYearDetails): XmlElement {
  return el(name, [
    el('Year', String(fy.year)),
    el('Details', [el('Profit', formatPence(fy.profit)), el('TaxRate', rate(fy.taxRateHundredths)), el('Tax', formatPence(fy.tax))]),
  ]);
}

/** Computation before Accounts, as XBRLsubmission's sequence requires. */
function attachedFiles(ret: Ct600Return): XmlElement | undefined {
  const { Computation, Accounts } = ret.attachments;
  if (Computation.length === 0 && Accounts.length === 0) return undefined;
  const details = (name: string, docs: typeof Accounts) =>
    docs.length === 0
      ? undefined
      : el(name, [el('Instance', docs.map((d) => el('EncodedInlineXBRLDocument', d.base64, { Filename: d.filename })))]);
  return el('AttachedFiles', [el('XBRLsubmission', [details('Computation', Computation), details('Accounts', Accounts)])]);
}
